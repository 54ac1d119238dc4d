import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** How often a node adds what it counted locally to the shared counters. */
export const FLUSH_MS = 100;

/** Adds ARGV[1] to a counter, starting its window (ARGV[2] ms) when it has none: [count, ms left]. */
const ADD = `
local current = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {current, ttl}`;

type AddCommand = (key: string, n: number, windowMs: number) => Promise<[number, number]>;
type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

interface Counter {
  /** The shared count as Redis last answered it (every node's requests). */
  shared: number;
  /** Counted here since, not yet sent. */
  pending: number;
  /** Sent, the answer not yet back. */
  sending: number;
  resetAt: number;
  windowMs: number;
}

/**
 * A store for @fastify/rate-limit that keeps its counters in Redis, shared by every node, and counts in
 * batches: a request far below its limit is counted here and added to Redis with the others at most
 * FLUSH_MS later (one round trip for every key), instead of a round trip of its own. Its library's Redis
 * store made that round trip on every API call, a large part of a hot read's cost. From half the limit on,
 * every request goes to Redis at once, so a client at its limit is refused as with one counter; what the
 * nodes admit together beyond the limit is at most what they let through in one FLUSH_MS below its half.
 * Routes with their own limit (sign-in, bets: small limits an attacker probes) are `child` stores, counted
 * in Redis on every request.
 */
export function batchedRedisStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  if (!('rateLimitAdd' in redis)) redis.defineCommand('rateLimitAdd', { numberOfKeys: 1, lua: ADD });
  const add = (redis as unknown as { rateLimitAdd: AddCommand }).rateLimitAdd.bind(redis);

  return class BatchedRedisStore implements FastifyRateLimitStore {
    private readonly counters = new Map<string, Counter>();
    private timer: NodeJS.Timeout | null = null;

    constructor(
      _options?: unknown,
      private readonly keyPrefix = prefix,
      /** Every request to Redis at once (a route's own limit). */
      private readonly exact = false,
    ) {}

    incr(key: string, cb: Callback, windowMs: number, max: number) {
      const now = Date.now();
      let c = this.counters.get(key);
      if (!c || now >= c.resetAt) {
        c = { shared: 0, pending: 0, sending: 0, resetAt: now + windowMs, windowMs };
        this.counters.set(key, c);
      }
      const current = c.shared + c.sending + c.pending + 1;
      if (!this.exact && current < max / 2) {
        c.pending += 1;
        this.timer ??= setTimeout(() => this.flush(), FLUSH_MS).unref();
        cb(null, { current, ttl: c.resetAt - now });
        return;
      }
      // Near the limit: this request and any still pending, counted in Redis now.
      const n = c.pending + 1;
      c.pending = 0;
      this.send(key, c, n).then(
        ([shared, ttl]) => cb(null, { current: shared, ttl }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The library passes the route's merged options, its method and URL under `routeInfo` (as its own
      // Redis store reads them), which its types do not declare.
      const { method, url } = (routeOptions as unknown as { routeInfo: { method: string; url: string } })
        .routeInfo;
      return new BatchedRedisStore(undefined, `${this.keyPrefix}${method}${url}-`, true);
    }

    /** Adds `n` to the shared counter; the counter then holds what Redis answered. */
    private async send(key: string, c: Counter, n: number): Promise<[number, number]> {
      c.sending += n;
      try {
        const [shared, ttl] = await add(this.keyPrefix + key, n, c.windowMs);
        c.shared = shared; // answers come back in order: the last is the newest
        c.resetAt = Date.now() + ttl;
        return [shared, ttl];
      } finally {
        c.sending -= n;
      }
    }

    /** Sends every key's pending count, and forgets counters whose window has ended. */
    private flush() {
      this.timer = null;
      const now = Date.now();
      for (const [key, c] of this.counters) {
        if (c.pending > 0) {
          const n = c.pending;
          c.pending = 0;
          // A failed add only loses counts of requests already let through (the library's own store also
          // lets requests through when Redis fails and skipOnError is set); the next exact call reports it.
          this.send(key, c, n).catch(() => {});
        } else if (c.sending === 0 && now >= c.resetAt) {
          this.counters.delete(key);
        }
      }
    }
  };
}
