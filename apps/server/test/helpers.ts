import crypto from 'node:crypto';
import net from 'node:net';
import { expect } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import { TxType, type OperatorRole } from '@aposta/contracts';
import * as OTPAuth from 'otpauth';
import { auditLedger, hold, post, settle } from '../src/modules/ledger';
import { auditWagering, deliverLedgerFacts, recordCredit } from '../src/modules/wagering';
import { openDatabase, type Database, type Tx } from '../src/platform/db';
import type { SQL } from 'drizzle-orm';
import { createPostgresDatabase } from './postgres';
import { freePort, TEST_CAPTCHA, TEST_OPERATOR_KEY } from './process-env';

/** The engine the suite runs on: PostgreSQL when DATABASE_URL is set (CI's second pass), else PGlite. */
export const onPostgres = loadConfig().database.kind === 'postgres';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or on PostgreSQL a new database that
 * is dropped on close, so test files never see each other's rows.
 */
export async function createTestDatabase(): Promise<Database> {
  const base = loadConfig().database;
  if (base.kind === 'pglite') return openDatabase({ kind: 'pglite', memory: true });
  const fresh = await createPostgresDatabase(base.url);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 40 });
  const close = database.close.bind(database);
  return Object.assign(database, {
    close: async () => {
      await close();
      await fresh.drop();
    },
  });
}

export { createPostgresDatabase };

