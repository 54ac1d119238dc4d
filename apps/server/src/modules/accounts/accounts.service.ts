import crypto from 'node:crypto';
import net from 'node:net';
import {
  ErrorCode,
  normalizeCpf,
  TERMS_VERSION,
  type LanguageKey,
  type UserFigures,
  type UserInfo,
} from '@aposta/contracts';
import { and, eq, exists, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { Address6 } from 'ip-address';
import svgCaptcha from 'svg-captcha';
import type { Config } from '../../config';
import type { EventBus } from '../../platform/bus';
import { pgCode, pgConstraint, type Database, type Executor, type Tx } from '../../platform/db';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { translate, type MessageKey } from '../../platform/i18n';
import type { Mailer } from '../mail';
import { identityMismatch, type IdentityBureau } from './identity';
import { captchas, loginLinks, loginThrottle, passwordResets, sessions, users } from './accounts.tables';

const CAPTCHA_TTL_MS = 5 * 60_000;
/** Letters and digits that cannot be confused with one another in a distorted image. */
const CAPTCHA_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RESET_CODE_TTL_MINUTES = 15;
const RESET_MAX_ATTEMPTS = 5;
const RESET_RESEND_SECONDS = 60;
const RESET_CHK_TTL_MS = 15 * 60_000;
/**
 * Wrong codes for one e-mail, over all its codes, before no code is sent for a day: with 5 per code and a
 * new code a minute, a 6-digit code could otherwise be guessed without end.
 */
const RESET_MAX_FAILURES = 10;
const RESET_FAILURE_WINDOW_MS = 24 * 3_600_000;
const LOGIN_LINK_TTL_MS = 10 * 60_000;
/** The first wait of a source after maxFailures wrong passwords for one account; doubles after each. */
const LOGIN_FIRST_WAIT_MS = 5_000;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TEST_USER_DOMAIN = 'test.aposta.local';
/**
 * Resolved sessions are kept per node for this long: revocations arrive over the bus at once, and this bounds
 * the damage of a bus message lost while Redis was unreachable.
 */
const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_MAX = 100_000;
/** Revoked session ids are remembered this long, so that a lookup already in flight cannot cache one. */
const REVOKED_MEMORY_MS = 60_000;

/** The typings of svg-captcha omit its callable default export: render the given text. */
const renderCaptcha = svgCaptcha as unknown as (
  text: string,
  options: { width: number; height: number; noise: number; color: boolean },
) => string;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
// Hex, not base64url: the other tokens are told apart by a prefix (`op_` operators, `sv_` support visitors), and a
// base64url player token may begin with one (1 in 262,144) and be read as theirs.
const randomToken = () => crypto.randomBytes(32).toString('hex');
const randomFrom = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const captchaHash = (codeId: string, answer: string) => sha256(`${codeId}:${answer.trim().toLowerCase()}`);
const resetCodeHash = (email: string, code: string) => sha256(`${email}:${code}`);
/** Whether an e-mail's wrong codes in the current day have reached the limit. */
const locked = (row: { failures: number; failuresSince: Date | null } | undefined, now: Date): boolean =>
  !!row?.failuresSince &&
  row.failures >= RESET_MAX_FAILURES &&
  now.getTime() - row.failuresSince.getTime() < RESET_FAILURE_WINDOW_MS;
const fromNow = (ms: number) => new Date(Date.now() + ms);

/**
 * The source a sign-in's wrong passwords are counted under: an IPv4 address, or an IPv6 address's /64 (one
 * subscriber holds a whole /64 and may take any address in it, so counting each address would give it
 * 2^64 fresh counts; the per-IP limit groups IPv6 the same way).
 */
function throttleSource(ip: string): string {
  if (!net.isIPv6(ip)) return ip;
  const address = new Address6(ip.replace(/%.*$/, ''));
  if (address.isMapped4()) return address.to4().correctForm();
  return `${new Address6(`${address.correctForm()}/64`).startAddress().correctForm()}/64`;
}
/** First key of the advisory lock that serializes the registrations and KYCs of one CPF (the second: its hash). */
const CPF_LOCK = 0x63706631;

/** A refusal about one field of the form: `data.field` tells the app where to show it. */
const fieldRefusal = (
  code: ErrorCode,
  key: MessageKey,
  field: 'cardNo' | 'birthDate' | 'name' | 'termsVersion',
) => new AppError(code, key, {}, { data: { field } });

/** Terms of service are accepted in their current version only (an app open since they changed sends the old). */
function checkTermsVersion(termsVersion: string | undefined) {
  if (termsVersion !== undefined && termsVersion !== TERMS_VERSION)
    throw fieldRefusal(ErrorCode.BAD_REQUEST, 'termsVersionOutdated', 'termsVersion');
}

export interface AuthUser {
  id: number;
  username: string;
  testFlag: string;
  sessionId: string;
}

export interface AccountsDeps {
  database: Database;
  config: Config;
  bus: EventBus;
  mail: Mailer;
  /** Under br, KYC's check of the CPF, name and birth date (null: `IDENTITY_BUREAU=none`, self-declared). */
  identity?: IdentityBureau | null;
}

/**
 * A player as the accounts module knows them: userInfo without the wallet's money, VIP and referral-amount
 * figures (the wallet composes the two, so accounts never depends on the wallet), plus a test account's
 * password for `extendInfo` and getUserTest.
 */
/** The row of `profile`'s statement (column names as in the database). */
export interface ProfileRow {
  id: number;
  name: string;
  username: string;
  header: number;
  yqm: string;
  created_at: string | Date;
  kyc: number;
  test_flag: string;
  lx: string;
  card_no: string;
  country: string;
  phone: string;
  test_pwd: string | null;
  terms_version: string | null;
  l1: number;
  l2: number;
  l3: number;
}

/** A player's referral chain: inviter, the inviter's inviter, and the one above. */
export interface Upline {
  id: number;
  chain: [number | null, number | null, number | null];
  test: boolean;
  /** The player's CPF ('' before KYC): an invitee with the inviter's own is a self-referral. */
  cpf: string;
}

/** A player invited by another, at depth 1, 2 or 3. */
export interface Invitee {
  id: number;
  name: string;
  username: string;
  level: 1 | 2 | 3;
  createdAt: Date;
}

export type AccountProfile = Omit<UserInfo, keyof UserFigures | 'extendInfo' | 'paypackage'> & {
  testPwd: string | null;
};

export interface RegisterInput {
  name: string;
  cardNo: string;
  username: string;
  country: string;
  phone: string;
  pwd: string;
  regcode: string;
  codeId: string;
  captCode: string;
  isapp: number;
  /** `YYYY-MM-DD`; required (18+) under the Brazilian profile. */
  birthDate?: string;
  /** Daily loss limit (major units) and playing-time limit (minutes) asked at registration. */
  lossLimit?: number;
  timeLimit?: number;
  /** The terms of service the player accepted (`TERMS_VERSION` only, `checkTermsVersion`); absent: none recorded. */
  termsVersion?: string;
}

/**
 * Checks other modules add to sign-in and registration (responsible gambling): a sign-in check throws to
 * refuse a player whose password was right; a registration hook runs in the registering transaction.
 */
/** Where a sign-in comes from, kept on its session for the back office. */
export interface SessionClient {
  ip?: string;
  device?: string;
}
const DEVICE_MAX = 300;

export interface AccountHooks {
  signIn: ((userId: number) => Promise<void>)[];
  registered: ((tx: Tx, userId: number, input: RegisterInput) => Promise<void>)[];
}

/** Under the Brazilian profile a session ends after 30 minutes without a signed-in call (Portaria 722/2024). */
export const BR_IDLE_MS = 30 * 60_000;
/** A session's last call is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

/** Whole years between a `YYYY-MM-DD` birth date and today (UTC). */
export function ageOn(birthDate: string, today = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

export const sessionInvalid = (key: 'againLog' | 'pleaseLogin' = 'againLog') =>
  new AppError(ErrorCode.SESSION_INVALID, key);

/**
 * The per-node session cache of resolveToken (the hottest read: every signed-in call). Every revocation is
 * published as `session.revoked`; this node drops the session on its own revocations before answering, and
 * on other nodes' when the event arrives.
 */
function createSessionCache(bus: EventBus, enabled: boolean) {
  const byHash = new Map<string, { user: AuthUser; until: number; seen: number }>();
  const hashBySession = new Map<string, string>();
  const revokedAt = new Map<string, number>();

  function forget(sessionIds: string[]) {
    const now = Date.now();
    for (const id of sessionIds) {
      revokedAt.delete(id);
      revokedAt.set(id, now);
      const hash = hashBySession.get(id);
      if (hash !== undefined) byHash.delete(hash);
      hashBySession.delete(id);
    }
    // Insertion order is revocation order: the oldest are first.
    for (const [id, at] of revokedAt) {
      if (now - at < REVOKED_MEMORY_MS) break;
      revokedAt.delete(id);
    }
  }
  bus.subscribe('session.revoked', ({ sessionIds }) => forget(sessionIds));

  return {
    forget,
    get(hash: string): { user: AuthUser; seen: number } | undefined {
      const hit = byHash.get(hash);
      if (!hit) return undefined;
      if (hit.until > Date.now()) return hit;
      byHash.delete(hash);
      hashBySession.delete(hit.user.sessionId);
      return undefined;
    },
    /** Keeps a session read from the database; false when it was revoked meanwhile (then it is refused). */
    put(hash: string, user: AuthUser, expiresAt: Date, seen: number): boolean {
      if (revokedAt.has(user.sessionId)) return false;
      if (!enabled) return true;
      if (byHash.size >= SESSION_CACHE_MAX) {
        const [oldest, entry] = byHash.entries().next().value!;
        byHash.delete(oldest);
        hashBySession.delete(entry.user.sessionId);
      }
      byHash.set(hash, { user, until: Math.min(Date.now() + SESSION_CACHE_MS, expiresAt.getTime()), seen });
      hashBySession.set(user.sessionId, hash);
      return true;
    },
  };
}

export function createAccountsService({ database, config, bus, mail, identity = null }: AccountsDeps) {
  const { db } = database;
  // Only where every revocation reaches every node: Redis carries the bus, or PGlite (one process). Several
  // PostgreSQL nodes without Redis have no bus between them, so they read every session from the database.
  const sessionCache = createSessionCache(bus, Boolean(config.redisUrl) || config.database.kind === 'pglite');
  const sessionTtlMs = config.auth.sessionTtlHours * 3_600_000;
  const lockMs = config.auth.lockMinutes * 60_000;
  const idleMs = config.jurisdiction === 'br' ? BR_IDLE_MS : Infinity;
  const hooks: AccountHooks = { signIn: [], registered: [] };

  /** userInfo's hot path: the user and the referral counts (index lookups). */
  const profileQuery = (userId: number) =>
    sql`select u.id, u.name, u.username, u.header, u.yqm, u.created_at, u.kyc, u.test_flag, u.lx,
        u.card_no, u.country, u.phone, u.test_pwd, u.terms_version,
        (select count(*)::int from users r where r.l1_id = u.id) as l1,
        (select count(*)::int from users r where r.l2_id = u.id) as l2,
        (select count(*)::int from users r where r.l3_id = u.id) as l3
      from users u where u.id = ${userId}`;

  /** A `profileQuery` row as the profile; the session error when there is none (the user is gone). */
  function profileOf(u: ProfileRow | undefined): AccountProfile {
    if (!u) throw sessionInvalid();
    return {
      uId: Number(u.id),
      name: u.name,
      username: u.username,
      email: u.username,
      header: Number(u.header),
      yqm: u.yqm,
      time: new Date(u.created_at).toISOString(),
      level1Person: Number(u.l1),
      level2Person: Number(u.l2),
      level3Person: Number(u.l3),
      kyc: Number(u.kyc),
      testFlag: u.test_flag,
      // The Brazilian profile pays no USDT: the app hides it, as for any player without lx '20'.
      lx: config.jurisdiction === 'br' ? '' : u.lx,
      cardNo: u.card_no,
      country: u.country,
      phone: u.phone,
      termsVersion: u.terms_version,
      testPwd: u.test_pwd,
    };
  }

  /** Keeps the session's last call to the minute (the idle limit, playing time); false when it is idle. */
  async function touch(sessionId: string, seen: number): Promise<boolean> {
    const now = Date.now();
    if (now - seen > idleMs) return false;
    if (now - seen < TOUCH_EVERY_MS) return true;
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, sessionId));
    return true;
  }

  /**
   * Under br one person has one account: takes the CPF's advisory lock (held until `tx` ends, so two
   * registrations or KYCs of one CPF at once run one after the other and the second sees the first) and refuses
   * a CPF that another account holds.
   */
  async function claimCpf(tx: Tx, cpf: string, userId: number | null) {
    await tx.execute(sql`select pg_advisory_xact_lock(${CPF_LOCK}, hashtext(${cpf}))`);
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.cardNo, cpf), ne(users.cardNo, ''), userId === null ? undefined : ne(users.id, userId)),
      )
      .limit(1);
    if (holder) throw fieldRefusal(ErrorCode.CONFLICT, 'brCpfTaken', 'cardNo');
  }

  async function publishRevoked(userId: number, sessionIds: string[]) {
    // This node refuses the sessions before the caller gets its answer; the bus tells the other nodes.
    sessionCache.forget(sessionIds);
    if (sessionIds.length) await bus.publish('session.revoked', { userId, sessionIds });
  }

  /**
   * A block or exclusion committed between a sign-in's checks and its new session revoked every session but
   * could not see this one: its flag is committed before its revocation, so asking again now catches it (the
   * new session is revoked and the refusal thrown).
   */
  async function checkedAgain(userId: number, token: string): Promise<string> {
    try {
      for (const check of hooks.signIn) await check(userId);
    } catch (err) {
      const [gone] = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, sha256(token)))
        .returning({ id: sessions.id });
      if (gone) await publishRevoked(userId, [gone.id]);
      throw err;
    }
    return token;
  }

  async function createSession(tx: Executor, userId: number, client: SessionClient = {}): Promise<string> {
    const token = randomToken();
    await tx.insert(sessions).values({
      id: crypto.randomUUID(),
      userId,
      tokenHash: sha256(token),
      expiresAt: fromNow(sessionTtlMs),
      ip: client.ip ?? null,
      device: client.device?.slice(0, DEVICE_MAX) ?? null,
    });
    return token;
  }

  async function revokeAll(tx: Tx, userId: number): Promise<string[]> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  /** Inserts a user with a fresh unique invitation code (retried on the rare collision). */
  async function insertUser(tx: Tx, values: Omit<typeof users.$inferInsert, 'yqm'>): Promise<number> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(users)
        .values({ ...values, yqm: randomFrom(INVITE_ALPHABET, 8) })
        .onConflictDoNothing({ target: users.yqm })
        .returning({ id: users.id });
      if (row) return row.id;
    }
    throw new AppError(ErrorCode.INTERNAL, 'internal');
  }

  /** Consumes the captcha (any attempt uses it up) and throws unless the answer is right and fresh. */
  async function checkCaptcha(codeId: string, answer: string) {
    const now = new Date();
    const [row] = await db
      .update(captchas)
      .set({ consumedAt: now })
      .where(and(eq(captchas.codeId, codeId), isNull(captchas.consumedAt)))
      .returning();
    const testCode = config.testCaptchaCode?.toLowerCase();
    if (row) {
      if (row.expiresAt > now && sameHash(row.answerHash, captchaHash(codeId, answer))) return;
    } else if (testCode && answer.trim().toLowerCase() === testCode) {
      // Black-box test mode: a codeId never fetched is accepted once with the test code.
      const [fresh] = await db
        .insert(captchas)
        .values({
          codeId,
          answerHash: captchaHash(codeId, testCode),
          expiresAt: fromNow(CAPTCHA_TTL_MS),
          consumedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (fresh) return;
    }
    throw new AppError(ErrorCode.CAPTCHA_INVALID, 'captchaInvalid');
  }

  /** Until when `source` waits after its `attempt`-th password of an account in a row (none below maxFailures). */
  function waitAfter(attempt: number, now: Date): Date | null {
    const over = attempt - config.auth.maxFailures;
    if (over < 0) return null;
    return new Date(now.getTime() + Math.min(lockMs, LOGIN_FIRST_WAIT_MS * 2 ** Math.min(over, 20)));
  }

  const mustWait = (until: Date) =>
    new AppError(ErrorCode.RATE_LIMITED, 'loginWait', {
      seconds: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
    });

  /**
   * Counts a password try of `username` from `source` before it is checked, or refuses it (429, the wait in
   * seconds) while that source must wait. A try counts as wrong until a right password deletes the count, and the
   * maxFailures-th try already sets the wait: a burst sent at once gets maxFailures checks, not one per request.
   * From there each further wrong try waits twice as long (5 s first, at most one lock period); tries older
   * than one lock period are forgotten. Answers the throttle row's filter.
   */
  async function takeLoginAttempt(username: string, source: string) {
    const now = new Date();
    const mine = and(eq(loginThrottle.username, username), eq(loginThrottle.source, source));
    const refusedUntil = await database.transaction(async (tx) => {
      // One statement makes the row and locks it: a right password deleting it meanwhile cannot leave none.
      const [row] = await tx
        .insert(loginThrottle)
        .values({ username, source, lastFailureAt: now })
        .onConflictDoUpdate({
          target: [loginThrottle.username, loginThrottle.source],
          set: { username: sql`excluded.username` },
        })
        .returning();
      if (row!.lockedUntil && row!.lockedUntil > now) return row!.lockedUntil;
      const attempt = now.getTime() - row!.lastFailureAt.getTime() > lockMs ? 1 : row!.failures + 1;
      await tx
        .update(loginThrottle)
        .set({ failures: attempt, lastFailureAt: now, lockedUntil: waitAfter(attempt, now) })
        .where(mine);
      return null;
    });
    if (refusedUntil) throw mustWait(refusedUntil);
    return mine;
  }

  /**
   * Under br, before KYC is stored: the bureau confirms the CPF is regular and the declared name's (and the
   * registration's birth date, when the account has one). A refusal names its field; a bureau that does not
   * answer is 503 and nothing is stored (the player tries again).
   */
  async function confirmIdentity(userId: number, name: string, cpf: string) {
    const user = await loadUser(db, userId);
    // Another CPF than the registration's is refused by the KYC's own checks: not worth a look-up.
    if (user.cardNo !== '' && user.cardNo !== cpf) return;
    const declared = { cpf, name, birthDate: user.birthDate };
    let record;
    try {
      record = await identity!.lookupCpf(declared);
    } catch (err) {
      throw new AppError(ErrorCode.UNAVAILABLE, 'identityUnavailable', {}, { cause: err });
    }
    const refused = identityMismatch(record, declared);
    if (refused) throw fieldRefusal(ErrorCode.BAD_REQUEST, refused.key, refused.field);
  }

  async function loadUser(tx: Executor, userId: number) {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw sessionInvalid();
    return user;
  }

  async function setPassword(tx: Tx, user: { id: number; testFlag: string }, pwd: string) {
    const passwordHash = await hashPassword(pwd);
    await tx
      .update(users)
      .set({ passwordHash, ...(user.testFlag === '1' ? { testPwd: pwd } : {}) })
      .where(eq(users.id, user.id));
    // A reset code or chkId out before this change must not set another password after it (its count of
    // wrong codes stays).
    await tx
      .update(passwordResets)
      .set({ codeHash: null, codeExpiresAt: null, chkHash: null, chkExpiresAt: null })
      .where(eq(passwordResets.userId, user.id));
    return revokeAll(tx, user.id);
  }

  return {
    /** A fresh captcha image for the client's codeId (a new one replaces the old). */
    async captcha(codeId: string): Promise<string> {
      const text = randomFrom(CAPTCHA_ALPHABET, 4);
      const answer = config.testCaptchaCode ?? text;
      await database.transaction(async (tx) => {
        await tx.delete(captchas).where(lt(captchas.expiresAt, new Date()));
        await tx
          .insert(captchas)
          .values({ codeId, answerHash: captchaHash(codeId, answer), expiresAt: fromNow(CAPTCHA_TTL_MS) })
          .onConflictDoUpdate({
            target: captchas.codeId,
            set: {
              answerHash: captchaHash(codeId, answer),
              expiresAt: fromNow(CAPTCHA_TTL_MS),
              consumedAt: null,
            },
          });
      });
      return renderCaptcha(config.testCaptchaCode ?? text, { width: 120, height: 44, noise: 2, color: true });
    },

    async register(input: RegisterInput, client: SessionClient = {}): Promise<string> {
      checkTermsVersion(input.termsVersion);
      // Under br the CPF is kept as its 11 digits: one person, one account (`claimCpf`).
      const cpf = config.jurisdiction === 'br' ? normalizeCpf(input.cardNo) : null;
      if (config.jurisdiction === 'br') {
        if (!cpf) throw fieldRefusal(ErrorCode.BAD_REQUEST, 'brCpfRequired', 'cardNo');
        if (!input.birthDate) throw fieldRefusal(ErrorCode.BAD_REQUEST, 'brBirthDateRequired', 'birthDate');
        if (ageOn(input.birthDate) < 18) throw fieldRefusal(ErrorCode.FORBIDDEN, 'brUnderage', 'birthDate');
      }
      await checkCaptcha(input.codeId, input.captCode);
      const passwordHash = await hashPassword(input.pwd);
      try {
        return await database.transaction(async (tx) => {
          let chain: { l1Id: number | null; l2Id: number | null; l3Id: number | null } = {
            l1Id: null,
            l2Id: null,
            l3Id: null,
          };
          if (input.regcode) {
            const [inviter] = await tx
              .select({ id: users.id, l1Id: users.l1Id, l2Id: users.l2Id })
              .from(users)
              .where(eq(users.yqm, input.regcode.toUpperCase()));
            if (!inviter) throw badRequest('inviteCodeUnknown');
            chain = { l1Id: inviter.id, l2Id: inviter.l1Id, l3Id: inviter.l2Id };
          }
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.username, input.username));
          if (taken) throw conflict('usernameTaken');
          if (cpf) await claimCpf(tx, cpf, null);
          const userId = await insertUser(tx, {
            username: input.username,
            passwordHash,
            name: input.name,
            cardNo: cpf ?? input.cardNo,
            country: input.country.startsWith('+') ? input.country : `+${input.country}`,
            phone: input.phone,
            isapp: input.isapp,
            birthDate: input.birthDate ?? null,
            ...(input.termsVersion ? { termsVersion: input.termsVersion, termsAcceptedAt: new Date() } : {}),
            ...chain,
          });
          for (const hook of hooks.registered) await hook(tx, userId, input);
          return createSession(tx, userId, client);
        });
      } catch (err) {
        // Two registrations of one e-mail at once: the loser sees the same answer as a later one.
        if (pgCode(err) === '23505' && pgConstraint(err)?.includes('username'))
          throw conflict('usernameTaken');
        throw err;
      }
    },

    /**
     * Signs in with a fresh captcha. Wrong passwords are throttled per account and source (`source` is the
     * client's address): a stranger's failures make the stranger wait, never the owner elsewhere.
     */
    async login(input: {
      username: string;
      pwd: string;
      codeId: string;
      captCode: string;
      source: string;
      device?: string;
    }): Promise<string> {
      await checkCaptcha(input.codeId, input.captCode);
      const source = throttleSource(input.source);
      const mine = await takeLoginAttempt(input.username, source);

      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.username, input.username));
      const valid = await verifyPassword(user?.passwordHash, input.pwd);
      if (!user || !valid) throw new AppError(ErrorCode.LOGIN_FAILED, 'loginFailed');
      // Only this source's count: a right password here gives a stranger elsewhere no fresh tries.
      await db.delete(loginThrottle).where(mine);
      for (const check of hooks.signIn) await check(user.id);
      const token = await database.transaction(async (tx) => {
        // The password checked must still be the account's: a change or reset committed since revoked every
        // session but this one. Locked, so one committing now waits for this session and then revokes it.
        const [current] = await tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, user.id))
          .for('share');
        if (current?.passwordHash !== user.passwordHash)
          throw new AppError(ErrorCode.LOGIN_FAILED, 'loginFailed');
        return createSession(tx, user.id, { ip: input.source, device: input.device });
      });
      return checkedAgain(user.id, token);
    },

    /** The signed-in user behind a bearer token, or null when it is unknown, revoked or expired. */
    async resolveToken(token: string): Promise<AuthUser | null> {
      if (!token || token.length > 256) return null;
      const hash = sha256(token);
      const cached = sessionCache.get(hash);
      if (cached) {
        if (!(await touch(cached.user.sessionId, cached.seen))) return null;
        if (Date.now() - cached.seen >= TOUCH_EVERY_MS) cached.seen = Date.now();
        return cached.user;
      }
      // Prepared: a session not in this node's cache (a player's first call here) was planned each time, and
      // planning took 0.32 ms of its 0.4 ms (measured, 5,000 players betting at once).
      const [row] = await database.prepared<{
        sessionId: string;
        id: number;
        username: string;
        testFlag: string;
        expiresMs: number;
        lastSeenMs: number;
      }>(
        'accounts_session',
        sql`select s.id as "sessionId", u.id, u.username, u.test_flag as "testFlag",
              extract(epoch from s.expires_at)::float8 * 1000 as "expiresMs",
              extract(epoch from s.last_seen_at)::float8 * 1000 as "lastSeenMs"
            from sessions s join users u on u.id = s.user_id
            where s.token_hash = ${hash} and s.revoked_at is null
              and s.expires_at > to_timestamp(${Date.now()}::float8 / 1000)`,
      );
      if (!row) return null;
      const { expiresMs, lastSeenMs, ...fields } = row;
      const user: AuthUser = { ...fields, id: Number(fields.id) };
      const lastSeen = Math.round(Number(lastSeenMs));
      if (!(await touch(user.sessionId, lastSeen))) return null;
      const seen = Date.now() - lastSeen >= TOUCH_EVERY_MS ? Date.now() : lastSeen;
      return sessionCache.put(hash, user, new Date(Number(expiresMs)), seen) ? user : null;
    },

    /** Hooks of other modules into sign-in and registration (see `AccountHooks`). */
    hooks,

    /**
     * The accounts of the person behind this one: under br every account with its CPF (this one first; a
     * second can exist only from before the profile was on), elsewhere this one alone. A cool-off or
     * self-exclusion follows the person (`rg`).
     */
    async personAccounts(exec: Executor, userId: number): Promise<number[]> {
      if (config.jurisdiction !== 'br') return [userId];
      const result = (await exec.execute(
        sql`select o.id from users u join users o on o.card_no = u.card_no and o.id <> u.id
            where u.id = ${userId} and u.card_no <> '' and o.card_no <> '' order by o.id`,
      )) as unknown as { rows: { id: number }[] };
      return [userId, ...result.rows.map((r) => Number(r.id))];
    },

    /**
     * Why the player may not sign in now (an operator's block, a cool-off, a self-exclusion: the sign-in hooks
     * of those modules), or null. A player who may not sign in is disabled for play too: the casino wallet
     * answers a provider's bet or user call with RS_ERROR_USER_DISABLED.
     */
    async signInRefusal(userId: number): Promise<AppError | null> {
      for (const check of hooks.signIn) {
        try {
          await check(userId);
        } catch (err) {
          if (err instanceof AppError) return err;
          throw err;
        }
      }
      return null;
    },

    /**
     * Signs the player out everywhere at once (a cool-off, a self-exclusion): every session revoked, dropped
     * from this node's cache before the answer and from the others' by `session.revoked`.
     */
    async revokeAllSessions(userId: number): Promise<number> {
      const revoked = await database.transaction((tx) => revokeAll(tx, userId));
      await publishRevoked(userId, revoked);
      return revoked.length;
    },

    /** When a session signed in (for the reality check), or null when it is unknown. */
    async sessionStartedAt(sessionId: string): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: sessions.createdAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row?.createdAt ?? null;
    },

    /**
     * Whether a sign-in session is still in force (not revoked, not expired), read from the database: what a
     * game session opened by it checks before every stake.
     */
    async sessionLive(sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
        );
      return Boolean(row);
    },

    async logout(user: AuthUser) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
      await publishRevoked(user.id, [user.sessionId]);
    },

    /**
     * Wrong current passwords count as wrong sign-ins of the account from that source (`ip`): a stolen session
     * cannot guess its way to the password (and so to the account) faster than a sign-in could.
     */
    async changePassword(userId: number, oldPwd: string, nPwd: string, ip: string) {
      const user = await loadUser(db, userId);
      const source = throttleSource(ip);
      const mine = await takeLoginAttempt(user.username, source);
      if (!(await verifyPassword(user.passwordHash, oldPwd))) throw badRequest('oldPasswordWrong');
      await db.delete(loginThrottle).where(mine);
      const revoked = await database.transaction(async (tx) => {
        // Still the password checked: two changes at once, the second finds the first's.
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (current?.passwordHash !== user.passwordHash) throw badRequest('oldPasswordWrong');
        return setPassword(tx, current, nPwd);
      });
      await publishRevoked(userId, revoked);
    },

    /**
     * The player accepts the terms of service of this version (`TERMS_VERSION` only, `checkTermsVersion`),
     * dated now. Again with the version already recorded: nothing changes, the first acceptance's time stays.
     */
    async acceptTerms(userId: number, termsVersion: string): Promise<void> {
      checkTermsVersion(termsVersion);
      await db
        .update(users)
        .set({ termsVersion, termsAcceptedAt: sql`now()` })
        .where(and(eq(users.id, userId), sql`${users.termsVersion} is distinct from ${termsVersion}`));
    },

    /** The player's own fields and referral counts; throws the session error when the user is gone. */
    async profile(userId: number): Promise<AccountProfile> {
      const [row] = await database.prepared<ProfileRow>('accounts_profile', profileQuery(userId));
      return profileOf(row);
    },

    /**
     * The profile as a one-row SQL subquery (none when the user is gone), for a caller that reads it with
     * other figures in one statement (userInfo); `profileOf` turns its row into the profile.
     */
    profileQuery,
    profileOf,

    /**
     * The referral chains of these players (fixed at registration: an inviter always registered earlier, so
     * neither a self-referral nor a ring can exist), with whether each is a play-money test account.
     */
    async uplines(exec: Executor, ids: number[]): Promise<Upline[]> {
      if (ids.length === 0) return [];
      const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
      const result = (await exec.execute(
        sql`select id, l1_id, l2_id, l3_id, test_flag, card_no from users where id = any(${list}::int[])`,
      )) as unknown as {
        rows: {
          id: number;
          l1_id: number | null;
          l2_id: number | null;
          l3_id: number | null;
          test_flag: string;
          card_no: string;
        }[];
      };
      return result.rows.map((r) => ({
        id: Number(r.id),
        chain: [r.l1_id, r.l2_id, r.l3_id].map((v) => (v === null ? null : Number(v))) as Upline['chain'],
        test: r.test_flag === '1',
        cpf: r.card_no,
      }));
    },

    /**
     * The players this one invited directly (depth 1) who may count for an agent reward: real-money accounts
     * whose CPF is not the inviter's own (a second account of the same person is a self-referral). Chains are
     * fixed at registration, so no ring can exist.
     */
    async directInvitees(exec: Executor, userId: number): Promise<{ id: number; counts: boolean }[]> {
      const result = (await exec.execute(
        sql`select u.id, u.test_flag <> '1' and (i.card_no = '' or u.card_no <> i.card_no) as counts
            from users u join users i on i.id = u.l1_id where u.l1_id = ${userId} order by u.id`,
      )) as unknown as { rows: { id: number; counts: boolean }[] };
      return result.rows.map((r) => ({ id: Number(r.id), counts: Boolean(r.counts) }));
    },

    /** The players this one invited, at depths 1 to 3, newest first (at most `limit`). */
    async invitees(userId: number, limit = 100): Promise<Invitee[]> {
      const result = (await db.execute(
        sql`select id, name, username, created_at,
              case when l1_id = ${userId} then 1 when l2_id = ${userId} then 2 else 3 end as level
            from users where l1_id = ${userId} or l2_id = ${userId} or l3_id = ${userId}
            order by id desc limit ${limit}`,
      )) as unknown as {
        rows: { id: number; name: string; username: string; created_at: string | Date; level: number }[];
      };
      return result.rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        username: r.username,
        level: Number(r.level) as 1 | 2 | 3,
        createdAt: new Date(r.created_at),
      }));
    },

    async setHeader(userId: number, index: number) {
      await db.update(users).set({ header: index }).where(eq(users.id, userId));
    },

    /**
     * KYC: name and CPF (11 digits, already validated). Once done, the CPF can no longer change. Under br the
     * CPF is the registration's (one person, one account): another is refused, and an account registered
     * without one (before the profile was on) may take only a CPF no other account holds.
     */
    async updateKyc(userId: number, name: string, cpf: string) {
      if (config.jurisdiction === 'br' && identity) await confirmIdentity(userId, name, cpf);
      await database.transaction(async (tx) => {
        // Locked: a second KYC sent at the same moment waits and then sees this one's CPF (kycLocked).
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw sessionInvalid();
        if (user.kyc === 1 && user.cardNo !== cpf) throw conflict('kycLocked');
        if (config.jurisdiction === 'br' && user.cardNo !== cpf) {
          if (user.cardNo !== '') throw fieldRefusal(ErrorCode.BAD_REQUEST, 'brKycOwnCpf', 'cardNo');
          await claimCpf(tx, cpf, userId);
        }
        await tx.update(users).set({ name, cardNo: cpf, kyc: 1 }).where(eq(users.id, userId));
      });
    },

    /**
     * Mails a 6-digit code when the e-mail belongs to a player. Unknown e-mails get the same answer, the same
     * resend limit and the same count of wrong codes, and the mail is only queued, so neither what is
     * answered nor when says who is registered.
     */
    async sendResetCode(email: string, lang: LanguageKey) {
      const code = String(crypto.randomInt(1_000_000)).padStart(6, '0');
      const now = new Date();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, email));
      const [known] = await db.select().from(passwordResets).where(eq(passwordResets.email, email));
      if (locked(known, now)) throw new AppError(ErrorCode.RATE_LIMITED, 'resetLocked');
      const values = {
        userId: user?.id ?? null,
        codeHash: user ? resetCodeHash(email, code) : null,
        codeExpiresAt: fromNow(RESET_CODE_TTL_MINUTES * 60_000),
        attempts: 0,
        sentAt: now,
        chkHash: null,
        chkExpiresAt: null,
      };
      const [row] = await db
        .insert(passwordResets)
        .values({ email, ...values })
        .onConflictDoUpdate({
          target: passwordResets.email,
          set: values,
          setWhere: lt(passwordResets.sentAt, new Date(now.getTime() - RESET_RESEND_SECONDS * 1000)),
        })
        .returning({ email: passwordResets.email });
      if (!row) throw new AppError(ErrorCode.RATE_LIMITED, 'resetTooSoon', { seconds: RESET_RESEND_SECONDS });
      if (user) {
        // Queued, not sent here (mail.service.ts): the answer takes as long for an unknown e-mail.
        await mail.send({
          to: email,
          subject: translate(lang, 'resetMailSubject'),
          text: translate(lang, 'resetMailBody', { code, minutes: RESET_CODE_TTL_MINUTES }),
        });
      }
    },

    /**
     * Checks the mailed code; a right one becomes a chkId. Too many wrong ones kill the code, and too many
     * for the e-mail in a day (known or not, over every code sent) stop codes for it until the day has passed.
     */
    async checkResetCode(email: string, code: string): Promise<string> {
      const chkId = await database.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(passwordResets)
          .where(eq(passwordResets.email, email))
          .for('update');
        if (!row) return null;
        const now = new Date();
        const live = row.codeHash && row.userId && row.codeExpiresAt && row.codeExpiresAt > now;
        if (!live || !sameHash(row.codeHash!, resetCodeHash(email, code))) {
          // Counted only while a code is out, known e-mail or not, so both answer alike.
          if (!row.codeExpiresAt || row.codeExpiresAt <= now || locked(row, now)) return null;
          const attempts = row.attempts + 1;
          const fresh =
            !row.failuresSince || now.getTime() - row.failuresSince.getTime() >= RESET_FAILURE_WINDOW_MS;
          const failures = fresh ? 1 : row.failures + 1;
          const dead = attempts >= RESET_MAX_ATTEMPTS || failures >= RESET_MAX_FAILURES;
          await tx
            .update(passwordResets)
            .set({
              attempts,
              failures,
              failuresSince: fresh ? now : row.failuresSince,
              ...(dead ? { codeHash: null, codeExpiresAt: null } : {}),
            })
            .where(eq(passwordResets.email, email));
          return null;
        }
        const chk = randomToken();
        await tx
          .update(passwordResets)
          .set({ codeHash: null, chkHash: sha256(chk), chkExpiresAt: fromNow(RESET_CHK_TTL_MS) })
          .where(eq(passwordResets.email, email));
        return chk;
      });
      if (!chkId) throw badRequest('resetCodeInvalid');
      return chkId;
    },

    /** Sets the new password for a checked reset and signs the player out everywhere. */
    async resetPassword(chkId: string, nPwd: string) {
      const live = and(
        eq(passwordResets.chkHash, sha256(chkId)),
        gt(passwordResets.chkExpiresAt, new Date()),
      );
      const [pending] = await db.select({ email: passwordResets.email }).from(passwordResets).where(live);
      if (!pending) throw badRequest('resetLinkInvalid');
      const { userId, revoked } = await database.transaction(async (tx) => {
        const [row] = await tx
          .delete(passwordResets)
          .where(live)
          .returning({ userId: passwordResets.userId });
        if (!row?.userId) throw badRequest('resetLinkInvalid');
        const user = await loadUser(tx, row.userId);
        return { userId: user.id, revoked: await setPassword(tx, user, nPwd) };
      });
      await publishRevoked(userId, revoked);
    },

    /** A link for the signed-in session `user`: it signs in only while that session is still live. */
    async createLoginLink(user: AuthUser) {
      const token = randomToken();
      await db.insert(loginLinks).values({
        tokenHash: sha256(token),
        userId: user.id,
        sessionId: user.sessionId,
        expiresAt: fromNow(LOGIN_LINK_TTL_MS),
      });
      return { token, url: `${config.publicUrl}/zgo${token}` };
    },

    /**
     * Redeems a login link once, for a new session, while the session it was made from is live: revoking a
     * session (logout, password change, reset) revokes the credentials derived from it.
     */
    async redeemLoginLink(link: string, client: SessionClient = {}): Promise<string> {
      // The sign-in checks (a block, an exclusion) as a password sign-in runs them, before and after.
      const [owner] = await db
        .select({ userId: loginLinks.userId })
        .from(loginLinks)
        .where(eq(loginLinks.tokenHash, sha256(link)));
      if (!owner) throw badRequest('loginLinkInvalid');
      for (const check of hooks.signIn) await check(owner.userId);
      const token = await database.transaction(async (tx) => {
        const now = new Date();
        const parentLive = tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              eq(sessions.id, loginLinks.sessionId),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, now),
            ),
          );
        const [redeemed] = await tx
          .update(loginLinks)
          .set({ usedAt: now })
          .where(
            and(
              eq(loginLinks.tokenHash, sha256(link)),
              isNull(loginLinks.usedAt),
              gt(loginLinks.expiresAt, now),
              exists(parentLive),
            ),
          )
          .returning({ userId: loginLinks.userId });
        if (!redeemed) throw badRequest('loginLinkInvalid');
        return createSession(tx, redeemed.userId, client);
      });
      return checkedAgain(owner.userId, token);
    },

    /** A play-money test account (testFlag '1') with a generated e-mail-like username and password. */
    async createTestUser(): Promise<{ userId: number; username: string; pwd: string }> {
      const username = `test-${crypto.randomBytes(6).toString('hex')}@${TEST_USER_DOMAIN}`;
      const pwd = randomFrom(INVITE_ALPHABET.toLowerCase() + INVITE_ALPHABET, 12);
      const passwordHash = await hashPassword(pwd);
      const userId = await database.transaction((tx) =>
        insertUser(tx, { username, passwordHash, testFlag: '1', testPwd: pwd }),
      );
      return { userId, username, pwd };
    },

    async findUserByUsername(username: string) {
      const [user] = await db
        .select({
          id: users.id,
          username: users.username,
          testFlag: users.testFlag,
          kyc: users.kyc,
          name: users.name,
        })
        .from(users)
        .where(eq(users.username, username.trim().toLowerCase()));
      return user ?? null;
    },

    /**
     * What payments decides a deposit or withdrawal on (KYC, test account, USDT, the payout holder): one
     * read, without the referral counts of `profile` (in `exec`: inside a caller's transaction). Throws the session
     * error when the user is gone.
     */
    async payoutProfile(userId: number, exec: Executor = db) {
      const user = await loadUser(exec, userId);
      const { username, name, cardNo, kyc, testFlag, lx } = user;
      return { username, name, cardNo, kyc, testFlag, lx: config.jurisdiction === 'br' ? '' : lx };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
