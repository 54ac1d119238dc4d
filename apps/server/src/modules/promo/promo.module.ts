import { defineModule } from '../../platform/module';
import '../ledger';
import { promoRoutes } from './promo.routes';
import { createOperatorBonuses, type OperatorBonuses } from './bonuses.service';
import { registerPromoEvents } from './promo.events';
import { createPromoService, referralTotalsQuery, type PromoService } from './promo.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Promotions: the daily sign-in sheet and the three-level referral commission. */
    promo: PromoService;
    /** Operators' grants, lists and forfeits of players' bonuses. */
    promoBonuses: OperatorBonuses;
  }
}

/** The daily referral job: 00:15 in São Paulo (03:15 UTC). */
export const REFERRAL_JOB = 'promo.referrals';
const REFERRAL_CRON = '15 3 * * *';

/**
 * Promotions (issue "Promotions", items 3 and 6). Every reward is a keyed ledger transaction from the
 * promotions account, as bonus money with its wagering requirement. Registered after rg (whether promotions
 * may be offered) and wallet (whose userInfo figures show the commission per level).
 */
export const promoModule = defineModule(
  'promo',
  ['operators', 'settings', 'accounts', 'wallet', 'rg'],
  async (app) => {
    const { database, settings, accounts, rg, config, jobs, wallet, outbox, bus } = app;
    const promo = createPromoService({
      database,
      outbox,
      settings,
      accounts,
      rg,
      publicUrl: config.publicUrl,
    });
    app.decorate('promo', promo);
    app.decorate('promoBonuses', createOperatorBonuses({ database, settings, accounts, rg }));
    wallet.hooks.referralTotals = referralTotalsQuery;
    registerPromoEvents(outbox, bus);
    jobs.work(REFERRAL_JOB, async () => {
      for (const run of await promo.payDueReferrals())
        if (run.paid > 0) app.log.info(run, 'referral commission paid');
    });
    jobs.schedule(REFERRAL_JOB, REFERRAL_CRON);
    await app.register(promoRoutes);
  },
);