/** The address an in-process test server listens on (after `listen({ port: 0 })`). */
export function baseUrlOf(server: { address(): string | net.AddressInfo | null }): string {
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

export { freePort, TEST_CAPTCHA, TEST_OPERATOR_KEY };

/**
 * The real app over a fresh database (or `on`, one an earlier app of the test left open: a restart, another
 * profile), with the black-box test settings. Close it in afterAll.
 */
export async function createTestApp(
  env: Env = {},
  on?: Database,
): Promise<{ app: App; database: Database; close: () => Promise<void> }> {
  const database = on ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TEST_CAPTCHA_CODE: TEST_CAPTCHA,
    OPERATOR_KEY: TEST_OPERATOR_KEY,
    RATE_LIMIT_PER_MINUTE: '100000',
    // The shared rounds' clock (a step every 200 ms) only where a test asks for it (ROUNDS_CLOCK: 'on').
    ROUNDS_CLOCK: 'off',
    // The sandbox sports feed (simulated fixtures and matches) only where a test asks for it.
    SPORTS_FEED: 'off',
    // Each test app gets its own Redis key prefix: rate-limit counters and bus channels never leak between files.
    ...(loadConfig().redisUrl
      ? { REDIS_URL: loadConfig().redisUrl, REDIS_PREFIX: `t${crypto.randomBytes(4).toString('hex')}:` }
      : {}),
    ...env,
  } as Record<string, string>);
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * VIP upgrade rewards off (every level's reward 0), for tests whose books count every credit of a player and are
 * not about VIP: otherwise the turnover they make pays a level's reward, at a moment the outbox decides.
 */
export async function withoutVipRewards(app: App) {
  const table = (await app.settings.all())['vip.table'].map((level) => ({ ...level, reward: 0 }));
  const res = await app.inject({
    method: 'PUT',
    url: '/api/operator/settings',
    headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    payload: { 'vip.table': table },
  });
  if (res.statusCode !== 200) throw new Error(`settings refused: ${res.body}`);
}

/**
 * The end of every test file that moves money: the ledger and wagering audits must find no fault in what
 * all its tests did (so running one test alone checks it too), then the database closes whatever they said.
 */
export async function expectCleanLedgerThenClose(database: Database, close: () => Promise<void>) {
  try {
    const audit = await auditLedger(database);
    expect(audit.checks.filter((check) => check.faults.length)).toEqual([]);
    expect(audit.ok).toBe(true);
    // The wagering module, once every ledger fact is delivered (the tests run without the outbox relay).
    await deliverLedgerFacts(database);
    const wagering = await auditWagering(database);
    expect(wagering.checks.filter((check) => check.faults.length)).toEqual([]);
  } finally {
    await close();
  }
}

/**
 * Players for API tests: `signUp` registers one through the real routes; `fund` deposits as the payments
 * module credits a deposit (the ledger posting and its wagering requirement, in one transaction).
 */
export function testPlayers(app: App, database: Database) {
  async function signUp(prefix = 'p') {
    const username = `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await app.inject({ url: `/api/auth/user/captcha/${codeId}` });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: { username, pwd: 'correct horse 1', pwd1: 'correct horse 1', codeId, captCode: TEST_CAPTCHA },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const token = res.json().data.access_token as string;
    const info = await app.inject({
      url: '/api/app/user/userInfo',
      headers: { authorization: `Bearer ${token}` },
    });
    return { token, id: info.json().data.uId as number, username };
  }

  async function fund(userId: number, amount: number) {
    // Read before the transaction: a statement outside its tx would deadlock PGlite (and is refused).
    const settings = await app.settings.all();
    await database.transaction(async (tx) => {
      const { txId } = await post(tx, {
        type: TxType.DEPOSIT,
        players: [{ userId, amount }],
        system: [{ kind: 'payment_clearing', amount: -amount }],
      });
      await recordCredit(tx, { userId, txId, deposit: amount }, settings);
    });
  }

  /** A stake of `amount` on the originals, lost: its settlement's fact raises the player's turnover. */
  async function lose(userId: number, amount: number) {
    const h = await hold(database.db, {
      type: TxType.BET,
      userId,
      amount,
      product: 'originals',
      reference: `bet-${crypto.randomUUID()}`,
    });
    await settle(database.db, { holdId: h.txId, capture: amount, to: [{ kind: 'house.originals', amount }] });
  }

  return { signUp, fund, lose };
}

/**
 * Operators for API tests: `signIn(role)` creates one of that role and signs in with its TOTP code, answering
 * its id, e-mail and bearer headers.
 */
export function testOperators(app: App) {
  async function signIn(role: OperatorRole) {
    const email = `${role}-${crypto.randomBytes(4).toString('hex')}@aposta.test`;
    const password = 'a long operator password';
    const { id, otpauthUrl } = await app.operators.create({ email, password, role });
    const totp = (OTPAuth.URI.parse(otpauthUrl) as OTPAuth.TOTP).generate();
    const res = await app.inject({
      method: 'POST',
      url: '/api/operator/auth/login',
      payload: { email, password, totp },
    });
    if (res.statusCode !== 200) throw new Error(`operator sign-in refused: ${res.body}`);
    const token = res.json().data.access_token as string;
    return { id, email, headers: { authorization: `Bearer ${token}` } };
  }
  return { signIn };
}

/** One directive's sources in an answer's Content-Security-Policy header (`[]` when it has none). */
export function cspDirective(header: unknown, name: string): string[] {
  const found = String(header)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

export interface Route {
  method: string;
  path: string;
}

/** The routes of `printRoutes({ commonPrefix: false })`: a tree of path segments, four columns per level. */
export function parseRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, path: stack.join('') });
  }
  return routes;
}

/**
 * Runs `fn` in a transaction that is then rolled back whatever it did, and answers what `fn` answered: two ways of
 * making one change (a fast path and the slow one) compared on the same state. `query` reads or writes in it.
 */
export async function rolledBack<T>(
  database: Database,
  fn: (query: (q: SQL) => Promise<Record<string, unknown>[]>, tx: Tx) => Promise<T>,
): Promise<T> {
  const rollback = new Error('rollback');
  let answer: T;
  await database
    .transaction(async (tx) => {
      answer = await fn(
        async (q) => ((await tx.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows,
        tx,
      );
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return answer!;
}

/** An instant as the RG refusals show it: Brasília time (UTC−3 all year since 2019), `dd/mm/yyyy hh:mm (Brasília)`. */
export function brasiliaTime(iso: string): string {
  const local = new Date(Date.parse(iso) - 3 * 3_600_000).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)} (Brasília)`;
}
