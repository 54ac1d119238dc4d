import { AsyncResource } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { PayoutOverdueAlert, SportsCashoutUpdate, SportsEventUpdate } from '@aposta/contracts';
import type { MessageKey, MessageParams } from './i18n';

/**
 * Domain events between modules and the realtime gateway. In-process by default; Redis pub/sub when
 * REDIS_URL is set, so an event published on one node reaches subscribers on every node. Modules publish
 * after their transaction commits; no module imports Socket.IO.
 */
export interface BusEvents {
  /**
   * A player's balances changed (any ledger movement touching their accounts). `cause: 'stake'` when a bet
   * took the money (the gateway then sends insBalance under 10), with `usedFreeBalance` when it drew on bonus
   * money (the gateway then sends freeBalance).
   */
  'balance.changed': { userId: number; cause?: 'stake'; usedFreeBalance?: boolean };
  /**
   * A game provider's bet refused by one of the player's limits (the provider only hears that a limit was
   * reached): the gateway tells the player's sockets which one, each in its language (`stakeRefused`).
   */
  'rg.stakeRefused': { userId: number; key: MessageKey; params: MessageParams };
  /** A broadcast notice (HTML, sanitised by the client). */
  'notice.published': { text: string };
  /** A session was revoked (logout, password change, reset): its sockets must close. */
  'session.revoked': { userId: number; sessionIds: string[] };
  /** An operator signed out: the sockets of that operator session must close. */
  'operator.signedOut': { sessionId: string };
  /** A deposit was paid: czflag 0 on the player's first deposit; payTime in epoch milliseconds. */
  'payment.succeeded': { userId: number; czflag: 0 | 1; payTime: number };
  /** A bonus met its wagering: `amount` (minor units of `currency`) went from the bonus balance to cash. */
  'bonus.released': { userId: number; amount: number; currency: string };
  /** Offer of the increase-bonus popup: multiplier `bouns` and `amount` in minor units. */
  'bonus.increaseOffered': { userId: number; bouns: number; amount: number };
  /** An operator changed the price packages: every node drops its cached getPrices lists. */
  'payments.packagesChanged': Record<string, never>;
  /** A casino provider or game changed: every node refreshes what it derives from the catalogue (the CSP). */
  'casino.catalogueChanged': Record<string, never>;
  /** The player left a game screen (the client's offGame). */
  'game.left': { userId: number; gameCode: string };
  /**
   * A shared-round event (contracts/rounds.ts `roundEvents`) for the sockets watching `game`: every node's
   * gateway checks the payload against the event's schema and emits it to its own watchers of that game.
   */
  'rounds.push': {
    game: string;
    event: 'roundState' | 'roundBet' | 'roundCashout' | 'crashTick';
    payload: unknown;
  };
  /**
   * A sports event's clock, score and prices changed (contracts/sports.ts `sportsEventUpdate`): every node's
   * gateway emits `sportsEvent` to its own sockets watching that event.
   */
  'sports.update': { eventId: string; payload: SportsEventUpdate };
  /** An open bet's cash-out value after its prices moved: the gateway emits `sportsCashout` to its owner. */
  'sports.cashout': { userId: number; payload: SportsCashoutUpdate };
  /**
   * A live-support event (contracts/support.ts `supportEvents`) for a player's sockets (`userId`), a visitor's
   * (`visitor`: the conversation id) and/or the support operators' (`operators`): every node's gateway checks
   * the payload against the event's schema and emits it to its own sockets there.
   */
  /** An alert for the operators on duty (their sockets, `operatorAlert`). */
  'operator.alert': PayoutOverdueAlert;
  'support.push': {
    to: { userId?: number; visitor?: number; operators?: boolean };
    event: 'supportMessage' | 'supportTyping' | 'supportRead' | 'supportConversation';
    payload: unknown;
  };
}

export type BusTopic = keyof BusEvents;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's event bus (modules get it passed in; tests publish and listen through this). */
    bus: EventBus;
  }
}

export interface EventBus {
  publish<T extends BusTopic>(topic: T, payload: BusEvents[T]): Promise<void>;
  subscribe<T extends BusTopic>(topic: T, handler: (payload: BusEvents[T]) => void): () => void;
  close(): Promise<void>;
}

/**
 * Options of a subscriber connection. No ready check: ioredis writes SUBSCRIBE while still connecting, and
 * the ready check's INFO is then refused in subscriber mode, which breaks the subscription for good.
 */
export const SUBSCRIBER_OPTIONS = { maxRetriesPerRequest: null, enableReadyCheck: false } as const;

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
        // A subscriber runs in its own context, not the publisher's: a publish from inside a transaction
        // (an outbox handler) must not make the subscriber's reads look like statements of that transaction.
        const bound = AsyncResource.bind(handler);
        local.on(topic, bound);
        return () => local.off(topic, bound);
      },
      close: async () => {
        local.removeAllListeners();
      },
    };
  }
  // Auto-pipelining: the publishes of one tick leave in one write (a batch of bets settles together and pushes
  // each player's balance at once; one write and one reply read per publish cost a system call each).
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const sub = new Redis(redisUrl, SUBSCRIBER_OPTIONS);
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
