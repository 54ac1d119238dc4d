/**
 * `npm run bench:http`: hot reads measured as a new operator would. autocannon, 32 connections over loopback,
 * against a bare Node HTTP server (the ceiling of this machine), then the compiled server (as `npm start` runs
 * it) on each engine: `/healthz`, `getBalance`, `userInfo` (one registered player's token), the public
 * `getPrices`, `roundState` (double's state: what every phone on a round's page polls) and `roundHistory`
 * (double's last 100 results: what every watching phone asks again at each result; a fresh database has few).
 * Each target gets a short warm-up, then BENCH_SECONDS of load. Ends with one JSON line.
 *
 * Options (env): BENCH_ENGINES=pglite,postgres (postgres needs DATABASE_URL: a fresh database is created
 * beside it and dropped; with REDIS_URL it runs as a cluster node does, with Redis, else without), BENCH_SECONDS=8, BENCH_CONNECTIONS=32, BENCH_LOG_LEVEL=info (the default an
 * operator runs with), BENCH_PROFILE=<dir> (the server writes a V8 CPU profile there),
 * BENCH_TARGETS=healthz,getBalance,userInfo,getPrices,roundState,roundHistory (a profile of one target alone).
 * Beside each rate: CPU time per request of the server process and of its PostgreSQL backends (read from /proc,
 * PostgreSQL on this machine), which depends far less on the machine's other work than the rate.
 * Goals (PostgreSQL): getBalance >= 5,000 req/s and userInfo >= 3,000 with p99 <= 25 ms; PGlite >= 40% of that.
 * Figures on a shared machine follow its other work: the load average goes into the result.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPostgresDatabase } from '../apps/server/test/postgres';
import { ensureBuilt } from '../scripts/build.mjs';
import { freePort, load, registerPlayer, serve, startServer, stop } from './common';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const BASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? '';
const ENGINES = (process.env.BENCH_ENGINES ?? (BASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const CAPTCHA = 'BENCH1';
const ALL_TARGETS = ['healthz', 'getBalance', 'userInfo', 'getPrices', 'roundState', 'roundHistory'];
const TARGETS = (process.env.BENCH_TARGETS ?? ALL_TARGETS.join(',')).split(',');

interface Figure {
  target: string;
  engine: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  load1: number;
  /** CPU time per request: the server process (PGlite runs inside it) and PostgreSQL's backends. */
  cpuMsPerReq: { server?: number; postgres?: number };
}

/** CPU time (ms) of processes, from /proc: the server, and on PostgreSQL its database's backends. */
type CpuProbe = () => Promise<number>;

const procCpuMs = (pid: number) => {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th (ticks of 10 ms).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};

async function measure(
  engine: string,
  target: string,
  url: string,
  headers: Record<string, string> = {},
  probes: { server?: CpuProbe; postgres?: CpuProbe } = {},
): Promise<Figure> {
  // Warm-up: JIT, connection pools, caches.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const before = { server: await probes.server?.(), postgres: await probes.postgres?.() };
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  // CPU per request depends far less on the machine's other work than the rate does.
  const perRequest = async (probe: CpuProbe | undefined, from: number | undefined) =>
    probe && from !== undefined && r.requests.total
      ? Math.round((((await probe()) - from) / r.requests.total) * 1000) / 1000
      : undefined;
  const cpuMsPerReq = {
    server: await perRequest(probes.server, before.server),
    postgres: await perRequest(probes.postgres, before.postgres),
  };
  // Answers slower than the run itself are not counted by autocannon: none at all is a failure too.
  const figure = {
    target,
    engine,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts + (r.requests.total === 0 ? 1 : 0),
    load1: load()[0]!,
    cpuMsPerReq,
  };
  console.log(
    `${engine.padEnd(8)} ${target.padEnd(11)} ${String(figure.reqPerSec).padStart(7)} req/s  p50 ${figure.p50Ms} ms  p99 ${figure.p99Ms} ms` +
      `${figure.non2xx || figure.errors ? `  non-2xx ${figure.non2xx} errors ${figure.errors}` : ''}  load ${figure.load1}` +
      `${cpuMsPerReq.server !== undefined ? `  cpu/req server ${cpuMsPerReq.server} ms` : ''}` +
      `${cpuMsPerReq.postgres !== undefined ? ` postgres ${cpuMsPerReq.postgres} ms` : ''}`,
  );
  return figure;
}

