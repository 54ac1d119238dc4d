import {
  adjustment,
  adjustmentParams,
  adjustmentProposal,
  adjustmentRejectBody,
  adjustmentsAnswer,
  adjustmentsQuery,
  envelope,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';

const answer = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });
/** The guard let the call through, so there is an actor (an operator, or the key). */
const actorOf = (req: FastifyRequest) => ({ id: req.operator!.id, email: req.operator!.email });

/** Thin routes: schema in, the adjustments service, schema out; every step audited with before and after. */
export async function adjustmentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { adjustments } = app;
  const tags = ['operator'];

  r.post(
    '/api/operator/adjustments',
    {
      config: { permission: 'adjustments.propose' },
      schema: { tags, body: adjustmentProposal, response: answer(adjustment) },
    },
    async (req) => {
      req.audit({ target: `player:${req.body.userId}`, before: null });
      const proposed = await adjustments.propose(actorOf(req), req.body);
      req.audit({ target: `adjustment:${proposed.id}`, after: proposed });
      return ok(req, proposed);
    },
  );

  r.get(
    '/api/operator/adjustments',
    {
      config: { permission: 'adjustments.propose' },
      schema: { tags, querystring: adjustmentsQuery, response: answer(adjustmentsAnswer) },
    },
    async (req) => ok(req, await adjustments.list(req.query)),
  );

  r.post(
    '/api/operator/adjustments/:id/approve',
    {
      config: { permission: 'adjustments.approve' },
      schema: { tags, params: adjustmentParams, response: answer(adjustment) },
    },
    async (req) => {
      // The state before is told once the decision is taken: a refused or failed one changed nothing.
      req.audit({ target: `adjustment:${req.params.id}` });
      const {
        adjustment: approved,
        cashBefore,
        cashAfter,
      } = await adjustments.approve(actorOf(req), req.params.id);
      req.audit({
        before: { status: 'pending', userId: approved.userId, cash: cashBefore },
        after: {
          status: approved.status,
          userId: approved.userId,
          cash: cashAfter,
          amount: approved.amount,
          txId: approved.txId,
        },
      });
      return ok(req, approved);
    },
  );

  r.post(
    '/api/operator/adjustments/:id/reject',
    {
      config: { permission: 'adjustments.approve' },
      schema: { tags, params: adjustmentParams, body: adjustmentRejectBody, response: answer(adjustment) },
    },
    async (req) => {
      req.audit({ target: `adjustment:${req.params.id}` });
      const rejected = await adjustments.reject(actorOf(req), req.params.id, req.body.reason);
      req.audit({
        before: { status: 'pending' },
        after: { status: rejected.status, reason: rejected.rejectReason },
      });
      return ok(req, rejected);
    },
  );
}
