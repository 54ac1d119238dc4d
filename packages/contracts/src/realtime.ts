import { z } from 'zod';
import { paySuccessEvent } from './payments';
import { NOTICE_MAX_LENGTH } from './realtime-constants';
import { payoutOverdueAlert } from './rg';
import { roundEvents, roundGame } from './rounds';
import { sportsCashoutUpdate, sportsEventUpdate } from './sports';
import { supportEvents } from './support';
import { moneyNumber, userFigures, userInfo } from './user';

/**
 * The realtime connection (spec section 4): Socket.IO at REALTIME_PATH, websocket transport only, the access
 * token in the handshake query (`?token=<access_token>`, optional `&lang=<language>`). A refused handshake
 * gives `connect_error` with `message` (in that language) and `data.status` (40100 no token, 40101 invalid,
 * revoked or expired session, 50300 unavailable).
 *
 * Client events are acknowledged when the client asks for an ack (`emitWithAck`) with `realtimeAck`; without
 * an ack, a dropped event is reported by the `rejected` event. Over the rate limit events are dropped; a
 * sustained flood disconnects that socket.
 */

// REALTIME_PATH ('/gamecenter-siop') is in paths.ts; the connection's limits and thresholds (NOTICE_HTML,
// INS_BALANCE_BELOW, ...) in realtime-constants.ts, which the app's shell reads without these schemas.

/** Notice text is HTML; the server sanitises it before storing it (`NOTICE_HTML`), the client again before rendering. */
export const noticeText = z.string().trim().min(1, 'checkTheInput').max(NOTICE_MAX_LENGTH, 'checkTheInput');

/** POST /api/operator/notices (X-Operator-Key) body; the answer's data is `noticeAnswer`. */
export const noticeRequest = z.strictObject({ text: noticeText });
export const noticeAnswer = z.object({ id: z.number().int(), text: z.string(), time: z.string() });

/** GET /api/operator/realtime (X-Operator-Key): nodes joined through Redis, and this node's connections. */
export const realtimeStatsAnswer = z.object({ nodes: z.number().int(), connections: z.number().int() });

/** Server -> client events and their payloads. */
export const serverEvents = {
  /** Banner text (HTML), broadcast to everyone. */
  notice: z.object({ text: z.string() }),
  /** After every balance change of the player: the money and VIP figures; `discount` becomes payDiscount. */
  updateUserInfo: userFigures.omit({ payDiscount: true }).extend({ discount: userInfo.shape.payDiscount }),
  /** After a stake that left the balance under INS_BALANCE_BELOW: opens the game-deposit overlay. */
  insBalance: z.object({ balance: moneyNumber }),
  /** A deposit was paid. */
  paySuccess: paySuccessEvent,
  /** A bonus met its wagering: the amount that went from the bonus balance to the player's cash. */
  bonusReleased: z.object({ amount: moneyNumber }),
  /** The increase-bonus popup: multiplier and amount. */
  userBetAmount: z.object({ bouns: z.number(), amount: moneyNumber }),
  /**
   * A game provider's bet refused by one of the player's limits: which limit, in the socket's language (the
   * game itself only learns that a limit was reached).
   */
  stakeRefused: z.object({ message: z.string() }),
  /** After a stake that drew on bonus money: the bonus balance left. */
  freeBalance: z.object({ freeBalance: moneyNumber }),
  /** A client event was dropped (no ack asked): which one and why. */
  rejected: z.object({ event: z.string(), status: z.number().int(), message: z.string() }),
  /** Shared rounds (contracts/rounds.ts), to the sockets watching that game. */
  ...roundEvents,
  /** Sportsbook (contracts/sports.ts): an event's clock, score and prices, to the sockets watching it. */
  sportsEvent: sportsEventUpdate,
  /** Sportsbook: an open bet's cash-out value after its prices moved, to the bet's owner. */
  sportsCashout: sportsCashoutUpdate,
  /** Live support chat (contracts/support.ts): messages, typing, read marks and conversation changes. */
  ...supportEvents,
  /** To the operators' sockets: a withdrawal nearing its 120-minute payout deadline (contracts/rg.ts). */
  operatorAlert: payoutOverdueAlert,
} as const;

/** Client -> server events and their payloads. */
export const clientEvents = {
  /** The player left a screen that has a game code. */
  offGame: z.strictObject({ gameCode: z.string().trim().min(1, 'checkTheInput').max(64, 'checkTheInput') }),
  /** Join a shared-round game's room (its state, bets, cash-outs and crash ticks). */
  roundsWatch: z.strictObject({ game: roundGame }),
  roundsUnwatch: z.strictObject({ game: roundGame }),
  /** Join a sports event's room: `sportsEvent` at every change of its clock, score or prices. */
  sportsWatch: z.strictObject({ eventId: z.string().regex(/^\d{1,18}$/, 'sportsUnknownEvent') }),
  sportsUnwatch: z.strictObject({ eventId: z.string().regex(/^\d{1,18}$/, 'sportsUnknownEvent') }),
} as const;

/** The acknowledgement of a client event: the envelope of the REST calls without data. */
export const realtimeAck = z.object({ status: z.number().int(), message: z.string() });
export type RealtimeAck = z.infer<typeof realtimeAck>;

type Payloads<T extends Record<string, z.ZodType>> = { [K in keyof T]: z.infer<T[K]> };
export type ServerEventPayloads = Payloads<typeof serverEvents>;
export type ClientEventPayloads = Payloads<typeof clientEvents>;
export type ServerToClientEvents = {
  [K in keyof ServerEventPayloads]: (payload: ServerEventPayloads[K]) => void;
};
export type ClientToServerEvents = {
  [K in keyof ClientEventPayloads]: (
    payload: ClientEventPayloads[K],
    ack?: (answer: RealtimeAck) => void,
  ) => void;
};
export type ClientEventName = keyof typeof clientEvents;

export function isClientEvent(name: unknown): name is ClientEventName {
  return typeof name === 'string' && Object.hasOwn(clientEvents, name);
}
