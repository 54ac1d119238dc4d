import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Domain events between modules and the realtime gateway. In-process by default; Redis pub/sub when
 * REDIS_URL is set, so an event published on one node reaches subscribers on every node. Modules publish
 * after their transaction commits; no module imports Socket.IO.
 */
export interface BusEvents {
  /** A player's balances changed (any ledger movement touching their accounts). */
  'balance.changed': { userId: number };
  /** A broadcast notice (HTML, sanitised by the client). */
  'notice.published': { text: string };
  /** A session was revoked (logout, password change, reset): its sockets must close. */
  'session.revoked': { userId: number; sessionIds: string[] };
}

export type BusTopic = keyof BusEvents;

export interface EventBus {
  publish<T extends BusTopic>(topic: T, payload: BusEvents[T]): Promise<void>;
  subscribe<T extends BusTopic>(topic: T, handler: (payload: BusEvents[T]) => void): () => void;
  close(): Promise<void>;
}

export function createBus(redisUrl?: string, prefix = 'aposta:'): EventBus {
  const CHANNEL_PREFIX = `${prefix}bus:`;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!redisUrl) {
    return {
      publish: async (topic, payload) => {
        // Asynchronous like the Redis bus, so callers never depend on synchronous delivery.
        queueMicrotask(() => local.emit(topic, payload));
      },
      subscribe: (topic, handler) => {
        local.on(topic, handler);
        return () => local.off(topic, handler);
      },
      close: async () => {
        local.removeAllListeners();
      },
    };
  }
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const subscribed = new Set<string>();
  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(CHANNEL_PREFIX)) return;
    try {
      local.emit(channel.slice(CHANNEL_PREFIX.length), JSON.parse(message));
    } catch {
      /* a malformed message from outside is dropped */
    }
  });
  return {
    publish: async (topic, payload) => {
      await pub.publish(CHANNEL_PREFIX + topic, JSON.stringify(payload));
    },
    subscribe: (topic, handler) => {
      if (!subscribed.has(topic)) {
        subscribed.add(topic);
        void sub.subscribe(CHANNEL_PREFIX + topic);
      }
      local.on(topic, handler);
      return () => local.off(topic, handler);
    },
    close: async () => {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
