#!/usr/bin/env node
// `npm run bench:floor`: what this machine's loopback costs for pushes to many sockets, before any of our code.
// One process (a bare `ws` server, no Socket.IO, no Redis, no database) sends one pre-encoded 73-byte frame (the
// size of a crash tick) to every socket at BENCH_HZ (10) a second for BENCH_SECONDS (10); a second process holds
// the sockets and only counts the bytes it reads (no frame decoding: the cheapest client there is). For each
// count of sockets in BENCH_WATCHERS (3000,10000) it prints the frames delivered per socket per second and the
// CPU each side took, split into user and kernel time: the floor under `bench:rounds`'s crash ticks, on the
// same 2 cores. Ends with one JSON line. `ulimit -n 20000` first.
import { fork } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HZ = Number(process.env.BENCH_HZ ?? 10);
const COUNTS = (process.env.BENCH_WATCHERS ?? '3000,10000').split(',').map(Number);
const FRAME = Buffer.from('42["crashTick",{"roundId":123456,"multiplier":1.2345,"at":1732960000000}]');
/** A server frame of FRAME: a 2-byte header (FIN + text, unmasked length < 126) and the payload. */
const WIRE_BYTES = FRAME.length + 2;
const self = fileURLToPath(import.meta.url);
const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
const cpu = (since) => {
  const c = process.cpuUsage(since);
  return { user: c.user / 1e6, sys: c.system / 1e6 };
};
const once = (child) => new Promise((resolve) => child.once('message', resolve));

if (process.argv[2] === 'server') {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  wss.on('listening', () => process.send({ port: wss.address().port }));
  process.on('message', () => {
    const since = process.cpuUsage();
    const t0 = performance.now();
    let beats = 0;
    let frames = 0;
    // On a fixed beat, as the round clock ticks: a late beat does not push the next one back.
    const beat = () => {
      beats += 1;
      for (const ws of wss.clients) ws.send(FRAME);
      frames += wss.clients.size;
      if (performance.now() - t0 < SECONDS * 1000) {
        setTimeout(beat, Math.max(0, t0 + (beats * 1000) / HZ - performance.now()));
      } else {
        process.send({ frames, beats, seconds: (performance.now() - t0) / 1000, cpu: cpu(since) });
      }
    };
    beat();
  });
} else if (process.argv[2] === 'client') {
  const [port, count] = process.argv.slice(3).map(Number);
  let bytes = 0;
  let open = 0;
  let since;
  process.on('message', (m) => {
    if (m === 'start') {
      bytes = 0;
      since = process.cpuUsage();
    } else process.send({ frames: Math.round(bytes / WIRE_BYTES), cpu: cpu(since) });
  });
  // 50 chains of connects at once, each over its own slice of the sockets.
  const connect = (i, end) => {
    if (i >= end) return;
    const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    ws.on('error', (err) => console.error(err.message));
    ws.on('open', () => {
      // Count bytes off the TCP socket: no frame parsing, the least a client can do per frame.
      ws._socket.removeAllListeners('data');
      ws._socket.on('data', (chunk) => (bytes += chunk.length));
      if (++open === count) process.send({ open });
      connect(i + 1, end);
    });
  };
  for (let j = 0; j < 50; j++) connect(Math.floor((j * count) / 50), Math.floor(((j + 1) * count) / 50));
} else {
  console.log(
    `sockets floor: bare ws, ${FRAME.length}-byte frames at ${HZ}/s for ${SECONDS} s, ${os.cpus().length} cores, load ${load().join(' ')}`,
  );
  const runs = [];
  for (const count of COUNTS) {
    const server = fork(self, ['server']);
    const { port } = await once(server);
    const client = fork(self, ['client', String(port), String(count)]);
    await once(client);
    const loadBefore = load();
    client.send('start');
    server.send('go');
    const s = await once(server);
    await new Promise((r) => setTimeout(r, 300)); // the last beat's frames arrive
    client.send('end');
    const c = await once(client);
    server.kill();
    client.kill();
    const cores = (x) => Math.round(((x.cpu.user + x.cpu.sys) / s.seconds) * 100) / 100;
    const usPerFrame = (x) => Math.round((((x.cpu.user + x.cpu.sys) * 1e6) / s.frames) * 10) / 10;
    const run = {
      sockets: count,
      framesPerSocketPerSec: Math.round((c.frames / count / s.seconds) * 100) / 100,
      framesSent: s.frames,
      framesRead: c.frames,
      server: {
        cores: cores(s),
        usPerFrame: usPerFrame(s),
        kernelShare: Math.round((s.cpu.sys / (s.cpu.user + s.cpu.sys)) * 100) / 100,
      },
      client: {
        cores: cores(c),
        usPerFrame: usPerFrame(c),
        kernelShare: Math.round((c.cpu.sys / (c.cpu.user + c.cpu.sys)) * 100) / 100,
      },
      loadAverage: { before: loadBefore, after: load() },
    };
    runs.push(run);
    console.log(
      `${count} sockets: ${run.framesPerSocketPerSec} frames/s each; server ${run.server.cores} cores ` +
        `(${run.server.usPerFrame} µs/frame, ${Math.round(run.server.kernelShare * 100)}% kernel), ` +
        `client ${run.client.cores} cores (${run.client.usPerFrame} µs/frame, ` +
        `${Math.round(run.client.kernelShare * 100)}% kernel); both ${Math.round((cores(s) + cores(c)) * 100) / 100} of ` +
        `${os.cpus().length} cores; load ${run.loadAverage.after.join(' ')}`,
    );
  }
  console.log(
    JSON.stringify({
      bench: 'sockets-floor',
      hz: HZ,
      seconds: SECONDS,
      frameBytes: FRAME.length,
      cores: os.cpus().length,
      runs,
    }),
  );
}
