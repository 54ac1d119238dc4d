/**
 * The originals: per-player seed pairs, instant bets (dice, limbo, plinko, row double) and mines rounds, each
 * one ledger hold and one settlement. Outcomes come from `@aposta/fairness` only.
 */
export { originalsModule } from './originals.module';
export { createOriginalsService, type OriginalsService, type OriginalsDeps } from './originals.service';
export { createSeedVault, type SeedVault } from './originals.seeds';
