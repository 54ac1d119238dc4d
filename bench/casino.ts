/**
 * `npm run bench:casino`: the seamless wallet under a simulated provider, over HTTP against the compiled server
 * (as `npm start` runs it) on a fresh PostgreSQL database. BENCH_ROUNDS_AT_ONCE rounds in flight (default 64, one
 * per player), each a signed `transaction/bet` then its `transaction/win` (0 or more), for BENCH_SECONDS. Then
 * a spin of our studio end to end (the game client's `POST /api/studio/spin`: the studio's signed bet and win
 * over HTTP to the wallet, the answer with the new balance), BENCH_SPINNERS players at once. Then the drift
 * (every ledger balance sums to 0), the ledger audit and the provider's books against the players' balances.
 * Goals on this 2-core machine: >= 1,500 pairs/s (3,000 calls/s), p99 <= 25 ms per call, zero drift; a studio
 * spin p99 <= 100 ms. Pairs and spins are each played for BENCH_WARMUP_SECONDS first, not counted (a running
 * server's code is compiled, its connections' plans made). The pairs run twice: AT_ONCE rounds always in flight
 * (the machine's saturation), then offered at BENCH_PAIRS_RATE pairs/s (default 1,500, the goal's; at most
 * AT_ONCE in flight), each bet's latency counted from when its round was due. Options (env): DATABASE_URL (base;
 * a fresh database is created beside it and dropped), BENCH_SECONDS=5, BENCH_WARMUP_SECONDS=8,
 * BENCH_ROUNDS_AT_ONCE=64, BENCH_SPINNERS=16, BENCH_LOG_LEVEL=warn, BENCH_PROFILE=<dir> (the server writes a V8
 * CPU profile there). Ends with one JSON line.
 */
