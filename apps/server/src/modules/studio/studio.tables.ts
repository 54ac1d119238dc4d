import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Aposta Studios' own books: it is a game provider, so it keeps its sessions, seeds and rounds apart from the
 * platform's and knows the player only as the wallet's `user`.
 */
const at = () => timestamp({ withTimezone: true });

/** A game client's session: opened once per launch token (single use), or a demo on play money. */
export const studioSessions = pgTable(
  'studio_sessions',
  {
    id: text().primaryKey(),
    /** SHA-256 of the launch token it was opened with; unique, so a launch URL opens one session only. */
    launchTokenHash: text().unique(),
    /** The launch token itself: the wallet calls carry it. Null for a demo. */
    walletToken: text(),
    /** The wallet's `user`, or `demo:<session id>`. */
    player: text().notNull(),
    game: text().notNull(),
    currency: text().notNull(),
    demo: boolean().notNull(),
    /** Play money of a demo session, in centavos. */
    demoBalance: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    // The hourly sweep of idle demos (`dropIdleDemos`) takes the oldest demos a batch at a time: without it each
    // batch would read every session, real ones included (migration 0075).
    index('studio_sessions_demo_created')
      .on(t.createdAt)
      .where(sql`${t.demo}`),
  ],
);

/** Per-player seed pairs (games.md): one active pair per player; a rotation reveals the old server seed. */
export const studioSeeds = pgTable(
  'studio_seeds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    player: text().notNull(),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    nonce: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: at().notNull().defaultNow(),
    revealedAt: at(),
  },
  (t) => [
    uniqueIndex('studio_seeds_active')
      .on(t.player)
      .where(sql`${t.active}`),
    // A swept demo's pairs, the revealed ones too (the index above holds only the active pair; migration 0075).
    index('studio_seeds_player').on(t.player),
  ],
);

/** One round (a paid spin with its cascades and free spins): every step, the balance before and after. */
export const studioRounds = pgTable(
  'studio_rounds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sessionId: text().notNull(),
    player: text().notNull(),
    game: text().notNull(),
    demo: boolean().notNull(),
    bet: bigint({ mode: 'number' }).notNull(),
    win: bigint({ mode: 'number' }).notNull(),
    /** open (bet or win not answered yet) | placed (bet taken, win not delivered yet) | settled | refused | rolled_back */
    state: text().notNull(),
    balanceBefore: bigint({ mode: 'number' }),
    balanceAfter: bigint({ mode: 'number' }),
    steps: jsonb().notNull(),
    seedId: bigint({ mode: 'number' }).notNull(),
    nonce: integer().notNull(),
    /** The version of the game's rules the round was played under (`rules` of the slot; migration 0068). */
    rules: smallint().notNull().default(1),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('studio_rounds_player').on(t.player, t.id),
    // Every spin asks whether a round of the player's is still to finish (a win owed, or a round a crash left
    // open): only those rounds, not all of them.
    index('studio_rounds_unsettled')
      .on(t.player)
      .where(sql`${t.state} in ('open', 'placed')`),
  ],
);
