import { defineModule } from '../../platform/module';
import '../ledger';
import { rgRoutes } from './rg.routes';
import { createRgService, limitMinor, type RgService } from './rg.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Responsible gambling: limits, exclusions, reality checks and the one check of every stake and deposit. */
    rg: RgService;
  }
}

/**
 * Responsible gambling. Registered after accounts (whose sign-in and registration it hooks) and before every
 * module that takes stakes or deposits (payments, originals, rounds, sportsbook, casino), which call
 * `app.rg.assertCanStake(tx, userId, amountMinor)` inside their stake's transaction.
 */
export const rgModule = defineModule('rg', ['operators', 'settings', 'accounts'], async (app) => {
  const { database, config, accounts, outbox, settings } = app;
  const rg = createRgService({ database, config, accounts, settings });
  app.decorate('rg', rg);
  accounts.hooks.signIn.push(rg.checkSignIn);
  accounts.hooks.registered.push(async (tx, userId, input) => {
    const values = [];
    if (input.lossLimit !== undefined)
      values.push({ kind: 'loss' as const, period: 'day' as const, value: limitMinor(input.lossLimit) });
    if (input.timeLimit !== undefined)
      values.push({ kind: 'time' as const, period: 'day' as const, value: input.timeLimit });
    await rg.applyLimits(tx, userId, values);
  });
  // The event's time is when the settlement paid: its payout counts on that day, however late it is delivered.
  outbox.on(
    'ledger.stakeSettled',
    'rg.stakeSettled',
    (fact, tx, meta) => rg.onStakeSettled(fact, tx, meta.createdAt),
    {
      many: (facts, tx, paidAt) => rg.onStakesSettled(facts, tx, paidAt),
    },
  );
  outbox.on('ledger.stakeVoided', 'rg.stakeVoided', (fact, tx) => rg.onStakeVoided(fact, tx));
  await app.register(rgRoutes);
});