async function bareNode(): Promise<Figure> {
  const port = await freePort();
  const child = await serve(
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":0}'); }).listen(${port}, '127.0.0.1')`,
    ],
    process.env,
    port,
    '/',
  );
  try {
    return await measure('node', 'bare', `http://127.0.0.1:${port}/`);
  } finally {
    await stop(child);
  }
}

async function aposta(engine: string): Promise<Figure[]> {
  const cleanup: (() => unknown)[] = [];
  let database: NodeJS.ProcessEnv;
  let postgresCpu: CpuProbe | undefined;
  if (engine === 'postgres') {
    if (!BASE_URL) throw new Error('BENCH_ENGINES=postgres needs DATABASE_URL');
    const fresh = await createPostgresDatabase(BASE_URL);
    cleanup.push(fresh.drop);
    // The server's backends (PostgreSQL runs on this machine): their CPU, read from /proc.
    const client = new pg.Client({ connectionString: BASE_URL });
    await client.connect();
    cleanup.unshift(() => client.end());
    const name = new URL(fresh.url).pathname.slice(1);
    postgresCpu = async () => {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      return rows.reduce((sum, { pid }) => sum + procCpuMs(pid), 0);
    };
    database = {
      DATABASE_URL: fresh.url,
      REDIS_URL,
      REDIS_PREFIX: `bench${crypto.randomBytes(3).toString('hex')}:`,
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-bench-http-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    database = { DATABASE_URL: '', DATA_DIR: dir, REDIS_URL: '' };
  }
  const { child, base } = await startServer({ ...database, LOG_LEVEL, TEST_CAPTCHA_CODE: CAPTCHA });
  try {
    const token = await registerPlayer(base, CAPTCHA);
    const auth = { authorization: `Bearer ${token}` };
    const probes = { server: async () => procCpuMs(child.pid!), postgres: postgresCpu };
    const all: [string, string, Record<string, string>][] = [
      ['healthz', `${base}/healthz`, {}],
      ['getBalance', `${base}/api/app/user/getBalance`, auth],
      ['userInfo', `${base}/api/app/user/userInfo`, auth],
      ['getPrices', `${base}/api/app/order/getPrices`, {}],
      ['roundState', `${base}/api/app/rounds/double/state`, {}],
      ['roundHistory', `${base}/api/app/rounds/double/history?limit=100`, {}],
    ];
    // The round clock opens double's first round a moment after the start.
    for (let i = 0; TARGETS.some((t) => t.startsWith('round')) && i < 100; i++) {
      if ((await fetch(`${base}/api/app/rounds/double/state`)).ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const figures: Figure[] = [];
    for (const [target, url, headers] of all.filter(([t]) => TARGETS.includes(t)))
      figures.push(await measure(engine, target, url, headers, probes));
    return figures;
  } finally {
    await stop(child);
    for (const clean of cleanup) await clean();
  }
}

async function main() {
  await ensureBuilt('server');
  console.log(
    `http benchmark: ${CONNECTIONS} connections, ${SECONDS} s per target, LOG_LEVEL=${LOG_LEVEL}, Redis ${REDIS_URL && ENGINES.includes('postgres') ? 'on for postgres' : 'off'}, ${os.cpus().length} cpus, load ${load().join(' ')}`,
  );
  const loadBefore = load();
  const figures = [await bareNode()];
  for (const engine of ENGINES) figures.push(...(await aposta(engine)));
  const at = (engine: string, target: string) =>
    figures.find((f) => f.engine === engine && f.target === target);
  const summary: Record<string, number | undefined> = { bare: at('node', 'bare')?.reqPerSec };
  for (const engine of ENGINES)
    for (const target of ALL_TARGETS) {
      summary[`${engine}.${target}`] = at(engine, target)?.reqPerSec;
      summary[`${engine}.${target}.p99Ms`] = at(engine, target)?.p99Ms;
      const cpu = at(engine, target)?.cpuMsPerReq;
      summary[`${engine}.${target}.cpuMsPerReq`] =
        cpu?.server !== undefined
          ? Math.round(((cpu.server ?? 0) + (cpu.postgres ?? 0)) * 1000) / 1000
          : undefined;
    }
  console.log(
    JSON.stringify({
      bench: 'http',
      seconds: SECONDS,
      connections: CONNECTIONS,
      logLevel: LOG_LEVEL,
      redis: Boolean(REDIS_URL && ENGINES.includes('postgres')),
      cpus: os.cpus().length,
      loadAverage: { before: loadBefore, after: load() },
      ...summary,
      runs: figures,
    }),
  );
  if (figures.some((f) => f.non2xx || f.errors)) process.exitCode = 1;
}

await main();
