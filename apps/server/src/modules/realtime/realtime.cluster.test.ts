import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../platform/db';
import {
  createPostgresDatabase,
  expectCleanLedgerThenClose,
  freePort,
  onPostgres,
  TEST_CAPTCHA,
  TEST_OPERATOR_KEY,
} from '../../../test/helpers';
import {
  connectClient,
  connected,
  depositThroughSandbox,
  disconnected,
  next,
  registerPlayer,
  type Client,
} from '../../../test/realtime-client';

/**
 * Two server processes on one PostgreSQL database and one Redis, as in production behind a load balancer:
 * what happens on one node reaches the players connected to the other.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
const base: string[] = [];
const config = loadConfig();

describe.runIf(onPostgres && config.redisUrl)('realtime gateway on two nodes', () => {
  const children: ChildProcess[] = [];
  const clients: Client[] = [];
  const prefix = `t${crypto.randomBytes(4).toString('hex')}:`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase((config.database as { url: string }).url);
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: config.redisUrl!,
      REDIS_PREFIX: prefix,
      OPERATOR_KEY: TEST_OPERATOR_KEY,
      TEST_CAPTCHA_CODE: TEST_CAPTCHA,
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(serverDir, 'no-web-app'),
    };
    const ports = [await freePort(), await freePort()];
    base.push(...ports.map((p) => `http://127.0.0.1:${p}`));
    for (const port of ports) {
      // `env` adds the settings to the inherited environment (only config.ts reads process.env).
      const vars = Object.entries({ ...env, PORT: String(port) }).map(([k, v]) => `${k}=${v}`);
      const child = spawn('env', [...vars, tsx, 'src/main.ts'], { cwd: serverDir, stdio: 'inherit' });
      children.push(child);
    }
    await Promise.all(ports.map((port, i) => waitReady(port, children[i]!)));
  }, 90_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null) return resolve(null);
            c.once('exit', resolve);
            c.kill('SIGTERM');
          }),
      ),
    );
    if (!database) return;
    // The nodes moved money (a sandbox deposit): the ledger they leave must pass the audit.
    const ledger = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    await expectCleanLedgerThenClose(ledger, async () => {
      await ledger.close();
      await database.drop();
    });
  }, 60_000);

  const open = async (node: number, token: string) => {
    const socket = connectClient(base[node]!, { token });
    clients.push(socket);
    return connected(socket);
  };

  it('joins the two nodes through the Redis adapter', async () => {
    const res = await fetch(`${base[0]}/api/operator/realtime`, {
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(((await res.json()) as { data: { nodes: number } }).data.nodes).toBe(2);
  });

  it('delivers a deposit paid on node A (balance and paySuccess) to the player connected to node B', async () => {
    const token = await registerPlayer(base[0]!);
    const onB = await open(1, token);
    const update = next(onB, 'updateUserInfo');
    const paid = next(onB, 'paySuccess');
    await depositThroughSandbox(base[0]!, token);
    expect((await update).balance).toBeGreaterThan(0);
    expect((await paid).czflag).toBe(0);
  });

  it('delivers a notice published on node B to the players connected to node A', async () => {
    const [t1, t2] = await Promise.all([registerPlayer(base[0]!), registerPlayer(base[1]!)]);
    const [onA, onB] = await Promise.all([open(0, t1), open(1, t2)]);
    const got = Promise.all([next(onA, 'notice'), next(onB, 'notice')]);
    const res = await fetch(`${base[1]}/api/operator/notices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-key': TEST_OPERATOR_KEY },
      body: JSON.stringify({ text: 'from node B' }),
    });
    expect(res.status).toBe(200);
    expect(await got).toEqual([{ text: 'from node B' }, { text: 'from node B' }]);
  });

  it('closes on node B the sockets of a session signed out on node A', async () => {
    const token = await registerPlayer(base[0]!);
    const onB = await open(1, token);
    const closed = disconnected(onB);
    const out = await fetch(`${base[0]}/api/auth/user/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

async function waitReady(port: number, child: ChildProcess) {
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the node on port ${port} did not become ready`);
}
