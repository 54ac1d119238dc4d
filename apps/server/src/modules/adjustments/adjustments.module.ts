import { defineModule } from '../../platform/module';
import { adjustmentsRoutes } from './adjustments.routes';
import { createAdjustmentsService, type AdjustmentsService } from './adjustments.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Manual adjustments of players' cash under the two-person rule. */
    adjustments: AdjustmentsService;
  }
}

/** Adjustments: one operator proposes, another approves (the ledger posts it once) or rejects. */
export const adjustmentsModule = defineModule(
  'adjustments',
  ['operators', 'ledger', 'accounts'],
  async (app) => {
    const { accounts } = app;
    app.decorate(
      'adjustments',
      createAdjustmentsService({
        database: app.database,
        emailOf: (userId) =>
          accounts.payoutProfile(userId).then(
            (p) => p.username,
            () => null,
          ),
      }),
    );
    await app.register(adjustmentsRoutes);
  },
);
