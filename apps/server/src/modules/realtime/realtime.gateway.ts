import type http from 'node:http';
import {
  ErrorCode,
  INS_BALANCE_BELOW,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_PATH,
  clientEvents,
  isClientEvent,
  serverEvents,
  type ClientToServerEvents,
  type LanguageKey,
  type RealtimeAck,
  type ServerEventPayloads,
  type ServerToClientEvents,
  type UserFigures,
} from '@aposta/contracts';
import { toMajor, type Currency } from '@aposta/money';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type ExtendedError, type Socket } from 'socket.io';
import { SUBSCRIBER_OPTIONS, type BusEvents, type BusTopic, type EventBus } from '../../platform/bus';
import { languageOf, translate, type MessageKey } from '../../platform/i18n';
import { limitLog } from '../../platform/log';
import { createListMerger } from './realtime.lists';

export type VerifyToken = (token: string) => Promise<{ userId: number; sessionId: string } | null>;
/**
 * An operator's session token (`op_…`): the operator, or null when invalid; `support` when it may chat,
 * `alerts` when it hears the operators' alerts (overdue payouts: the withdrawal queue's readers).
 */
export type VerifyOperator = (token: string) => Promise<{
  operatorId: number | null;
  sessionId: string | null;
  support: boolean;
  alerts: boolean;
} | null>;
/** A support visitor's token: the visitor's conversation id, or null when unknown or ended. */
export type VerifyVisitor = (token: string) => Promise<number | null>;

export interface GatewayOptions {
  server: http.Server;
  bus: EventBus;
  verifyToken: VerifyToken;
  /** Operator sockets (the support console); refused without it. */
  verifyOperator?: VerifyOperator;
  /** Players' money and VIP figures by id (the wallet's), many in one read. */
  figures: (userIds: readonly number[]) => Promise<Map<number, UserFigures>>;
  /** With Redis, the Socket.IO Redis adapter joins the nodes. */
  redis?: { url: string; prefix: string };
  log: FastifyBaseLogger;
  limits?: Partial<RateLimits>;
}

export interface RateLimits {
  /** Client events a socket may send at once. */
  burst: number;
  /** Client events per second refilled. */
  perSecond: number;
  /** Events dropped in a row over the limit before the socket is disconnected as a flood. */
  floodAfter: number;
}

const DEFAULT_LIMITS: RateLimits = { burst: 20, perSecond: 10, floodAfter: 30 };

/** At most this many players' figures in one read (a statement's size, not a limit on who is pushed). */
const FIGURES_PER_READ = 500;

export interface SocketData {
  /**
   * A player (the app), an operator (the support console, room `support:operators`; the back office, room
   * `operators:alerts`) or a support visitor.
   */
  kind: 'player' | 'operator' | 'visitor';
  /** The player's id (0 for operators and visitors). */
  userId: number;
  /** An operator's rooms: the support console's, the alerts'. */
  support?: boolean;
  alerts?: boolean;
  sessionId: string;
  /** A visitor's conversation. */
  conversationId?: number;
  lang: LanguageKey;
  tokens: number;
  refilledAt: number;
  /** Events dropped in a row over the rate limit. */
  dropped: number;
}

type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type Ack = (answer: RealtimeAck) => void;

const room = (userId: number) => `user:${userId}`;
/** The sockets watching a shared-round game (`roundsWatch`). */
const gameRoom = (game: string) => `rounds:${game}`;
/** The sockets watching a sports event (`sportsWatch`). */
const sportsRoom = (eventId: string) => `sports:${eventId}`;
/** The support operators' sockets, and a support visitor's (by conversation id). */
const OPERATORS_ROOM = 'support:operators';
/** Operators who hear `operatorAlert` (withdrawals.read: the back office's withdrawal queue). */
const ALERTS_ROOM = 'operators:alerts';
const visitorRoom = (conversationId: number) => `support:visitor:${conversationId}`;
/** Operator session tokens start with this (operators module). */
const OPERATOR_TOKEN_PREFIX = 'op_';

/**
 * The Socket.IO gateway on the server's own port. Bus events reach every node (the bus fans out through
 * Redis), so each node emits them to its own sockets only (`io.local`); the Redis adapter carries what
 * starts on one node for all of them (room-wide disconnects, fetchSockets, future game broadcasts).
 */
