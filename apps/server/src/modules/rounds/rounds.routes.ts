import {
  cashoutRequest,
  chainQuery,
  crashBetRequest,
  doubleBetRequest,
  envelope,
  historyQuery,
  luckyBetRequest,
  LUCKY_GAMES,
  myRoundBetsQuery,
  operatorRoundBetsPage,
  operatorRoundBetsQuery,
  operatorRoundParams,
  operatorRoundsPage,
  operatorRoundsQuery,
  roundBet,
  roundChain,
  roundGame,
  roundHistory,
  ROUNDS_PATH,
  roundState,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import type { AuthUser } from '../accounts';

const gameParams = z.object({ game: roundGame });

/**
 * A player's bets on one game in one second, counted over every node (the platform's limiter, with its Redis
 * store when there is one): a person places a few a second; a burst beyond this is refused (429, "rateLimited" in
 * the player's language) before the service, so nothing is posted.
 */
export const BETS_PER_PLAYER = { max: 10, timeWindow: 1_000 } as const;

/** Thin routes: schema in, the rounds service, schema out (contracts/rounds.ts is the contract). */
export async function roundsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rounds } = app;
  const { authenticate } = app.accounts;
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['rounds'];
  const security = [{ bearer: [] }];
  const bet = { 200: envelope(roundBet) };

  r.get(
    `${ROUNDS_PATH}/:game/state`,
    { schema: { tags, params: gameParams, response: { 200: envelope(roundState) } } },
    async (req) => ok(req, await rounds.state(req.params.game)),
  );

  r.get(
    `${ROUNDS_PATH}/:game/history`,
    {
      schema: {
        tags,
        params: gameParams,
        querystring: historyQuery,
        response: { 200: envelope(roundHistory) },
      },
    },
    async (req) => ok(req, await rounds.history(req.params.game, req.query.limit)),
  );

  r.get(
    `${ROUNDS_PATH}/:game/chain`,
    {
      schema: { tags, params: gameParams, querystring: chainQuery, response: { 200: envelope(roundChain) } },
    },
    async (req) => ok(req, await rounds.chain(req.params.game, req.query.chainId)),
  );

  r.get(
    `${ROUNDS_PATH}/:game/bets`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        params: gameParams,
        querystring: myRoundBetsQuery,
        response: { 200: envelope(z.array(roundBet)) },
      },
    },
    async (req) => ok(req, await rounds.myBets(req.params.game, user(req).id, req.query.limit)),
  );

  // Counted per player and game after authentication (in place of the API's per-address limit).
  const perPlayer = {
    ...BETS_PER_PLAYER,
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `player:${user(req).id}`,
  };

  // One bet route per game, each with its own body (a static path wins over `:game`).
  const bets = [
    ['double', doubleBetRequest],
    ['crash', crashBetRequest],
    ...LUCKY_GAMES.map((g) => [g, luckyBetRequest] as const),
  ] as const;
  for (const [game, body] of bets) {
    r.post(
      `${ROUNDS_PATH}/${game}/bet`,
      {
        preHandler: authenticate,
        config: { rateLimit: perPlayer },
        schema: { tags, security, body, response: bet },
      },
      async (req) => ok(req, await rounds.bet(game, user(req), req.body, idempotencyKeyOf(req))),
    );
  }

  r.post(
    `${ROUNDS_PATH}/crash/cashout`,
    { preHandler: authenticate, schema: { tags, security, body: cashoutRequest, response: bet } },
    async (req) => ok(req, await rounds.cashout(user(req), req.body.roundId, idempotencyKeyOf(req))),
  );

  r.post(
    '/api/operator/rounds/:game/chain',
    {
      config: { permission: 'rounds.chains' },
      schema: { tags: ['operator'], params: gameParams, response: { 200: envelope(roundChain) } },
    },
    async (req) => {
      const chain = await rounds.newChain(req.params.game);
      req.audit({
        target: `rounds:${req.params.game}`,
        after: { chainId: chain.chainId, commitment: chain.commitment },
      });
      return ok(req, chain);
    },
  );

  // The back office's reads (the rounds page's permission): every round with its sums, and a round's bets.
  const readConfig = { permission: 'rounds.chains' } as const;
  r.get(
    '/api/operator/rounds/:game/history',
    {
      config: readConfig,
      schema: {
        tags: ['operator'],
        params: gameParams,
        querystring: operatorRoundsQuery,
        response: { 200: envelope(operatorRoundsPage) },
      },
    },
    async (req) => ok(req, await rounds.operator.history(req.params.game, req.query)),
  );

  r.get(
    '/api/operator/rounds/:game/history/:roundId/bets',
    {
      config: readConfig,
      schema: {
        tags: ['operator'],
        params: operatorRoundParams,
        querystring: operatorRoundBetsQuery,
        response: { 200: envelope(operatorRoundBetsPage) },
      },
    },
    async (req) => ok(req, await rounds.operator.bets(req.params.game, req.params.roundId, req.query)),
  );
}
