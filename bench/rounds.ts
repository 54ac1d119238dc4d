/**
 * `npm run bench:rounds`: the compiled server (as `npm start` runs it) on a fresh PostgreSQL database, its round
 * clock at production speed (double: 20 s of bets). BENCH_PLAYERS players (default 5,000) each bet once over
 * HTTP in one double round's betting window (BENCH_CONCURRENCY requests in flight on kept-alive connections,
 * each with its own Idempotency-Key), while BENCH_WATCHERS watchers (default 10,000) watch double and crash:
 * lean WebSocket clients (`openWatchers`: a phone decodes its own frames, the load generator shares the 2
 * cores with the server), spread over BENCH_NODES server nodes (default 2 with REDIS_URL, the cluster's bus;
 * else 1), each node running the clock as in production (one leads, the others follow).
 * Measured: bets accepted (every bet sent before the close must be), bet latency, the round's settlement
 * (settled_at − result_at by the database's clock), round-state broadcasts (receipt − the state's read time,
 * and receipt − the phase's due time), the winners' new balances (each winning watcher's first figures push
 * after the round's result), crash ticks per second of rising curve per watcher, the frames each watcher receives
 * per second by event (each costs the server a write per socket), and the CPU seconds per second
 * of the servers, PostgreSQL and the bench. Then the ledger audit.
 *
 * Players and sessions are seeded by SQL (5,000 argon2 sign-ups would take minutes and measure nothing here);
 * their deposits go through the ledger. 10k clients need 10k open files: `ulimit -n 20000` first.
 * Options (env): DATABASE_URL (base; a fresh database is created beside it and dropped), REDIS_URL (optional),
 * BENCH_PLAYERS=5000, BENCH_WATCHERS=10000, BENCH_CONCURRENCY=64, BENCH_NODES, BENCH_LOG_LEVEL=warn,
 * BENCH_PROFILE=<dir> (a CPU profile per server node).
 * Goals: every bet before the close accepted, the round settled within 1 s of its result, broadcasts
 * p99 <= 200 ms, >= 10 crash ticks a second to every watcher. Ends with one JSON line.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { TxType, type ServerEventPayloads } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import type { ChildProcess } from 'node:child_process';
import { auditLedger, post, rollUp } from '../apps/server/src/modules/ledger/index';
import { CRASH_TICK_MS } from '../apps/server/src/modules/rounds/index';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/postgres';
import { ensureBuilt } from '../scripts/build.mjs';
import {
  backendCpuMs,
  cpuSince,
  jsonPoster,
  load,
  openWatchers,
  percentile,
  processesCpuMs,
  round,
  sleep,
  startServer,
  stop,
} from './common';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5_000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? '';
/** Server nodes sharing the watchers and the bets (the cluster needs Redis to share its pushes). */
const NODES = Number(process.env.BENCH_NODES ?? (REDIS_URL ? 2 : 1));
const DEPOSIT = 100_000; // R$ 1.000 each
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

const rows = async <T>(database: Database, q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** Players with a session each (SQL), funded through the ledger. Answers their bearer tokens. */
async function seedPlayers(database: Database, n: number) {
  const tokens: string[] = [];
  const userIds: number[] = [];
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, () => ({
      username: `rb-${crypto.randomBytes(6).toString('hex')}@example.com`,
      yqm: crypto.randomBytes(6).toString('hex').toUpperCase(),
      token: crypto.randomBytes(32).toString('hex'), // as the accounts module's: never an `op_` prefix
    }));
    const ids = await rows<{ id: number }>(
      database,
      sql`insert into users (username, password_hash, yqm)
          select * from unnest(${`{${batch.map((b) => b.username).join(',')}}`}::text[],
            array_fill('bench-no-password'::text, array[${batch.length}::int]),
            ${`{${batch.map((b) => b.yqm).join(',')}}`}::text[])
          returning id`,
    );
    await database.db.execute(
      sql`insert into sessions (id, user_id, token_hash, expires_at)
          select gen_random_uuid()::text, u, h, now() + interval '1 day'
          from unnest(${`{${ids.map((r) => r.id).join(',')}}`}::int[], ${`{${batch.map((b) => sha256(b.token)).join(',')}}`}::text[]) as x(u, h)`,
    );
    await Promise.all(
      ids.map(({ id }) =>
        post(database.db, {
          type: TxType.DEPOSIT,
          players: [{ userId: id, amount: DEPOSIT }],
          system: [{ kind: 'payment_clearing', amount: -DEPOSIT }],
        }),
      ),
    );
    tokens.push(...batch.map((b) => b.token));
    userIds.push(...ids.map((r) => r.id));
  }
  return { tokens, userIds };
}

