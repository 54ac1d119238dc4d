import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createBus } from './bus';

const redisUrl = loadConfig().redisUrl;

function received<T>(subscribe: (h: (p: T) => void) => void, count: number): Promise<T[]> {
  return new Promise((resolve) => {
    const got: T[] = [];
    subscribe((p) => {
      got.push(p);
      if (got.length === count) resolve(got);
    });
  });
}

describe('event bus', () => {
  it('delivers in process, asynchronously, to every subscriber until it unsubscribes', async () => {
    const bus = createBus();
    const a = received<{ userId: number }>((h) => bus.subscribe('balance.changed', h), 2);
    const seen: number[] = [];
    const off = bus.subscribe('balance.changed', (p) => seen.push(p.userId));
    const sent = bus.publish('balance.changed', { userId: 1 });
    expect(seen).toEqual([]); // delivery is never synchronous with publish
    await sent;
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([1]);
    off();
    await bus.publish('balance.changed', { userId: 2 });
    expect((await a).map((p) => p.userId)).toEqual([1, 2]);
    expect(seen).toEqual([1]);
    await bus.close();
  });

  it.runIf(redisUrl)('carries events between two buses through Redis, and not across prefixes', async () => {
    const prefix = `t${crypto.randomBytes(4).toString('hex')}:`;
    const nodeA = createBus(redisUrl, prefix);
    const nodeB = createBus(redisUrl, prefix);
    const other = createBus(redisUrl, `${prefix}other:`);
    const leaked: unknown[] = [];
    other.subscribe('notice.published', (p) => leaked.push(p));
    const onB = received<{ text: string }>((h) => nodeB.subscribe('notice.published', h), 1);
    await new Promise((r) => setTimeout(r, 200)); // let SUBSCRIBE reach Redis
    await nodeA.publish('notice.published', { text: 'olá' });
    expect(await onB).toEqual([{ text: 'olá' }]);
    expect(leaked).toEqual([]);
    await Promise.all([nodeA.close(), nodeB.close(), other.close()]);
  });
});
