import type { RoundPublicBet } from '@aposta/contracts';
import { doubleColor, luckyColors } from '@aposta/fairness';

/** The double wheel's order of tiles: white, then red and black alternating (as row double draws it). */
export const WHEEL = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4] as const;

const COLOR_CLASS = {
  white: 'bg-white text-night',
  red: 'bg-[#f12c4c] text-white',
  black: 'bg-[#262f3c] text-white',
  // Dark figures on green: white on it read at 2.4:1.
  green: 'bg-[#1fbf75] text-night',
  violet: 'bg-[#8b5cf6] text-white',
} as const;
export type ColorName = keyof typeof COLOR_CLASS;

export const colorClass = (c: ColorName) => COLOR_CLASS[c];
export const tileClass = (tile: number) => COLOR_CLASS[doubleColor(tile)];

/** 0 and 5 are also violet: half and half. Whole class names, so the CSS build finds them. */
const SPLIT = {
  // A figure across two colours: white, outlined by a shadow to stand out on the lighter half.
  green:
    'bg-[linear-gradient(135deg,#1fbf75_50%,#8b5cf6_50%)] text-white [text-shadow:0_1px_3px_rgb(0_0_0/0.75)]',
  red: 'bg-[linear-gradient(135deg,#f12c4c_50%,#8b5cf6_50%)] text-white [text-shadow:0_1px_3px_rgb(0_0_0/0.75)]',
} as const;

/** A lucky colour digit's look: its colour, split with violet for 0 and 5. */
export function digitClass(digit: number): string {
  const [main, second] = luckyColors(digit);
  return second ? SPLIT[main as 'green' | 'red'] : COLOR_CLASS[main!];
}

/** Whole seconds left, rounded up (a countdown never shows 0 while time remains). */
export const secondsLeft = (ms: number) => Math.ceil(ms / 1000);

/** The most bets a round's list keeps on screen (newest first). */
const LIST_MAX = 100;

/**
 * A round's list and count with pushed new bets on top (a push lists them oldest first). Pushes leave on a
 * beat, so a state read a moment later may already hold them: those are known by id and not added twice.
 */
export function withNewBets(
  list: { bets: RoundPublicBet[]; betCount: number },
  pushed: RoundPublicBet[],
): { bets: RoundPublicBet[]; betCount: number } {
  const known = new Set(list.bets.map((b) => b.id));
  const fresh = pushed.filter((b) => !known.has(b.id)).reverse();
  return { bets: [...fresh, ...list.bets].slice(0, LIST_MAX), betCount: list.betCount + fresh.length };
}

/** A round's list with pushed cash-outs in place of their bets (on top if the list no longer shows them). */
export function withCashouts(bets: RoundPublicBet[], outs: RoundPublicBet[]): RoundPublicBet[] {
  const byId = new Map(outs.map((o) => [o.id, o]));
  const merged = bets.map((b) => byId.get(b.id) ?? b);
  const shown = new Set(bets.map((b) => b.id));
  return [...outs.filter((o) => !shown.has(o.id)).reverse(), ...merged].slice(0, LIST_MAX);
}
