import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A player's money totals outside the ledger's balances: deposits (paySumAmount, a VIP input), withdrawals
 * paid (wdSumAmount) and turnover (gameSumAmount, the other VIP input). Kept current by the facts in
 * `wagering_events`, which they always equal (the wagering audit checks it). Integer minor units.
 */
export const wageringTotals = pgTable(
  'wagering_totals',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    deposited: bigint({ mode: 'number' }).notNull().default(0),
    withdrawn: bigint({ mode: 'number' }).notNull().default(0),
    wagered: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency] }),
    check(
      'wagering_totals_nonnegative',
      sql`${t.deposited} >= 0 and ${t.withdrawn} >= 0 and ${t.wagered} >= 0`,
    ),
  ],
);

/**
 * Turnover a player must stake before money is free: one row per requirement, so a promotion can add its
 * own (per bonus) beside the deposit ones. `cash` requirements hold deposited and received cash back from
 * withdrawal; `bonus` requirements hold bonus money back from conversion. Stakes wear them down oldest first.
 */
export const wageringRequirements = pgTable(
  'wagering_requirements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    kind: text().notNull(),
    /** What raised it: `tx:<ledger transaction id>` of the credit; unique, so a credit raises one once. */
    source: text().notNull().unique(),
    required: bigint({ mode: 'number' }).notNull(),
    remaining: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wagering_requirements_kind', sql`${t.kind} in ('cash', 'bonus')`),
    check(
      'wagering_requirements_amounts',
      sql`${t.required} > 0 and ${t.remaining} >= 0 and ${t.remaining} <= ${t.required}`,
    ),
    index('wagering_requirements_open')
      .on(t.userId, t.currency, t.kind, t.id)
      .where(sql`${t.remaining} > 0`),
  ],
);

/**
 * The module's journal: every fact applied, once (the key), with what it changed. Credits are recorded in
 * the crediting transaction; stakes, withdrawals and reversals arrive as ledger outbox events.
 */
export const wageringEvents = pgTable(
  'wagering_events',
  {
    /** `credit:<txId>`, `settled:<txId>`, `withdrawn:<txId>`, `reversed:<txId>`. */
    key: text().primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    /** The stake's hold, for settlements (a resettlement undoes what the hold's earlier ones wore). */
    holdId: bigint({ mode: 'number' }),
    /** Signed changes to the totals. */
    deposited: bigint({ mode: 'number' }).notNull().default(0),
    withdrawn: bigint({ mode: 'number' }).notNull().default(0),
    wagered: bigint({ mode: 'number' }).notNull().default(0),
    /** Requirements raised (credits). */
    raisedCash: bigint({ mode: 'number' }).notNull().default(0),
    raisedBonus: bigint({ mode: 'number' }).notNull().default(0),
    /** Requirement worn down (negative: restored by a resettlement that lowered the stake). */
    wornCash: bigint({ mode: 'number' }).notNull().default(0),
    wornBonus: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wagering_events_user').on(t.userId),
    index('wagering_events_hold')
      .on(t.holdId)
      .where(sql`${t.holdId} is not null`),
  ],
);

/**
 * What a stake (its hold) wore of each requirement row, net of what it gave back: a lowered or voided stake gives
 * back exactly that, row by row, and never to a row it did not wear (`restore`). Written by the settlement's
 * handler in the transaction that wears; the journal's per-kind `worn_*` is its sum per stake. Stakes settled
 * before migration 0067 have none (their give-back falls back to the rows in force, newest first).
 */
export const wageringWear = pgTable(
  'wagering_wear',
  {
    holdId: bigint({ mode: 'number' }).notNull(),
    requirementId: bigint({ mode: 'number' }).notNull(),
    worn: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holdId, t.requirementId] }),
    check('wagering_wear_worn', sql`${t.worn} >= 0`),
  ],
);

/**
 * The bonus engine's grants (items of the Promotions issue): every bonus credit (a deposit gift, a promotion)
 * is a grant with its wagering requirement (`wagering_requirements`, source `requirement`), its expiry and its
 * maximum conversion. `active` → `converted` (requirement met: the bonus moved to cash, up to `max_conversion`,
 * under the ledger key `bonus-convert:<id>`), `forfeited` (expired: the rest back to promotions, key
 * `bonus-forfeit:<id>`) or `cancelled` (its credit reversed). Closed once: the state change is guarded.
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    /** The crediting ledger transaction; one grant per credit. */
    txId: bigint({ mode: 'number' }).notNull().unique(),
    /** The wagering requirement's `source` (`tx:<txId>:bonus`); null when the multiple is 0. */
    requirement: text(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** Wagering to meet (amount × multiple, rounded up). */
    required: bigint({ mode: 'number' }).notNull(),
    /** Most bonus money this grant turns into cash (null: no cap). */
    maxConversion: bigint({ mode: 'number' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    status: text().notNull().default('active'),
    /** The ledger transaction that closed it (conversion or forfeit), and what went to cash / back. */
    closedTxId: bigint({ mode: 'number' }),
    converted: bigint({ mode: 'number' }).notNull().default(0),
    forfeited: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('bonus_grants_status', sql`${t.status} in ('active', 'converted', 'forfeited', 'cancelled')`),
    check(
      'bonus_grants_amounts',
      sql`${t.amount} > 0 and ${t.required} >= 0 and ${t.converted} >= 0 and ${t.forfeited} >= 0`,
    ),
    index('bonus_grants_user').on(t.userId, t.id),
    index('bonus_grants_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
  ],
);
