import { defineModule } from '../../platform/module';
import { createSeedVault } from '../originals';
import { studioRoutes } from './studio.routes';
import { createStudioService, type StudioService } from './studio.service';
import { createWalletClient } from './studio.wallet-client';

const PAY_PENDING_JOB = 'studio.payPending';
const DROP_IDLE_DEMOS_JOB = 'studio.dropIdleDemos';
/** A demo session untouched this long is deleted with its rounds (anyone may open one, and none ends). */
const DEMO_IDLE_HOURS = 24;

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
  // Every visitor's tap on "Demo" leaves a session and its rounds: without this they would stay for good.
  app.jobs.work(
    DROP_IDLE_DEMOS_JOB,
    async () => {
      await studio.dropIdleDemos({ idleHours: DEMO_IDLE_HOURS });
    },
    { policy: 'short' },
  );
  app.jobs.schedule(DROP_IDLE_DEMOS_JOB, '23 * * * *');
  await app.register(studioRoutes);
});
