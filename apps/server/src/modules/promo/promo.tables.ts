import { bigint, date, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Daily sign-in claims: one row per player and São Paulo day (the key refuses a second claim, also two at
 * once). `cycleDay` is the place in the 7-day cycle; `txId` the reward's ledger transaction (null: no reward).
 */
export const promoSignins = pgTable(
  'promo_signins',
  {
    userId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    cycleDay: smallint().notNull(),
    reward: bigint({ mode: 'number' }).notNull(),
    txId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Referral commission of one inviter for one São Paulo day: the invitees' settled turnover and the commission
 * per level (minor units) as last computed. The key makes the daily job re-runnable: a day is paid once, and
 * a later run that finds the day's turnover changed (a resettled or voided stake) pays only the difference
 * (`revision` counts those corrections; `txId` is the last payment, null when nothing was paid).
 */
export const promoReferralDays = pgTable(
  'promo_referral_days',
  {
    inviterId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    turnover1: bigint({ mode: 'number' }).notNull(),
    turnover2: bigint({ mode: 'number' }).notNull(),
    turnover3: bigint({ mode: 'number' }).notNull(),
    amount1: bigint({ mode: 'number' }).notNull(),
    amount2: bigint({ mode: 'number' }).notNull(),
    amount3: bigint({ mode: 'number' }).notNull(),
    txId: bigint({ mode: 'number' }),
    revision: integer().notNull().default(0),
    /**
     * The part of `amount1…3` forfeited, never paid nor shown: what the day earned by the runs that found the
     * inviter under an exclusion (a bonus earned while excluded is never paid, also not after the exclusion).
     */
    forfeited1: bigint({ mode: 'number' }).notNull().default(0),
    forfeited2: bigint({ mode: 'number' }).notNull().default(0),
    forfeited3: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.inviterId, t.day] })],
);

/**
 * Commission earned so far per inviter and level (userInfo's level1Amount…): one primary-key read. `owed`:
 * commission paid beyond what corrected turnover earns, taken from the inviter's next commission.
 */
export const promoReferralTotals = pgTable('promo_referral_totals', {
  userId: integer().primaryKey(),
  amount1: bigint({ mode: 'number' }).notNull().default(0),
  amount2: bigint({ mode: 'number' }).notNull().default(0),
  amount3: bigint({ mode: 'number' }).notNull().default(0),
  owed: bigint({ mode: 'number' }).notNull().default(0),
});
