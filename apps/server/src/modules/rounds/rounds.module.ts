import { defineModule } from '../../platform/module';
import { createSeedVault } from '../originals';
import { betGamesById } from '../wallet';
import { createChains } from './rounds.chains';
import { createClock, type Clock } from './rounds.clock';
import { registerRoundEvents } from './rounds.push';
import { createRoundsOperatorReads, type RoundsOperatorReads } from './rounds.operator';
import { roundsRoutes } from './rounds.routes';
import { createRoundsService, type RoundsService } from './rounds.service';
import { roundBets } from './rounds.tables';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared-round games (double, crash, lucky colour): one clock for the cluster, money through the ledger. */
    rounds: RoundsService & { clock: Clock | null; operator: RoundsOperatorReads };
  }
}

/**
 * Double, crash and lucky colour: rounds every player shares, outcomes from a hash chain committed before the
 * first round, bets as ledger holds (product `originals`). The clock runs on nodes with JOBS and ROUNDS_CLOCK on;
 * exactly one of them drives each game at a time (rounds.clock.ts). Pushes go to the gateway via the bus.
 */
export const roundsModule = defineModule(
  'rounds',
  ['settings', 'accounts', 'realtime', 'rg', 'wallet'],
  async (app) => {
    const { database, settings, bus, outbox, config, wallet } = app;
    const chains = createChains(createSeedVault(config.originalsSeedKey));
    const rounds = createRoundsService({
      database,
      settings,
      bus,
      outbox,
      chains,
      scale: config.rounds.timeScale,
      chainLength: config.rounds.chainLength,
    });
    // The clock runs where jobs run (and ROUNDS_CLOCK is on); it drives only the games whose lease it holds.
    const clock = config.rounds.clock ? createClock({ database, rounds, bus, log: app.log }) : null;
    app.decorate('rounds', Object.assign(rounds, { clock, operator: createRoundsOperatorReads(database) }));
    registerRoundEvents(outbox, rounds);
    // The records screen names each stake's game (holds referenced `round-bet:<bet id>`).
    wallet.hooks.betGames.push(
      betGamesById('originals', 'round-bet:', 'rounds', roundBets.id, roundBets.game),
    );
    await app.register(roundsRoutes);
    if (clock) {
      app.addHook('onReady', async () => clock.start());
      app.addHook('preClose', async () => clock.stop());
    }
    app.addHook('onClose', async () => rounds.close());
  },
);
