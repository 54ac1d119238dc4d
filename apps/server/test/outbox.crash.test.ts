import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/platform/db';
import { createPostgresDatabase, expectCleanLedgerThenClose, onPostgres, TEST_OPERATOR_KEY } from './helpers';
import { depositThroughSandbox, registerPlayer, userIdOf } from './realtime-client';
import { startServer, type ServerProcess } from './server-process';

/**
 * The outbox's promise, on the real server process: an event committed with its change survives a crash
 * between the commit and the delivery; after a restart its handler runs, once. The relay is paused on the
 * first run (OUTBOX_RELAY=paused) so the crash surely falls in that window.
 */
const config = loadConfig();
const started: ServerProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const s of started) await s.kill('SIGKILL');
  for (const c of cleanups) await c().catch(() => {});
});

async function engine(): Promise<Record<string, string>> {
  if (!onPostgres) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }
  const db = await createPostgresDatabase((config.database as { url: string }).url);
  cleanups.push(db.drop);
  return {
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '5',
    ...(config.redisUrl
      ? { REDIS_URL: config.redisUrl, REDIS_PREFIX: `t${crypto.randomBytes(4).toString('hex')}:` }
      : {}),
  };
}

const operator = async (s: ServerProcess, url: string) =>
  (
    (await (await fetch(`${s.base}${url}`, { headers: { 'x-operator-key': TEST_OPERATOR_KEY } })).json()) as {
      data: { undispatched: number; undelivered: number; failing: unknown[] };
    }
  ).data;

const balanceOf = async (s: ServerProcess, token: string) =>
  (
    (await (
      await fetch(`${s.base}/api/app/user/userInfo`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { balance: number };
    }
  ).data.balance;

const deliveries = (s: ServerProcess) =>
  s.logs().filter((l) => l.msg === 'outbox delivered' && l.topic === 'payment.credited');

describe('an event committed, then the process killed before delivery', () => {
  it('is delivered after the restart, and its handler runs once', async () => {
    const env = await engine();
    const first = await startServer({ ...env, OUTBOX_RELAY: 'paused', LOG_LEVEL: 'debug' });
    started.push(first);
    const token = await registerPlayer(first.base);
    const userId = await userIdOf(first.base, token);
    await depositThroughSandbox(first.base, token);
    // The credit is committed, its events wait: payment.credited and the wagering totals' change (VIP's input).
    expect(await balanceOf(first, token)).toBe(100);
    expect(await operator(first, '/api/operator/outbox')).toMatchObject({ undispatched: 2, undelivered: 0 });
    expect(deliveries(first)).toEqual([]);

    await first.kill('SIGKILL');

    // With Redis, the push itself (the handler's effect outside the database) is counted too.
    const pushes: unknown[] = [];
    if (env.REDIS_URL) {
      const sub = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null, enableReadyCheck: false });
      cleanups.push(() => sub.quit());
      sub.on('message', (_channel: string, message: string) => pushes.push(JSON.parse(message)));
      await sub.subscribe(`${env.REDIS_PREFIX}bus:payment.succeeded`);
    }

    const second = await startServer({ ...env, LOG_LEVEL: 'debug' });
    started.push(second);
    await vi.waitFor(
      async () =>
        expect(await operator(second, '/api/operator/outbox')).toEqual({
          undispatched: 0,
          undelivered: 0,
          failing: [],
        }),
      { timeout: 20_000, interval: 200 },
    );
    // Give a duplicate, if there were one, the time of a few relay polls to show.
    await new Promise((r) => setTimeout(r, 3_000));
    // Each handler of the event (the push, and others such as the responsible-gambling deposit count) once.
    const delivered = deliveries(second);
    expect(delivered.filter((d) => d.handler === 'payments.push')).toMatchObject([
      { handler: 'payments.push', topic: 'payment.credited' },
    ]);
    expect(new Set(delivered.map((d) => d.handler)).size).toBe(delivered.length);
    if (env.REDIS_URL) expect(pushes).toEqual([{ userId, czflag: 0, payTime: expect.any(Number) }]);
    expect(await balanceOf(second, token)).toBe(100);

    expect(await second.kill('SIGTERM')).toBe(0);

    // The money the crash straddled is accounted for: the ledger audit over what both processes wrote.
    const ledger = await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite', dataDir: env.DATA_DIR! },
    );
    await expectCleanLedgerThenClose(ledger, () => ledger.close());
  }, 180_000);
});
