import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './platform/db';
import { registerHealth } from './platform/health';
import { registerHttp, registerWebApp } from './platform/http';
import { createBus } from './platform/bus';
import { createRedis } from './platform/redis';
import { createSettingsService, settingsRoutes } from './modules/settings';

export interface AppOverrides {
  /** A database opened by the caller (tests); it is then left open on close. */
  database?: Database;
}

/**
 * The composition root: platform plugins first, then every module, listed explicitly and in dependency
 * order, then the player app's static files.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.pwd', 'req.body.pwd1', 'req.body.nPwd'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  const database = overrides.database ?? (await openDatabase(config.database));
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const bus = createBus(config.redisUrl);
  app.addHook('onClose', async () => {
    await bus.close();
    await redis?.quit().catch(() => {});
    if (!overrides.database) await database.close();
  });

  await registerHttp(app, config, redis);
  registerHealth(app, database, redis);

  // Modules, in dependency order.
  const settings = createSettingsService({ database });
  await app.register(settingsRoutes, { settings, config });

  await registerWebApp(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
