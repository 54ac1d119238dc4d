import crypto from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { batchedRedisStore, FLUSH_MS } from './rate-limit-store';

const redisUrl = loadConfig().redisUrl;
const WINDOW = 60_000;

type Store = FastifyRateLimitStore;
const incr = (store: Store, key: string, max: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), WINDOW, max),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(redisUrl)('the batched rate-limit store (two nodes on one Redis)', () => {
  const redis = new Redis(redisUrl!);
  const prefix = `t${crypto.randomBytes(4).toString('hex')}:rl:`;
  // Two nodes: each its own client and store, one Redis.
  const redisB = new Redis(redisUrl!);
  const nodeA = new (batchedRedisStore(redis, prefix))({});
  const nodeB = new (batchedRedisStore(redisB, prefix))({});
  afterAll(async () => {
    await redis.quit();
    await redisB.quit();
  });

  it('counts far below the limit without a round trip, then adds the count to Redis at the next flush', async () => {
    const key = `ip-${crypto.randomUUID()}`;
    const seen = [];
    for (let i = 0; i < 10; i++) seen.push((await incr(nodeA, key, 1000)).current);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await redis.get(prefix + key)).toBeNull(); // not sent yet
    await sleep(FLUSH_MS * 3);
    expect(await redis.get(prefix + key)).toBe('10');
    const ttl = await redis.pttl(prefix + key);
    expect(ttl).toBeGreaterThan(WINDOW - 5_000);
    expect(ttl).toBeLessThanOrEqual(WINDOW);
  });

  it('refuses the request past the limit exactly when two nodes share the counter', async () => {
    const key = `ip-${crypto.randomUUID()}`;
    const max = 20;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await incr(i % 2 ? nodeB : nodeA, key, max));
    await sleep(FLUSH_MS * 3);
    // Every request is counted once in Redis, and the first refusal (current > max) is the 21st request.
    expect(await redis.get(prefix + key)).toBe('30');
    const firstOver = answers.findIndex((a) => a.current > max);
    expect(firstOver).toBe(max);
    expect(answers.slice(firstOver).every((a) => a.current > max)).toBe(true);
  });

  it('counts a route of its own (a child store) in Redis on every request', async () => {
    const key = `ip-${crypto.randomUUID()}`;
    const login = nodeA.child({ routeInfo: { method: 'POST', url: '/api/login' } } as never);
    const first = await incr(login, key, 1000);
    expect(first.current).toBe(1);
    expect(await redis.get(`${prefix}POST/api/login-${key}`)).toBe('1');
    expect(await redis.get(prefix + key)).toBeNull(); // the global counter is another key
  });
});
