/**
 * `npm run bench:sports`: the sportsbook's figures against the issue's goals.
 * 1. Pricing: every market of BENCH_EVENTS (1,000) in-play events of all twelve sports recomputed on one core
 *    (the pricing engine alone, as the feed's repricing runs it), median of 5 passes. Goal <= 1 s.
 * 2. Bets over HTTP: the compiled server on a fresh PostgreSQL database, BENCH_PLAYERS (64) players betting
 *    singles at once on one pre-match event (acceptOdds 'any': every bet reads and checks the current price,
 *    holds the stake, writes the bet), a fresh Idempotency-Key per bet, BENCH_SECONDS. Goal >= 1,000 bets/s.
 * 3. Settlement: BENCH_SETTLE_BETS (default 10,000; the goal names 50,000) bets on one event (holds and rows
 *    written straight to the database), then the operator's result; the time until the settlement job has
 *    settled every one. Goal: 50,000 in <= 30 s.
 * Then the ledger audit and the drift. Env: DATABASE_URL (base), REDIS_URL (optional), BENCH_PROFILE=<dir> (a V8
 * CPU profile of the server, as every bench that starts one: `serve` in `bench/common.ts`). Ends with one JSON line.
 * 4. Pushes (before the settlement): BENCH_WATCHERS (10,000) sockets watch another event whose market an operator
 *    suspends and opens again BENCH_PUSHES (10) times, a second apart (the same `sports.update` → `sportsEvent`
 *    path as the feed's reprices); every delivery timed from the operator's call. The watchers are spread over
 *    BENCH_PUSH_NODES server nodes (default 2 with REDIS_URL, the cluster's bus; else 1) and are lean WebSocket
 *    clients (`openWatchers`: a phone's decoding is not the server's cost). Goal: p99 <= 200 ms, none lost.
 *    `ulimit -n 20000` first.
 */
import crypto from 'node:crypto';
import { SPORTS, TxType, type SportCode } from '@aposta/contracts';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { auditLedger, hold, post, rollUp } from '../apps/server/src/modules/ledger/index';
import { PREMATCH, priceEvent, type LiveState } from '../apps/server/src/modules/sports/pricing/index';
import { openDatabase, queryRows } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/postgres';
import { ensureBuilt } from '../scripts/build.mjs';
import {
  load,
  openWatchers,
  percentile,
  processesCpuMs,
  registerPlayer,
  round,
  startServer,
  stop,
} from './common';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const SETTLE_BETS = Number(process.env.BENCH_SETTLE_BETS ?? 10_000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 10);
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? '';
// Watchers spread over this many server nodes (a cluster's pushes cross nodes on the Redis bus: 2 needs it).
const PUSH_NODES = Number(process.env.BENCH_PUSH_NODES ?? (REDIS_URL ? 2 : 1));
const CAPTCHA = 'BENCH1';
const OPERATOR_KEY = crypto.randomBytes(16).toString('hex');
const DEPOSIT = 100_000_000;

const MARGINS = { default: { default: 500, correctScore: 1500 } };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Random in-play states of every sport. */
function liveEvents(n: number) {
  const list: { sport: SportCode; strength: number; state: LiveState }[] = [];
  for (let i = 0; i < n; i++) {
    const sport = SPORTS[i % SPORTS.length]!;
    const progress = Math.random() * 0.9;
    const score =
      sport === 'football'
        ? { home: Math.floor(Math.random() * 3), away: Math.floor(Math.random() * 3) }
        : sport === 'basketball'
          ? { home: Math.round(220 * progress * 0.5), away: Math.round(220 * progress * 0.48) }
          : { home: Math.floor(Math.random() * 2), away: Math.floor(Math.random() * 2) };
    list.push({
      sport,
      strength: Math.random() * 2 - 1,
      state: {
        ...PREMATCH,
        minute: progress * 90,
        progress,
        score,
        halfTime: progress > 0.5 ? { home: 0, away: 0 } : null,
        corners: { home: 3, away: 2 },
      },
    });
  }
  return list;
}

function pricing() {
  const events = liveEvents(EVENTS);
  const runs: number[] = [];
  let markets = 0;
  for (let pass = 0; pass < 5; pass++) {
    const t0 = performance.now();
    markets = 0;
    for (const e of events) markets += priceEvent({ ...e, margins: MARGINS, inPlayBp: 200 }).length;
    runs.push(performance.now() - t0);
  }
  const ms = round(median(runs), 1);
  console.log(
    `pricing: ${EVENTS} in-play events, ${markets} markets, ${ms} ms (median of 5)  load ${load().join(' ')}`,
  );
  return { ms, markets };
}

async function json(res: Response) {
  const body = (await res.json()) as { status: number; data: unknown; message: string };
  if (body.status !== 0) throw new Error(`${res.status} ${body.message}`);
  return body.data;
}

