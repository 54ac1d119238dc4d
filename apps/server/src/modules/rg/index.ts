/**
 * Responsible gambling: limits, cool-off and self-exclusion, reality checks, and the one check of every stake
 * (`app.rg.assertCanStake(tx, userId, amountMinor)`) and deposit (`app.rg.assertCanDeposit(userId, amountMinor)`).
 */
export { rgModule } from './rg.module';
export { createRgService, refusalOf, rgRefusal, RAISE_DELAY_MS, type RgService } from './rg.service';
