import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * Activities an operator runs (contracts/activities.ts). `body` is stored sanitised. `version` grows with every
 * save: an update names the version it read, so two operators cannot overwrite each other unseen.
 * Amounts in minor units; a `percent` reward's value in basis points.
 */
export const promoActivities = pgTable(
  'promo_activities',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    bannerUrl: text().notNull().default(''),
    body: text().notNull().default(''),
    kind: text().notNull(),
    startsAt: at().notNull(),
    endsAt: at().notNull(),
    rewardType: text().notNull(),
    rewardValue: bigint({ mode: 'number' }).notNull(),
    rewardCap: bigint({ mode: 'number' }),
    target: bigint({ mode: 'number' }).notNull().default(0),
    wageringMultiple: integer().notNull(),
    status: text().notNull().default('draft'),
    version: integer().notNull().default(1),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('promo_activities_kind', sql`${t.kind} in ('firstDeposit', 'deposit', 'turnover')`),
    check('promo_activities_status', sql`${t.status} in ('draft', 'live', 'ended')`),
    check('promo_activities_reward', sql`${t.rewardType} in ('amount', 'percent') and ${t.rewardValue} > 0`),
    check('promo_activities_period', sql`${t.endsAt} > ${t.startsAt}`),
    index('promo_activities_live').on(t.status, t.endsAt),
  ],
);

/** A player taking part (joined by hand, or by claiming). */
export const promoActivityJoins = pgTable(
  'promo_activity_joins',
  {
    activityId: integer().notNull(),
    userId: integer().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);

/**
 * Claims: one per player and activity (the key, beside the ledger key `activity:<id>:<userId>`, so two
 * claims at once pay once). `txId` is the reward's ledger transaction.
 */
export const promoActivityClaims = pgTable(
  'promo_activity_claims',
  {
    activityId: integer().notNull(),
    userId: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    txId: bigint({ mode: 'number' }).notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.userId] }),
    index('promo_activity_claims_user').on(t.userId),
  ],
);