async function main() {
  await ensureBuilt('server');
  const loadBefore = load();
  console.log(
    `rounds benchmark: ${PLAYERS} players in one double round over HTTP (${CONCURRENCY} in flight), ${WATCHERS} watchers on ${NODES} node(s), Redis ${REDIS_URL ? 'on' : 'off'}, load ${loadBefore.join(' ')}`,
  );
  const fresh = await createPostgresDatabase(BASE_URL);
  const nodeEnv = {
    DATABASE_URL: fresh.url,
    REDIS_URL,
    REDIS_PREFIX: `bench${crypto.randomBytes(3).toString('hex')}:`,
    LOG_LEVEL,
    ROUNDS_CHAIN_LENGTH: '10000',
  };
  // Every node runs the clock; one holds each game's lease and the others follow (as in production).
  const nodes: ChildProcess[] = [];
  const bases: string[] = [];
  for (let k = 0; k < NODES; k++) {
    const node = await startServer(nodeEnv);
    nodes.push(node.child);
    bases.push(node.base);
  }
  const base = bases[0]!;
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 20 });
  const watchers: { close(): void }[] = [];
  const serversCpu = () => processesCpuMs(nodes);
  type CpuMark = {
    server: number | null;
    db: Map<number, number> | null;
    client: NodeJS.CpuUsage;
    at: number;
  };
  const cpuFrom = async (): Promise<CpuMark> => ({
    server: serversCpu(),
    db: await backendCpuMs(database),
    client: process.cpuUsage(),
    at: performance.now(),
  });
  /** CPU seconds per second since `from`: the server nodes, the database's backends, this bench process. */
  const cpuPerSecond = async (from: CpuMark) => {
    const seconds = (performance.now() - from.at) / 1000;
    const server = serversCpu();
    const db = await backendCpuMs(database);
    const client = process.cpuUsage(from.client);
    return {
      server:
        server !== null && from.server !== null ? round((server - from.server) / 1000 / seconds, 2) : null,
      db: db && from.db ? round(cpuSince(from.db, db) / 1000 / seconds, 2) : null,
      client: round((client.user + client.system) / 1e6 / seconds, 2),
    };
  };
  try {
    const t0 = performance.now();
    const { tokens, userIds } = await seedPlayers(database, PLAYERS);
    console.log(
      `seeded ${PLAYERS} players in ${round((performance.now() - t0) / 1000)} s, load ${load().join(' ')}`,
    );

    // Broadcast latency and crash ticks, measured on every watcher.
    const stateLag: number[] = [];
    const dueLag: number[] = [];
    // The lag after the phase was due counts each watcher's first copy of a phase (the outbox repeats it).
    const seen = new Set<string>();
    const ticks = new Uint32Array(WATCHERS);
    let counting = false;
    // The rising time: one watcher decodes its ticks (the others only count them): per crash round, the
    // curve's elapsed time from its first tick seen to its last, plus one beat (each tick stands for 100 ms).
    const rising = new Map<string, { first: number; last: number }>();
    // Each watcher's first figures push after the bets' round's result (a winner's is its payout's), and the
    // player each watcher signed in as.
    let resultMs = Infinity;
    const balanceAt = new Float64Array(WATCHERS);
    const watcherUser = new Int32Array(WATCHERS);
    // Frames received by all watchers, by event: each costs the server a write per socket (its fan-out's cost).
    const frames = new Map<string, number>();
    const framesPerWatcherPerSec = (from: Map<string, number>, seconds: number) =>
      Object.fromEntries(
        [...frames].map(([name, n]) => [name, round((n - (from.get(name) ?? 0)) / WATCHERS / seconds)]),
      );
    const shownFrames = (f: Record<string, number>) =>
      `${Object.entries(f)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')} (total ${round(Object.values(f).reduce((a, b) => a + b, 0))})`;
    const onEvent = (name: string, frame: Buffer, socket: number) => {
      frames.set(name, (frames.get(name) ?? 0) + 1);
      if (name === 'updateUserInfo') {
        const now = Date.now();
        if (now >= resultMs && !balanceAt[socket]) balanceAt[socket] = now;
      } else if (name === 'crashTick') {
        if (!counting) return;
        ticks[socket]!++;
        if (socket !== 0) return;
        const [, t] = JSON.parse(frame.toString('utf8', 2)) as [string, ServerEventPayloads['crashTick']];
        const r = rising.get(t.roundId);
        if (r) r.last = t.elapsedMs;
        else rising.set(t.roundId, { first: t.elapsedMs, last: t.elapsedMs });
      } else if (name === 'roundState') {
        const now = Date.now();
        const [, s] = JSON.parse(frame.toString('utf8', 2)) as [string, ServerEventPayloads['roundState']];
        stateLag.push(now - Date.parse(s.serverTime));
        const due = s.phase === 'betting' ? s.opensAt : s.phase === 'running' ? s.closesAt : s.resultAt;
        const first = `${socket}:${s.roundId}:${s.phase}`;
        if (due && !s.void && !seen.has(first)) dueLag.push(now - Date.parse(due));
        seen.add(first);
      }
    };
    // Each node takes its share of the watchers (socket indexes stay unique across nodes).
    let offset = 0;
    for (const [k, b] of bases.entries()) {
      const n = Math.floor(WATCHERS / NODES) + (k < WATCHERS % NODES ? 1 : 0);
      const from = offset;
      for (let i = 0; i < n; i++) watcherUser[from + i] = userIds[i % userIds.length]!;
      watchers.push(
        await openWatchers(
          b,
          tokens,
          n,
          [
            ['roundsWatch', { game: 'double' }],
            ['roundsWatch', { game: 'crash' }],
          ],
          (name, frame, i) => onEvent(name, frame, from + i),
        ),
      );
      offset += n;
    }
    console.log(`${WATCHERS} watchers connected, load ${load().join(' ')}`);

    // A double round with at least 18 s of its window left.
    let state: ServerEventPayloads['roundState'] | null;
    for (;;) {
      // null until the clock opened the first round.
      state = ((await (await fetch(`${base}/api/app/rounds/double/state`)).json()) as { data: typeof state })
        .data;
      if (state?.phase === 'betting' && Date.parse(state.closesAt) - Date.parse(state.serverTime) > 18_000)
        break;
      await sleep(200);
    }
    const closesAt = Date.parse(state.closesAt);
    resultMs = Date.parse(state.resultAt!);
    const body = (i: number) =>
      JSON.stringify({
        roundId: state.roundId,
        amount: 1,
        color: (['red', 'black', 'white'] as const)[i % 3],
      });
    // Bets spread over the nodes, on kept-alive connections.
    const posters = bases.map((b) => jsonPoster(b, CONCURRENCY));
    const latencies: number[] = [];
    let accepted = 0;
    let refusedBeforeClose = 0;
    let refusedAfterClose = 0;
    let next = 0;
    const betCpu = await cpuFrom();
    const betFrames = new Map(frames);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < tokens.length; i = next++) {
          const sentAt = Date.now();
          const t = performance.now();
          const res = await posters[i % posters.length]!('/api/app/rounds/double/bet', body(i), {
            authorization: `Bearer ${tokens[i]}`,
            'idempotency-key': crypto.randomUUID(),
          });
          const answer = res.body as { status: number; message: string };
          latencies.push(performance.now() - t);
          if (answer.status === 0) accepted++;
          else if (sentAt < closesAt) {
            if (!refusedBeforeClose++) console.error('refused before the close:', answer.message);
          } else refusedAfterClose++;
        }
      }),
    );
    const betSeconds = (performance.now() - started) / 1000;
    const betCpuPerSecond = await cpuPerSecond(betCpu);
    const betFramesPerSec = framesPerWatcherPerSec(betFrames, betSeconds);
    latencies.sort((a, b) => a - b);
    console.log(
      `bets: ${accepted} accepted, ${refusedBeforeClose} refused before the close, ${refusedAfterClose} sent after it, ` +
        `${round(accepted / betSeconds)} /s, p50 ${round(percentile(latencies, 50))} ms, p99 ${round(percentile(latencies, 99))} ms; ` +
        `CPU s/s: servers ${betCpuPerSecond.server}, PostgreSQL ${betCpuPerSecond.db}, bench ${betCpuPerSecond.client}; load ${load().join(' ')}`,
    );
    console.log(`frames per watcher per second while betting: ${shownFrames(betFramesPerSec)}`);

    // The round's settlement, by the database's clock.
    let settle: { lag_ms: number | null; bets: number; open: number } | undefined;
    for (let i = 0; i < 600; i++) {
      [settle] = await rows<{ lag_ms: number | null; bets: number; open: number }>(
        database,
        sql`select extract(epoch from settled_at - result_at) * 1000 as lag_ms,
              (select count(*)::int from round_bets where round_id = r.id) as bets,
              (select count(*)::int from round_bets where round_id = r.id and state in ('open', 'settling')) as open
            from rounds r where id = ${state.roundId}::bigint`,
      );
      if (settle?.lag_ms != null) break;
      await sleep(100);
    }
    console.log(
      `settled ${settle?.bets} bets ${round(Number(settle?.lag_ms))} ms after the result, ${settle?.open} left open`,
    );

    // Crash ticks and broadcasts over the next 20 seconds (ticks only come while a round rises).
    stateLag.length = 0;
    dueLag.length = 0;
    const tickCpu = await cpuFrom();
    const tickFrames = new Map(frames);
    counting = true;
    await sleep(20_000);
    counting = false;
    const tickCpuPerSecond = await cpuPerSecond(tickCpu);
    const tickFramesPerSec = framesPerWatcherPerSec(tickFrames, 20);
    const perWatcher = [...ticks].sort((a, b) => a - b);
    const risingS = Math.max(
      [...rising.values()].reduce((s, r) => s + (r.last - r.first + CRASH_TICK_MS) / 1000, 0),
      0.001,
    );
    const ticksPerSecMin = round(perWatcher[0]! / risingS);
    const ticksPerSecMedian = round(percentile(perWatcher, 50) / risingS);
    stateLag.sort((a, b) => a - b);
    dueLag.sort((a, b) => a - b);
    console.log(
      `crash ticks per watcher per rising second: min ${ticksPerSecMin}, median ${ticksPerSecMedian} (${round(risingS)} s rising in ${rising.size} round(s)); ` +
        `round-state broadcasts: ${stateLag.length} deliveries, p50 ${percentile(stateLag, 50)} ms, p99 ${percentile(stateLag, 99)} ms after the state's read, ` +
        `p99 ${percentile(dueLag, 99)} ms after the phase was due; CPU s/s: servers ${tickCpuPerSecond.server}, PostgreSQL ${tickCpuPerSecond.db}, bench ${tickCpuPerSecond.client}; load ${load().join(' ')}`,
    );

    console.log(`frames per watcher per second over those 20 s: ${shownFrames(tickFramesPerSec)}`);

    // The winners' new balances: each winning watcher's first figures push after the result.
    const winners = new Set(
      (
        await rows<{ user_id: number }>(
          database,
          sql`select distinct user_id from round_bets where round_id = ${state.roundId}::bigint and payout > 0`,
        )
      ).map((r) => Number(r.user_id)),
    );
    const paidLag: number[] = [];
    let paidMissed = 0;
    for (let s = 0; s < WATCHERS; s++) {
      if (!winners.has(watcherUser[s]!)) continue;
      if (balanceAt[s]) paidLag.push(balanceAt[s]! - resultMs);
      else paidMissed++;
    }
    paidLag.sort((a, b) => a - b);
    if (WATCHERS)
      console.log(
        `winners' balances: ${paidLag.length} watchers paid, p50 ${percentile(paidLag, 50)} ms, p99 ${percentile(paidLag, 99)} ms after the result, ${paidMissed} not pushed`,
      );
    await rollUp(database.db);
    const audit = await auditLedger(database);
    console.log(`audit ${audit.ok ? 'OK' : 'FAULTS'}`);
    if (!audit.ok) console.log(JSON.stringify(audit.checks.filter((c) => c.faults.length)));
    console.log(
      JSON.stringify({
        bench: 'rounds',
        players: PLAYERS,
        watchers: WATCHERS,
        nodes: NODES,
        redis: Boolean(REDIS_URL),
        loadAverage: { before: loadBefore, after: load() },
        betsAccepted: accepted,
        betsRefusedBeforeClose: refusedBeforeClose,
        betsSentAfterClose: refusedAfterClose,
        betsPerSec: round(accepted / betSeconds),
        betP99Ms: round(percentile(latencies, 99)),
        settledAfterResultMs: round(Number(settle?.lag_ms)),
        betsLeftOpen: settle?.open ?? null,
        broadcastP99Ms: percentile(stateLag, 99),
        broadcastAfterDueP99Ms: percentile(dueLag, 99),
        winnersBalanceP99Ms: percentile(paidLag, 99),
        winnersBalanceNotPushed: paidMissed,
        crashTicksPerSecMin: ticksPerSecMin,
        crashTicksPerSecMedian: ticksPerSecMedian,
        risingSeconds: round(risingS),
        cpuSecondsPerSecond: { bets: betCpuPerSecond, ticks: tickCpuPerSecond },
        framesPerWatcherPerSec: { bets: betFramesPerSec, ticks: tickFramesPerSec },
        audit: audit.ok,
      }),
    );
  } finally {
    for (const w of watchers) w.close();
    for (const n of nodes) await stop(n);
    await database.close();
    await fresh.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
