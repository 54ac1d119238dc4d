import { defineModule } from '../../platform/module';
import { betGamesById } from '../wallet';
import { originalsRoutes } from './originals.routes';
import { createSeedVault } from './originals.seeds';
import { createOriginalsService, type OriginalsService } from './originals.service';
import { originalsBets } from './originals.tables';

declare module 'fastify' {
  interface FastifyInstance {
    /** The originals: provably fair dice, limbo, mines, plinko and row double, money through the ledger. */
    originals: OriginalsService;
  }
}

/** In-house instant games over the ledger (holds with product `originals`) and the player's seed pairs. */
export const originalsModule = defineModule(
  'originals',
  ['settings', 'accounts', 'rg', 'wallet'],
  async (app) => {
    const { database, settings, bus, config, rg, wallet } = app;
    const vault = createSeedVault(config.originalsSeedKey);
    app.decorate('originals', createOriginalsService({ database, settings, bus, vault, rg }));
    // The records screen names each stake's game (holds referenced by the bet's id).
    wallet.hooks.betGames.push(
      betGamesById('originals', '', 'originals', originalsBets.id, originalsBets.game),
    );
    await app.register(originalsRoutes);
  },
);
