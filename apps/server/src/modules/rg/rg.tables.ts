import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * A player's limits, one row per (kind, period): `value` in force (minor units; minutes for time; a number of
 * bets for bets), and a raise or removal waiting for its 24 hours (`pending_at` set; `pending_value` null =
 * removal). A lower limit replaces `value` at once. Read by `rg_stake` / `rg_deposit` (migration 0023) with the pending change
 * applied once due.
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    userId: integer().notNull(),
    /** deposit | loss | stake | time | bets (a number of bets) */
    kind: text().notNull(),
    /** day | week | month */
    period: text().notNull(),
    value: bigint({ mode: 'number' }),
    pendingValue: bigint({ mode: 'number' }),
    pendingAt: timestamp({ withTimezone: true }),
    /**
     * A limit an operator imposed (a suspicious player limited), minor units; null: none. The limit in force
     * is the lower of this and the player's own; the player cannot set theirs above it, and only an operator
     * changes it (at once, audited). `value` stays null when only the operator set one.
     */
    operatorValue: bigint({ mode: 'number' }),
    /** The operator (e-mail) who last set or lifted `operator_value`, and when. */
    operatorBy: text(),
    operatorAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/**
 * Per-player choices beside the limits: the reality-check interval; `version` goes up on each operator write
 * of the player's limits (a stale back-office form is refused, 409 `staleVersion`).
 */
export const rgPlayers = pgTable('rg_players', {
  userId: integer().primaryKey(),
  realityMinutes: integer(),
  version: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Cool-offs and self-exclusions; `ends_at` null = permanent. Never deleted (the operator view's history). */
export const rgExclusions = pgTable(
  'rg_exclusions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().notNull(),
    /** cooloff | self */
    kind: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('rg_exclusions_user').on(t.userId, t.endsAt)],
);

/**
 * What a player used per day (Brasília time, UTC-3): stakes and bets (counted when placed, in the stake's own
 * transaction, by `rg_stake`), payouts of settled stakes and deposits credited (from the ledger's and the
 * payments' outbox facts). Week and month are sums of at most 31 rows of the primary key.
 */
export const rgUsage = pgTable(
  'rg_usage',
  {
    userId: integer().notNull(),
    day: date().notNull(),
    staked: bigint({ mode: 'number' }).notNull().default(0),
    paid: bigint({ mode: 'number' }).notNull().default(0),
    deposited: bigint({ mode: 'number' }).notNull().default(0),
    /** Bets placed (each stake `rg_stake` or a fast path counts; a void or a refund does not give one back). */
    bets: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Reality checks the app showed (the operator view's history). */
export const rgRealityChecks = pgTable(
  'rg_reality_checks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().notNull(),
    minutesPlayed: integer().notNull(),
    netResult: bigint({ mode: 'number' }).notNull(),
    shownAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('rg_reality_checks_user').on(t.userId, t.id)],
);
