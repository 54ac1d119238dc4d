/**
 * `npm run bench:http`: hot reads measured as a new operator would. autocannon, 32 connections over loopback,
 * against a bare Node HTTP server (the ceiling of this machine), then the compiled server (as `npm start` runs
 * it) on each engine: `/healthz`, `getBalance`, `userInfo` (one registered player's token) and the public
 * `getPrices`. Each target gets a short warm-up, then BENCH_SECONDS of load. Ends with one JSON line.
 *
 * Options (env): BENCH_ENGINES=pglite,postgres (postgres needs DATABASE_URL: a fresh database is created
 * beside it and dropped; with REDIS_URL it runs as a cluster node does, with Redis, else without), BENCH_SECONDS=8, BENCH_CONNECTIONS=32, BENCH_LOG_LEVEL=info (the default an
 * operator runs with), BENCH_PROFILE=<dir> (the server writes a V8 CPU profile there).
 * Goals (PostgreSQL): getBalance >= 5,000 req/s and userInfo >= 3,000 with p99 <= 25 ms; PGlite >= 40% of that.
 * Figures on a shared machine follow its other work: the load average goes into the result.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPostgresDatabase } from '../apps/server/test/postgres';
import { ensureBuilt, targets } from '../scripts/build.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const BASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? '';
const ENGINES = (process.env.BENCH_ENGINES ?? (BASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const CAPTCHA = 'BENCH1';
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const load = () => os.loadavg().map((l) => round(l, 2));

interface Figure {
  target: string;
  engine: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  load1: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

/** A child process that serves HTTP on `port`; resolves once `readyPath` answers 200. */
async function serve(args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let tail = '';
  // Logs are drained (an unread pipe would stall the server) and only the tail is kept for errors.
  const keep = (d: Buffer) => (tail = (tail + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${tail}`);
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready after 180 s:\n${tail}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function measure(
  engine: string,
  target: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Figure> {
  // Warm-up: JIT, connection pools, caches.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
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
  };
  console.log(
    `${engine.padEnd(8)} ${target.padEnd(11)} ${String(figure.reqPerSec).padStart(7)} req/s  p50 ${figure.p50Ms} ms  p99 ${figure.p99Ms} ms` +
      `${figure.non2xx || figure.errors ? `  non-2xx ${figure.non2xx} errors ${figure.errors}` : ''}  load ${figure.load1}`,
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
  if (engine === 'postgres') {
    if (!BASE_URL) throw new Error('BENCH_ENGINES=postgres needs DATABASE_URL');
    const fresh = await createPostgresDatabase(BASE_URL);
    cleanup.push(fresh.drop);
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
  const port = await freePort();
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  const child = await serve(
    ['--enable-source-maps', ...profile, path.join(targets.server.out, 'main.js')],
    {
      ...process.env,
      ...database,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL,
      TEST_CAPTCHA_CODE: CAPTCHA,
      // The limiter still runs (its cost is part of every request) but never refuses the benchmark.
      RATE_LIMIT_PER_MINUTE: String(1e9),
    },
    port,
    '/readyz',
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await fetch(`${base}/api/auth/user/captcha/${codeId}`);
    const reg = await fetch(`${base}/api/auth/user/restRegister`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `bench-${crypto.randomBytes(5).toString('hex')}@example.com`,
        pwd: 'correct horse 1',
        pwd1: 'correct horse 1',
        codeId,
        captCode: CAPTCHA,
      }),
    });
    const token = ((await reg.json()) as { data?: { access_token?: string } }).data?.access_token;
    if (!token) throw new Error(`registration failed: ${reg.status}`);
    const auth = { authorization: `Bearer ${token}` };
    return [
      await measure(engine, 'healthz', `${base}/healthz`),
      await measure(engine, 'getBalance', `${base}/api/app/user/getBalance`, auth),
      await measure(engine, 'userInfo', `${base}/api/app/user/userInfo`, auth),
      await measure(engine, 'getPrices', `${base}/api/app/order/getPrices`),
    ];
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
    for (const target of ['healthz', 'getBalance', 'userInfo', 'getPrices']) {
      summary[`${engine}.${target}`] = at(engine, target)?.reqPerSec;
      summary[`${engine}.${target}.p99Ms`] = at(engine, target)?.p99Ms;
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
