import {
  CASINO_PATH,
  casinoGame,
  casinoGameRequest,
  casinoGameUpdate,
  casinoLaunchAnswer,
  casinoLaunchRequest,
  casinoLobby,
  casinoLobbyQuery,
  casinoProvider,
  casinoProviderKeyRequest,
  casinoProviderRequest,
  casinoRound,
  casinoRoundsQuery,
  envelope,
  GAME_PATH,
  inPlay,
  OPERATOR_CASINO_PATH,
  operatorCasinoGame,
  PROVIDER_PATH,
  WALLET_CALLS,
  walletAnswer,
  type WalletCall,
} from '@aposta/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import type { AuthUser } from '../accounts';

/** Thin routes: schema in, the casino's services, schema out (contracts/casino.ts is the contract). */
export async function casinoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { casino } = app;
  const { authenticate } = app.accounts;
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['casino'];
  const security = [{ bearer: [] }];
  const operator = ['operator'];

  // The wallet API: the signature covers the exact bytes, so this scope keeps the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    // A body past the limit, or one Fastify cannot read, never reaches the handler: the provider still gets the
    // wallet's answer (HTTP 200, RS_ERROR_WRONG_SYNTAX), as for any unreadable body. Anything else goes on up.
    scope.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err.statusCode === 413 || err.statusCode === 415 || err.statusCode === 400)
        return reply.code(200).send(casino.wallet.unreadable());
      throw err;
    });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    for (const call of WALLET_CALLS) {
      s.post(
        `${PROVIDER_PATH}/:providerCode/${call}`,
        {
          // Providers call in bursts from a few addresses: the signature, not a per-IP limit, guards these.
          config: { rateLimit: false },
          schema: {
            tags: ['provider'],
            params: z.object({ providerCode: z.string() }),
            response: { 200: walletAnswer },
          },
        },
        async (req, reply) => {
          const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const { http, answer } = await casino.wallet.handle(
            req.params.providerCode,
            call as WalletCall,
            rawBody,
            req.headers['x-signature'],
          );
          return reply.code(http).send(answer);
        },
      );
    }
  });

  r.get(
    `${CASINO_PATH}/games`,
    { schema: { tags, querystring: casinoLobbyQuery, response: { 200: envelope(casinoLobby) } } },
    async (req) => ok(req, await casino.catalogue.lobby(req.query)),
  );

  r.get(
    `${CASINO_PATH}/hot`,
    { schema: { tags, response: { 200: envelope(z.array(casinoGame)) } } },
    async (req) => ok(req, await casino.catalogue.hot()),
  );

  r.post(
    `${CASINO_PATH}/launch`,
    {
      // A demo needs no sign-in; a real-money launch does.
      preHandler: async (req) => {
        if (!(req.body as { demo?: boolean } | undefined)?.demo) await authenticate(req);
      },
      schema: {
        tags,
        security,
        body: casinoLaunchRequest,
        response: { 200: envelope(casinoLaunchAnswer) },
      },
    },
    async (req) => ok(req, await casino.service.launch(req.user, req.body, req.lang)),
  );

  r.get(
    `${GAME_PATH}/inPlay`,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(inPlay.nullable()) } } },
    async (req) => ok(req, await casino.service.inPlay(user(req).id)),
  );

  r.get(
    `${GAME_PATH}/stopGame`,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await casino.service.stopGame(user(req).id);
      return ok(req, null);
    },
  );

  r.get(
    `${CASINO_PATH}/rounds`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        querystring: casinoRoundsQuery,
        response: { 200: envelope(z.array(casinoRound)) },
      },
    },
    async (req) => ok(req, await casino.service.myRounds(user(req).id, req.query.limit, req.query.before)),
  );

  const roundParams = z.object({ roundId: z.string().min(1).max(200) });
  r.get(
    `${CASINO_PATH}/rounds/:roundId`,
    {
      onRequest: authenticate,
      schema: { tags, security, params: roundParams, response: { 200: envelope(casinoRound) } },
    },
    async (req) => ok(req, await casino.service.round(req.params.roundId, user(req).id)),
  );

  // ——— operator ———
  r.get(
    `${OPERATOR_CASINO_PATH}/providers`,
    {
      config: { permission: 'casino.read' },
      schema: { tags: operator, response: { 200: envelope(z.array(casinoProvider)) } },
    },
    async (req) => ok(req, await casino.catalogue.providers()),
  );

  r.post(
    `${OPERATOR_CASINO_PATH}/providers`,
    {
      config: { permission: 'casino.manage' },
      schema: { tags: operator, body: casinoProviderRequest, response: { 200: envelope(casinoProvider) } },
    },
    async (req) => {
      // The target first: a refused write (a stale form) is found under it too.
      req.audit({ target: `casinoProvider:${req.body.code}` });
      const { provider, existed } = await casino.catalogue.upsertProvider(req.body);
      // The secret is never written to the audit log either; that an existing provider's key was replaced is.
      req.audit({
        target: `casinoProvider:${provider.code}`,
        after: {
          name: provider.name,
          signature: provider.signature,
          ...(existed ? { keyReplaced: true } : {}),
        },
      });
      return ok(req, provider);
    },
  );

  r.post(
    `${OPERATOR_CASINO_PATH}/providers/:code/secret`,
    {
      config: { permission: 'casino.manage' },
      schema: {
        tags: operator,
        params: z.object({ code: z.string().max(40) }),
        body: casinoProviderKeyRequest,
        response: { 200: envelope(casinoProvider) },
      },
    },
    async (req) => {
      req.audit({ target: `casinoProvider:${req.params.code}` });
      const provider = await casino.catalogue.setProviderKey(req.params.code, req.body);
      // Which kind of key, never the key.
      req.audit({
        target: `casinoProvider:${provider.code}`,
        after: { signature: provider.signature, keyReplaced: true },
      });
      return ok(req, provider);
    },
  );

  r.post(
    `${OPERATOR_CASINO_PATH}/providers/:code/games`,
    {
      config: { permission: 'casino.manage' },
      schema: {
        tags: operator,
        params: z.object({ code: z.string().max(40) }),
        body: casinoGameRequest,
        response: { 200: envelope(operatorCasinoGame) },
      },
    },
    async (req) => {
      req.audit({ target: `casinoGame:${req.body.gameCode}` });
      const game = await casino.catalogue.upsertGame(req.params.code, req.body);
      req.audit({ target: `casinoGame:${game.gameCode}`, after: { ...req.body } });
      return ok(req, game);
    },
  );

  r.get(
    `${OPERATOR_CASINO_PATH}/games`,
    {
      config: { permission: 'casino.read' },
      schema: { tags: operator, response: { 200: envelope(z.array(operatorCasinoGame)) } },
    },
    async (req) => ok(req, await casino.catalogue.allGames()),
  );

  r.post(
    `${OPERATOR_CASINO_PATH}/games/:gameCode`,
    {
      config: { permission: 'casino.manage' },
      schema: {
        tags: operator,
        params: z.object({ gameCode: z.string().max(100) }),
        body: casinoGameUpdate,
        response: { 200: envelope(operatorCasinoGame) },
      },
    },
    async (req) => {
      req.audit({ target: `casinoGame:${req.params.gameCode}` });
      const { before, after } = await casino.catalogue.updateGame(req.params.gameCode, req.body);
      req.audit({ before, after });
      return ok(req, after);
    },
  );

  r.get(
    `${OPERATOR_CASINO_PATH}/rounds/:roundId`,
    {
      config: { permission: 'casino.read' },
      schema: { tags: operator, params: roundParams, response: { 200: envelope(casinoRound) } },
    },
    async (req) => {
      req.audit({ target: `casinoRound:${req.params.roundId}` });
      return ok(req, await casino.service.round(req.params.roundId));
    },
  );
}
