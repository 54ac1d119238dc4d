import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../platform/db';
import {
  createPostgresDatabase,
  expectCleanLedgerThenClose,
  onPostgres,
  TEST_OPERATOR_KEY,
} from '../../../test/helpers';
import { startServer, type ServerProcess } from '../../../test/server-process';
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
const base: string[] = [];
const config = loadConfig();

describe.runIf(onPostgres && config.redisUrl)('realtime gateway on two nodes', () => {
  const nodes: ServerProcess[] = [];
  const clients: Client[] = [];
  const prefix = `t${crypto.randomBytes(4).toString('hex')}:`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase((config.database as { url: string }).url);
    const env = {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: config.redisUrl!,
      REDIS_PREFIX: prefix,
    };
    nodes.push(...(await Promise.all([startServer(env), startServer(env)])));
    base.push(...nodes.map((n) => n.base));
  }, 90_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
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
