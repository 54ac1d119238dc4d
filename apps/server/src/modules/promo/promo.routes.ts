import {
  envelope,
  OPERATOR_BONUSES_PATH,
  operatorBonus,
  operatorBonusGrant,
  operatorBonusList,
  operatorBonusQuery,
  PROMO_PATH,
  REFERRAL_JOB_RUN_PATH,
  referralJobAnswer,
  referralJobRun,
  referralsAnswer,
  signinClaimRequest,
  signinSheet,
} from '@aposta/contracts';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_CURRENCY, toMajor } from '@aposta/money';
import { ok } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import type { AuthUser } from '../accounts';

/** Thin routes: schema in, the promo service, schema out (contracts/promo.ts is the contract). */
export async function promoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { promo, promoBonuses } = app;
  const { authenticate } = app.accounts;
  // The player is always the session's: nobody claims or reads for someone else.
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['promo'];
  const security = [{ bearer: [] }];

  r.get(
    `${PROMO_PATH}/signin`,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(signinSheet) } } },
    async (req) => ok(req, await promo.signinSheet(user(req).id)),
  );

  r.post(
    `${PROMO_PATH}/signin`,
    {
      onRequest: authenticate,
      schema: { tags, security, body: signinClaimRequest, response: { 200: envelope(signinSheet) } },
    },
    async (req) => ok(req, await promo.claimSignin(user(req).id)),
  );

  r.get(
    `${PROMO_PATH}/referrals`,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(referralsAnswer) } } },
    async (req) => ok(req, await promo.referrals(user(req).id)),
  );

  // Operators: a player's bonuses (promo.manage, audited). The player is named here, by an operator.
  const operator = { tags: ['operator'] };
  const permission = 'promo.manage' as const;

  r.post(
    OPERATOR_BONUSES_PATH,
    {
      config: { permission },
      schema: { ...operator, body: operatorBonusGrant, response: { 200: envelope(operatorBonus) } },
    },
    async (req) => {
      const after = await promoBonuses.grant(req.body, idempotencyKeyOf(req));
      req.audit({ target: `bonus:${after.id}`, before: null, after: { ...after, reason: req.body.reason } });
      return ok(req, after);
    },
  );

  r.get(
    OPERATOR_BONUSES_PATH,
    {
      config: { permission },
      schema: {
        ...operator,
        querystring: operatorBonusQuery,
        response: { 200: envelope(operatorBonusList) },
      },
    },
    async (req) => ok(req, await promoBonuses.list(req.query.userId)),
  );

  r.post(
    `${OPERATOR_BONUSES_PATH}/:id/forfeit`,
    {
      config: { permission },
      schema: {
        ...operator,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(operatorBonus) },
      },
    },
    async (req) => {
      req.audit({ target: `bonus:${req.params.id}` });
      const { before, after } = await promoBonuses.forfeit(req.params.id);
      req.audit({ before, after });
      return ok(req, after);
    },
  );

  r.post(
    REFERRAL_JOB_RUN_PATH,
    {
      config: { permission: 'jobs.run' },
      schema: { ...operator, body: referralJobRun, response: { 200: envelope(referralJobAnswer) } },
    },
    async (req) => {
      req.audit({ target: 'job:promo.referrals', before: null, after: { day: req.body?.day ?? null } });
      const runs = await promo.runReferrals(req.body?.day);
      const answer = { runs: runs.map((run) => ({ ...run, amount: toMajor(run.amount, DEFAULT_CURRENCY) })) };
      req.audit({ after: answer });
      return ok(req, answer);
    },
  );
}
