import {
  betsAnswer,
  betsQuery,
  diceBetRequest,
  envelope,
  fairnessState,
  limboBetRequest,
  minesCashoutRequest,
  minesRevealRequest,
  minesStartRequest,
  originalBet,
  originalsConfig,
  ORIGINALS_PATH,
  plinkoBetRequest,
  rotateAnswer,
  rotateRequest,
  rowDoubleBetRequest,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import type { AuthUser } from '../accounts';
import type { InstantRequest } from './originals.service';

const bet = { 200: envelope(originalBet) };

/** Thin routes: schema in, the originals service, schema out (contracts/originals.ts is the contract). */
export async function originalsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { originals } = app;
  const { authenticate } = app.accounts;
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['originals'];
  const security = [{ bearer: [] }];

  r.get(
    `${ORIGINALS_PATH}/config`,
    { schema: { tags, response: { 200: envelope(originalsConfig) } } },
    async (req) => ok(req, await originals.config()),
  );

  r.get(
    `${ORIGINALS_PATH}/fairness`,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(fairnessState) } } },
    async (req) => ok(req, await originals.fairness(user(req).id)),
  );

  r.post(
    `${ORIGINALS_PATH}/fairness/rotate`,
    {
      preHandler: authenticate,
      // No body at all is a rotation keeping a random client seed, as `{}` is.
      schema: { tags, security, body: rotateRequest.optional(), response: { 200: envelope(rotateAnswer) } },
    },
    async (req) => ok(req, await originals.rotate(user(req).id, req.body ?? {})),
  );

  // The four one-step games: same route, their own request schema.
  const instant = [
    ['dice', diceBetRequest],
    ['limbo', limboBetRequest],
    ['plinko', plinkoBetRequest],
    ['rowDouble', rowDoubleBetRequest],
  ] as const;
  for (const [game, body] of instant) {
    r.post(
      `${ORIGINALS_PATH}/${game}/bet`,
      { preHandler: authenticate, schema: { tags, security, body, response: bet } },
      async (req) => {
        const input = { game, ...req.body } as InstantRequest;
        return ok(req, await originals.bet(user(req), input, idempotencyKeyOf(req)));
      },
    );
  }

  r.post(
    `${ORIGINALS_PATH}/mines/start`,
    { preHandler: authenticate, schema: { tags, security, body: minesStartRequest, response: bet } },
    async (req) => ok(req, await originals.minesStart(user(req), req.body, idempotencyKeyOf(req))),
  );

  r.post(
    `${ORIGINALS_PATH}/mines/reveal`,
    { preHandler: authenticate, schema: { tags, security, body: minesRevealRequest, response: bet } },
    async (req) => ok(req, await originals.minesReveal(user(req), req.body, idempotencyKeyOf(req))),
  );

  r.post(
    `${ORIGINALS_PATH}/mines/cashout`,
    {
      preHandler: authenticate,
      // The body is optional: `{}` or nothing.
      schema: { tags, security, body: minesCashoutRequest.optional(), response: bet },
    },
    async (req) => ok(req, await originals.minesCashout(user(req), idempotencyKeyOf(req))),
  );

  r.get(
    `${ORIGINALS_PATH}/mines/active`,
    {
      onRequest: authenticate,
      schema: { tags, security, response: { 200: envelope(originalBet.nullable()) } },
    },
    async (req) => ok(req, await originals.minesActive(user(req).id)),
  );

  r.get(
    `${ORIGINALS_PATH}/bets`,
    {
      onRequest: authenticate,
      schema: { tags, security, querystring: betsQuery, response: { 200: envelope(betsAnswer) } },
    },
    async (req) => ok(req, await originals.bets(user(req).id, req.query)),
  );

  r.get(
    `${ORIGINALS_PATH}/bets/:betId`,
    {
      onRequest: authenticate,
      schema: { tags, security, params: z.object({ betId: z.string().max(40) }), response: bet },
    },
    async (req) => ok(req, await originals.recall(user(req).id, req.params.betId)),
  );
}
