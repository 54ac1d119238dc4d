import { z } from 'zod';
import { moneyNumber } from './user';

/**
 * Promotions: the daily sign-in sheet and the three-level referral programme. Every reward is computed by the
 * server from the ledger, paid once (a keyed ledger transaction from the promotions account) and audited.
 *   GET  /api/app/promo/signin     -> envelope of `signinSheet`: the 7-day cycle, what is claimed, the streak
 *   POST /api/app/promo/signin     -> envelope of `signinSheet` after today's claim (one per São Paulo day;
 *                                     a missed day restarts the cycle at day 1)
 *   GET  /api/app/promo/referrals  -> envelope of `referralsAnswer`: the link, per-level persons and
 *                                     commission, and the invitees (masked names, activity)
 * All need `Authorization`. Amounts in major units.
 */
export const PROMO_PATH = '/api/app/promo';
export const SIGNIN_CYCLE_DAYS = 7;

export const signinDay = z.object({
  /** 1 to 7, the place in the cycle. */
  day: z.number().int().min(1).max(SIGNIN_CYCLE_DAYS),
  reward: moneyNumber,
  claimed: z.boolean(),
});

export const signinSheet = z.object({
  days: z.array(signinDay).length(SIGNIN_CYCLE_DAYS),
  /** Days claimed in a row in the current cycle (today's included once claimed). */
  streak: z.number().int().min(0).max(SIGNIN_CYCLE_DAYS),
  /** Whether today (São Paulo) is claimed already. */
  claimedToday: z.boolean(),
  /** Whether rewards are offered to this player (off under an exclusion or a licence that forbids them). */
  available: z.boolean(),
  /** São Paulo day, `YYYY-MM-DD`. */
  today: z.string(),
});
export type SigninSheet = z.infer<typeof signinSheet>;

/** The claim takes no body: a player only ever claims for themself. */
export const signinClaimRequest = z.object({}).strict().optional();

export const referralLevel = z.object({
  level: z.number().int().min(1).max(3),
  persons: z.number().int().min(0),
  /** Commission paid so far for this level. */
  amount: moneyNumber,
  /** The commission rate of this level, in percent of the invitees' settled turnover. */
  ratePercent: z.number(),
});

export const referralInvitee = z.object({
  /** Masked: `Jo** S****`, or the masked e-mail's first letters when no name is on file. */
  name: z.string(),
  level: z.number().int().min(1).max(3),
  joinedAt: z.string(),
  /** Settled turnover over the last 30 days. */
  turnover30d: moneyNumber,
  /** São Paulo day of the last settled bet, or null. */
  lastActiveDay: z.string().nullable(),
});

export const referralsAnswer = z.object({
  yqm: z.string(),
  /** The invitation link `<origin>/y{yqm}`. */
  link: z.string(),
  levels: z.array(referralLevel).length(3),
  invitees: z.array(referralInvitee),
});
export type ReferralsAnswer = z.infer<typeof referralsAnswer>;

/**
 * Operators: run the daily referral commission now (`jobs.run`). Without `day` it does what the nightly job
 * does (the days before today); with one it pays that São Paulo day (today: what has settled so far; the
 * nightly runs pay the rest as a correction).
 */
export const REFERRAL_JOB_RUN_PATH = '/api/operator/jobs/promo.referrals/run';
export const referralJobRun = z
  .object({ day: z.iso.date({ error: 'checkTheInput' }).optional() })
  .strict()
  .optional();
export const referralJobAnswer = z.object({
  runs: z.array(z.object({ day: z.string(), paid: z.number().int(), amount: z.number() })),
});
export type ReferralJobAnswer = z.infer<typeof referralJobAnswer>;
