import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from './db';

/** `/healthz`: the process is up. `/readyz`: it can serve (database and, when configured, Redis answer). */
export function registerHealth(app: FastifyInstance, database: Database, redis: Redis | undefined) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    status: 0,
    message: 'ok',
    data: { up: true },
  }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    try {
      await database.ping();
      checks.database = `ok (${database.kind})`;
    } catch (err) {
      checks.database = `down: ${(err as Error).message}`;
    }
    if (redis) {
      try {
        await redis.ping();
        checks.redis = 'ok';
      } catch (err) {
        checks.redis = `down: ${(err as Error).message}`;
      }
    }
    const ready = Object.values(checks).every((v) => v.startsWith('ok'));
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 0 : 50300, message: ready ? 'ready' : 'not ready', data: checks });
  });
}