import crypto from 'node:crypto';
import { TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { auditLedger, post, rollUp } from '../apps/server/src/modules/ledger/index';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/postgres';
import { ensureBuilt } from '../scripts/build.mjs';
import {
  backendCpuMs,
  cpuSince,
  jsonPoster,
  load,
  percentile,
  processCpuMs,
  registerPlayer,
  round,
  sleep,
  startServer,
  stop,
} from './common';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const AT_ONCE = Number(process.env.BENCH_ROUNDS_AT_ONCE ?? 64);
/** The second pass's offered rate (the goal's). */
const PAIRS_RATE = Number(process.env.BENCH_PAIRS_RATE ?? 1_500);
const SPINNERS = Number(process.env.BENCH_SPINNERS ?? 16);
/** Pairs, then spins, played before each is measured: the server compiles its hot paths, the database's
 * connections their functions' plans (measured cold, the first 5 s ran 30% slower than the next 5 s). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CAPTCHA = 'BENCH1';
const OPERATOR_KEY = crypto.randomBytes(16).toString('hex');
const SECRET = crypto.randomBytes(24).toString('hex');
const DEPOSIT = 100_000_000;

async function drift(database: Database): Promise<number> {
  const r = (await database.db.execute(
    sql`select (select coalesce(sum(balance), 0) from ledger_accounts)
             + (select coalesce(sum(amount), 0) from ledger_deltas) as total`,
  )) as unknown as { rows: { total: string }[] };
  return Number(r.rows[0]!.total);
}

async function main() {
  await ensureBuilt('server');
  const loadBefore = load();
  console.log(
    `casino benchmark: signed bet + win pairs over HTTP, ${AT_ONCE} rounds at once, ${SECONDS} s; then studio spins, ${SPINNERS} players; load ${loadBefore.join(' ')}`,
  );
  const fresh = await createPostgresDatabase(BASE_URL);
  const { child, base } = await startServer({
    DATABASE_URL: fresh.url,
    REDIS_URL: '',
    LOG_LEVEL,
    SANDBOX: 'true',
    TEST_CAPTCHA_CODE: CAPTCHA,
    OPERATOR_KEY,
  });
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 8 });
  try {
    const op = (url: string, body: object) =>
      fetch(`${base}/api/operator/casino${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY },
        body: JSON.stringify(body),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
      });
    await op('/providers', { code: 'bench', name: 'Bench Provider', secret: SECRET });
    await op('/providers/bench/games', {
      gameCode: 'bench-slot',
      name: 'Bench Slot',
      category: 'slots',
      rtp: 96,
      thumbnail: '',
      launchUrl: 'https://bench.example/launch',
    });
    const players = AT_ONCE + SPINNERS;
    const tokens: string[] = [];
    for (let i = 0; i < players; i++) tokens.push(await registerPlayer(base, CAPTCHA));
    const ids = await Promise.all(
      tokens.map(async (token) => {
        const r = await fetch(`${base}/api/app/user/userInfo`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await r.json()) as { data: { uId: number } }).data.uId;
      }),
    );
    for (const userId of ids)
      await post(database.db, {
        type: TxType.DEPOSIT,
        players: [{ userId, amount: DEPOSIT }],
        system: [{ kind: 'payment_clearing', amount: -DEPOSIT }],
      });
    const launch = async (token: string, gameCode: string) => {
      const r = await fetch(`${base}/api/app/casino/launch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ gameCode }),
      });
      return new URL(((await r.json()) as { data: { url: string } }).data.url, base).searchParams.get(
        'token',
      )!;
    };

    // ——— bet + win pairs ———
    const gameTokens = await Promise.all(tokens.slice(0, AT_ONCE).map((t) => launch(t, 'bench-slot')));
    const books = new Map<number, number>(ids.map((id) => [id, DEPOSIT]));
    const provider = jsonPoster(base, AT_ONCE);
    /** A signed call; answers the body and its latency from `from` (default: when it is sent). */
    const call = async (callPath: string, body: object, from?: number) => {
      const raw = JSON.stringify(body);
      const sent = performance.now();
      const r = await provider(`/api/provider/bench/${callPath}`, raw, {
        'x-signature': crypto.createHmac('sha256', SECRET).update(raw).digest('hex'),
      });
      return { ...(r.body as { status: string; balance: number }), ms: performance.now() - (from ?? sent) };
    };
    /**
     * Bet + win pairs for SECONDS, one round at a time per player (so at most AT_ONCE in flight). Without `rate`
     * each player starts its next round at once (closed loop: the machine's saturation). With `rate` (pairs a
     * second) round k is due at start + k / rate, and its bet's latency counts from when it was due, so a
     * round kept waiting for a free player counts its wait (no coordinated omission).
     */
    const runPairs = async (rate?: number, seconds = SECONDS) => {
      const latencies: number[] = [];
      let pairs = 0;
      let failures = 0;
      let next = 0;
      // This machine's PostgreSQL runs without autovacuum (a production one analyses as tables grow): the
      // statistics of the tables the seeding and the previous pass filled, or the planner guesses.
      await database.executeSql('analyze');
      const loadAtStart = load();
      // CPU of the server process and of the database's backends per pair: far less dependent on the
      // machine's other work than the rate.
      const cpu0 = { server: processCpuMs(child.pid!), postgres: await backendCpuMs(database) };
      const client0 = process.cpuUsage();
      const started = performance.now();
      const until = started + seconds * 1000;
      await Promise.all(
        gameTokens.map(async (token, i) => {
          const userId = ids[i]!;
          for (;;) {
            const due = rate ? started + (next++ * 1000) / rate : performance.now();
            if (due >= until) break;
            if (due > performance.now()) await sleep(due - performance.now());
            const roundId = crypto.randomUUID();
            const betUuid = `${roundId}-b`;
            const common = { token, round: roundId, game_code: 'bench-slot', currency: 'BRL' };
            const stake = 100;
            const bet = await call(
              'transaction/bet',
              {
                ...common,
                request_uuid: crypto.randomUUID(),
                transaction_uuid: betUuid,
                round_closed: false,
                amount: stake,
              },
              due,
            );
            latencies.push(bet.ms);
            if (bet.status !== 'RS_OK') {
              failures++;
              continue;
            }
            const prize = Math.random() < 0.4 ? 250 : 0;
            const win = await call('transaction/win', {
              ...common,
              request_uuid: crypto.randomUUID(),
              transaction_uuid: `${roundId}-w`,
              reference_transaction_uuid: betUuid,
              round_closed: true,
              amount: prize,
            });
            latencies.push(win.ms);
            if (win.status !== 'RS_OK') failures++;
            books.set(userId, books.get(userId)! - stake + prize);
            pairs++;
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      const serverCpu = processCpuMs(child.pid!);
      const pgCpu = await backendCpuMs(database);
      const clientCpu = process.cpuUsage(client0);
      const sorted = latencies.sort((x, y) => x - y);
      return {
        offeredPairsPerSec: rate ?? null,
        pairsPerSec: Math.round(pairs / elapsed),
        callsPerSec: Math.round(latencies.length / elapsed),
        p50Ms: round(percentile(sorted, 50), 2),
        p99Ms: round(percentile(sorted, 99), 2),
        failures,
        cpuMsPerPair: {
          client: round((clientCpu.user + clientCpu.system) / 1000 / pairs, 3),
          server:
            serverCpu !== null && cpu0.server !== null ? round((serverCpu - cpu0.server) / pairs, 3) : null,
          postgres: pgCpu && cpu0.postgres ? round(cpuSince(cpu0.postgres, pgCpu) / pairs, 3) : null,
        },
        load: [loadAtStart, load()],
      };
    };
    const report = (label: string, f: Awaited<ReturnType<typeof runPairs>>) =>
      console.log(
        `${label}: ${f.pairsPerSec} pairs/s (${f.callsPerSec} calls/s), p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms per call, ${f.failures} failures; CPU per pair: bench client ${f.cpuMsPerPair.client} ms, server ${f.cpuMsPerPair.server} ms, PostgreSQL ${f.cpuMsPerPair.postgres} ms; load ${load().join(' ')}`,
      );
    report('wallet, warm-up (not counted)', await runPairs(undefined, WARMUP_SECONDS));
    const pairFigures = await runPairs();
    report(`wallet, ${AT_ONCE} rounds always in flight`, pairFigures);
    // The same calls offered at the goal's rate: the latency a provider sees at that rate, not at saturation.
    const atRate = await runPairs(PAIRS_RATE);
    report(`wallet, ${PAIRS_RATE} pairs/s offered (at most ${AT_ONCE} in flight)`, atRate);

    // ——— studio spins end to end ———
    const studio = jsonPoster(base, SPINNERS);
    const sessions = await Promise.all(
      tokens.slice(AT_ONCE).map(async (token, i) => {
        const game = ['fortune-ox', 'carnival-lines', 'candy-cascade'][i % 3]!;
        const launchToken = await launch(token, game);
        const s = await studio('/api/studio/session', JSON.stringify({ token: launchToken, game }));
        return (s.body as { data: { session: string } }).data.session;
      }),
    );
    /** Studio spins for `seconds`, SPINNERS players at once, each spinning again as soon as answered. */
    const runSpins = async (seconds: number) => {
      const spinTimes: number[] = [];
      let spinFailures = 0;
      const loadSpins = load();
      const spinCpu0 = {
        client: process.cpuUsage(),
        server: processCpuMs(child.pid!),
        postgres: await backendCpuMs(database),
      };
      const spinUntil = Date.now() + seconds * 1000;
      const spinStarted = performance.now();
      await Promise.all(
        sessions.map(async (session, i) => {
          const userId = ids[AT_ONCE + i]!;
          while (Date.now() < spinUntil) {
            const t0 = performance.now();
            const r = await studio('/api/studio/spin', JSON.stringify({ session, bet: 1 }));
            spinTimes.push(performance.now() - t0);
            const data = (r.body as { data?: { win: number } }).data;
            if (!data) spinFailures++;
            else books.set(userId, books.get(userId)! - 100 + Math.round(data.win * 100));
          }
        }),
      );
      const spinSeconds = (performance.now() - spinStarted) / 1000;
      const spinClient = process.cpuUsage(spinCpu0.client);
      const spinServer = processCpuMs(child.pid!);
      const spinPg = await backendCpuMs(database);
      const spins = spinTimes.length;
      const spinSorted = [...spinTimes].sort((a, b) => a - b);
      return {
        spinsPerSec: Math.round(spins / spinSeconds),
        failures: spinFailures,
        p50Ms: round(percentile(spinSorted, 50), 2),
        p99Ms: round(percentile(spinSorted, 99), 2),
        cpuMsPerSpin: {
          client: round((spinClient.user + spinClient.system) / 1000 / spins, 3),
          server:
            spinServer !== null && spinCpu0.server !== null
              ? round((spinServer - spinCpu0.server) / spins, 3)
              : null,
          postgres:
            spinPg && spinCpu0.postgres ? round(cpuSince(spinCpu0.postgres, spinPg) / spins, 3) : null,
        },
        load: [loadSpins, load()],
      };
    };
    const reportSpins = (label: string, f: Awaited<ReturnType<typeof runSpins>>) =>
      console.log(
        `${label}: ${f.spinsPerSec} spins/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, ${f.failures} failures; CPU per spin: bench client ${f.cpuMsPerSpin.client} ms, server ${f.cpuMsPerSpin.server} ms, PostgreSQL ${f.cpuMsPerSpin.postgres} ms; load ${load().join(' ')}`,
      );
    reportSpins('studio spins, warm-up (not counted)', await runSpins(WARMUP_SECONDS));
    const spinFigures = await runSpins(SECONDS);
    reportSpins('studio spin end to end', spinFigures);

    const d = await drift(database);
    await rollUp(database.db);
    const audit = await auditLedger(database);
    const balances = (await database.db.execute(
      sql`select user_id, sum(balance)::bigint as balance from ledger_accounts where user_id is not null group by user_id`,
    )) as unknown as { rows: { user_id: string; balance: string }[] };
    const off = balances.rows.filter((r) => books.get(Number(r.user_id)) !== Number(r.balance)).length;
    console.log(
      `drift ${d}; audit ${audit.ok ? 'OK' : 'FAULTS'}; players whose balance differs from the provider's books: ${off}`,
    );
    if (!audit.ok) console.log(JSON.stringify(audit.checks.filter((c) => c.faults.length)));
    console.log(
      JSON.stringify({
        bench: 'casino',
        seconds: SECONDS,
        roundsAtOnce: AT_ONCE,
        wallet: pairFigures,
        walletAtRate: atRate,
        studioSpin: spinFigures,
        drift: d,
        auditOk: audit.ok,
        booksOff: off,
        load: load(),
      }),
    );
    if (d !== 0 || off !== 0 || !audit.ok) process.exitCode = 1;
  } finally {
    await database.close();
    await stop(child);
    await fresh.drop();
  }
}

await main();
