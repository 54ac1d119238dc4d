import { envelope, ErrorCode } from '@aposta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { ok, textAnswer } from '../../platform/http';
import { SANDBOX_PAYOUT_MODES, type SandboxPayoutRail } from './providers/sandbox-payout';
import { SANDBOX_REFUND_MODES, type SandboxPix } from './providers/sandbox';
import { renderSandboxPage } from './sandbox.page';

const params = z.object({ chargeId: z.string().regex(/^sbx_[0-9a-f]{24}$/) });
/**
 * `?webhook=lost` settles the charge but drops its notification, as a network failure would; `?payer=`
 * pays from another account: a CPF (11 digits), a company's CNPJ (14), or `none` for a payment that names
 * no payer document (the player's own CPF otherwise).
 */
const settleQuery = z.object({
  webhook: z.enum(['send', 'lost']).default('send'),
  payer: z
    .string()
    .regex(/^(\d{11}|\d{14}|none)$/)
    .optional(),
});

// Sandbox-only shapes (not part of the player contract).
/** Pay or Cancel from a script: the charge's new state and how our webhook answered the provider's call. */
const settledAnswer = {
  200: envelope(
    z.object({
      chargeId: z.string(),
      status: z.enum(['paid', 'cancelled']),
      /** null when the notification was dropped (`?webhook=lost`). */
      webhook: z.object({ statusCode: z.number().int().nullable() }),
    }),
  ),
  303: {
    description: "The page's own form is sent back to the page",
    content: { 'text/plain': { schema: z.string() } },
  },
};
const modeAnswer = z.object({ mode: z.enum(SANDBOX_PAYOUT_MODES) });
const refundModeAnswer = z.object({ mode: z.enum(SANDBOX_REFUND_MODES) });
/** A payout the sandbox rail received (`PayoutInput`, amount in centavos) with the rail's outcome. */
const sandboxPayout = z.object({
  orderId: z.string(),
  amount: z.number().int(),
  method: z.enum(['CPF', 'CNPJ', 'USDT']),
  key: z.string(),
  name: z.string(),
  usdtMicro: z.number().int().optional(),
  status: z.enum(['paid', 'failed', 'processing']),
  reference: z.string(),
  reason: z.string().optional(),
  at: z.string(),
});

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
    const page = { tags, params, response: textAnswer('text/html', 'The sandbox payment page') };
    r.get('/sandbox/pix/:chargeId', { schema: page }, async (req, reply) => {
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
      const { webhook, payer } = settleQuery.parse(req.query);
      const hook = await pix.settle(chargeId, outcome, payer === 'none' ? null : payer);
      if (!hook) throw new AppError(ErrorCode.CONFLICT, 'orderNotPayable');
      if (webhook === 'lost') return ok(req, { chargeId, status: outcome, webhook: { statusCode: null } });
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
    const settled = { tags, params, querystring: settleQuery, response: settledAnswer };
    r.post('/sandbox/pix/:chargeId/pay', { schema: settled }, settle('paid'));
    r.post('/sandbox/pix/:chargeId/cancel', { schema: settled }, settle('cancelled'));
    // 'fail' makes the provider refuse refunds (the return of a foreign-CPF deposit then retries).
    r.post(
      '/sandbox/pix/refunds/mode',
      { schema: { tags, body: refundModeAnswer, response: { 200: envelope(refundModeAnswer) } } },
      async (req) => {
        pix.setRefundMode(req.body.mode);
        return ok(req, { mode: pix.refundMode });
      },
    );
  }

  if (payouts) {
    const payoutsAnswer = envelope(modeAnswer.extend({ payouts: z.array(sandboxPayout) }));
    r.get('/sandbox/payouts.json', { schema: { tags, response: { 200: payoutsAnswer } } }, async (req) =>
      ok(req, { mode: payouts.mode, payouts: payouts.list() }),
    );
    r.post(
      '/sandbox/payouts/mode',
      { schema: { tags, body: modeAnswer, response: { 200: envelope(modeAnswer) } } },
      async (req) => {
        payouts.setMode(req.body.mode);
        return ok(req, { mode: payouts.mode });
      },
    );
  }
}
