/**
 * `npm run bench:originals`: dice bets over HTTP against the compiled server (as `npm start` runs it) on a fresh
 * PostgreSQL database, BENCH_PLAYERS signed-in players with deposits, one autocannon connection per player (64
 * players betting at once), each bet with its own Idempotency-Key. In the same run, on a second fresh database beside it: the
 * bare ledger's hold + settle rate (the same 64 concurrency, the ledger's functions called directly, batched as
 * they are on `database.db`), the same two calls inside one transaction per bet (what a bet does), and an
 * authenticated one-query read over HTTP (`GET /api/app/originals/fairness`): the three split a bet's time into
 * HTTP + session, the transaction, and the ledger. Then the roll-up, the ledger audit and the drift.
 *
 * The four measurements run BENCH_ROUNDS times in turn (the shared machine's load drifts within a minute); each
 * figure is the median over the rounds and the share of the bare ledger is the median of the per-round shares.
 * Both databases are warmed up first and analysed before each round (this machine's PostgreSQL runs without
 * autovacuum: plans made for empty tables would otherwise stay). Each measurement also prints the CPU it took
 * per operation of the server, the PostgreSQL backends of its database and this process.
 * Options (env): DATABASE_URL (base; a fresh database is created beside it and dropped), BENCH_SECONDS=4 per
 * measurement, BENCH_ROUNDS=3,
 * BENCH_PLAYERS=64, BENCH_LOG_LEVEL=info (the default an operator runs with), BENCH_DRAIN_SECONDS=30 (how long
 * the relay's delivery of the bets' backlog is watched after them), REDIS_URL (optional: the bus over
 * Redis, as a cluster node runs), BENCH_PROFILE=<dir> (the server writes a V8 CPU profile there). Goals on this 2-core machine: >= 2,000 bets/s, p99 <= 50 ms, >= half the bare
 * ledger rate, zero drift. Ends with one JSON line.
 */
import crypto from 'node:crypto';
import { TxType } from '@aposta/contracts';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import {
  auditLedger,
  hold,
  post,
  rollUp,
  settle,
  type SystemKind,
} from '../apps/server/src/modules/ledger/index';
import { openDatabase, type Database, type Executor } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/postgres';
import { ensureBuilt } from '../scripts/build.mjs';
import {
  backendCpuMs,
  cpuSince,
  load,
  percentile,
  processCpuMs,
  registerPlayer,
  round,
  startServer,
  stop,
} from './common';
import { diceOutcome, measure } from './outcomes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/** Rounds of the four measurements one after the other: the machine's load drifts, so ratios are taken per round. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** At most this long, after the bets, watching the outbox relay deliver their backlog. */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 30);
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? '';
const CAPTCHA = 'BENCH1';
const DEPOSIT = 100_000_000; // R$ 1.000.000 per player: nobody runs out
const STAKE = 100;
const HOUSE: SystemKind = 'house.originals';

interface Figure {
  target: string;
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  load1: number;
  /** CPU per operation (µs) of the server, the database's PostgreSQL backends and this process, when measured. */
  cpuUs?: { server: number; postgres: number; bench: number };
}

