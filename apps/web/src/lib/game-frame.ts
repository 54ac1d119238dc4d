/**
 * The window messages between the app and a game window framed on /play (same origin only).
 *
 * App → game: a realtime notice, as a string prefixed with NOTICE_MARKER (spec section 4: the notice relay).
 * Game → app: `{ channel: GAME_CHANNEL, type: 'balance', balance, demo, staked? }` on each tap (`staked`: less the
 * stake) and after each spin, so the app's balance
 * follows the game and a real balance under INS_BALANCE_BELOW opens the game deposit (the spec's insBalance);
 * `{ type: 'insufficient' }` when a real-money bet was refused for the balance (the game deposit opens, as for a
 * refused bet in the app); `{ type: 'message', text }` when the game has something to tell that ends play (its
 * session ended): the app shows it on /gameMess.
 */
export const NOTICE_MARKER = 'aposta-notice:';
export const GAME_CHANNEL = 'aposta-game';

export interface GameBalanceMessage {
  channel: typeof GAME_CHANNEL;
  type: 'balance';
  /** Major units. */
  balance: number;
  demo: boolean;
  /** The stake has just left the balance and the round still plays: shown, but no game deposit opens yet. */
  staked?: boolean;
}

/** The notice text of a relayed message, or null when the message is something else. */
export function noticeOf(data: unknown): string | null {
  return typeof data === 'string' && data.startsWith(NOTICE_MARKER) ? data.slice(NOTICE_MARKER.length) : null;
}

export function isGameBalance(data: unknown): data is GameBalanceMessage {
  const m = data as Partial<GameBalanceMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.channel === GAME_CHANNEL &&
    m.type === 'balance' &&
    typeof m.balance === 'number' &&
    Number.isFinite(m.balance) &&
    typeof m.demo === 'boolean'
  );
}

export type GameFrameMessage =
  | GameBalanceMessage
  | { channel: typeof GAME_CHANNEL; type: 'insufficient' }
  | { channel: typeof GAME_CHANNEL; type: 'message'; text: string };

/** A game window's message other than the balance, or null. */
export function gameEventOf(data: unknown): Exclude<GameFrameMessage, GameBalanceMessage> | null {
  const m = data as { channel?: unknown; type?: unknown; text?: unknown } | null;
  if (typeof m !== 'object' || m === null || m.channel !== GAME_CHANNEL) return null;
  if (m.type === 'insufficient') return { channel: GAME_CHANNEL, type: 'insufficient' };
  if (m.type === 'message' && typeof m.text === 'string' && m.text.length <= 500)
    return { channel: GAME_CHANNEL, type: 'message', text: m.text };
  return null;
}
