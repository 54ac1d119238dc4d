import http from 'node:http';
import { ZERO_FIGURES, type UserFigures } from '@aposta/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus } from '../../platform/bus';
import { baseUrlOf } from '../../../test/helpers';
import { connectClient, connected, next, type Client } from '../../../test/realtime-client';
import { createGateway, type Gateway } from './index';

/** The gateway alone, with the wallet's figures replaced by a gate the test opens: reads are countable. */

describe('realtime gateway: balance changes', () => {
  const bus = createBus();
  const server = http.createServer();
  let gateway: Gateway;
  let socket: Client;
  let reads = 0;
  /** The players of each read, in order. */
  const readIds: number[][] = [];
  let balance = 0;
  let open: () => void = () => {};
  let gate = Promise.resolve();

  beforeAll(async () => {
    gateway = createGateway({
      server,
      bus,
      verifyToken: async (token) => {
        const id = /^player-(\d+)$/.exec(token)?.[1];
        return id ? { userId: Number(id), sessionId: `s${id}` } : null;
      },
      figures: async (ids) => {
        reads++;
        readIds.push([...ids]);
        await gate;
        const discount = { discount: 0.1, expiredTime: 1_790_000_000_000 };
        // Each player's balance tells them apart: 7 has `balance`, the others their id.
        return new Map(
          ids.map((id): [number, UserFigures] => [
            id,
            { ...ZERO_FIGURES, balance: id === 7 ? balance : id, payDiscount: discount },
          ]),
        );
      },
      log: pino({ level: 'silent' }),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    socket = await connected(connectClient(baseUrlOf(server), { token: 'player-7' }));
  });
  afterAll(async () => {
    socket.close();
    await gateway.close();
    await bus.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('folds changes arriving during a read into one more read, keeping the stake flags', async () => {
    gate = new Promise((resolve) => (open = resolve));
    const seen: Array<[string, unknown]> = [];
    socket.onAny((event, payload) => seen.push([event, payload]));

    await bus.publish('balance.changed', { userId: 7 });
    await expect.poll(() => reads).toBe(1);
    balance = 5;
    await bus.publish('balance.changed', { userId: 7, cause: 'stake' });
    await bus.publish('balance.changed', { userId: 7 });
    await bus.publish('balance.changed', { userId: 7, cause: 'stake', usedFreeBalance: true });
    const last = next(socket, 'freeBalance');
    open();
    await last;

    expect(reads).toBe(2);
    expect(seen.map(([event]) => event)).toEqual([
      'updateUserInfo',
      'updateUserInfo',
      'insBalance',
      'freeBalance',
    ]);
    expect(seen[1]![1]).toMatchObject({
      balance: 5,
      discount: { discount: 0.1, expiredTime: 1_790_000_000_000 },
    });
    expect(seen[2]![1]).toEqual({ balance: 5 });
  });

  it('does no read for a player with no socket on this node', async () => {
    const before = reads;
    await bus.publish('balance.changed', { userId: 8 });
    const marker = next(socket, 'notice');
    await bus.publish('notice.published', { text: 'after' });
    await marker;
    expect(reads).toBe(before);
  });

  it('reads the figures of the players whose changes arrive together in one read, each pushed their own', async () => {
    const ids = [11, 12, 13, 14, 15];
    const sockets = await Promise.all(
      ids.map((id) => connected(connectClient(baseUrlOf(server), { token: `player-${id}` }))),
    );
    try {
      gate = new Promise((resolve) => (open = resolve));
      const before = reads;
      await bus.publish('balance.changed', { userId: 7 });
      await expect.poll(() => reads).toBe(before + 1);
      // While 7's read runs, the winners of a round arrive (one twice).
      for (const userId of [...ids, 12]) await bus.publish('balance.changed', { userId });
      const pushed = sockets.map((s) => next(s, 'updateUserInfo'));
      open();
      const figures = await Promise.all(pushed);
      expect(figures.map((f) => f.balance)).toEqual(ids);
      expect(reads).toBe(before + 2);
      expect(readIds.slice(-2)).toEqual([[7], ids]);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
