import { defineModule } from '../../platform/module';
import { originalsRoutes } from './originals.routes';
import { createSeedVault } from './originals.seeds';
import { createOriginalsService, type OriginalsService } from './originals.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The originals: provably fair dice, limbo, mines, plinko and row double, money through the ledger. */
    originals: OriginalsService;
  }
}

/** In-house instant games over the ledger (holds with product `originals`) and the player's seed pairs. */
export const originalsModule = defineModule('originals', ['settings', 'accounts', 'rg'], async (app) => {
  const { database, settings, bus, config, rg } = app;
  const vault = createSeedVault(config.originalsSeedKey);
  app.decorate('originals', createOriginalsService({ database, settings, bus, vault, rg }));
  await app.register(originalsRoutes);
});
