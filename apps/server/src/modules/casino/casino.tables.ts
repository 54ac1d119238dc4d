import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * A game provider (casino.md): adding one is a row, not code. Its calls are signed with its HMAC secret, or
 * (Hub88's option) RSA-SHA256 with its private key, checked with `public_key`.
 */
export const casinoProviders = pgTable(
  'casino_providers',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    /**
     * The HMAC secret sealed with CASINO_SECRET_KEY (`v1:<iv>:<tag>:<data>`, AES-256-GCM; platform/secret-box.ts),
     * '' for an RSA provider. Never answered, logged nor audited; a plain value is refused by the check.
     */
    secret: text().notNull(),
    /** PEM public key of an RSA provider; null for HMAC. */
    publicKey: text(),
    enabled: boolean().notNull().default(true),
    /** Grows with every write (rename, new key): a back-office form that read an older one is refused (409). */
    version: integer().notNull().default(1),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [check('casino_providers_secret_sealed', sql`${t.secret} = '' or ${t.secret} like 'v1:%'`)],
);

/** The catalogue: a provider's games, as the lobby shows them. */
export const casinoGames = pgTable(
  'casino_games',
  {
    gameCode: text().primaryKey(),
    providerCode: text()
      .notNull()
      .references(() => casinoProviders.code),
    name: text().notNull(),
    category: text().notNull(),
    /** Declared RTP in hundredths of a percent (96.5% = 9650). */
    rtpBp: integer().notNull(),
    thumbnail: text().notNull().default(''),
    launchUrl: text().notNull(),
    enabled: boolean().notNull().default(true),
    hot: boolean().notNull().default(false),
    sort: integer().notNull().default(1000),
    demo: boolean().notNull().default(true),
    /** Grows with every write: a back-office form that read an older one is refused (409 `staleVersion`). */
    version: integer().notNull().default(1),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('casino_games_lobby').on(t.enabled, t.sort)],
);

/**
 * A game session opened by a launch: the token the provider sends with every wallet call (only its SHA-256
 * is kept), bound to the player, the game and the currency, and to the player's sign-in session (signing out
 * ends it). Bets need it open and unexpired; wins and rollbacks do not.
 */
export const casinoSessions = pgTable(
  'casino_sessions',
  {
    id: text().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: bigint({ mode: 'number' }).notNull(),
    providerCode: text().notNull(),
    gameCode: text().notNull(),
    currency: text().notNull(),
    authSessionId: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    /** Before it is opened: the launch deadline; once opened, pushed forward by every call. */
    expiresAt: at().notNull(),
    /** When the provider first exchanged the token (the launch token is single use for the session). */
    openedAt: at(),
    endedAt: at(),
    lastRound: text(),
  },
  (t) => [
    index('casino_sessions_user')
      .on(t.userId, t.createdAt)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Every wallet transaction, unique per provider and `transaction_uuid` (kept for idempotency). A bet row is
 * also what a rollback locks: a rollback of a bet never seen inserts the bet's row as `rolled_back` with no
 * request (a tombstone), so the late bet is refused.
 */
export const casinoTransactions = pgTable(
  'casino_transactions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    providerCode: text().notNull(),
    transactionUuid: text().notNull(),
    /** bet | win | rollback */
    kind: text().notNull(),
    /** sha256 of the call's money-relevant fields; null for a tombstone. */
    requestHash: text(),
    userId: bigint({ mode: 'number' }),
    gameCode: text(),
    round: text(),
    currency: text(),
    amount: bigint({ mode: 'number' }).notNull().default(0),
    referenceUuid: text(),
    /** Bets: the ledger hold. */
    holdId: bigint({ mode: 'number' }),
    /** Bets: open | settled | rolled_back | refused (its first answer kept, no hold). Others: done. */
    state: text().notNull(),
    /** The first answer (status, balance, currency, user), answered again to a repeat. */
    answer: jsonb(),
    balanceBefore: bigint({ mode: 'number' }),
    balanceAfter: bigint({ mode: 'number' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('casino_transactions_uuid').on(t.providerCode, t.transactionUuid),
    index('casino_transactions_round').on(t.providerCode, t.round),
    index('casino_transactions_user').on(t.userId, t.id),
  ],
);
