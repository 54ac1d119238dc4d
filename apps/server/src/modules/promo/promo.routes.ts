import { envelope, PROMO_PATH, referralsAnswer, signinClaimRequest, signinSheet } from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import type { AuthUser } from '../accounts';

/** Thin routes: schema in, the promo service, schema out (contracts/promo.ts is the contract). */
export async function promoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { promo } = app;
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
}
