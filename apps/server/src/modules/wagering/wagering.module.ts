import { defineModule } from '../../platform/module';
import '../ledger';
import { createWageringService, wageringHandlers, type WageringService } from './wagering.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Wagering requirements, deposit/withdrawal totals and turnover (the VIP inputs). */
    wagering: WageringService;
  }
}

/**
 * No routes: the wallet shows the figures, payments and the wallet record credits in their own
 * transactions, and the ledger's outbox facts feed turnover and withdrawal totals after commit (each
 * handler applies a fact once, keyed by its ledger transaction).
 */
export const wageringModule = defineModule('wagering', ['settings', 'ledger'], async (app) => {
  app.decorate('wagering', createWageringService({ settings: app.settings }));
  const { outbox } = app;
  outbox.on('ledger.stakeSettled', 'wagering.stakeSettled', wageringHandlers['ledger.stakeSettled']);
  outbox.on('ledger.withdrawalPaid', 'wagering.withdrawalPaid', wageringHandlers['ledger.withdrawalPaid']);
  outbox.on('ledger.reversed', 'wagering.reversed', wageringHandlers['ledger.reversed']);
});
