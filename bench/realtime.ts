/**
 * `npm run bench:realtime`: one gateway process (bench/realtime-server.ts) and this process, which connects
 * 1k, 5k and then 10k official Socket.IO clients to it over loopback and measures, at each size:
 *  - per-player: one balance change per client per second for PHASE_S seconds (`updateUserInfo`);
 *  - broadcast: BROADCASTS_PER_S notices per second for PHASE_S seconds (`notice` to everyone);
 * publish-to-receive latency p50/p99 (from the command sent to the server to the client's event), deliveries
 * per second, and the server's memory per connection. Ends with one JSON line.
 *
 * 10k clients need 10k open files in each process: `ulimit -n 20000` first if `ulimit -n` is lower.
 * Options (env): BENCH_SIZES=1000,5000,10000  BENCH_PHASE_S=8  BENCH_PORT=3490  BENCH_PROFILE=<dir> (the
 * server writes a V8 CPU profile there).
 * CPU microseconds per delivery (server and client) are given beside the latencies: unlike the latencies they
 * hold on a machine shared with other work.
 * Goals on 2 cores: 10k clients on one node, p99 <= 100 ms at one update per client per second,
 * >= 30k deliveries per second.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { REALTIME_PATH } from '@aposta/contracts';
import { io, type Socket } from 'socket.io-client';

const SIZES = (process.env.BENCH_SIZES ?? '1000,5000,10000').split(',').map(Number);
const PHASE_S = Number(process.env.BENCH_PHASE_S ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3490);
const BROADCASTS_PER_S = 4;
const TICK_MS = 25;
const CONNECT_CONCURRENCY = 200;
const DEADLINE_MS = 10 * 60_000;
const url = `http://127.0.0.1:${PORT}`;

interface Stats {
  rss: number;
  heapUsed: number;
  connections: number;
  cpuMicros: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const server = fork(path.join(here, 'realtime-server.ts'), [String(PORT)], {
  execArgv: [
    '--import',
    'tsx',
    '--expose-gc',
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
  ],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const deadline = setTimeout(() => {
  console.error(`bench:realtime: over ${DEADLINE_MS / 60_000} minutes, stopping`);
  server.kill('SIGKILL');
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

const waitFor = <T>(type: string) =>
  new Promise<T>((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      server.off('message', on);
      resolve(m as T);
    };
    server.on('message', on);
  });
const send = (m: object) => server.send(m);
const stats = async () => {
  const answer = waitFor<Stats>('stats');
  send({ type: 'stats' });
  return answer;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Receive side: per player, when its pending update was sent; per notice, when it was sent.
const sockets: Socket[] = [];
const pendingUpdate = new Map<number, number>();
const noticeSentAt = new Map<string, number>();
let latencies: number[] = [];
let received = 0;
let lastReceivedAt = 0;

function connectOne(n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      query: { token: `bench-${n}` },
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.on('updateUserInfo', () => {
      const at = pendingUpdate.get(n);
      if (at === undefined) return;
      pendingUpdate.delete(n);
      lastReceivedAt = performance.now();
      latencies.push(lastReceivedAt - at);
      received++;
    });
    socket.on('notice', ({ text }: { text: string }) => {
      const at = noticeSentAt.get(text);
      if (at === undefined) return;
      lastReceivedAt = performance.now();
      latencies.push(lastReceivedAt - at);
      received++;
    });
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    sockets.push(socket);
  });
}

async function connectUpTo(total: number) {
  let next = sockets.length + 1;
  const worker = async () => {
    while (next <= total) await connectOne(next++);
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `publish` every TICK_MS for PHASE_S, then waits for stragglers; answers the figures. */
async function phase(expected: number, publish: (tick: number) => void) {
  latencies = [];
  received = 0;
  const serverCpu = (await stats()).cpuMicros;
  const clientCpu = process.cpuUsage();
  const start = performance.now();
  const ticks = (PHASE_S * 1000) / TICK_MS;
  for (let tick = 0; tick < ticks; tick++) {
    publish(tick);
    const due = start + (tick + 1) * TICK_MS;
    await sleep(Math.max(0, due - performance.now()));
  }
  for (let i = 0; i < 100 && received < expected; i++) await sleep(50);
  const elapsed = (lastReceivedAt - start) / 1000;
  const wall = (performance.now() - start) * 1000;
  const clientUsed = process.cpuUsage(clientCpu);
  const clientMicros = clientUsed.user + clientUsed.system;
  const serverMicros = (await stats()).cpuMicros - serverCpu;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    serverCpuPercent: Math.round((serverMicros / wall) * 100),
    clientCpuPercent: Math.round((clientMicros / wall) * 100),
    serverCpuMicrosPerDelivery: round(serverMicros / Math.max(1, received)),
    clientCpuMicrosPerDelivery: round(clientMicros / Math.max(1, received)),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? NaN),
    deliveries: received,
    expected,
    deliveriesPerSec: Math.round(received / elapsed),
  };
}

