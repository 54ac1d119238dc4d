import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  date,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true });

/** A player. `username` is the lower-cased e-mail; `l1Id..l3Id` are the three referral levels above. */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull().unique(),
    passwordHash: text().notNull(),
    name: text().notNull().default(''),
    cardNo: text().notNull().default(''),
    country: text().notNull().default('+55'),
    phone: text().notNull().default(''),
    header: smallint().notNull().default(0),
    /** Invitation code others register with (upper case). */
    yqm: text().notNull().unique(),
    l1Id: integer().references((): AnyPgColumn => users.id),
    l2Id: integer().references((): AnyPgColumn => users.id),
    l3Id: integer().references((): AnyPgColumn => users.id),
    kyc: smallint().notNull().default(0),
    testFlag: text().notNull().default('0'),
    /**
     * A test account's password, kept readable because getUserTest shows it (spec). Test accounts hold
     * play money only; real accounts never have it.
     */
    testPwd: text(),
    /** '20' enables USDT withdrawal. */
    lx: text().notNull().default(''),
    isapp: smallint().notNull().default(0),
    /** Date of birth (`YYYY-MM-DD`), asked at registration under the Brazilian profile. */
    birthDate: date({ mode: 'string' }),
    /**
     * The terms of service's version the player accepted last (`TERMS_VERSION`) and when: at registration or
     * later in the app, when a newer version asks for it. Null for a player who never accepted any on record
     * (registered before they were recorded, or by a client that did not send it).
     */
    termsVersion: text(),
    termsAcceptedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.l1Id),
    index().on(t.l2Id),
    index().on(t.l3Id),
    // The accounts of one CPF (br: one person, one account; an exclusion follows the person).
    index('users_card_no')
      .on(t.cardNo)
      .where(sql`${t.cardNo} <> ''`),
  ],
);

/** A signed-in session. Only the sha256 of its bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    revokedAt: at(),
    /**
     * Last signed-in call, kept to the minute (written at most once a minute per session): the idle limit of
     * the Brazilian profile and the playing time of the responsible-gambling limits.
     */
    lastSeenAt: at().notNull().defaultNow(),
    /** Where it signed in from (the back office's sessions, IPs and devices); null before they were kept. */
    ip: text(),
    /** The browser's User-Agent at sign-in (cut to 300 characters). */
    device: text(),
  },
  (t) => [
    index()
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
    // Playing time per period (responsible gambling's time limits, `rg_minutes_played`).
    index('sessions_user_last_seen').on(t.userId, t.lastSeenAt),
  ],
);

/** Captchas by the client's codeId; the answer is stored hashed and consumed by any verification. */
export const captchas = pgTable(
  'captchas',
  {
    codeId: text().primaryKey(),
    answerHash: text().notNull(),
    expiresAt: at().notNull(),
    consumedAt: at(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * Failed sign-ins per username and source (the client's IP address), whether or not the account exists (so a
 * wait does not reveal it). Keyed by source too, so that a stranger's failures never hold the owner back.
 * `lockedUntil` is when that source may try that username again. Stored in the database so every node sees
 * the same count.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    username: text().notNull(),
    source: text().notNull().default(''),
    failures: integer().notNull().default(0),
    lastFailureAt: at().notNull(),
    lockedUntil: at(),
  },
  (t) => [primaryKey({ columns: [t.username, t.source] })],
);

/**
 * Password resets per e-mail, also for unknown e-mails (same answer, same resend limit). The e-mailed code
 * becomes a chkId once checked; both stored hashed.
 */
export const passwordResets = pgTable('password_resets', {
  email: text().primaryKey(),
  userId: integer().references(() => users.id),
  codeHash: text(),
  codeExpiresAt: at(),
  attempts: integer().notNull().default(0),
  /** Wrong codes since `failuresSince`, over every code sent then: a resend does not wipe them. */
  failures: integer().notNull().default(0),
  failuresSince: at(),
  sentAt: at().notNull(),
  chkHash: text().unique(),
  chkExpiresAt: at(),
});

/**
 * One-time login links for the app's /zgo{token} route. A link is derived from the session that made it and
 * dies with it (logout, password change, reset); rows from before `sessionId` existed never redeem.
 */
export const loginLinks = pgTable('login_links', {
  tokenHash: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id),
  sessionId: text().references(() => sessions.id),
  expiresAt: at().notNull(),
  usedAt: at(),
});
