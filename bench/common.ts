/**
 * What the benchmarks that start a real server share: a free port, a child process serving HTTP (killed when
 * the benchmark exits), its graceful stop, the load average, and a registered player's token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REALTIME_PATH } from '@aposta/contracts';
import { Pool } from 'undici';
import WebSocket from 'ws';
import type { Database } from '../apps/server/src/platform/db';
import { targets } from '../scripts/build.mjs';

export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** The 1, 5 and 15 minute load averages: figures on a shared machine follow its other work. */
export const load = () => os.loadavg().map((l) => round(l, 2));

/**
 * A POST of a JSON body over kept-alive loopback connections (at most `sockets`), answering the status and the
 * parsed body. The load generator shares the 2 cores with the server and the database, so it is undici's
 * connection pool, a real provider's kind of client: node:http took about as much CPU per call as the server
 * (bench:casino), `fetch` more.
 */
export function jsonPoster(base: string, sockets: number) {
  const pool = new Pool(base, { connections: sockets });
  return async (urlPath: string, raw: string, headers: Record<string, string> = {}) => {
    const res = await pool.request({
      path: urlPath,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: raw,
    });
    return { status: res.statusCode, body: (await res.body.json()) as unknown };
  };
}

export function freePort(): Promise<number> {
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

/** The last `chars` characters of a file (a server's log, for an error). */
function tailOf(file: string, chars = 4000): string {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(Math.min(size, chars));
    fs.readSync(fd, buf, 0, buf.length, size - buf.length);
    return buf.toString();
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A child process that serves HTTP on `port`; resolves once `readyPath` answers 200. Its output goes to a file,
 * as a log shipper would take it: through a pipe drained by this busy process, the server's synchronous log
 * writes wait whenever the pipe is full. The file is removed when this process exits unless BENCH_SERVER_LOG
 * names a folder to keep it in (each request's `responseTime` is in it); its tail is shown if the server fails
 * to start. With
 * BENCH_PROFILE=<dir> the child writes a V8 CPU profile there when it exits.
 */
export async function serve(args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string) {
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  const kept = process.env.BENCH_SERVER_LOG;
  if (kept) fs.mkdirSync(kept, { recursive: true });
  const logFile = path.join(
    kept ? path.resolve(kept) : os.tmpdir(),
    `bench-server-${process.pid}-${port}.log`,
  );
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...profile, ...args], { env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  children.push(child);
  if (!kept) process.on('exit', () => fs.rmSync(logFile, { force: true }));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${tailOf(logFile)}`);
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready after 180 s:\n${tailOf(logFile)}`);
}

/**
 * The compiled server (as `npm start` runs it, built by `ensureBuilt('server')`) on a free loopback port, ready:
 * development mode, the rate limiter running (its cost is part of every request) but never refusing the
 * benchmark, and `env` (the database, Redis, the log level, the bench's own settings) over this process's
 * environment. Answers the process and its base URL.
 */
export async function startServer(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await serve(
    ['--enable-source-maps', path.join(targets.server.out, 'main.js')],
    {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: String(1e9),
      ...env,
      PORT: String(port),
      PUBLIC_URL: base,
    },
    port,
    '/readyz',
  );
  return { child, base };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Registers a new player on the server at `base` (started with TEST_CAPTCHA_CODE = `captcha`): its token. */
export async function registerPlayer(base: string, captcha: string): Promise<string> {
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
      captCode: captcha,
    }),
  });
  const token = ((await reg.json()) as { data?: { access_token?: string } }).data?.access_token;
  if (!token) throw new Error(`registration failed: ${reg.status}`);
  return token;
}

/**
 * CPU time (ms) of each PostgreSQL backend serving this database, read from /proc (the server runs on this
 * machine); null on PGlite or when /proc cannot be read.
 */
export async function backendCpuMs(database: Database): Promise<Map<number, number> | null> {
  if (database.kind !== 'postgres') return null;
  const { rows } = await database.executeSql(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    const ms = processCpuMs(pid);
    if (ms === null) return null;
    cpu.set(pid, ms);
  }
  return cpu;
}

/** CPU time (ms, user + system) of a process on this machine, from /proc; null when it cannot be read. */
export function processCpuMs(pid: number): number | null {
  const ticks = 100; // USER_HZ on Linux
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / ticks;
  } catch {
    return null;
  }
}

/** The summed CPU time (ms) of several processes of this machine (server nodes); null when one cannot be read. */
export const processesCpuMs = (children: ChildProcess[]) =>
  children.reduce<number | null>((sum, c) => {
    const ms = processCpuMs(c.pid!);
    return sum === null || ms === null ? null : sum + ms;
  }, 0);

export const cpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/**
 * `n` watchers of pushes as cheap as a load generator can make them: raw WebSockets to the server's Socket.IO
 * path speaking just enough of Engine.IO 4 / Socket.IO 5 (the open packet, the connect to `/` with the player's
 * token, its `joins` events with their acks, ping → pong), each arriving event noted by its name without being
 * decoded. The socket.io-client decodes every message (~19 µs each, measured in bench:sports: 190 ms of a push to
 * 10,000 sockets, on the 2 cores the server needs too); a phone decodes its own. `onEvent(name, frame, socket's index)`
 * runs per event; it may decode the frame (`42[name, payload]`) when it needs the payload.
 */
export async function openWatchers(
  base: string,
  tokens: string[],
  n: number,
  joins: [event: string, payload: unknown][],
  onEvent: (name: string, frame: Buffer, socket: number) => void,
): Promise<{ close(): void }> {
  const url = `${base.replace(/^http/, 'ws')}${REALTIME_PATH}/?EIO=4&transport=websocket&token=`;
  const sockets: WebSocket[] = [];
  const open = (token: string, index: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url + encodeURIComponent(token), { perMessageDeflate: false });
      sockets.push(ws);
      let acks = 0;
      ws.on('error', reject);
      ws.on('message', (data: Buffer) => {
        const head = data.toString('latin1', 0, Math.min(data.length, 48));
        if (head === '2')
          ws.send('3'); // Engine.IO ping
        else if (head.startsWith('42[')) onEvent(head.slice(4, head.indexOf('"', 4)), data, index);
        else if (head.startsWith('0'))
          ws.send('40'); // open → connect to the main namespace
        else if (head.startsWith('40'))
          joins.forEach((join, k) => ws.send(`42${k + 1}${JSON.stringify(join)}`)); // acks 1…k
        else if (head.startsWith('43')) {
          if (++acks === joins.length) resolve();
        } else if (head.startsWith('44')) reject(new Error(`socket refused: ${data.toString()}`));
      });
    });
  for (let i = 0; i < n; i += 200)
    await Promise.all(
      Array.from({ length: Math.min(200, n - i) }, (_, j) => open(tokens[(i + j) % tokens.length]!, i + j)),
    );
  return { close: () => sockets.forEach((ws) => ws.close()) };
}

/** The value at percentile `p` (0–100) of `sorted` (ascending); 0 when empty. */
export function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}
