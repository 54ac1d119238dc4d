import { envelope, noticeAnswer, noticeRequest, realtimeStatsAnswer } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import { operatorGuard } from '../../platform/operator';

/** Thin routes: schema in, the realtime service, schema out. */
export async function realtimeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { realtime } = app;
  const guard = operatorGuard(app.config);
  r.get(
    '/api/operator/realtime',
    { preHandler: guard, schema: { tags: ['operator'], response: { 200: envelope(realtimeStatsAnswer) } } },
    async (req) => ok(req, await realtime.stats()),
  );
  r.post(
    '/api/operator/notices',
    {
      preHandler: guard,
      schema: { tags: ['operator'], body: noticeRequest, response: { 200: envelope(noticeAnswer) } },
    },
    async (req) => ok(req, await realtime.publishNotice(req.body.text)),
  );
}
