/**
 * Ledger throughput: a bet = hold the stake, then settle it (win or lose against one hot house account).
 * 1, 8 and 32 concurrent clients, on PostgreSQL (DATABASE_URL, or the local default; a fresh database that
 * is dropped afterwards) and on PGlite (in memory). The same run measures a naive baseline in which every
 * bet locks and updates the house row, and the resettlement rate (a settled bet's result corrected: win
 * to loss and back, each one reversal and one new settlement), then rolls up and audits the ledger.
 *
 *   npm run bench:ledger            BENCH_SECONDS=3 (per configuration), BENCH_CLIENTS=1,8,32,
 *                                   BENCH_ENGINES=postgres,pglite, BENCH_MODES=ledger,resettle,naive,
 *                                   BENCH_PLAYERS=2000 (fewer: clients share players, more row contention)
 *
 * Prints a table, then ONE JSON line with every figure.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  auditLedger,
  hold,
  post,
  resettle,
  rollUp,
  settle,
  type SystemKind,
} from '../apps/server/src/modules/ledger/index';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { backendCpuMs, cpuSince, percentile } from './common';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8,32').split(',').map(Number);
/** Engines to measure (the JSON line's ratios need postgres with 32 clients). */
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
const MODES = (process.env.BENCH_MODES ?? 'ledger,resettle,naive').split(',') as Mode[];
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2_000);
const STAKE = 100;
const HOUSE: SystemKind = 'house.originals';
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Mode = 'ledger' | 'naive' | 'resettle';
interface Figures {
  engine: string;
  mode: Mode;
  clients: number;
  bets: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time per operation (ms): this process (PGlite runs inside it) and, on PostgreSQL, its backends. */
  cpuMsPerOp: { node: number; postgres?: number };
}

let nextRef = 0;
/** Settled bets per player and whether each currently wins: what the resettlement runs correct. */
const settled = new Map<number, Map<number, boolean>>();

/** One bet through the ledger: two single-statement operations, the house only appended to. */
async function ledgerBet(database: Database, userId: number, win: boolean) {
  const h = await hold(database.db, {
    type: TxType.BET,
    userId,
    amount: STAKE,
    product: 'originals',
    reference: `bench-${++nextRef}`,
  });
  await settle(database.db, {
    holdId: h.txId,
    capture: STAKE,
    to: [{ kind: HOUSE, amount: STAKE }],
    ...(win ? { payout: { from: HOUSE, amount: 2 * STAKE } } : {}),
  });
  let mine = settled.get(userId);
  if (!mine) settled.set(userId, (mine = new Map()));
  if (mine.size < 64) mine.set(h.txId, win);
}

/** One correction of a settled bet of the player: its result flips (the old settlement reversed, a new one posted). */
async function resettleBet(database: Database, userId: number) {
  const mine = settled.get(userId)!;
  const [holdId, won] = mine.entries().next().value!;
  mine.delete(holdId);
  await resettle(database.db, {
    holdId,
    capture: STAKE,
    to: [{ kind: HOUSE, amount: STAKE }],
    ...(won ? {} : { payout: { from: HOUSE, amount: 2 * STAKE } }),
  });
  mine.set(holdId, !won);
}

/**
 * The naive way: each step a transaction that locks what it touches, the house row included, so every
 * settlement waits for the one before it. Same rows and postings as the ledger, house balance updated.
 */
