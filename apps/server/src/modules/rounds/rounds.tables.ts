import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A reverse hash chain per game (games.md "Shared rounds"). `seed` is h₀ (sealed like the originals' server
 * seeds); `commitment` = h_length, published at `committed_at`; the salt is fixed after that and before the
 * first round. Round j of the chain uses h_{length − j}. One active chain per game; retired chains stay, so
 * their rounds stay verifiable.
 */
export const roundChains = pgTable(
  'round_chains',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    game: text().notNull(),
    seed: text().notNull(),
    length: integer().notNull(),
    commitment: text().notNull(),
    committedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    salt: text(),
    saltSetAt: timestamp({ withTimezone: true }),
    /** Rounds taken from the chain so far (the next round is used + 1). */
    used: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('round_chains_active')
      .on(t.game)
      .where(sql`${t.active}`),
  ],
);

/**
 * One row per round. The hash and result are written when the round is created (committed by the chain) and
 * answered only from the result on. Phases: betting → running → result; `settled_at` when every bet is paid;
 * `void` when refunded (it never reached its draw). Times are the database's clock (the cluster's one clock).
 */
export const rounds = pgTable(
  'rounds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    game: text().notNull(),
    chainId: bigint({ mode: 'number' }).notNull(),
    chainIndex: integer().notNull(),
    hash: text().notNull(),
    /** Tile, digit, or crash point in hundredths (a bigint: a crash point may pass 21,474,836.47×). */
    result: bigint({ mode: 'number' }).notNull(),
    phase: text().notNull(),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    /** Draw (double, lucky colour) or crash moment. */
    resultAt: timestamp({ withTimezone: true }).notNull(),
    /** When the next round may open (after the result has been shown). */
    nextAt: timestamp({ withTimezone: true }).notNull(),
    period: text(),
    void: boolean().notNull().default(false),
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rounds_chain_index').on(t.chainId, t.chainIndex),
    // At most one round in play per game, whatever two clocks might try.
    uniqueIndex('rounds_live')
      .on(t.game)
      .where(sql`${t.phase} in ('betting', 'running')`),
    uniqueIndex('rounds_period').on(t.game, t.period),
    index('rounds_game').on(t.game, t.id),
  ],
);

/**
 * Bets: one ledger hold each (product `originals`, reference `round-bet:<id>`), closed once by the round's
 * settlement, a crash cash-out or a refund. `key` is the scoped Idempotency-Key with the request's hash.
 */
export const roundBets = pgTable(
  'round_bets',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    roundId: bigint({ mode: 'number' }).notNull(),
    game: text().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    /** Colour (double), pick (lucky colour), null (crash). */
    pick: text(),
    /** Crash: automatic cash-out in hundredths. */
    autoCashout: integer(),
    amount: bigint({ mode: 'number' }).notNull(),
    holdId: bigint({ mode: 'number' }).notNull(),
    /** open | settling (claimed by the settlement) | won | lost | refunded */
    state: text().notNull(),
    /** Crash: the multiplier cashed out at, hundredths (a bigint, as the crash point it may be near). */
    cashout: bigint({ mode: 'number' }),
    /** Ten-thousandths of the stake: a target of 1,000,000× is 10,000,000,000, beyond an integer. */
    multiplier: bigint({ mode: 'number' }).notNull().default(0),
    payout: bigint({ mode: 'number' }).notNull().default(0),
    player: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    cashoutKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('round_bets_key').on(t.key),
    // Not on state: the settlement's two updates of a round's bets (claimed, then their outcome) change only
    // unindexed columns, so with the table's fillfactor 50 (migration 0055) they stay on their page (HOT) and
    // write no index entries (5,000 bets: 231 ms of updates against 46 ms, measured in psql).
    index('round_bets_round').on(t.roundId),
    index('round_bets_user').on(t.userId, t.id),
    uniqueIndex('round_bets_crash_one')
      .on(t.roundId, t.userId)
      .where(sql`${t.game} = 'crash'`),
  ],
);

/** Who runs each game's clock: a lease renewed by its holder, taken over once it lapses (database time). */
export const roundClocks = pgTable('round_clocks', {
  game: text().primaryKey(),
  node: text().notNull(),
  leaseUntil: timestamp({ withTimezone: true }).notNull(),
});
