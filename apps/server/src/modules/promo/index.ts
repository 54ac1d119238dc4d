/** Promotions: the daily sign-in sheet and referral commission (contracts/promo.ts). */
export { promoModule, REFERRAL_JOB } from './promo.module';
export {
  createPromoService,
  saoPauloDay,
  saoPauloDayStart,
  addDays,
  type PromoService,
  type PromoDeps,
  type ReferralRun,
  NOT_TURNOVER,
} from './promo.service';
export type { CommissionEarnedFact } from './promo.events';
