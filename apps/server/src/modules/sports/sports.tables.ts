import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The sportsbook's catalogue (sport → competition → event → market → selection) and its bets. Prices are
 * stored in hundredths (1.95 → 195); a selection's `version` increments with every change of its price.
 * Result codes are the spec's (contracts `BetResult`): 0 open, 10 win, 20 lose, 90 refund, 21 win half,
 * 11 lose half.
 */

/** The spec's twelve sports (contracts `SPORTS`), filled by the migration. */
export const sportsSports = pgTable('sports_sports', {
  code: text().primaryKey(),
  position: integer().notNull(),
});

export const sportsCompetitions = pgTable(
  'sports_competitions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sport: text()
      .notNull()
      .references(() => sportsSports.code),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('sports_competitions_name').on(t.sport, t.name)],
);

/**
 * An event (fixture). `clock` is the spec's match time code; `state` what the models read in play (minute,
 * share played, score, half-time score, corners, tennis games); `strength` the home side's superiority the
 * event was priced with. `feed` names who runs it ('operator', 'sandbox', a real feed) and `external_id` its
 * id there. `result` is the result in effect, `result_version` how many results were posted.
 */
export const sportsEvents = pgTable(
  'sports_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sport: text()
      .notNull()
      .references(() => sportsSports.code),
    competitionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sportsCompetitions.id),
    home: text().notNull(),
    away: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    clock: integer().notNull().default(0),
    strength: doublePrecision().notNull().default(0),
    state: jsonb().notNull(),
    feed: text().notNull(),
    externalId: text(),
    result: jsonb(),
    resultVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sports_events_sport').on(t.sport, t.startsAt),
    index('sports_events_clock').on(t.clock),
    uniqueIndex('sports_events_external')
      .on(t.feed, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/** A market: type, period (the spec's game period code), line (null where it has none), status. */
export const sportsMarkets = pgTable(
  'sports_markets',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sportsEvents.id),
    type: text().notNull(),
    period: integer().notNull(),
    line: doublePrecision(),
    /** type|period|line: one market per key and event. */
    key: text().notNull(),
    status: text().notNull(),
    /** Suspended by an operator (the feed does not reopen it). */
    held: boolean().notNull().default(false),
    /**
     * Voided by an operator, or voided or settled by the event's void (postponed, cancelled: sports.void.ts
     * `abandonEvent`): stays as it is whatever result comes. A market void because its result refunded every
     * side (a push) is not: a corrected result settles it.
     */
    voided: boolean().notNull().default(false),
    /** Times the market was suspended: an in-play bet whose market was suspended during its delay is refused. */
    suspensions: integer().notNull().default(0),
    /** A trader's margin shift (basis points of implied probability) on the engine's prices; 0 = none. */
    marginShiftBp: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('sports_markets_key').on(t.eventId, t.key)],
);

export const sportsSelections = pgTable(
  'sports_selections',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    marketId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sportsMarkets.id),
    eventId: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    /**
     * Hundredths; 0 = not offered (cannot win any more). What players see, bet and cash out on: the engine's
     * price, or the trader's override (`override_price`, else `engine_price` shifted by the market's margin).
     */
    price: integer().notNull(),
    /** The pricing engine's last price (hundredths), kept apart so an override can be cleared back to it. */
    enginePrice: integer().notNull().default(0),
    /** A trader's fixed price (hundredths), null when none. */
    overridePrice: integer(),
    version: integer().notNull().default(1),
    /** The result code under the result in effect (0 until resulted). */
    result: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('sports_selections_name').on(t.marketId, t.name),
    index('sports_selections_event').on(t.eventId),
    check(
      'sports_selections_override',
      sql`${t.overridePrice} is null or ${t.overridePrice} between 102 and 100000`,
    ),
  ],
);

/**
 * A bet: a single (one leg) or a parlay. The stake is a ledger hold (product `sports`, reference
 * `sports-bet:<id>`); `price` is the product of the legs' prices in hundredths (rounded down), `potential`
 * the payout if every leg wins. `settlements` counts the settlements posted (1 the first, 2… resettlements),
 * each under the ledger key `sports:settle:<id>:<n>`, so a repeated job never pays twice.
 */
