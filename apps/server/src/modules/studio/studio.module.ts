import { defineModule } from '../../platform/module';
import { createSeedVault } from '../originals';
import { studioRoutes } from './studio.routes';
import { createStudioService, type StudioService } from './studio.service';
import { createWalletClient } from './studio.wallet-client';

const PAY_PENDING_JOB = 'studio.payPending';

declare module 'fastify' {
  interface FastifyInstance {
    /** Aposta Studios: our own game provider (its game server), reaching the platform only by the wallet API. */
    studio: StudioService;
  }
}

/**
 * Our studio's game server, served by the same process but a provider like any other: it knows the platform
 * only as the signed wallet API at STUDIO_WALLET_URL. Registered in sandbox mode, where the casino module
 * configures it as the provider `aposta` with its games.
 */
export const studioModule = defineModule('studio', [], async (app) => {
  const { database, config } = app;
  const wallet = createWalletClient(config.casino.studioWalletUrl, config.casino.studioSecret);
  app.addHook('onClose', async () => wallet.close());
  const vault = createSeedVault(config.originalsSeedKey);
  const studio = createStudioService({ database, wallet, vault });
  app.decorate('studio', studio);
  // A win the wallet could not take is otherwise paid only at its player's next spin.
  app.jobs.work(
    PAY_PENDING_JOB,
    async () => {
      await studio.payAllPending();
    },
    { policy: 'short' },
  );
  app.jobs.schedule(PAY_PENDING_JOB, '* * * * *');
  await app.register(studioRoutes);
});
