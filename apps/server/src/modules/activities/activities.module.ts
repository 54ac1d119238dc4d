import { defineModule } from '../../platform/module';
import { activitiesRoutes } from './activities.routes';
import { createActivitiesService, type ActivitiesService } from './activities.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Activities: operator-run promotions that players claim once. */
    activities: ActivitiesService;
  }
}

/**
 * Activities (Promotions issue, item 7): needs rg (whether promotions may be offered), payments (which
 * deposits are confirmed) and promo (what is no turnover); operators' calls under /api/operator/promo.
 */
export const activitiesModule = defineModule(
  'activities',
  ['operators', 'settings', 'accounts', 'rg', 'payments', 'promo'],
  async (app) => {
    const { database, settings, rg, payments } = app;
    app.decorate(
      'activities',
      createActivitiesService({
        database,
        settings,
        rg,
        paidDeposits: payments.paidDeposits,
      }),
    );
    await app.register(activitiesRoutes);
  },
);