async function naiveBet(database: Database, userId: number, win: boolean) {
  const account = `u${userId}:cash:BRL`;
  const house = `real:${HOUSE}:BRL`;
  const holdId = await database.transaction(async (tx) => {
    const [p] = (
      (await tx.execute(
        sql`select balance - held as free from ledger_accounts where id = ${account} for update`,
      )) as unknown as { rows: { free: string }[] }
    ).rows;
    if (!p || Number(p.free) < STAKE) throw new Error('insufficient');
    await tx.execute(sql`update ledger_accounts set held = held + ${STAKE} where id = ${account}`);
    const [t] = (
      (await tx.execute(
        sql`insert into ledger_transactions (type, book, user_id) values (${TxType.BET}, 'real', ${userId}) returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await tx.execute(sql`insert into ledger_holds (tx_id, type, account_id, user_id, book, currency, amount, product, reference)
      values (${t!.id}, ${TxType.BET}, ${account}, ${userId}, 'real', 'BRL', ${STAKE}, 'originals', ${`naive-${++nextRef}`})`);
    return Number(t!.id);
  });
  await database.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ledger_accounts where id = ${house} for update`);
    const payout = win ? 2 * STAKE : 0;
    const net = payout - STAKE;
    const [t] = (
      (await tx.execute(
        sql`insert into ledger_transactions (type, book, user_id, hold_id)
            values (${TxType.BET_SETTLED}, 'real', ${userId}, ${holdId}) returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await tx.execute(sql`update ledger_holds set state = 'posted', closed_by = ${t!.id}, posted = ${STAKE},
      paid = ${payout} where tx_id = ${holdId} and state = 'held'`);
    // The same turnover fact the ledger writes.
    await tx.execute(sql`insert into outbox_events (topic, payload) values ('ledger.stakeSettled',
      ${JSON.stringify({ txId: Number(t!.id), holdId, userId, cash: STAKE, bonus: 0, payout, turnover: STAKE })}::jsonb)`);
    await tx.execute(sql`insert into ledger_postings (tx_id, account_id, currency, amount)
      values (${t!.id}, ${account}, 'BRL', ${net}), (${t!.id}, ${house}, 'BRL', ${-net})`);
    await tx.execute(sql`update ledger_accounts set balance = balance + ${net}, held = held - ${STAKE}
      where id = ${account}`);
    await tx.execute(sql`update ledger_accounts set balance = balance - ${net} where id = ${house}`);
  });
}

async function run(database: Database, engine: string, mode: Mode, clients: number): Promise<Figures> {
  const bet =
    mode === 'ledger'
      ? ledgerBet
      : mode === 'naive'
        ? naiveBet
        : (database: Database, userId: number) => resettleBet(database, userId);
  const latencies: number[] = [];
  const cpu0 = { node: process.cpuUsage(), postgres: await backendCpuMs(database) };
  // Half a second of warm-up (connections, plans, caches) is played but not counted.
  const counting = performance.now() + 500;
  const deadline = counting + SECONDS * 1000;
  let failures = 0;
  let warmups = 0;
  // Resettlements correct the bets settled in the ledger runs: only players who have some.
  // Each player's bets belong to one client (the count of players a multiple of the clients').
  const all = mode === 'resettle' ? [...settled.keys()] : null;
  const ids = all ? all.slice(0, all.length - (all.length % clients)) : null;
  if (ids && !ids.length) throw new Error('no settled bets to resettle');
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      // Each client plays its own slice of players: no two clients wait on the same player row.
      let i = c;
      while (performance.now() < deadline) {
        const userId = ids ? ids[i % ids.length]! : 1 + (i % PLAYERS);
        i += clients;
        const t0 = performance.now();
        try {
          await bet(database, userId, Math.random() < 0.48);
          if (t0 >= counting) latencies.push(performance.now() - t0);
          else warmups++;
        } catch (err) {
          failures++;
          if (failures === 1) console.error(err);
        }
      }
    }),
  );
  const elapsed = (performance.now() - counting) / 1000;
  // CPU counted from the start (warm-up included), per operation played: independent of the machine's load.
  const played = latencies.length + warmups;
  const nodeCpu = process.cpuUsage(cpu0.node);
  const pgCpu = cpu0.postgres && (await backendCpuMs(database));
  latencies.sort((a, b) => a - b);
  const f = {
    engine,
    mode,
    clients,
    bets: latencies.length,
    opsPerSec: Math.round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    cpuMsPerOp: {
      node: round3((nodeCpu.user + nodeCpu.system) / 1000 / played),
      ...(pgCpu && cpu0.postgres ? { postgres: round3(cpuSince(cpu0.postgres, pgCpu) / played) } : {}),
    },
  };
  console.log(
    `${engine.padEnd(9)} ${mode.padEnd(8)} clients=${String(clients).padStart(2)}  ${String(f.opsPerSec).padStart(6)} ops/s  p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms  cpu/op node ${f.cpuMsPerOp.node} ms${f.cpuMsPerOp.postgres !== undefined ? ` postgres ${f.cpuMsPerOp.postgres} ms` : ''}${failures ? `  FAILURES ${failures}` : ''}`,
  );
  if (failures) throw new Error(`${failures} bets failed`);
  return f;
}

const round = (n: number) => Math.round(n * 100) / 100;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

async function fund(database: Database) {
  for (let u = 1; u <= PLAYERS; u += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, PLAYERS - u + 1) }, (_, k) =>
        post(database.db, {
          type: TxType.DEPOSIT,
          players: [{ userId: u + k, amount: 1_000_000_000 }],
          system: [{ kind: 'payment_clearing', amount: -1_000_000_000 }],
        }),
      ),
    );
  }
}

/** Money is neither created nor lost: every balance (system ones with their pending roll-up) sums to 0. */
async function drift(database: Database): Promise<number> {
  const r = (await database.db.execute(
    sql`select (select coalesce(sum(balance), 0) from ledger_accounts)
             + (select coalesce(sum(amount), 0) from ledger_deltas) as total`,
  )) as unknown as { rows: { total: string }[] };
  return Number(r.rows[0]!.total);
}

async function engine(name: string, database: Database) {
  await fund(database);
  const figures: Figures[] = [];
  settled.clear();
  for (const mode of MODES) {
    // The naive bets update the house row itself: it must exist, with everything appended so far.
    await rollUp(database.db);
    for (const clients of CLIENTS) figures.push(await run(database, name, mode, clients));
  }
  const beforeRollUp = await drift(database);
  await rollUp(database.db);
  const audit = await auditLedger(database);
  const d = Math.abs(beforeRollUp) + Math.abs(await drift(database));
  console.log(`${name}: drift ${d}, audit ${audit.ok ? 'OK' : 'FAULTS'}`);
  if (!audit.ok) console.log(JSON.stringify(audit.checks.filter((c) => c.faults.length)));
  return { figures, drift: d, auditOk: audit.ok };
}

async function withPostgres<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const name = `bench_ledger_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 40 });
  try {
    return await fn(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  console.log(`ledger benchmark: ${SECONDS}s per configuration, ${PLAYERS} players, stake ${STAKE}`);
  // Figures on a shared machine depend on its other work: the load average goes into the result.
  const loadBefore = round(os.loadavg()[0]!);
  const empty = { figures: [] as Figures[], drift: 0, auditOk: true };
  const postgres = ENGINES.includes('postgres') ? await withPostgres((db) => engine('postgres', db)) : empty;
  let pglite = empty;
  if (ENGINES.includes('pglite')) {
    const lite = await openDatabase({ kind: 'pglite', memory: true });
    pglite = await engine('pglite', lite).finally(() => lite.close());
  }

  const at = (r: typeof postgres, mode: Mode, clients: number) =>
    r.figures.find((f) => f.mode === mode && f.clients === clients);
  const pg32 = at(postgres, 'ledger', 32);
  const naive32 = at(postgres, 'naive', 32);
  const lite32 = at(pglite, 'ledger', 32);
  const ratio = (a?: Figures, b?: Figures) => (a && b ? round(a.opsPerSec / b.opsPerSec) : undefined);
  const result = {
    bench: 'ledger',
    secondsPerConfig: SECONDS,
    cpus: os.cpus().length,
    loadAverage: [loadBefore, round(os.loadavg()[0]!)],
    postgres32: pg32?.opsPerSec,
    postgres32P99Ms: pg32?.p99Ms,
    postgres32CpuMsPerBet: pg32?.cpuMsPerOp,
    naive32: naive32?.opsPerSec,
    speedupVsNaive: ratio(pg32, naive32),
    pglite32: lite32?.opsPerSec,
    pgliteShareOfPostgres: ratio(lite32, pg32),
    resettlePostgres32: at(postgres, 'resettle', 32)?.opsPerSec,
    resettlePostgres32P99Ms: at(postgres, 'resettle', 32)?.p99Ms,
    resettlePglite32: at(pglite, 'resettle', 32)?.opsPerSec,
    drift: postgres.drift + pglite.drift,
    auditOk: postgres.auditOk && pglite.auditOk,
    runs: [...postgres.figures, ...pglite.figures],
  };
  console.log(JSON.stringify(result));
  if (!result.auditOk || result.drift !== 0) process.exitCode = 1;
}

await main();