async function main() {
  const loadBefore = load();
  const price = pricing();
  await ensureBuilt('server');
  const fresh = await createPostgresDatabase(BASE_URL);
  const nodeEnv = {
    DATABASE_URL: fresh.url,
    REDIS_URL,
    REDIS_PREFIX: `bench${crypto.randomBytes(3).toString('hex')}:`,
    LOG_LEVEL: 'warn',
    TEST_CAPTCHA_CODE: CAPTCHA,
    OPERATOR_KEY,
    SPORTS_FEED: 'off',
    JOBS_POLL_SECONDS: '0.5',
  };
  const { child, base } = await startServer(nodeEnv);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 16 });
  try {
    const operator = (p: string, body: object) =>
      fetch(`${base}/api/operator/sports/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY },
        body: JSON.stringify(body),
      }).then(json);
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const event = (await operator('events', {
      sport: 'football',
      competition: 'Bench',
      home: 'A',
      away: 'B',
      startsAt,
      strength: 0.3,
    })) as {
      event: { eventId: string };
      markets: {
        type: string;
        period: number;
        selections: { selectionId: string; name: string; price: number }[];
      }[];
    };
    const home = event.markets.find((m) => m.type === '1x2' && m.period === 1)!.selections[0]!;

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
    await Promise.all(
      ids.map((userId) =>
        post(database.db, {
          type: TxType.DEPOSIT,
          players: [{ userId, amount: DEPOSIT }],
          system: [{ kind: 'payment_clearing', amount: -DEPOSIT }],
        }),
      ),
    );

    const body = JSON.stringify({
      stake: 1,
      acceptOdds: 'any',
      selections: [{ selectionId: home.selectionId, price: home.price }],
    });
    const run = (duration: number) => {
      let next = 0;
      return autocannon({
        url: `${base}/api/app/sports/bets`,
        connections: PLAYERS,
        duration,
        method: 'POST',
        requests: [
          {
            setupRequest: (req, ctx) => {
              const context = ctx as { token?: string };
              context.token ??= tokens[next++ % tokens.length];
              return {
                ...req,
                headers: {
                  ...req.headers,
                  'content-type': 'application/json',
                  authorization: `Bearer ${context.token!}`,
                  'idempotency-key': crypto.randomUUID(),
                },
                body,
              };
            },
          },
        ],
      });
    };
    await run(1);
    const r = await run(SECONDS);
    const bets = {
      perSec: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      failures: r.non2xx + r.errors + r.timeouts,
      load1: load()[0]!,
    };
    console.log(
      `bets over http: ${bets.perSec}/s p50 ${bets.p50Ms} ms p99 ${bets.p99Ms} ms failures ${bets.failures}  load ${load().join(' ')}`,
    );

    // Pushes: WATCHERS sockets watch another event; one of its markets is suspended and opened again, PUSHES
    // changes a second apart. Each delivery of `sportsEvent` counts from the moment the operator's call was sent.
    const watched = (await operator('events', {
      sport: 'football',
      competition: 'Bench',
      home: 'C',
      away: 'D',
      startsAt,
      strength: 0,
    })) as { event: { eventId: string }; markets: { marketId: string; type: string; period: number }[] };
    const toggled = watched.markets.find((m) => m.type === '1x2' && m.period === 1)!.marketId;
    const lags: number[] = [];
    let sentAt = 0;
    let bytes = 0;
    // The other nodes of the cluster, started now (the bets above ran on one node); each takes its share of
    // the watchers. The operator's change reaches them over the Redis bus, as in production.
    const nodes = [child];
    const bases = [base];
    for (let k = 1; k < PUSH_NODES; k++) {
      const node = await startServer(nodeEnv);
      nodes.push(node.child);
      bases.push(node.base);
    }
    const onEvent = (name: string, frame: Buffer) => {
      if (name !== 'sportsEvent') return;
      if (sentAt) lags.push(Date.now() - sentAt);
      bytes ||= frame.length;
    };
    const watchers = await Promise.all(
      bases.map((b, k) =>
        openWatchers(
          b,
          tokens,
          Math.floor(WATCHERS / PUSH_NODES) + (k < WATCHERS % PUSH_NODES ? 1 : 0),
          [['sportsWatch', { eventId: watched.event.eventId }]],
          onEvent,
        ),
      ),
    );
    const serversCpu = () => processesCpuMs(nodes);
    const cpu0 = { server: serversCpu(), client: process.cpuUsage() };
    for (let i = 0; i < PUSHES; i++) {
      sentAt = Date.now();
      await operator(`markets/${toggled}/${i % 2 ? 'open' : 'suspend'}`, {});
      await new Promise((res) => setTimeout(res, 1_000));
    }
    sentAt = 0;
    const serverCpu = serversCpu();
    const clientCpu = process.cpuUsage(cpu0.client);
    for (const w of watchers) w.close();
    for (const n of nodes.slice(1)) await stop(n);
    lags.sort((a, b) => a - b);
    const pushes = {
      sockets: WATCHERS,
      nodes: PUSH_NODES,
      changes: PUSHES,
      bytes,
      deliveries: lags.length,
      p50Ms: percentile(lags, 50),
      p99Ms: percentile(lags, 99),
      minMs: lags[0] ?? 0,
      maxMs: lags.at(-1) ?? 0,
      // What one change costs the server (its fan-out to every socket) and the sockets' side (one process).
      cpuMsPerChange: {
        server:
          serverCpu !== null && cpu0.server !== null ? round((serverCpu - cpu0.server) / PUSHES, 1) : null,
        sockets: round((clientCpu.user + clientCpu.system) / 1000 / PUSHES, 1),
      },
    };
    console.log(
      `pushes: ${pushes.changes} changes to ${pushes.sockets} sockets on ${PUSH_NODES} node(s) (${bytes} bytes each), ${pushes.deliveries} deliveries, min ${pushes.minMs} ms p50 ${pushes.p50Ms} ms p99 ${pushes.p99Ms} ms max ${pushes.maxMs} ms; CPU per change: server ${pushes.cpuMsPerChange.server} ms, sockets ${pushes.cpuMsPerChange.sockets} ms  load ${load().join(' ')}`,
    );

    // Settlement: more bets on the same selection, written straight to the database.
    const [sel] = await queryRows<{ market_id: string; price: number }>(
      database.db,
      sql`select market_id, price from sports_selections where id = ${home.selectionId}::bigint`,
    );
    const t0 = performance.now();
    let made = 0;
    const writer = async (w: number) => {
      for (let i = w; i < SETTLE_BETS; i += 16) {
        const userId = ids[i % ids.length]!;
        const [{ id } = { id: '' }] = await queryRows<{ id: string }>(
          database.db,
          sql`select nextval('sports_bets_id_seq') as id`,
        );
        const h = await hold(database.db, {
          type: TxType.BET,
          userId,
          amount: 100,
          product: 'sports',
          reference: `sports-bet:${id}`,
        });
        await database.db.execute(
          sql`with b as (insert into sports_bets (id, user_id, hold_id, kind, stake, currency, price, potential, accept_odds, key, request_hash)
                values (${id}::bigint, ${userId}, ${h.txId}, 'single', 100, 'BRL', ${sel!.price}, ${sel!.price}, 'any', ${`bench:${id}`}, 'x') returning id)
              insert into sports_bet_legs (bet_id, selection_id, market_id, event_id, price)
              select id, ${home.selectionId}::bigint, ${sel!.market_id}::bigint, ${event.event.eventId}::bigint, ${sel!.price} from b`,
        );
        made++;
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
    console.log(`${made} more bets written in ${round((performance.now() - t0) / 1000, 1)} s`);
    const [{ n: total } = { n: 0 }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sports_bet_legs where event_id = ${event.event.eventId}::bigint`,
    );
    const s0 = performance.now();
    await operator(`events/${event.event.eventId}/result`, { home: 2, away: 1 });
    let open = total;
    while (open > 0) {
      await new Promise((res) => setTimeout(res, 250));
      [{ n: open } = { n: 0 }] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from sports_bets where status = 'open'`,
      );
      if (performance.now() - s0 > 900_000) throw new Error('settlement did not finish in 15 minutes');
    }
    const settleSeconds = round((performance.now() - s0) / 1000, 1);
    console.log(
      `settlement: ${total} bets of one event settled in ${settleSeconds} s (${Math.round(total / settleSeconds)}/s)  load ${load().join(' ')}`,
    );

    await rollUp(database.db);
    const audit = await auditLedger(database);
    const [{ total: drift } = { total: '0' }] = await queryRows<{ total: string }>(
      database.db,
      sql`select (select coalesce(sum(balance), 0) from ledger_accounts) + (select coalesce(sum(amount), 0) from ledger_deltas) as total`,
    );
    console.log(`audit ${audit.ok ? 'OK' : 'FAULTS'}, drift ${drift}`);
    const result = {
      bench: 'sports',
      loadAverage: { before: loadBefore, after: load() },
      pricing: { events: EVENTS, markets: price.markets, ms: price.ms },
      bets: { players: PLAYERS, seconds: SECONDS, ...bets },
      pushes,
      settlement: { bets: total, seconds: settleSeconds, perSec: Math.round(total / settleSeconds) },
      auditOk: audit.ok,
      drift: Number(drift),
      goals: {
        pricing: price.ms <= 1_000,
        betsPerSec: bets.perSec >= 1_000,
        settlement50kIn30s: total / settleSeconds >= 50_000 / 30,
        pushesP99: pushes.deliveries >= pushes.sockets * pushes.changes && pushes.p99Ms <= 200,
      },
    };
    console.log(JSON.stringify(result));
    if (!audit.ok || Number(drift) !== 0) process.exitCode = 1;
  } finally {
    await stop(child);
    await database.close();
    await fresh.drop();
  }
}

await main();
export {};
