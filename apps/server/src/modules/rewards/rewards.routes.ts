import {
  envelope,
  gameBonusAnswer,
  ladderAnswer,
  ladderClaimParams,
  ladderClaimRequest,
  PROMO_GAMEBONUS_PATH,
  PROMO_LADDER_PATH,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import type { AuthUser } from '../accounts';

/** Thin routes: schema in, the rewards services, schema out (contracts/rewards.ts is the contract). */
export async function rewardsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ladder, gameBonus } = app.rewards;
  const { authenticate } = app.accounts;
  // The player is always the session's: nobody claims or reads for someone else.
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['promo'];
  const security = [{ bearer: [] }];

  r.get(
    PROMO_LADDER_PATH,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(ladderAnswer) } } },
    async (req) => ok(req, await ladder.overview(user(req).id)),
  );

  r.post(
    `${PROMO_LADDER_PATH}/:tier/claim`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        params: ladderClaimParams,
        body: ladderClaimRequest,
        response: { 200: envelope(ladderAnswer) },
      },
    },
    async (req) => ok(req, await ladder.claim(user(req).id, req.params.tier)),
  );

  r.get(
    PROMO_GAMEBONUS_PATH,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(gameBonusAnswer) } } },
    async (req) => ok(req, await gameBonus.overview(user(req).id)),
  );
}
