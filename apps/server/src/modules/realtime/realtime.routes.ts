import { envelope, noticeAnswer, noticeRequest, realtimeStatsAnswer } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';

/** Thin routes: schema in, the realtime service, schema out. */
export async function realtimeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { realtime } = app;
  r.get(
    '/api/operator/realtime',
    {
      config: { permission: 'realtime.read' },
      schema: { tags: ['operator'], response: { 200: envelope(realtimeStatsAnswer) } },
    },
    async (req) => ok(req, await realtime.stats()),
  );
  r.post(
    '/api/operator/notices',
    {
      config: { permission: 'notices.publish' },
      schema: { tags: ['operator'], body: noticeRequest, response: { 200: envelope(noticeAnswer) } },
    },
    async (req) => {
      const submitted = req.body.text;
      req.audit({ target: 'notices', after: { submitted } });
      const notice = await realtime.publishNotice(submitted);
      // What the sanitiser removed stays visible in the audit row.
      req.audit({
        after: notice.text === submitted ? { text: notice.text } : { text: notice.text, submitted },
      });
      return ok(req, notice);
    },
  );
}