export function createGateway(options: GatewayOptions) {
  const { bus, verifyToken, verifyOperator, figures, log } = options;
  /** Set by the support module once it is registered (it comes after the gateway). */
  let verifyVisitor: VerifyVisitor | undefined;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  // Floods are an outsider's choice: one line a minute for all of them, whatever their number.
  const limitedLog = limitLog(60_000);
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    options.server,
    {
      path: REALTIME_PATH,
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: REALTIME_MAX_FRAME_BYTES,
      connectTimeout: 10_000,
    },
  );

  let adapterClients: Redis[] = [];
  if (options.redis) {
    const pub = new Redis(options.redis.url, { maxRetriesPerRequest: 2 });
    const sub = new Redis(options.redis.url, SUBSCRIBER_OPTIONS);
    adapterClients = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${options.redis.prefix}sio` }));
  }

  io.use(async (socket, next) => {
    const query = socket.handshake.query;
    const lang = languageOf({
      ...socket.handshake.headers,
      ...(typeof query.lang === 'string' ? { lang: query.lang } : {}),
    });
    const token = typeof query.token === 'string' ? query.token : socket.handshake.auth?.token;
    const visitor = typeof query.visitor === 'string' ? query.visitor : undefined;
    const fresh = { lang, tokens: limits.burst, refilledAt: Date.now(), dropped: 0 };
    if (visitor !== undefined && (token === undefined || token === '')) {
      if (visitor === '' || visitor.length > 256 || !verifyVisitor)
        return next(refusal(lang, ErrorCode.UNAUTHORIZED, 'supportVisitorInvalid'));
      try {
        const conversationId = await verifyVisitor(visitor);
        if (conversationId === null)
          return next(refusal(lang, ErrorCode.SESSION_INVALID, 'supportVisitorInvalid'));
        Object.assign(socket.data, { kind: 'visitor', userId: 0, sessionId: '', conversationId, ...fresh });
        return next();
      } catch (err) {
        log.error({ err }, 'realtime: visitor check failed');
        return next(refusal(lang, ErrorCode.UNAVAILABLE, 'unavailable'));
      }
    }
    if (typeof token !== 'string' || token === '' || token.length > 4096) {
      return next(refusal(lang, ErrorCode.UNAUTHORIZED, 'pleaseLogin'));
    }
    if (token.startsWith(OPERATOR_TOKEN_PREFIX)) {
      if (!verifyOperator) return next(refusal(lang, ErrorCode.FORBIDDEN, 'forbidden'));
      try {
        const operator = await verifyOperator(token);
        if (!operator) return next(refusal(lang, ErrorCode.UNAUTHORIZED, 'operatorSessionInvalid'));
        if (!operator.support && !operator.alerts)
          return next(refusal(lang, ErrorCode.FORBIDDEN, 'forbidden'));
        Object.assign(socket.data, {
          kind: 'operator',
          userId: 0,
          sessionId: operator.sessionId ?? '',
          support: operator.support,
          alerts: operator.alerts,
          ...fresh,
        });
        return next();
      } catch (err) {
        log.error({ err }, 'realtime: operator check failed');
        return next(refusal(lang, ErrorCode.UNAVAILABLE, 'unavailable'));
      }
    }
    let session: Awaited<ReturnType<VerifyToken>>;
    try {
      session = await verifyToken(token);
    } catch (err) {
      log.error({ err }, 'realtime: token check failed');
      return next(refusal(lang, ErrorCode.UNAVAILABLE, 'unavailable'));
    }
    if (!session) return next(refusal(lang, ErrorCode.SESSION_INVALID, 'againLog'));
    Object.assign(socket.data, {
      kind: 'player',
      userId: session.userId,
      sessionId: session.sessionId,
      ...fresh,
    });
    next();
  });

  io.on('connection', (socket: IoSocket) => {
    const { kind } = socket.data;
    if (kind === 'player') void socket.join(room(socket.data.userId));
    else if (kind === 'operator') {
      if (socket.data.support) void socket.join(OPERATORS_ROOM);
      if (socket.data.alerts) void socket.join(ALERTS_ROOM);
    } else void socket.join(visitorRoom(socket.data.conversationId!));
    socket.use((packet, next) => {
      // Packets that arrived with the ones that got this socket disconnected: nothing more to say.
      if (socket.disconnected) return;
      const [event, ...args] = packet;
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
      const refuse = (status: ErrorCode, key: MessageKey) => {
        const answer = { status, message: translate(socket.data.lang, key) };
        if (ack) ack(answer);
        else socket.emit('rejected', { event: String(event).slice(0, 64), ...answer });
      };
      if (!takeToken(socket.data, limits)) {
        socket.data.dropped += 1;
        if (socket.data.dropped === 1) refuse(ErrorCode.RATE_LIMITED, 'rateLimited');
        if (socket.data.dropped >= limits.floodAfter) {
          const { userId } = socket.data;
          limitedLog('flood', (extra) =>
            log.warn({ userId, ...extra }, 'realtime: event flood, socket disconnected'),
          );
          socket.disconnect(true);
        }
        return;
      }
      socket.data.dropped = 0;
      // Operators and visitors only listen (their support calls go through HTTP, where the rules are).
      if (kind !== 'player' || !isClientEvent(event)) return refuse(ErrorCode.BAD_REQUEST, 'badRequest');
      const parsed = clientEvents[event].safeParse(args[0]);
      if (!parsed.success || args.length > 1) return refuse(ErrorCode.BAD_REQUEST, 'checkTheInput');
      packet.splice(1, packet.length - 1, parsed.data, ...(ack ? [ack] : []));
      next();
    });
    socket.on('offGame', ({ gameCode }, ack) => {
      bus
        .publish('game.left', { userId: socket.data.userId, gameCode })
        .catch((err: unknown) => log.warn({ err }, 'realtime: game.left not published'));
      ack?.({ status: ErrorCode.OK, message: translate(socket.data.lang, 'ok') });
    });
    socket.on('roundsWatch', ({ game }, ack) => {
      void socket.join(gameRoom(game));
      ack?.({ status: ErrorCode.OK, message: translate(socket.data.lang, 'ok') });
    });
    socket.on('roundsUnwatch', ({ game }, ack) => {
      void socket.leave(gameRoom(game));
      ack?.({ status: ErrorCode.OK, message: translate(socket.data.lang, 'ok') });
    });
    socket.on('sportsWatch', ({ eventId }, ack) => {
      void socket.join(sportsRoom(eventId));
      ack?.({ status: ErrorCode.OK, message: translate(socket.data.lang, 'ok') });
    });
    socket.on('sportsUnwatch', ({ eventId }, ack) => {
      void socket.leave(sportsRoom(eventId));
      ack?.({ status: ErrorCode.OK, message: translate(socket.data.lang, 'ok') });
    });
  });

  /**
   * Emits to this node's sockets of one player (a user id), of a room (a name) or everyone (null), after
   * checking the payload's contract.
   */
  function emitLocal<E extends keyof ServerEventPayloads>(
    to: number | string | null,
    event: E,
    payload: ServerEventPayloads[E],
  ) {
    const parsed = serverEvents[event].safeParse(payload);
    if (!parsed.success) {
      log.error({ event, issues: parsed.error.issues }, 'realtime: outgoing payload breaks the contract');
      return;
    }
    const target = to === null ? io.local : io.local.to(typeof to === 'number' ? room(to) : to);
    (target.emit as (e: string, p: unknown) => boolean)(event, parsed.data);
  }

  const localSocketsOf = (userId: number) => io.of('/').adapter.rooms.get(room(userId));

  const lists = createListMerger((event, payload) => emitLocal(gameRoom(payload.game), event, payload));

  /**
   * Figures owed to players whose balance changed. One read at a time, of every player owed (a round's winners
   * arrive together: one statement, not one each); a change arriving during a read waits for the next one, which
   * starts after its commit. A player's changes are folded into one push, keeping the stake flags.
   */
  const owed = new Map<number, BusEvents['balance.changed']>();
  let reading = false;
  function onBalanceChanged(change: BusEvents['balance.changed']) {
    const { userId } = change;
    if (!localSocketsOf(userId)?.size) return;
    const queued = owed.get(userId);
    owed.set(
      userId,
      queued
        ? {
            userId,
            cause: queued.cause ?? change.cause,
            usedFreeBalance: queued.usedFreeBalance || change.usedFreeBalance,
          }
        : change,
    );
    if (!reading) void readOwed();
  }
  async function readOwed() {
    reading = true;
    while (owed.size) {
      const changes = [...owed.values()].slice(0, FIGURES_PER_READ);
      for (const { userId } of changes) owed.delete(userId);
      try {
        const read = await figures(changes.map((c) => c.userId));
        for (const change of changes) {
          const f = read.get(change.userId);
          if (f) pushFigures(change, f);
        }
      } catch (err) {
        log.error({ err, players: changes.length }, 'realtime: could not read the figures');
      }
    }
    reading = false;
  }
  function pushFigures({ userId, cause, usedFreeBalance }: BusEvents['balance.changed'], f: UserFigures) {
    const { payDiscount, ...rest } = f;
    emitLocal(userId, 'updateUserInfo', { ...rest, discount: payDiscount });
    if (cause === 'stake' && f.balance < INS_BALANCE_BELOW)
      emitLocal(userId, 'insBalance', { balance: f.balance });
    if (cause === 'stake' && usedFreeBalance)
      emitLocal(userId, 'freeBalance', { freeBalance: f.freeBalance });
  }

  // A bad event from a publisher is logged; it must never throw into the bus (an uncaught exception).
  const on = <T extends BusTopic>(topic: T, handler: (payload: BusEvents[T]) => void) =>
    bus.subscribe(topic, (payload) => {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err, topic }, 'realtime: bus event dropped');
      }
    });
  const unsubscribe = [
    on('notice.published', ({ text }) => emitLocal(null, 'notice', { text })),
    on('balance.changed', onBalanceChanged),
    // Each socket in its own language (a player may have the app open in two).
    on('rg.stakeRefused', ({ userId, key, params }) => {
      for (const id of localSocketsOf(userId) ?? []) {
        // A socket's own id is a room of its own.
        const lang = io.of('/').sockets.get(id)?.data.lang;
        if (lang) emitLocal(id, 'stakeRefused', { message: translate(lang, key, params) });
      }
    }),
    on('payment.succeeded', ({ userId, czflag, payTime }) =>
      emitLocal(userId, 'paySuccess', { czflag, payTime }),
    ),
    on('bonus.released', ({ userId, amount, currency }) =>
      emitLocal(userId, 'bonusReleased', { amount: toMajor(amount, currency as Currency) }),
    ),
    on('bonus.increaseOffered', ({ userId, bouns, amount }) =>
      emitLocal(userId, 'userBetAmount', { bouns, amount: toMajor(amount) }),
    ),
    // Shared rounds: every node hears the push (bus) and emits it to its own watchers of that game; the lists of
    // bets and cash-outs merged, one push per beat whichever nodes took them.
    on('rounds.push', ({ game, event, payload }) => {
      if (event === 'roundBet' || event === 'roundCashout')
        lists.add(event, payload as ServerEventPayloads[typeof event]);
      else emitLocal(gameRoom(game), event, payload as ServerEventPayloads[typeof event]);
    }),
    // Sportsbook: an event's new clock, score and prices to this node's watchers of it.
    on('sports.update', ({ eventId, payload }) => emitLocal(sportsRoom(eventId), 'sportsEvent', payload)),
    // Sportsbook: an open bet's cash-out value, to its owner's sockets on this node.
    on('sports.cashout', ({ userId, payload }) => emitLocal(userId, 'sportsCashout', payload)),
    // Live support: to the player's sockets, the visitor's and/or the operators' on this node.
    on('support.push', ({ to, event, payload }) => {
      const p = payload as ServerEventPayloads[typeof event];
      if (to.userId) emitLocal(to.userId, event, p);
      if (to.visitor) emitLocal(visitorRoom(to.visitor), event, p);
      if (to.operators) emitLocal(OPERATORS_ROOM, event, p);
    }),
    on('operator.alert', (alert) => emitLocal(ALERTS_ROOM, 'operatorAlert', alert)),
    on('operator.signedOut', ({ sessionId }) => {
      const rooms = io.of('/').adapter.rooms;
      for (const id of [...(rooms.get(OPERATORS_ROOM) ?? []), ...(rooms.get(ALERTS_ROOM) ?? [])]) {
        const socket = io.of('/').sockets.get(id);
        if (socket && socket.data.sessionId === sessionId) socket.disconnect(true);
      }
    }),
    on('session.revoked', ({ userId, sessionIds }) => {
      const revoked = new Set(sessionIds);
      for (const id of localSocketsOf(userId) ?? []) {
        const socket = io.of('/').sockets.get(id);
        if (socket && revoked.has(socket.data.sessionId)) socket.disconnect(true);
      }
    }),
  ];

  return {
    io,
    /** The support module's check of visitor tokens (registered after the gateway). */
    acceptVisitors(verify: VerifyVisitor) {
      verifyVisitor = verify;
    },
    /** Nodes sharing the adapter (1 without Redis) and this node's open connections. */
    async stats() {
      return { nodes: await io.of('/').adapter.serverCount(), connections: io.engine.clientsCount };
    },
    /**
     * Graceful stop: closes every connection at the transport level, so clients reconnect (with backoff) to
     * another node or to this one after restart; a server-side disconnect would stop them from reconnecting.
     */
    async close() {
      for (const off of unsubscribe) off();
      lists.stop();
      io.engine.close();
      await io.of('/').adapter.close();
      await Promise.allSettled(adapterClients.map((c) => c.quit()));
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;

function refusal(lang: LanguageKey, status: ErrorCode, key: MessageKey): ExtendedError {
  const err: ExtendedError = new Error(translate(lang, key));
  err.data = { status };
  return err;
}

/** Token bucket per socket. */
function takeToken(data: SocketData, limits: RateLimits): boolean {
  const now = Date.now();
  data.tokens = Math.min(limits.burst, data.tokens + ((now - data.refilledAt) / 1000) * limits.perSecond);
  data.refilledAt = now;
  if (data.tokens < 1) return false;
  data.tokens -= 1;
  return true;
}
