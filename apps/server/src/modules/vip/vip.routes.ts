import { envelope, PROMO_VIP_PATH, vipAnswer } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import type { AuthUser } from '../accounts';

/** The VIP screen's one read. */
export async function vipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { vip } = app;
  r.get(
    PROMO_VIP_PATH,
    {
      onRequest: app.accounts.authenticate,
      schema: { tags: ['promo'], security: [{ bearer: [] }], response: { 200: envelope(vipAnswer) } },
    },
    async (req) => ok(req, await vip.overview((req.user as AuthUser).id)),
  );
}
