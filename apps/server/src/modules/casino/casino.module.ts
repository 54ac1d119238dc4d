import { STUDIO_PROVIDER_CODE } from '@aposta/contracts';
import { defineModule } from '../../platform/module';
import { createSecretBox } from '../../platform/secret-box';
import { createCatalogue, type CasinoCatalogue } from './casino.catalogue';
import { casinoRoutes } from './casino.routes';
import { casinoBetGames, createCasinoService, type CasinoService } from './casino.service';
import { STUDIO_CATALOGUE } from './casino.studio-games';
import { createWallet, type Wallet } from './casino.wallet';

export interface Casino {
  /** Providers and games (configuration). */
  catalogue: CasinoCatalogue;
  /** The seamless wallet providers call. */
  wallet: Wallet;
  /** Launch, in play, leaving a game, the recall. */
  service: CasinoService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The casino: providers over the seamless wallet, the catalogue, launching games and their recall. */
    casino: Casino;
  }
}

/**
 * Game providers on our seamless wallet (holds with product `casino` against each provider's clearing
 * account), the catalogue and the lobby, launch tokens, and the round recall. In sandbox mode our own studio
 * is registered at boot as the provider `aposta` with its games.
 */
export const casinoModule = defineModule('casino', ['ledger', 'accounts', 'rg', 'wallet'], async (app) => {
  const { database, accounts, config, bus, rg, csp } = app;
  if (config.casino.secretKeyIsDevDefault)
    app.log.warn(
      'casino: CASINO_SECRET_KEY is not set; providers’ secrets are sealed with the DEVELOPMENT key',
    );
  // The app's CSP lets /play frame the launch URLs of enabled games (outside providers' game servers).
  const refreshFrames = async () => csp.setSources('casino', { frame: await catalogue.frameOrigins() });
  const catalogue = createCatalogue(database, createSecretBox(config.casino.secretKey), async () => {
    await refreshFrames();
    // The other nodes refresh theirs (this one hears it too: a second refresh, harmless).
    await bus.publish('casino.catalogueChanged', {});
  });
  bus.subscribe('casino.catalogueChanged', () => {
    refreshFrames().catch((err: unknown) => app.log.error({ err }, 'casino: refreshing the frame sources'));
  });
  // Secrets stored before sealing existed are sealed before any call is served (see sealPlainSecrets).
  const sealed = await catalogue.sealPlainSecrets();
  if (sealed) app.log.info({ sealed }, 'casino: sealed providers’ secrets stored in plain text');
  app.addHook('onReady', refreshFrames);
  app.wallet.hooks.betGames.push(casinoBetGames);
  const wallet = createWallet({
    database,
    accounts,
    catalogue,
    sessionTtlMs: config.casino.sessionTtlMs,
    rg,
    moved: (userId, stake) => {
      bus
        .publish('balance.changed', stake ? { userId, cause: 'stake' } : { userId })
        .catch((err: unknown) => app.log.warn({ err }, 'casino: balance.changed not published'));
    },
    limitRefused: (userId, refusal) => {
      bus
        .publish('rg.stakeRefused', { userId, key: refusal.key, params: refusal.params })
        .catch((err: unknown) => app.log.warn({ err }, 'casino: rg.stakeRefused not published'));
    },
  });
  const service = createCasinoService({ database, catalogue, launchTtlMs: config.casino.launchTtlMs });
  app.decorate('casino', { catalogue, wallet, service });
  // Signing out (or any revocation) ends the game sessions that sign-in opened; bets also check it.
  bus.subscribe('session.revoked', ({ sessionIds }) => {
    service
      .endSessionsOf(sessionIds)
      .catch((err: unknown) => app.log.error({ err }, 'casino: ending sessions'));
  });
  // Leaving the game screen (the client's offGame) ends that game's sessions: later bets are refused.
  bus.subscribe('game.left', ({ userId, gameCode }) => {
    service
      .stopGame(userId, gameCode)
      .catch((err: unknown) => app.log.error({ err }, 'casino: leaving a game'));
  });
  if (config.sandbox) {
    app.addHook('onReady', async () => {
      await catalogue.upsertProvider({
        code: STUDIO_PROVIDER_CODE,
        name: 'Aposta Studios',
        secret: config.casino.studioSecret,
      });
      for (const game of STUDIO_CATALOGUE) await catalogue.upsertGame(STUDIO_PROVIDER_CODE, game);
    });
  }
  await app.register(casinoRoutes);
});
