import { envelope, noticeAnswer, noticeRequest, realtimeStatsAnswer } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok } from '../../platform/http';
import { operatorGuard } from '../../platform/operator';
import type { Gateway } from './realtime.gateway';
import type { RealtimeService } from './realtime.service';

export async function realtimeRoutes(
  app: FastifyInstance,
  { realtime, gateway, config }: { realtime: RealtimeService; gateway: Gateway; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = operatorGuard(config);
  r.get(
    '/api/operator/realtime',
    { preHandler: guard, schema: { tags: ['operator'], response: { 200: envelope(realtimeStatsAnswer) } } },
    async (req) => ok(req, await gateway.stats()),
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
