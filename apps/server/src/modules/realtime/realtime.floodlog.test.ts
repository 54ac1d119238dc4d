import http from 'node:http';
import { Writable } from 'node:stream';
import { ZERO_FIGURES } from '@aposta/contracts';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBus } from '../../platform/bus';
import { baseUrlOf } from '../../../test/helpers';
import { connectClient, connected, disconnected, type Client } from '../../../test/realtime-client';
import { createGateway, type Gateway } from './index';

/** The gateway alone with a logger whose lines the test reads: what a flood costs the log. */
describe('realtime gateway: the log under an event flood', () => {
  const bus = createBus();
  const server = http.createServer();
  const lines: { msg: string; suppressed?: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let gateway: Gateway;
  let base = '';
  const clients: Client[] = [];
  const floodLines = () => lines.filter((l) => l.msg.includes('event flood'));

  beforeAll(async () => {
    gateway = createGateway({
      server,
      bus,
      verifyToken: async (token) => ({ userId: Number(token), sessionId: `s${token}` }),
      figures: async (ids) => new Map(ids.map((id) => [id, ZERO_FIGURES])),
      log: pino({ level: 'warn' }, sink),
      limits: { burst: 2, perSecond: 1, floodAfter: 3 },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = baseUrlOf(server);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    for (const c of clients) c.close();
    await gateway.close();
    await bus.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const flood = async (userId: number) => {
    const socket = await connected(connectClient(base, { token: String(userId) }));
    clients.push(socket);
    const closed = disconnected(socket);
    for (let i = 0; i < 100; i++) socket.emit('offGame', { gameCode: 'dice' });
    expect(await closed).toBe('io server disconnect');
  };

  it('writes one line for one flooding socket', async () => {
    await flood(1);
    // Give any late packets of that socket time to reach the gateway.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(floodLines()).toHaveLength(1);
  });

  it('writes one line a minute for many flooding sockets, then says how many it left out', async () => {
    lines.length = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await Promise.all([2, 3, 4, 5, 6].map(flood));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(floodLines()).toHaveLength(1);
    vi.setSystemTime(Date.now() + 61_000);
    await flood(7);
    expect(floodLines()).toHaveLength(2);
    expect(floodLines()[1]).toMatchObject({ suppressed: 4 });
  });
});
