import crypto from 'node:crypto';
import {
  ErrorCode,
  OPERATOR_PERMISSIONS,
  OPERATOR_ROLES,
  ROLE_PERMISSIONS,
  operatorCreateInput,
  type AuditKind,
  type AuditOutcome,
  type BackofficeOperator,
  type OPERATOR_SORTS,
  type OperatorAuditRow,
  type OperatorCreateInput,
  type OperatorPermission,
  type OperatorProfile,
  type OperatorRole,
} from '@aposta/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  max,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Config } from '../../config';
import { pgCode, type Database, type Tx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { MessageKey, MessageParams } from '../../platform/i18n';
import { hashPassword, verifyPassword } from '../../platform/password';
import { operatorAudit, operatorLoginThrottle, operators, operatorSessions } from './operators.tables';

/** Who acts: a signed-in operator, or the `OPERATOR_KEY` automation acting as an admin. */
export interface Actor {
  /** null for the key. */
  id: number | null;
  email: string;
  role: OperatorRole;
  /** null for the key, which has no session. */
  sessionId: string | null;
  permissions: ReadonlySet<OperatorPermission>;
}

/** The audit log's actor e-mail for calls made with `X-Operator-Key`. */
export const KEY_ACTOR = 'operator-key';
/** Operator tokens carry a prefix, so a player's token is told apart without asking the accounts module. */
const TOKEN_PREFIX = 'op_';
const ISSUER = 'Aposta';
/** RFC 6238 defaults that every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
const TOTP_PERIOD_S = 30;
/** Codes of the previous and next step are accepted too (clock drift of the operator's phone). */
const TOTP_WINDOW = 1;

/**
 * A refusal by the guard or the sign-in. The answer shows `key` (sometimes vaguer on purpose: a failed
 * sign-in does not say which factor was wrong); the audit log records `reason` and the actor when known.
 */
export class Refusal extends AppError {
  constructor(
    code: ErrorCode,
    key: MessageKey,
    readonly reason: string,
    readonly extra: { params?: MessageParams; actor?: { id: number; email: string } } = {},
  ) {
    super(code, key, extra.params ?? {});
  }
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const isRole = (role: string): role is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(role);
const permissionsOf = (role: string): ReadonlySet<OperatorPermission> =>
  new Set(isRole(role) ? ROLE_PERMISSIONS[role] : []);

function totpOf(email: string, secret: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A fresh TOTP secret for `email` and its `otpauth://` URL: what an operator enrols in an authenticator app. */
function newEnrolment(email: string) {
  const totpSecret = new OTPAuth.Secret({ size: 20 }).base32;
  return { totpSecret, otpauthUrl: totpOf(email, totpSecret).toString() };
}

/** The 30-second step a time falls in (what a TOTP code is computed from). */
export const totpStepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_PERIOD_S);

export interface AuditEntry {
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  request: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string;
  outcome: AuditOutcome;
  httpStatus: number;
  reason: string | null;
}

/** The audit log's filters (see contracts `auditFilterQuery`). */
export interface AuditFilters {
  /** An operator id (digits) or part of an e-mail. */
  actor?: string;
  action?: string;
  /** The start of the target. */
  target?: string;
  outcome?: AuditOutcome;
  kind?: AuditKind;
  from?: string;
  to?: string;
}

/**
 * A read is a GET (or its HEAD): the request line the guard records starts with the method. Reads stay in the
 * log (who looked at whose data); the viewer hides them by default so changes are not drowned in page views.
 */
const isRead = sql`(${operatorAudit.request} like 'GET %' or ${operatorAudit.request} like 'HEAD %')`;

/** LIKE's wildcards taken literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A target by its start (`withdrawal:` lists every withdrawal), but a number typed is the whole number:
 * `player:2` is player 2 and what hangs under it, never player 20.
 */
function targetMatch(target: string): SQL | undefined {
  const t = operatorAudit.target;
  return and(
    ilike(t, `${likeLiteral(target)}%`),
    /\d$/.test(target) ? sql`substr(${t}, ${target.length + 1}, 1) !~ '[0-9]'` : undefined,
  );
}

function auditWhere(f: AuditFilters): SQL | undefined {
  const t = operatorAudit;
  const actor = f.actor?.trim();
  return and(
    actor
      ? /^\d{1,9}$/.test(actor)
        ? eq(t.actorId, Number(actor))
        : ilike(t.actorEmail, `%${likeLiteral(actor)}%`)
      : undefined,
    f.action ? eq(t.action, f.action) : undefined,
    f.target ? targetMatch(f.target) : undefined,
    f.outcome ? eq(t.outcome, f.outcome) : undefined,
    f.kind === 'read' ? isRead : f.kind === 'change' ? not(isRead) : undefined,
    f.from ? gte(t.at, new Date(f.from)) : undefined,
    f.to ? lte(t.at, new Date(f.to)) : undefined,
  );
}

const auditRow = (r: typeof operatorAudit.$inferSelect): OperatorAuditRow => ({
  ...r,
  at: r.at.toISOString(),
  outcome: r.outcome as AuditOutcome,
});

function operatorRow(r: {
  id: number;
  email: string;
  role: string;
  createdAt: Date;
  disabledAt: Date | null;
  lastLoginAt: Date | string | null;
}): BackofficeOperator {
  return {
    id: r.id,
    email: r.email,
    role: r.role as OperatorRole,
    active: !r.disabledAt,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : null,
  };
}

type OperatorTableRow = typeof operators.$inferSelect;

/** An operator before and after a change made in `tx`, each with its last sign-in (the newest session's start). */
async function beforeAfter(tx: Tx, current: OperatorTableRow, updated: OperatorTableRow) {
  const [last] = await tx
    .select({ at: max(operatorSessions.createdAt) })
    .from(operatorSessions)
    .where(eq(operatorSessions.operatorId, current.id));
  const lastLoginAt = last?.at ?? null;
  return {
    before: operatorRow({ ...current, lastLoginAt }),
    after: operatorRow({ ...updated, lastLoginAt }),
  };
}

/**
 * The active admins' rows, locked in id order, before the operator a change is about: two admins changing each
 * other at once (disable, role) cannot both pass the last-admin check.
 */
const lockActiveAdmins = (tx: Tx) =>
  tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt)))
    .orderBy(asc(operators.id))
    .for('update');