const round = (x: number) => Math.round(x * 10) / 10;

async function main() {
  await waitFor('ready');
  const base = await stats();
  const results = [];
  for (const size of SIZES) {
    const t0 = performance.now();
    await connectUpTo(size);
    const connectS = (performance.now() - t0) / 1000;
    await sleep(500);
    const mem = await stats();
    const perConnection = {
      rssKB: round((mem.rss - base.rss) / size / 1024),
      heapKB: round((mem.heapUsed - base.heapUsed) / size / 1024),
    };

    // Per-player: every player once per second, spread over the ticks.
    const perTick = size / (1000 / TICK_MS);
    const perPlayer = await phase(size * PHASE_S, (tick) => {
      const from = Math.floor(tick * perTick) % size;
      const count = Math.floor((tick + 1) * perTick) - Math.floor(tick * perTick);
      const userIds: number[] = [];
      const now = performance.now();
      for (let i = 0; i < count; i++) {
        const userId = ((from + i) % size) + 1;
        pendingUpdate.set(userId, now);
        userIds.push(userId);
      }
      send({ type: 'balance', userIds });
    });
    pendingUpdate.clear();

    // Broadcast: BROADCASTS_PER_S notices a second to everyone.
    const every = 1000 / BROADCASTS_PER_S / TICK_MS;
    const broadcast = await phase(size * PHASE_S * BROADCASTS_PER_S, (tick) => {
      if (tick % every !== 0) return;
      const text = `n${size}-${tick}`;
      noticeSentAt.set(text, performance.now());
      send({ type: 'notice', text });
    });
    noticeSentAt.clear();

    const row = {
      clients: size,
      connected: mem.connections,
      connectSeconds: round(connectS),
      serverMemoryPerConnection: perConnection,
      serverRssMB: round(mem.rss / 1024 / 1024),
      perPlayer,
      broadcast,
    };
    console.log(
      `${size} clients: connected in ${row.connectSeconds}s, ${perConnection.rssKB} KB RSS/connection; ` +
        `per-player p50 ${perPlayer.p50Ms} ms p99 ${perPlayer.p99Ms} ms ${perPlayer.deliveriesPerSec}/s ` +
        `(${perPlayer.deliveries}/${perPlayer.expected}); broadcast p50 ${broadcast.p50Ms} ms ` +
        `p99 ${broadcast.p99Ms} ms ${broadcast.deliveriesPerSec}/s (${broadcast.deliveries}/${broadcast.expected})`,
    );
    results.push(row);
  }
  for (const s of sockets) s.close();
  const stopped = new Promise((r) => server.once('exit', r));
  send({ type: 'stop' });
  await stopped;

  const largest = results.at(-1)!;
  const goals = {
    clients10k: largest.clients >= 10_000 && largest.connected >= 10_000,
    p99Under100ms: largest.perPlayer.p99Ms <= 100,
    deliveries30kPerSec: largest.broadcast.deliveriesPerSec >= 30_000,
  };
  console.log(JSON.stringify({ bench: 'realtime', phaseSeconds: PHASE_S, results, goals }));
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  server.kill('SIGKILL');
  process.exit(1);
});
