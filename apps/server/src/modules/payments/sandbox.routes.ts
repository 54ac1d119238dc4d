import { ErrorCode } from '@aposta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http';
import { SANDBOX_PAYOUT_MODES, type SandboxPayoutRail } from './providers/sandbox-payout';
import type { SandboxPix } from './providers/sandbox';
import { renderSandboxPage } from './sandbox.page';

const params = z.object({ chargeId: z.string().regex(/^sbx_[0-9a-f]{24}$/) });

/**
 * The sandbox outside parties (on only in sandbox mode): the PIX provider's hosted page with Pay and Cancel
 * (each sends the signed webhook to our webhook route, as the provider would over the network), and the
 * payout rail's switch and log.
 */
export async function sandboxRoutes(
  app: FastifyInstance,
  { pix, payouts }: { pix: SandboxPix | null; payouts: SandboxPayoutRail | null },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox'];

  if (pix) {
    r.get('/sandbox/pix/:chargeId', { schema: { tags, params } }, async (req, reply) => {
      const charge = await pix.find(req.params.chargeId);
      if (!charge) throw new AppError(ErrorCode.NOT_FOUND, 'orderNotFound');
      const state = await pix.queryCharge(charge.chargeId);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(await renderSandboxPage({ ...charge, status: state.status }));
    });

    const settle = (outcome: 'paid' | 'cancelled') => async (req: FastifyRequest, reply: FastifyReply) => {
      const { chargeId } = params.parse(req.params);
      const hook = await pix.settle(chargeId, outcome);
      if (!hook) throw new AppError(ErrorCode.CONFLICT, 'orderNotPayable');
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        headers: hook.headers,
        payload: hook.rawBody,
      });
      // The page's own form posts come back to the page; API callers get the delivery's result.
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect(`/sandbox/pix/${chargeId}`, 303);
      }
      return ok(req, { chargeId, status: outcome, webhook: { statusCode: delivered.statusCode } });
    };
    r.post('/sandbox/pix/:chargeId/pay', { schema: { tags, params } }, settle('paid'));
    r.post('/sandbox/pix/:chargeId/cancel', { schema: { tags, params } }, settle('cancelled'));
  }

  if (payouts) {
    r.get('/sandbox/payouts.json', { schema: { tags } }, async (req) =>
      ok(req, { mode: payouts.mode, payouts: payouts.list() }),
    );
    r.post(
      '/sandbox/payouts/mode',
      { schema: { tags, body: z.object({ mode: z.enum(SANDBOX_PAYOUT_MODES) }) } },
      async (req) => {
        payouts.setMode(req.body.mode);
        return ok(req, { mode: payouts.mode });
      },
    );
  }
}
