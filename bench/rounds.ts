/**
 * `npm run bench:rounds`: the compiled server (as `npm start` runs it) on a fresh PostgreSQL database, its round
 * clock at production speed (double: 20 s of bets). BENCH_PLAYERS players (default 5,000) each bet once over
 * HTTP in one double round's betting window (BENCH_CONCURRENCY requests in flight, each with its own
 * Idempotency-Key), while BENCH_WATCHERS official Socket.IO clients (default 10,000) watch double and crash.
 * Measured: bets accepted (every bet sent before the close must be), bet latency, the round's settlement
 * (settled_at − result_at by the database's clock), round-state broadcasts (receipt − the state's read time,
 * and receipt − the phase's due time), crash ticks per second per watcher. Then the ledger audit.
 *
 * Players and sessions are seeded by SQL (5,000 argon2 sign-ups would take minutes and measure nothing here);
 * their deposits go through the ledger. 10k clients need 10k open files: `ulimit -n 20000` first.
 * Options (env): DATABASE_URL (base; a fresh database is created beside it and dropped), REDIS_URL (optional),
 * BENCH_PLAYERS=5000, BENCH_WATCHERS=10000, BENCH_CONCURRENCY=64, BENCH_LOG_LEVEL=warn.
 * Goals: every bet before the close accepted, the round settled within 1 s of its result, broadcasts
 * p99 <= 200 ms, >= 10 crash ticks a second to every watcher. Ends with one JSON line.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TxType, type ServerEventPayloads } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { auditLedger, post, rollUp } from '../apps/server/src/modules/ledger/index';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/postgres';
import { ensureBuilt, targets } from '../scripts/build.mjs';
import { freePort, load, openSockets, percentile, round, serve, stop } from './common';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5_000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? '';
const DEPOSIT = 100_000; // R$ 1.000 each
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

const rows = async <T>(database: Database, q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** Players with a session each (SQL), funded through the ledger. Answers their bearer tokens. */
async function seedPlayers(database: Database, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, () => ({
      username: `rb-${crypto.randomBytes(6).toString('hex')}@example.com`,
      yqm: crypto.randomBytes(6).toString('hex').toUpperCase(),
      token: crypto.randomBytes(32).toString('base64url'),
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
  }
  return tokens;
}

type Watcher = Socket;

/** Opens `n` watchers (tokens reused round-robin), each in the double and crash rooms. */
const openWatchers = (base: string, tokens: string[], n: number): Promise<Watcher[]> =>
  openSockets(base, tokens, n, async (s) => {
    await s.emitWithAck('roundsWatch', { game: 'double' });
    await s.emitWithAck('roundsWatch', { game: 'crash' });
  });

async function main() {
  await ensureBuilt('server');
  const loadBefore = load();
  console.log(
    `rounds benchmark: ${PLAYERS} players in one double round over HTTP (${CONCURRENCY} in flight), ${WATCHERS} watchers, Redis ${REDIS_URL ? 'on' : 'off'}, load ${loadBefore.join(' ')}`,
  );
  const fresh = await createPostgresDatabase(BASE_URL);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await serve(
    ['--enable-source-maps', path.join(targets.server.out, 'main.js')],
    {
      ...process.env,
      DATABASE_URL: fresh.url,
      REDIS_URL,
      REDIS_PREFIX: `bench${crypto.randomBytes(3).toString('hex')}:`,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL,
      RATE_LIMIT_PER_MINUTE: String(1e9),
      ROUNDS_CHAIN_LENGTH: '10000',
    },
    port,
    '/readyz',
  );
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 20 });
  const watchers: Watcher[] = [];
  try {
    const t0 = performance.now();
    const tokens = await seedPlayers(database, PLAYERS);
    console.log(
      `seeded ${PLAYERS} players in ${round((performance.now() - t0) / 1000)} s, load ${load().join(' ')}`,
    );
    watchers.push(...(await openWatchers(base, tokens, WATCHERS)));
    console.log(`${watchers.length} watchers connected, load ${load().join(' ')}`);

    // Broadcast latency and crash ticks, measured on every watcher.
    const stateLag: number[] = [];
    const dueLag: number[] = [];
    // The lag after the phase was due counts each watcher's first copy of a phase (the outbox repeats it).
    const seen = new Set<string>();
    const ticks = new Map<Watcher, number>();
    let tickFrom = 0;
    for (const w of watchers) {
      w.on('roundState', (s: ServerEventPayloads['roundState']) => {
        const now = Date.now();
        stateLag.push(now - Date.parse(s.serverTime));
        const due = s.phase === 'betting' ? s.opensAt : s.phase === 'running' ? s.closesAt : s.resultAt;
        const first = `${w.id}:${s.roundId}:${s.phase}`;
        if (due && !s.void && !seen.has(first)) dueLag.push(now - Date.parse(due));
        seen.add(first);
      });
      w.on('crashTick', () => {
        if (tickFrom) ticks.set(w, (ticks.get(w) ?? 0) + 1);
      });
    }

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
    const body = (i: number) =>
      JSON.stringify({
        roundId: state.roundId,
        amount: 1,
        color: (['red', 'black', 'white'] as const)[i % 3],
      });
    const latencies: number[] = [];
    let accepted = 0;
    let refusedBeforeClose = 0;
    let refusedAfterClose = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < tokens.length; i = next++) {
          const sentAt = Date.now();
          const t = performance.now();
          const res = await fetch(`${base}/api/app/rounds/double/bet`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[i]}`,
              'idempotency-key': crypto.randomUUID(),
            },
            body: body(i),
          });
          const answer = (await res.json()) as { status: number; message: string };
          latencies.push(performance.now() - t);
          if (answer.status === 0) accepted++;
          else if (sentAt < closesAt) {
            if (!refusedBeforeClose++) console.error('refused before the close:', answer.message);
          } else refusedAfterClose++;
        }
      }),
    );
    const betSeconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `bets: ${accepted} accepted, ${refusedBeforeClose} refused before the close, ${refusedAfterClose} sent after it, ` +
        `${round(accepted / betSeconds)} /s, p50 ${round(percentile(latencies, 50))} ms, p99 ${round(percentile(latencies, 99))} ms, load ${load().join(' ')}`,
    );

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

    // Crash ticks over ten seconds of rising rounds (ticks only come while a round rises).
    stateLag.length = 0;
    dueLag.length = 0;
    tickFrom = Date.now();
    const risingMs = { total: 0 };
    const probe = setInterval(async () => {
      const s = (await (await fetch(`${base}/api/app/rounds/crash/state`)).json()) as {
        data: { phase: string };
      };
      if (s.data.phase === 'running') risingMs.total += 250;
    }, 250);
    await sleep(20_000);
    clearInterval(probe);
    const perWatcher = watchers.map((w) => ticks.get(w) ?? 0).sort((a, b) => a - b);
    const risingS = Math.max(risingMs.total / 1000, 0.001);
    const ticksPerSecMin = round(perWatcher[0]! / risingS);
    const ticksPerSecMedian = round(percentile(perWatcher, 50) / risingS);
    stateLag.sort((a, b) => a - b);
    dueLag.sort((a, b) => a - b);
    console.log(
      `crash ticks per watcher per rising second: min ${ticksPerSecMin}, median ${ticksPerSecMedian} (${round(risingS)} s rising); ` +
        `round-state broadcasts: ${stateLag.length} deliveries, p50 ${percentile(stateLag, 50)} ms, p99 ${percentile(stateLag, 99)} ms after the state's read, ` +
        `p99 ${percentile(dueLag, 99)} ms after the phase was due; load ${load().join(' ')}`,
    );

    await rollUp(database.db);
    const audit = await auditLedger(database);
    console.log(`audit ${audit.ok ? 'OK' : 'FAULTS'}`);
    if (!audit.ok) console.log(JSON.stringify(audit.checks.filter((c) => c.faults.length)));
    console.log(
      JSON.stringify({
        bench: 'rounds',
        players: PLAYERS,
        watchers: watchers.length,
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
        crashTicksPerSecMin: ticksPerSecMin,
        crashTicksPerSecMedian: ticksPerSecMedian,
        audit: audit.ok,
      }),
    );
  } finally {
    for (const w of watchers) w.close();
    await stop(child);
    await database.close();
    await fresh.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
