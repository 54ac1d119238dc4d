import crypto from 'node:crypto';
import net from 'node:net';
import { expect } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import { auditLedger } from '../src/modules/ledger';
import { auditWagering, deliverLedgerFacts } from '../src/modules/wagering';
import { openDatabase, type Database } from '../src/platform/db';
import { createPostgresDatabase } from './postgres';

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

/**
 * A port the OS says is free now, for a server process a test starts (in-process servers listen on port 0
 * instead). No test hard-codes a port: it would fail whenever anything else holds it.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The address an in-process test server listens on (after `listen({ port: 0 })`). */
export function baseUrlOf(server: { address(): string | net.AddressInfo | null }): string {
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

export const TEST_CAPTCHA = 'TEST42';
export const TEST_OPERATOR_KEY = 'operator-key-for-tests-only';

/** The real app over a fresh database, with the black-box test settings. Close it in afterAll. */
export async function createTestApp(
  env: Env = {},
): Promise<{ app: App; database: Database; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TEST_CAPTCHA_CODE: TEST_CAPTCHA,
    OPERATOR_KEY: TEST_OPERATOR_KEY,
    RATE_LIMIT_PER_MINUTE: '100000',
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
