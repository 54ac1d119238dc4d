/**
 * The server side of `npm run bench:realtime`, started by bench/realtime.ts as a child process (IPC channel).
 * The real gateway (Socket.IO, rate limits, contract checks, in-process bus) on a plain HTTP server; tokens
 * and figures come from memory so that the figures measure the realtime path, not the database.
 * Token `bench-<n>` is player n.
 */
import http from 'node:http';
import pino from 'pino';
import { ZERO_FIGURES, type UserFigures } from '@aposta/contracts';
import { createGateway } from '../apps/server/src/modules/realtime';
import { createBus } from '../apps/server/src/platform/bus';

const port = Number(process.argv[2]);
const bus = createBus();
const server = http.createServer();
const balances = new Map<number, number>();

const gateway = createGateway({
  server,
  bus,
  verifyToken: async (token) => {
    const n = /^bench-(\d+)$/.exec(token)?.[1];
    return n ? { userId: Number(n), sessionId: `s${n}` } : null;
  },
  figures: async (userIds) =>
    new Map(
      userIds.map((id): [number, UserFigures] => [id, { ...ZERO_FIGURES, balance: balances.get(id) ?? 0 }]),
    ),
  log: pino({ level: 'warn' }),
});

type Command =
  | { type: 'balance'; userIds: number[] }
  | { type: 'notice'; text: string }
  | { type: 'stats' }
  | { type: 'stop' };

function memory() {
  globalThis.gc?.();
  const m = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    rss: m.rss,
    heapUsed: m.heapUsed,
    connections: gateway.io.engine.clientsCount,
    cpuMicros: cpu.user + cpu.system,
  };
}

process.on('message', (cmd: Command) => {
  switch (cmd.type) {
    case 'balance':
      for (const userId of cmd.userIds) {
        balances.set(userId, (balances.get(userId) ?? 0) + 1);
        void bus.publish('balance.changed', { userId });
      }
      break;
    case 'notice':
      void bus.publish('notice.published', { text: cmd.text });
      break;
    case 'stats':
      process.send!({ type: 'stats', ...memory() });
      break;
    case 'stop':
      void gateway.close().then(() => server.close(() => process.exit(0)));
      break;
  }
});

server.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => process.send!({ type: 'ready' }));
