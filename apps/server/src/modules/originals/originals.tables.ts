import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A player's seed pairs (games.md "Per-player seeds"). One active pair per player; rotation retires it (its
 * server seed may then be shown) and opens the next. Bets reference the pair that served them, so a retired
 * pair's seed is shown with every bet it served.
 */
export const originalsSeeds = pgTable(
  'originals_seeds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    /** 64 hex characters, or `v1:<iv>:<tag>:<data>` encrypted with ORIGINALS_SEED_KEY. Never answered while active. */
    serverSeed: text().notNull(),
    /** SHA-256 of the server seed's hex text. */
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    /** The nonce of the next bet (= bets made with the pair so far). */
    nonce: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('originals_seeds_active')
      .on(t.userId)
      .where(sql`${t.active}`),
    index('originals_seeds_user').on(t.userId, t.id),
  ],
);

/**
 * One row per bet (a mines round is one bet). The id comes from the sequence before the ledger hold, so the
 * hold's reference is the bet id. Amounts in minor units, multipliers in ten-thousandths.
 */
export const originalsBets = pgTable(
  'originals_bets',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    game: text().notNull(),
    seedId: bigint({ mode: 'number' }).notNull(),
    nonce: integer().notNull(),
    /** What the player chose, as the contract's `params`. */
    params: jsonb().notNull(),
    currency: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** The ledger hold of the stake. */
    holdId: bigint({ mode: 'number' }).notNull(),
    /** open (a mines round in play) | won | lost */
    state: text().notNull(),
    multiplier: bigint({ mode: 'number' }).notNull().default(0),
    payout: bigint({ mode: 'number' }).notNull().default(0),
    /** The contract's `outcome` (for mines: the safe tiles revealed, in order). */
    outcome: jsonb().notNull(),
    /** Mines only: the mines' tiles, decided at the start; never answered while the round is open. */
    mines: jsonb(),
    /** The player's cash (minor units) after the bet's last step. */
    balance: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('originals_bets_user').on(t.userId, t.id),
    // At most one round in play per player (mines); a second start fails here whatever the interleaving.
    uniqueIndex('originals_bets_open')
      .on(t.userId)
      .where(sql`${t.state} = 'open'`),
  ],
);

/**
 * Idempotency of the calls that move money: the key (scoped per operation and player), a hash of the request
 * and the answer given, written in the same transaction as the step itself. A repeat answers `answer`.
 */
export const originalsRequests = pgTable('originals_requests', {
  key: text().primaryKey(),
  requestHash: text().notNull(),
  betId: bigint({ mode: 'number' }).notNull(),
  /** The answer without `balance`, which is `balance` (minor units). */
  answer: jsonb().notNull(),
  balance: bigint({ mode: 'number' }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
