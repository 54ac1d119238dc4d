import { defineModule } from '../../platform/module';
import { createWalletBackoffice, type WalletBackoffice } from './wallet.backoffice';
import { registerWalletEvents } from './wallet.events';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The player's money as they see it: figures, records, transfers, play-money test accounts. */
    wallet: WalletService & { backoffice: WalletBackoffice };
  }
}

/**
 * The player-facing wallet over the ledger. Depends on accounts (profiles, test users, usernames); accounts
 * knows nothing of money, so the calls that show a profile with its figures are the wallet's.
 */
export const walletModule = defineModule('wallet', ['operators', 'settings', 'accounts'], async (app) => {
  const { database, outbox, settings, bus, accounts, config } = app;
  app.decorate(
    'wallet',
    Object.assign(
      createWalletService({ database, outbox, settings, bus, accounts, jurisdiction: config.jurisdiction }),
      {
        backoffice: createWalletBackoffice(database),
      },
    ),
  );
  registerWalletEvents(outbox, bus);
  await app.register(walletRoutes);
});
