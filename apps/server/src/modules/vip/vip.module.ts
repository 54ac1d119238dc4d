import { defineModule } from '../../platform/module';
import '../wagering';
import { vipRoutes } from './vip.routes';
import { registerVipEvents } from './vip.events';
import { createVipService, type VipService } from './vip.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** VIP levels, upgrade rewards and the VIP screen. */
    vip: VipService;
  }
}

/** VIP: upgrade rewards by the outbox handler of `wagering.totalsChanged`; the VIP screen's route. */
export const vipModule = defineModule(
  'vip',
  ['settings', 'ledger', 'accounts', 'wagering', 'wallet', 'rg'],
  async (app) => {
    const vip = createVipService({
      database: app.database,
      outbox: app.outbox,
      settings: app.settings,
      totals: app.wagering.totals,
      totalsOfPlayers: app.wagering.totalsOfPlayers,
      promotionsAllowed: (userId, exec) => app.rg.promotionsAllowed(userId, exec),
    });
    app.decorate('vip', vip);
    app.outbox.on('wagering.totalsChanged', 'vip.upgrade', vip.onTotalsChanged, {
      coalesce: true,
      runsNeeded: vip.upgradesDue,
    });
    registerVipEvents(app.outbox, app.bus);
    await app.register(vipRoutes);
  },
);