export const sportsBets = pgTable(
  'sports_bets',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    holdId: bigint({ mode: 'number' }).notNull(),
    kind: text().notNull(),
    stake: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    /** Hundredths: a parlay's is its legs' product, past an integer's 21,474,836.47× on a small stake. */
    price: bigint({ mode: 'number' }).notNull(),
    potential: bigint({ mode: 'number' }).notNull(),
    acceptOdds: text().notNull(),
    status: text().notNull().default('open'),
    result: integer().notNull().default(0),
    payout: bigint({ mode: 'number' }).notNull().default(0),
    settlements: integer().notNull().default(0),
    /** Paid by cash-outs so far (minor units); `cashouts` how many (each its own ledger settlement). */
    cashedOut: bigint({ mode: 'number' }).notNull().default(0),
    cashouts: integer().notNull().default(0),
    /** The automatic cash-out's target value (minor units), null when none. */
    autoCashout: bigint({ mode: 'number' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    placedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sports_bets_key').on(t.key),
    index('sports_bets_user').on(t.userId, t.id),
    index('sports_bets_auto_cashout')
      .on(t.id)
      .where(sql`${t.autoCashout} is not null and ${t.status} = 'open'`),
  ],
);

/**
 * A cash-out (full or partial, by the player or the automatic target): the stake part closed, the value seen
 * and what was paid; `key` the player's scoped Idempotency-Key (a repeat answers `answer`). The ledger side is
 * the bet's hold settled (capture `stake_part`, payout `paid`) under `sports:cashout:<bet>:<n>`, and for a
 * partial one a new hold of the rest (`new_hold_id`).
 */
export const sportsCashouts = pgTable(
  'sports_cashouts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    betId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sportsBets.id),
    userId: bigint({ mode: 'number' }).notNull(),
    n: integer().notNull(),
    auto: boolean().notNull().default(false),
    share: doublePrecision().notNull(),
    stakePart: bigint({ mode: 'number' }).notNull(),
    value: bigint({ mode: 'number' }).notNull(),
    paid: bigint({ mode: 'number' }).notNull(),
    settleTxId: bigint({ mode: 'number' }).notNull(),
    newHoldId: bigint({ mode: 'number' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    answer: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sports_cashouts_key').on(t.key),
    uniqueIndex('sports_cashouts_bet').on(t.betId, t.n),
    // The wagering relay asks, of every settled sports stake, whether a cash-out settled it.
    index('sports_cashouts_settle_tx').on(t.settleTxId),
  ],
);

/** A player's stake factor (risk): largest stake = `sports.maxStake` × factor; set by a trader. */
export const sportsStakeFactors = pgTable('sports_stake_factors', {
  userId: bigint({ mode: 'number' }).primaryKey(),
  factor: doublePrecision().notNull(),
  note: text(),
  updatedBy: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A market whose open liability passed `sports.liabilityAlert` (one row per market, the first time). */
export const sportsLiabilityAlerts = pgTable('sports_liability_alerts', {
  marketId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => sportsMarkets.id),
  liability: bigint({ mode: 'number' }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each selection's open bets pay if it wins (a parlay's whole potential counts on each of its selections):
 * the liability check reads one row instead of summing the open bets. Kept by statement triggers on bets and legs
 * (migration 0043), so every path that opens, settles, voids, cashes out or corrects a bet keeps it. A bet's
 * increment locks the row until commit: bets on one selection check the limit one after the other.
 */
export const sportsExposure = pgTable('sports_exposure', {
  selectionId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => sportsSelections.id),
  marketId: bigint({ mode: 'number' }).notNull(),
  potential: bigint({ mode: 'number' }).notNull().default(0),
});

export const sportsBetLegs = pgTable(
  'sports_bet_legs',
  {
    betId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sportsBets.id),
    selectionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sportsSelections.id),
    marketId: bigint({ mode: 'number' }).notNull(),
    eventId: bigint({ mode: 'number' }).notNull(),
    /** Hundredths, as taken. */
    price: integer().notNull(),
    result: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.selectionId] }),
    index('sports_bet_legs_event').on(t.eventId),
    index('sports_bet_legs_selection').on(t.selectionId),
  ],
);
