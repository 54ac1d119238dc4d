import { defineModule } from '../../platform/module';
import { reportsRoutes } from './reports.routes';
import { createReportsService, type ReportsService } from './reports.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's figures from the ledger: GGR/NGR, activity, the ledger's state and audit. */
    reports: ReportsService;
  }
}

/**
 * Reports: read-only figures over the ledger's journal for the back office, and the audit of the books run on
 * demand (the same audit as `npm run ledger:audit`).
 */
export const reportsModule = defineModule('reports', ['operators', 'ledger', 'wagering'], async (app) => {
  app.decorate('reports', createReportsService({ database: app.database }));
  await app.register(reportsRoutes);
});
