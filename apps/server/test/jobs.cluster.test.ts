import crypto from 'node:crypto';
import { isValidCpf } from '@aposta/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createPostgresDatabase, onPostgres } from './helpers';
import { registerPlayer } from './realtime-client';
import { startServer, type ServerProcess } from './server-process';

/**
 * Jobs on two server processes sharing one PostgreSQL database: every due job runs exactly once across
 * both, and when one node is killed the other takes its work over. Observed from the outside: each node logs
 * every job it finished (`job done`, with the job id), and pg-boss's own table says which jobs completed.
 */
const config = loadConfig();

describe.runIf(onPostgres)('jobs on two nodes', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let client: pg.Client;
  const nodes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase((config.database as { url: string }).url);
    const env = {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      LOG_LEVEL: 'debug',
      JOBS_POLL_SECONDS: '0.5',
      DEPOSIT_CHECK_AFTER_SECONDS: '1',
    };
    // Started together on the fresh database: both install pg-boss and create its queues at once.
    nodes.push(...(await Promise.all([startServer(env), startServer(env)])));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    for (const n of nodes) await n.kill('SIGKILL');
    await client?.end();
    await database?.drop();
  }, 60_000);

  /** A KYC'd player's unpaid deposit order: its provider checks are jobs due in 1, 2, 4 … seconds. */
  async function openOrder(node: ServerProcess): Promise<string> {
    const token = await registerPlayer(node.base);
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${node.base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { status: number; message: string; data: { orderId: string } };
      if (answer.status !== 0) throw new Error(`${url}: ${answer.message}`);
      return answer.data;
    };
    let cpf: string;
    do cpf = String(crypto.randomInt(0, 100_000_000_000)).padStart(11, '0');
    while (!isValidCpf(cpf));
    await post('/api/app/user/updateKyc', { name: 'Ana Souza', cardNo: cpf });
    return (await post('/api/app/order/prePay/4', { gift: 0, pkgId: 4, isapp: 0 })).orderId;
  }

  /** Job id -> the nodes (indexes) that logged finishing it. */
  function runs() {
    const byJob = new Map<string, number[]>();
    nodes.forEach((node, i) => {
      for (const line of node.logs()) {
        if (line.msg !== 'job done') continue;
        const id = String(line.jobId);
        byJob.set(id, [...(byJob.get(id) ?? []), i]);
      }
    });
    return byJob;
  }

  /**
   * The runs of `jobs` once every one of them is in the logs: a node logs a job before pg-boss marks it completed,
   * but its line crosses a pipe to this process, which on a loaded machine can read it after the database says
   * the job completed.
   */
  async function runsOf(jobs: { id: string }[]) {
    await vi.waitFor(
      () => {
        const logged = runs();
        expect(jobs.filter((job) => !logged.has(job.id))).toEqual([]);
      },
      { timeout: 15_000, interval: 200 },
    );
    return runs();
  }

  const completed = async (name: string, after = new Date(0)) =>
    (
      await client.query<{ id: string; data: { orderId?: string } }>(
        `select id, data from pgboss.job where name = $1 and state = 'completed' and completed_on > $2`,
        [name, after],
      )
    ).rows;

  it('runs every due job exactly once across both nodes; after one is killed, the other runs them all', async () => {
    const before = await Promise.all([openOrder(nodes[0]!), openOrder(nodes[1]!), openOrder(nodes[0]!)]);
    // Each order's checks at about 1, 3 and 7 s; the ledger roll-up about every second.
    await vi.waitFor(
      async () => {
        const checks = await completed('payments.checkDeposit');
        for (const orderId of before)
          expect(checks.filter((c) => c.data.orderId === orderId).length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 60_000, interval: 500 },
    );
    // Every job pg-boss marked completed was run by exactly one of the nodes, and both nodes took part.
    const done = [...(await completed('payments.checkDeposit')), ...(await completed('ledger.rollUp'))];
    const first = await runsOf(done);
    expect([...first.entries()].filter(([, on]) => on.length !== 1)).toEqual([]);
    for (const job of done) expect(first.get(job.id), job.id).toHaveLength(1);
    expect(new Set([...first.values()].flat())).toEqual(new Set([0, 1]));

    // Node 0 dies without a word; node 1 carries on with everything, old orders' checks included.
    expect(await nodes[0]!.kill('SIGKILL')).toBeNull();
    // Counted from the database's clock a moment later: a completion node 0 sent just before it died may still
    // commit after its exit (its last statement already in its backend's socket).
    await new Promise((r) => setTimeout(r, 1000));
    const killedAt = (await client.query<{ now: Date }>('select now()')).rows[0]!.now;
    const after = await openOrder(nodes[1]!);
    await vi.waitFor(
      async () => {
        const checks = await completed('payments.checkDeposit', killedAt);
        expect(checks.filter((c) => c.data.orderId === after).length).toBeGreaterThanOrEqual(2);
        expect(checks.some((c) => before.includes(c.data.orderId!))).toBe(true);
        expect((await completed('ledger.rollUp', killedAt)).length).toBeGreaterThanOrEqual(3);
      },
      { timeout: 90_000, interval: 500 },
    );
    const since = [
      ...(await completed('payments.checkDeposit', killedAt)),
      ...(await completed('ledger.rollUp', killedAt)),
    ];
    const all = await runsOf(since);
    expect([...all.entries()].filter(([, on]) => on.length !== 1)).toEqual([]);
    for (const job of since) expect(all.get(job.id), job.id).toEqual([1]);
  }, 240_000);
});
