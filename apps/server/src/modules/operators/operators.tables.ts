import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true });

/**
 * A back-office user. `email` is lower case. `totpSecret` is the base32 TOTP secret (needed in clear to
 * check codes); `lastTotpStep` is the 30-second step of the last code accepted, so a code works once.
 */
export const operators = pgTable('operators', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  role: text().notNull(),
  totpSecret: text().notNull(),
  lastTotpStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
  disabledAt: at(),
});

/** An operator's signed-in session, apart from players'. Only the sha256 of its bearer token is stored. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text().primaryKey(),
    operatorId: integer()
      .notNull()
      .references(() => operators.id),
    tokenHash: text().notNull().unique(),
    ip: text().notNull(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    revokedAt: at(),
  },
  (t) => [
    index()
      .on(t.operatorId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Operator sign-in attempts per e-mail, known or not (a lock must not reveal which e-mails exist), and source
 * (the client's address): a stranger's failures lock the stranger out, never the operator at their desk.
 * `failures` counts every attempt since the last success, taken before its password check (a success deletes
 * the row), so attempts sent at once cannot all be checked.
 */
export const operatorLoginThrottle = pgTable(
  'operator_login_throttle',
  {
    email: text().notNull(),
    source: text().notNull().default(''),
    failures: integer().notNull().default(0),
    lastFailureAt: at().notNull(),
    lockedUntil: at(),
  },
  (t) => [primaryKey({ columns: [t.email, t.source] })],
);

/**
 * One row per operator call, refusals included. Append-only: a trigger (migration
 * `operator_audit_append_only`) refuses UPDATE, DELETE and TRUNCATE. No foreign key, so the record of an
 * action outlives whatever it names.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: createdAt(),
    actorId: integer(),
    actorEmail: text(),
    action: text().notNull(),
    request: text().notNull(),
    target: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text().notNull(),
    outcome: text().notNull(),
    httpStatus: smallint().notNull(),
    reason: text(),
  },
  (t) => [index().on(t.actorId, t.id)],
);
