import { defineModule } from '../../platform/module';
import '../ledger';
import '../payments';
import '../wagering';
import { createGameBonusService, type GameBonusService } from './gamebonus.service';
import { createLadderService, type LadderService } from './ladder.service';
import { rewardsRoutes } from './rewards.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Agent ladder rewards and the game bonus (EXPPAY multiples). */
    rewards: { ladder: LadderService; gameBonus: GameBonusService };
  }
}

/**
 * Agent ladder and game bonus (Promotions issue, items 4 and 5). Its own module beside `promo`: it reads
 * payments (paid deposits, the EXPPAY credit event), which promo does not need. The game bonus follows the
 * outbox: `wagering.totalsChanged` (turnover: the increase-bonus push) and `payment.credited` (an EXPPAY
 * deposit gets the unlocked multiple), each applied once in its delivery's transaction.
 */
export const rewardsModule = defineModule(
  'rewards',
  ['settings', 'accounts', 'wagering', 'rg', 'payments'],
  async (app) => {
    const { database, settings, accounts, rg, payments, wagering, bus, outbox } = app;
    const ladder = createLadderService({
      database,
      settings,
      directInvitees: accounts.directInvitees,
      paidDeposits: payments.paidDeposits,
      promotionsAllowed: (userId, exec) => rg.promotionsAllowed(userId, exec),
    });
    const gameBonus = createGameBonusService({
      database,
      settings,
      totals: wagering.totals,
      totalsOfPlayers: wagering.totalsOfPlayers,
      promotionsAllowed: (userId, exec) => rg.promotionsAllowed(userId, exec),
      bus,
    });
    app.decorate('rewards', { ladder, gameBonus });
    outbox.on('wagering.totalsChanged', 'rewards.gameBonusPush', gameBonus.onTotalsChanged, {
      coalesce: true,
      runsNeeded: gameBonus.pushesDue,
    });
    outbox.on('payment.credited', 'rewards.gameBonusDeposit', gameBonus.onDepositCredited);
    await app.register(rewardsRoutes);
  },
);