/** Whether `id` is the only active admin left (of the rows `lockActiveAdmins` answered). */
const isLastAdmin = (admins: { id: number }[], id: number) => admins.length === 1 && admins[0]!.id === id;

/** The operator's row, locked for the change made in `tx`; 404 when there is none. */
async function lockOperator(tx: Tx, id: number) {
  const [current] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!current) throw notFound('operatorNotFound');
  return current;
}

/**
 * Revokes every open session of the operator at once (the guard reads sessions from the database on every call,
 * so its next call is refused); answers their ids (the caller closes their sockets).
 */
async function revokeSessions(tx: Tx, operatorId: number, at = new Date()) {
  const revoked = await tx
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return revoked.map((r) => r.id);
}

export function createOperatorsService({ database, config }: { database: Database; config: Config }) {
  const { db } = database;
  const sessionTtlMs = config.operatorSessionTtlHours * 3_600_000;
  const lockMs = config.auth.lockMinutes * 60_000;
  const keyDigest = config.operatorKey
    ? crypto.createHash('sha256').update(config.operatorKey).digest()
    : undefined;

  const loginFailed = (reason: string, actor?: { id: number; email: string }) =>
    new Refusal(ErrorCode.UNAUTHORIZED, 'operatorLoginFailed', reason, actor ? { actor } : {});

  /** The throttle row of `email` tried from `source`. */
  const throttleOf = (email: string, source: string) =>
    and(eq(operatorLoginThrottle.email, email), eq(operatorLoginThrottle.source, source));

  /**
   * Takes one sign-in attempt of `email` from `source`, before its password is checked: one statement counts it
   * (old attempts forgotten), so attempts sent at once each get their own number and no more than
   * `maxFailures` of them reach the password check in a lock period. Answers whether this one may go on, and
   * whether its failure locks the source out (it was the last allowed).
   */
  async function takeAttempt(email: string, source: string, at: number) {
    const now = new Date(at);
    const t = operatorLoginThrottle;
    const isLocked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${now})`;
    const [row] = await db
      .insert(t)
      .values({ email, source, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [t.email, t.source],
        set: {
          failures: sql`case when ${isLocked} then ${t.failures}
            when ${t.lastFailureAt} < ${new Date(at - lockMs)} then 1 else ${t.failures} + 1 end`,
          lastFailureAt: sql`case when ${isLocked} then ${t.lastFailureAt} else ${now} end`,
        },
      })
      .returning({ attempt: t.failures, lockedUntil: t.lockedUntil });
    const lockedNow = Boolean(row!.lockedUntil && row!.lockedUntil.getTime() > at);
    return {
      allowed: !lockedNow && row!.attempt <= config.auth.maxFailures,
      last: row!.attempt >= config.auth.maxFailures,
    };
  }

  /**
   * Locks `source` out of `email` for the lock period (the attempts counted start again after it). False when a
   * success has cleared the count meanwhile (a replay of its code, sent with it): nothing to lock.
   */
  async function lockOut(email: string, source: string, at: number) {
    const rows = await db
      .update(operatorLoginThrottle)
      .set({ failures: 0, lockedUntil: new Date(at + lockMs) })
      .where(throttleOf(email, source))
      .returning({ email: operatorLoginThrottle.email });
    return rows.length > 0;
  }

  const locked = (reason: string, actor?: { id: number; email: string }) =>
    new Refusal(ErrorCode.RATE_LIMITED, 'loginLocked', reason, {
      params: { minutes: config.auth.lockMinutes },
      ...(actor ? { actor } : {}),
    });

  function profileOf(actor: Actor): OperatorProfile {
    return {
      id: actor.id,
      email: actor.email,
      role: actor.role,
      permissions: OPERATOR_PERMISSIONS.filter((p) => actor.permissions.has(p)),
    };
  }

  return {
    profileOf,

    /** A new operator with a fresh TOTP secret; answers the `otpauth://` URL to enrol it in an app. */
    async create(input: OperatorCreateInput) {
      const parsed = operatorCreateInput.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest((issue?.message as MessageKey) ?? 'badRequest');
      }
      const { email, password, role } = parsed.data;
      const enrolment = newEnrolment(email);
      try {
        const [row] = await db
          .insert(operators)
          .values({
            email,
            role,
            passwordHash: await hashPassword(password),
            totpSecret: enrolment.totpSecret,
          })
          .returning({ id: operators.id });
        return { id: row!.id, email, role, ...enrolment };
      } catch (err) {
        if (pgCode(err) === '23505') throw conflict('operatorEmailTaken');
        throw err;
      }
    },

    /**
     * Password and TOTP code, both required. A code is accepted for the previous, current or next 30-second
     * step, and only for a step later than the last one accepted for this operator (a replay is refused).
     * Every failure counts towards the lock of the e-mail from this address (`ip`): failures elsewhere never
     * lock the operator out.
     */
    async login(input: { email: string; password: string; totp: string }, ip: string, now = Date.now()) {
      const { email } = input;
      const attempt = await takeAttempt(email, ip, now);
      const [found] = await db.select().from(operators).where(eq(operators.email, email));
      const operator = found && !found.disabledAt ? found : undefined;
      // The audit row of a refusal names the operator whose e-mail was claimed.
      const who = operator && { id: operator.id, email: operator.email };
      // Locked, or past the allowed attempts (sent at once, say): refused without a password check.
      if (!attempt.allowed) throw locked('locked', who);

      const passwordOk = await verifyPassword(operator?.passwordHash, input.password);
      const fail = async (reason: string) =>
        attempt.last && (await lockOut(email, ip, now)) ? locked(reason, who) : loginFailed(reason, who);
      if (!operator) throw await fail(found ? 'operatorDisabled' : 'unknownEmail');
      if (!passwordOk) throw await fail('wrongPassword');

      const delta = totpOf(operator.email, operator.totpSecret).validate({
        token: input.totp,
        timestamp: now,
        window: TOTP_WINDOW,
      });
      if (delta === null) throw await fail('wrongTotp');
      const step = totpStepAt(now) + delta;

      const token = TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(now + sessionTtlMs);
      const sessionId = await database.transaction(async (tx) => {
        // One statement decides a replay, so two sign-ins with the same code at once cannot both pass.
        const [used] = await tx
          .update(operators)
          .set({ lastTotpStep: step })
          .where(
            sql`${operators.id} = ${operator.id} and (${operators.lastTotpStep} is null or ${operators.lastTotpStep} < ${step})`,
          )
          .returning({ id: operators.id });
        if (!used) return null;
        // Only this address's count: a success here gives a stranger elsewhere no fresh tries.
        await tx.delete(operatorLoginThrottle).where(throttleOf(email, ip));
        const id = crypto.randomUUID();
        await tx
          .insert(operatorSessions)
          .values({ id, operatorId: operator.id, tokenHash: sha256(token), ip, expiresAt });
        return id;
      });
      if (!sessionId) throw await fail('totpReplayed');
      const actor: Actor = {
        id: operator.id,
        email: operator.email,
        role: operator.role as OperatorRole,
        sessionId,
        permissions: permissionsOf(operator.role),
      };
      return { token, expiresAt, actor };
    },

    /**
     * The actor behind a call's credentials: `X-Operator-Key` (compared in constant time; acts as an admin)
     * or `Authorization: Bearer <operator token>`. Throws a Refusal saying why not.
     */
    async authenticate(headers: { authorization?: string; 'x-operator-key'?: string | string[] }) {
      const key = headers['x-operator-key'];
      if (key !== undefined) {
        const given = crypto
          .createHash('sha256')
          .update(typeof key === 'string' ? key : '')
          .digest();
        if (!keyDigest || !crypto.timingSafeEqual(given, keyDigest))
          throw new Refusal(
            ErrorCode.UNAUTHORIZED,
            'operatorKeyInvalid',
            keyDigest ? 'wrongKey' : 'keyNotSet',
          );
        const actor: Actor = {
          id: null,
          email: KEY_ACTOR,
          role: 'admin',
          sessionId: null,
          permissions: permissionsOf('admin'),
        };
        return actor;
      }
      const token = headers.authorization?.replace(/^Bearer\s+/i, '').trim();
      if (!token) throw new Refusal(ErrorCode.UNAUTHORIZED, 'operatorSignInRequired', 'noSession');
      if (!token.startsWith(TOKEN_PREFIX))
        throw new Refusal(ErrorCode.FORBIDDEN, 'operatorNotOperatorToken', 'notOperatorToken');
      const invalid = (reason: string, actor?: { id: number; email: string }) =>
        new Refusal(ErrorCode.UNAUTHORIZED, 'operatorSessionInvalid', reason, actor ? { actor } : {});
      if (token.length > 256) throw invalid('sessionUnknown');
      const [row] = await db
        .select({
          sessionId: operatorSessions.id,
          expiresAt: operatorSessions.expiresAt,
          revokedAt: operatorSessions.revokedAt,
          id: operators.id,
          email: operators.email,
          role: operators.role,
          disabledAt: operators.disabledAt,
        })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(eq(operatorSessions.tokenHash, sha256(token)));
      if (!row) throw invalid('sessionUnknown');
      const who = { id: row.id, email: row.email };
      if (row.revokedAt) throw invalid('sessionRevoked', who);
      if (row.disabledAt) throw invalid('operatorDisabled', who);
      if (row.expiresAt.getTime() <= Date.now())
        throw new Refusal(ErrorCode.UNAUTHORIZED, 'operatorSessionExpired', 'sessionExpired', { actor: who });
      const actor: Actor = {
        id: row.id,
        email: row.email,
        role: row.role as OperatorRole,
        sessionId: row.sessionId,
        permissions: permissionsOf(row.role),
      };
      return actor;
    },

    /** An operator's e-mail and permissions by id (the support console's assignment), or null. */
    async byId(
      id: number,
    ): Promise<{ id: number; email: string; permissions: ReadonlySet<OperatorPermission> } | null> {
      const [row] = await db
        .select({
          id: operators.id,
          email: operators.email,
          role: operators.role,
          disabledAt: operators.disabledAt,
        })
        .from(operators)
        .where(eq(operators.id, id));
      if (!row || row.disabledAt) return null;
      return { id: row.id, email: row.email, permissions: permissionsOf(row.role) };
    },

    /** E-mails of operators by id (names shown beside conversations). */
    async emailsOf(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: operators.id, email: operators.email })
        .from(operators)
        .where(inArray(operators.id, ids));
      return new Map(rows.map((r) => [r.id, r.email]));
    },

    /** Operators for the back office, with their last successful sign-in. */
    async list(q: {
      page: number;
      pageSize: number;
      sort: (typeof OPERATOR_SORTS)[number];
      order: 'asc' | 'desc';
    }): Promise<{ list: BackofficeOperator[]; total: number }> {
      const lastLogin = db
        .select({ operatorId: operatorSessions.operatorId, at: max(operatorSessions.createdAt).as('at') })
        .from(operatorSessions)
        .groupBy(operatorSessions.operatorId)
        .as('last_login');
      const column = {
        id: operators.id,
        email: operators.email,
        role: operators.role,
        createdAt: operators.createdAt,
        lastLoginAt: lastLogin.at,
      }[q.sort];
      const direction = q.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: operators.id,
            email: operators.email,
            role: operators.role,
            createdAt: operators.createdAt,
            disabledAt: operators.disabledAt,
            lastLoginAt: lastLogin.at,
          })
          .from(operators)
          .leftJoin(lastLogin, eq(lastLogin.operatorId, operators.id))
          .orderBy(direction(column), direction(operators.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(operators),
      ]);
      return { list: rows.map(operatorRow), total: total!.n };
    },

    /**
     * Disables an operator: it can no longer sign in and every open session is revoked at once (the guard
     * reads sessions from the database on every call). Answers the sessions revoked (the caller closes their
     * sockets). Disabling again changes nothing; the last active admin is never disabled (409).
     */
    async disable(
      id: number,
    ): Promise<{ before: BackofficeOperator; after: BackofficeOperator; sessionIds: string[] }> {
      return database.transaction(async (tx) => {
        const admins = await lockActiveAdmins(tx);
        const current = await lockOperator(tx, id);
        if (isLastAdmin(admins, id)) throw conflict('operatorLastAdmin');
        const now = new Date();
        const [updated] = await tx
          .update(operators)
          .set({ disabledAt: current.disabledAt ?? now })
          .where(eq(operators.id, id))
          .returning();
        const sessionIds = await revokeSessions(tx, id, now);
        return { ...(await beforeAfter(tx, current, updated!)), sessionIds };
      });
    },

    /**
     * Enables a disabled operator again: it may sign in anew (its old sessions stay revoked). Enabling an active
     * one changes nothing.
     */
    async enable(id: number): Promise<{ before: BackofficeOperator; after: BackofficeOperator }> {
      return database.transaction(async (tx) => {
        const current = await lockOperator(tx, id);
        const [updated] = await tx
          .update(operators)
          .set({ disabledAt: null })
          .where(eq(operators.id, id))
          .returning();
        return beforeAfter(tx, current, updated!);
      });
    },

    /**
     * Gives operator `id` another role, on behalf of `actorId` (null for the key): its open sessions are revoked
     * (it signs in anew, with the new role's permissions). Not one's own role (400), and the last active admin
     * keeps the admin role (409 `operatorLastAdminRole`, checked as `disable` checks it). The same role again
     * changes nothing.
     */
    async changeRole(
      actorId: number | null,
      id: number,
      role: OperatorRole,
    ): Promise<{ before: BackofficeOperator; after: BackofficeOperator; sessionIds: string[] }> {
      if (actorId === id) throw badRequest('operatorCannotChangeOwnRole');
      return database.transaction(async (tx) => {
        const admins = await lockActiveAdmins(tx);
        const current = await lockOperator(tx, id);
        if (current.role === role) return { ...(await beforeAfter(tx, current, current)), sessionIds: [] };
        if (isLastAdmin(admins, id)) throw conflict('operatorLastAdminRole');
        const [updated] = await tx.update(operators).set({ role }).where(eq(operators.id, id)).returning();
        const sessionIds = await revokeSessions(tx, id);
        return { ...(await beforeAfter(tx, current, updated!)), sessionIds };
      });
    },

    /**
     * Replaces operator `id`'s TOTP secret (a lost phone), on behalf of `actorId` (null for the key): a fresh one
     * made and answered as `create` makes a new operator's (shown once, to hand over and enrol); the old
     * secret's codes stop working and its open sessions are revoked. Not one's own (400).
     */
    async resetTotp(actorId: number | null, id: number) {
      if (actorId === id) throw badRequest('operatorCannotResetOwnTotp');
      return database.transaction(async (tx) => {
        const current = await lockOperator(tx, id);
        const enrolment = newEnrolment(current.email);
        const [updated] = await tx
          .update(operators)
          // A new secret's codes start afresh: no step of it has been used yet.
          .set({ totpSecret: enrolment.totpSecret, lastTotpStep: null })
          .where(eq(operators.id, id))
          .returning();
        const sessionIds = await revokeSessions(tx, id);
        return { ...(await beforeAfter(tx, current, updated!)), sessionIds, ...enrolment };
      });
    },

    async logout(actor: Actor) {
      if (!actor.sessionId) return;
      await db
        .update(operatorSessions)
        .set({ revokedAt: new Date() })
        .where(eq(operatorSessions.id, actor.sessionId));
    },

    /** Appends one audit row (the table refuses anything but inserts). */
    async record(entry: AuditEntry) {
      await db.insert(operatorAudit).values(entry);
    },

    /** The newest audit rows first. */
    async auditLog(limit: number, filters: AuditFilters = {}): Promise<OperatorAuditRow[]> {
      const rows = await db
        .select()
        .from(operatorAudit)
        .where(auditWhere(filters))
        .orderBy(desc(operatorAudit.id))
        .limit(limit);
      return rows.map(auditRow);
    },

    /** A page of the audit rows that match the filters, and how many match in all. */
    async auditPage(
      q: AuditFilters & { page: number; pageSize: number; order: 'asc' | 'desc' },
    ): Promise<{ list: OperatorAuditRow[]; total: number }> {
      const where = auditWhere(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(operatorAudit)
          .where(where)
          .orderBy(q.order === 'asc' ? asc(operatorAudit.id) : desc(operatorAudit.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(operatorAudit).where(where),
      ]);
      return { list: rows.map(auditRow), total: total!.n };
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
