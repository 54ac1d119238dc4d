import { defineModule } from '../../platform/module';
import { createWageringService, type WageringService } from './wagering.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Wagering requirements, deposit/withdrawal totals and turnover (the VIP inputs). */
    wagering: WageringService;
  }
}

/**
 * No routes: the wallet shows the figures, payments and the wallet record credits, and the ledger's outbox
 * facts (`wagering.handlers`) feed turnover once the outbox relay registers them.
 */
export const wageringModule = defineModule('wagering', ['settings'], async (app) => {
  app.decorate('wagering', createWageringService({ settings: app.settings }));
});
