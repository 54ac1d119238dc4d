import { defineModule } from '../../platform/module';
import '../ledger';
import { registerWageringEvents } from './wagering.events';
import { wageringRoutes } from './wagering.routes';
import { createWageringService, type WageringService } from './wagering.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Wagering requirements, the bonus engine, deposit/withdrawal totals and turnover (the VIP inputs). */
    wagering: WageringService;
  }
}

/** How often the bonus expiry job looks for grants past their expiry (seconds). */
const EXPIRY_EVERY_SECONDS = 60;

/**
 * Payments and the wallet record credits in their own transactions, and the ledger's outbox facts feed turnover,
 * bonus wear and withdrawal totals after commit (each handler applies a fact once, keyed by its ledger
 * transaction). Expired bonuses are forfeited by a pg-boss job, each in its own transaction. The one route lists
 * the player's active bonuses.
 */
export const wageringModule = defineModule('wagering', ['settings', 'ledger', 'accounts'], async (app) => {
  const wagering = createWageringService({ settings: app.settings });
  app.decorate('wagering', wagering);
  const { outbox, jobs, database } = app;
  const { handlers } = wagering;
  outbox.on('ledger.stakeSettled', 'wagering.stakeSettled', handlers['ledger.stakeSettled'], {
    many: wagering.stakesSettled,
  });
  outbox.on('ledger.withdrawalPaid', 'wagering.withdrawalPaid', handlers['ledger.withdrawalPaid']);
  outbox.on('ledger.reversed', 'wagering.reversed', handlers['ledger.reversed']);
  registerWageringEvents(outbox, app.bus);
  jobs.every('wagering.bonusExpiry', EXPIRY_EVERY_SECONDS, async () => {
    for (const id of await wagering.expiredGrants(database.db))
      await database.transaction((tx) => wagering.forfeitGrant(tx, id));
  });
  await app.register(wageringRoutes);
});