interface Summary extends Figure {
  worstP99Ms: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Medians over the rounds (failures summed, the worst p99 kept beside the median one). */
function summary(runs: Figure[]): Summary {
  return {
    target: runs[0]!.target,
    perSec: Math.round(median(runs.map((r) => r.perSec))),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    worstP99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    failures: runs.reduce((n, r) => n + r.failures, 0),
    load1: median(runs.map((r) => r.load1)),
  };
}

function print(f: Figure) {
  console.log(
    `${f.target.padEnd(22)} ${String(f.perSec).padStart(6)} /s  p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms` +
      `${f.failures ? `  FAILURES ${f.failures}` : ''}  load ${f.load1}` +
      (f.cpuUs
        ? `  cpu µs/op: server ${f.cpuUs.server}, postgres ${f.cpuUs.postgres}, bench ${f.cpuUs.bench}`
        : ''),
  );
  return f;
}

/**
 * Runs one measurement and adds the CPU it took per operation: of `server` (the process, its relay included), of
 * the backends of `database` and of this process, over the whole run (its warm-up included) divided by its rate.
 */
async function withCpu(database: Database, server: number | null, run: () => Promise<Figure>) {
  const pg0 = await backendCpuMs(database);
  const server0 = server === null ? 0 : (processCpuMs(server) ?? 0);
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const f = await run();
  const ms = performance.now() - t0;
  const pg1 = await backendCpuMs(database);
  const self = process.cpuUsage(self0);
  const perOp = (cpuMs: number) => Math.round((cpuMs / ms / Math.max(f.perSec, 1)) * 1e6);
  f.cpuUs = {
    server: server === null ? 0 : perOp((processCpuMs(server) ?? server0) - server0),
    postgres: pg0 && pg1 ? perOp(cpuSince(pg0, pg1)) : 0,
    bench: perOp((self.user + self.system) / 1000),
  };
  return print(f);
}

/** Dice bets: one connection per player, a fresh key per bet; after a one-second warm-up. */
async function diceOverHttp(base: string, tokens: string[], target: string, url: string, body?: string) {
  const run = (duration: number) => {
    let next = 0;
    return autocannon({
      url: `${base}${url}`,
      connections: tokens.length,
      duration,
      method: body ? 'POST' : 'GET',
      requests: [
        {
          setupRequest: (req, ctx) => {
            // Each connection keeps one player: 64 connections are 64 players betting at once.
            const context = ctx as { token?: string };
            context.token ??= tokens[next++ % tokens.length];
            return {
              ...req,
              headers: {
                ...req.headers,
                'content-type': 'application/json',
                authorization: `Bearer ${context.token!}`,
                ...(body ? { 'idempotency-key': crypto.randomUUID() } : {}),
              },
              ...(body ? { body } : {}),
            };
          },
        },
      ],
    });
  };
  await run(1);
  const r = await run(SECONDS);
  return {
    target,
    perSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts + (r.requests.total === 0 ? 1 : 0),
    load1: load()[0]!,
  };
}

let nextRef = 0;
/** A bet as the ledger alone does it: hold, then settle (win or lose), on `exec`. */
async function ledgerBet(exec: Executor, userId: number, win: boolean) {
  const h = await hold(exec, {
    type: TxType.BET,
    userId,
    amount: STAKE,
    product: 'originals',
    reference: `bench-${++nextRef}`,
  });
  await settle(exec, {
    holdId: h.txId,
    capture: STAKE,
    to: [{ kind: HOUSE, amount: STAKE }],
    ...(win ? { payout: { from: HOUSE, amount: 2 * STAKE } } : {}),
  });
}

/** `clients` loops of bets for `seconds` (after half a second of warm-up), each client its own player. */
async function bareLedger(
  database: Database,
  target: string,
  userIds: number[],
  inTransaction: boolean,
  seconds = SECONDS,
) {
  const latencies: number[] = [];
  const counting = performance.now() + 500;
  const deadline = counting + seconds * 1000;
  let failures = 0;
  await Promise.all(
    userIds.map(async (userId) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const win = Math.random() < 0.49;
        try {
          if (inTransaction) await database.transaction((tx) => ledgerBet(tx, userId, win));
          else await ledgerBet(database.db, userId, win);
          if (t0 >= counting) latencies.push(performance.now() - t0);
        } catch (err) {
          if (!failures++) console.error(err);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    target,
    perSec: Math.round(latencies.length / ((performance.now() - counting) / 1000)),
    p50Ms: round(percentile(latencies, 50), 2),
    p99Ms: round(percentile(latencies, 99), 2),
    failures,
    load1: load()[0]!,
  };
}

async function deposit(database: Database, userIds: number[]) {
  await Promise.all(
    userIds.map((userId) =>
      post(database.db, {
        type: TxType.DEPOSIT,
        players: [{ userId, amount: DEPOSIT }],
        system: [{ kind: 'payment_clearing', amount: -DEPOSIT }],
      }),
    ),
  );
}

/** Money is neither created nor lost: every balance (system ones with their pending roll-up) sums to 0. */
async function drift(database: Database): Promise<number> {
  const r = (await database.db.execute(
    sql`select (select coalesce(sum(balance), 0) from ledger_accounts)
             + (select coalesce(sum(amount), 0) from ledger_deltas) as total`,
  )) as unknown as { rows: { total: string }[] };
  return Number(r.rows[0]!.total);
}

/** The bets' own books: what players were paid less what they staked equals the house's loss. */
async function betTotals(database: Database) {
  const r = (await database.db.execute(
    sql`select count(*)::int as bets, coalesce(sum(payout - amount), 0) as net from originals_bets`,
  )) as unknown as { rows: { bets: number; net: string }[] };
  return { bets: r.rows[0]!.bets, net: Number(r.rows[0]!.net) };
}

async function outboxFigures(database: Database) {
  const r = (await database.db.execute(
    sql`select count(*)::int as deliveries, (count(*) filter (where done_at is null))::int as pending
          from outbox_deliveries`,
  )) as unknown as { rows: { deliveries: number; pending: number }[] };
  const { deliveries, pending } = r.rows[0]!;
  return { deliveries, pending, done: deliveries - pending };
}

async function main() {
  await ensureBuilt('server');
  const loadBefore = load();
  console.log(
    `originals benchmark: dice over HTTP, ${PLAYERS} players at once, ${SECONDS} s per run, LOG_LEVEL=${LOG_LEVEL}, Redis ${REDIS_URL ? 'on' : 'off'}, load ${loadBefore.join(' ')}`,
  );
  const fresh = await createPostgresDatabase(BASE_URL);
  const { child, base } = await startServer({
    DATABASE_URL: fresh.url,
    REDIS_URL,
    REDIS_PREFIX: `bench${crypto.randomBytes(3).toString('hex')}:`,
    LOG_LEVEL,
    TEST_CAPTCHA_CODE: CAPTCHA,
  });
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 24 });
  const bareFresh = await createPostgresDatabase(BASE_URL);
  const bareDatabase = await openDatabase({ kind: 'postgres', url: bareFresh.url, poolSize: 24 });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < PLAYERS; i++) tokens.push(await registerPlayer(base, CAPTCHA));
    const ids = await Promise.all(
      tokens.map(async (token) => {
        const r = await fetch(`${base}/api/app/user/userInfo`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await r.json()) as { data: { uId: number } }).data.uId;
      }),
    );
    await deposit(database, ids);
    // The bare ledger plays on a database of its own beside the server's (same PostgreSQL, same schema): its
    // settlements' facts would otherwise be delivered by the server's relay during the next run of bets.
    const ledgerIds = Array.from({ length: PLAYERS }, (_, i) => 10_000_000 + i);
    await deposit(bareDatabase, ledgerIds);

    const dice = JSON.stringify({ amount: STAKE / 100, target: 50.5, condition: 'over' });
    // Warm-up: the server compiles its hot paths and caches the players' sessions and seed pairs.
    print(await diceOverHttp(base, tokens, 'warm-up (dice bets)', '/api/app/originals/dice/bet', dice));
    // The same for the bare ledger: without it, its first round ran on plans made for its empty tables.
    print(await bareLedger(bareDatabase, 'warm-up (bare ledger)', ledgerIds, false, 1));
    const rounds: { read: Figure; bets: Figure; bare: Figure; bareTx: Figure }[] = [];
    for (let k = 1; k <= ROUNDS; k++) {
      console.log(`round ${k} of ${ROUNDS}`);
      // This machine's PostgreSQL runs without autovacuum (a production one analyses as tables grow, which also
      // replans the functions' cached plans): the statistics of the tables the previous round filled, or the
      // planner keeps plans made for empty tables.
      for (const db of [database, bareDatabase]) await db.executeSql('analyze');
      rounds.push({
        read: await withCpu(database, child.pid!, () =>
          diceOverHttp(base, tokens, 'http read (fairness)', '/api/app/originals/fairness'),
        ),
        bets: await withCpu(database, child.pid!, () =>
          diceOverHttp(base, tokens, 'dice bets over http', '/api/app/originals/dice/bet', dice),
        ),
        bare: await withCpu(bareDatabase, null, () =>
          bareLedger(bareDatabase, 'bare ledger (batched)', ledgerIds, false),
        ),
        bareTx: await withCpu(bareDatabase, null, () =>
          bareLedger(bareDatabase, 'ledger in a transaction', ledgerIds, true),
        ),
      });
    }
    const [read, bets, bare, bareTx] = (['read', 'bets', 'bare', 'bareTx'] as const).map((key) =>
      summary(rounds.map((r) => r[key])),
    ) as [Summary, Summary, Summary, Summary];
    const share = median(rounds.map((r) => r.bets.perSec / r.bare.perSec));
    console.log('medians over the rounds:');
    for (const f of [read, bets, bare, bareTx]) print(f);
    console.log(
      `bets / bare ledger per round: ${rounds.map((r) => round(r.bets.perSec / r.bare.perSec, 2)).join(', ')}`,
    );

    // The relay's side of the bets (handlers of their settlements): what it had not delivered yet, and how fast
    // it delivers once the bets stop (for up to DRAIN_SECONDS).
    const outbox = await outboxFigures(database);
    const drainStart = performance.now();
    let drained = outbox;
    while (drained.pending > 0 && performance.now() - drainStart < DRAIN_SECONDS * 1_000) {
      await new Promise((r) => setTimeout(r, 1_000));
      drained = await outboxFigures(database);
    }
    const drainSeconds = (performance.now() - drainStart) / 1_000;
    const relayPerSec = Math.round((drained.done - outbox.done) / drainSeconds);
    console.log(
      `outbox after the bets: ${outbox.deliveries} deliveries made, ${outbox.pending} not delivered yet; ` +
        `then ${relayPerSec} delivered/s for ${round(drainSeconds, 1)} s (${drained.pending} left)  load ${load()[0]}`,
    );

    const outcomes = measure(diceOutcome, 2);
    console.log(`outcome engine (dice, one core)  ${outcomes} outcomes/s  load ${load()[0]}`);

    let d = 0;
    const audits = [];
    for (const db of [database, bareDatabase]) {
      const beforeRollUp = await drift(db);
      await rollUp(db.db);
      audits.push(await auditLedger(db));
      d += Math.abs(beforeRollUp) + Math.abs(await drift(db));
    }
    const audit = { ok: audits.every((a) => a.ok), checks: audits.flatMap((a) => a.checks) };
    const totals = await betTotals(database);
    console.log(
      `drift ${d}, audit ${audit.ok ? 'OK' : 'FAULTS'}, ${totals.bets} dice bets stored, players' net ${totals.net} centavos`,
    );
    if (!audit.ok) console.log(JSON.stringify(audit.checks.filter((c) => c.faults.length)));
    const result = {
      bench: 'originals',
      seconds: SECONDS,
      rounds: ROUNDS,
      players: PLAYERS,
      logLevel: LOG_LEVEL,
      redis: Boolean(REDIS_URL),
      loadAverage: { before: loadBefore, after: load() },
      betsPerSec: bets.perSec,
      betsP50Ms: bets.p50Ms,
      betsP99Ms: bets.p99Ms,
      betsWorstP99Ms: bets.worstP99Ms,
      bareLedgerPerSec: bare.perSec,
      ledgerInTransactionPerSec: bareTx.perSec,
      httpReadPerSec: read.perSec,
      shareOfBareLedger: round(share, 2),
      outcomesPerSec: outcomes,
      outbox: { ...outbox, relayPerSec, leftAfterDrain: drained.pending },
      drift: d,
      auditOk: audit.ok,
      goals: {
        betsPerSec: bets.perSec >= 2_000,
        p99: bets.p99Ms <= 50,
        halfOfLedger: share >= 0.5,
        zeroDrift: d === 0,
        outcomes: outcomes >= 300_000,
      },
      runs: rounds,
    };
    console.log(JSON.stringify(result));
    if (!audit.ok || d !== 0 || bets.failures || bare.failures || bareTx.failures) process.exitCode = 1;
  } finally {
    await stop(child);
    await database.close();
    await bareDatabase.close();
    await fresh.drop();
    await bareFresh.drop();
  }
}

await main();
export {};
