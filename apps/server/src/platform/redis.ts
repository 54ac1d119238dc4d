import { Redis } from 'ioredis';

/** A Redis client that fails commands fast instead of queueing them forever while Redis is down. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
