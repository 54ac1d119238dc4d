/**
 * Shared-round games (double, crash, lucky colour): the cluster's one round clock, bets as ledger holds,
 * settlement once per bet. Outcomes come from `@aposta/fairness` only.
 */
export { roundsModule } from './rounds.module';
export { createRoundsService, maskPlayer, type RoundsService, type RoundsDeps } from './rounds.service';
export { CRASH_TICK_MS } from './rounds.clock';
