import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { MULTIPLIER_SCALE, rowDoubleColor, rowDoubleMultiplier, type RowDoubleColor } from './games';

/**
 * Shared rounds (double, crash, lucky colour; games.md "Shared rounds"): one outcome for everybody, from a
 * reverse SHA-256 chain. h₀ is a secret random start, hₖ = SHA-256(hex text of hₖ₋₁); the last hash h_N is
 * published (the commitment) before the first round. Round j (1, 2, … N) uses h_{N−j}, so every revealed round
 * hash hashes to the previous round's hash (round 1's to the commitment). A salt fixed after the commitment is
 * mixed in: round value = HMAC-SHA256(key = round hash as hex text, message = salt as text), in hex.
 */

/** The next link of a chain: SHA-256 of the hash's 64-character hex text, as hex. */
export function chainNext(hash: string): string {
  return bytesToHex(sha256(utf8ToBytes(hash)));
}

/** h_steps from `start` (0 steps answers `start`). */
export function chainWalk(start: string, steps: number): string {
  let h = start;
  for (let i = 0; i < steps; i++) h = chainNext(h);
  return h;
}

/** True when `hash` is the link just before `next` (SHA-256 of its text is `next`). */
export function chainLinks(hash: string, next: string): boolean {
  return chainNext(hash) === next;
}

/** The round value: HMAC-SHA256(key = round hash text, message = salt text), hex. */
export function roundValue(roundHash: string, salt: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(roundHash), utf8ToBytes(salt)));
}

const first8 = (value: string) => parseInt(value.slice(0, 8), 16);

// ---- double: the 15 tiles of row double (0 white 14×, 1–7 red 2×, 8–14 black 2×).
export type DoubleColor = RowDoubleColor;
export const DOUBLE_COLORS: readonly DoubleColor[] = ['white', 'red', 'black'];

/** The tile 0–14: the integer of the value's first 8 hex characters, mod 15. */
export function doubleTile(value: string): number {
  return first8(value) % 15;
}
export const doubleColor = rowDoubleColor;
/** What a bet on `color` pays on `tile`, in ten-thousandths (0 = lost). */
export function doubleMultiplier(color: DoubleColor, tile: number): number {
  return rowDoubleColor(tile) === color ? rowDoubleMultiplier(color) : 0;
}

// ---- crash: crash point in hundredths; the multiplier rises on one curve known to all.
/** The curve's growth: multiplier = e^(CRASH_GROWTH × milliseconds), so 2× after about 11.55 s. */
export const CRASH_GROWTH = 0.00006;

/**
 * Crash point in hundredths (at least 100 = 1.00×): X = first 52 bits / 2⁵², floor(99 / (1 − X)), which is the
 * guide's max(1, floor(99 / (1 − X)) / 100) times 100. X < 1, so the division never is by zero.
 */
export function crashPoint(value: string): number {
  const x = parseInt(value.slice(0, 13), 16) / 2 ** 52;
  return Math.max(100, Math.floor(99 / (1 - x)));
}

/** The multiplier in hundredths `ms` milliseconds after the start (100 at 0). */
export function crashMultiplierAt(ms: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH * Math.max(0, ms)));
}

/** The first millisecond at which the curve reaches `point` (hundredths): when a round crashing there ends. */
export function crashTimeOf(point: number): number {
  let ms = Math.max(0, Math.ceil(Math.log(point / 100) / CRASH_GROWTH));
  // Floating point may land one millisecond either side of the first one showing `point`.
  while (ms > 0 && crashMultiplierAt(ms - 1) >= point) ms--;
  while (crashMultiplierAt(ms) < point) ms++;
  return ms;
}

/** What a cash-out at `at` (hundredths) pays, in ten-thousandths, when the round crashed at `point`. */
export function crashCashoutMultiplier(at: number, point: number): number {
  return at <= point ? at * (MULTIPLIER_SCALE / 100) : 0;
}

// ---- lucky colour: a digit 0–9 per period.
export type LuckyPick =
  'green' | 'red' | 'violet' | 'big' | 'small' | `${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;
export const LUCKY_PICKS: readonly LuckyPick[] = [
  'green',
  'red',
  'violet',
  'big',
  'small',
  ...(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const),
];
/** The fee taken from every bet, in ten-thousandths (2%); payouts are on the rest. */
export const LUCKY_FEE = 200;

/** The digit 0–9: the integer of the value's first 8 hex characters, mod 10. */
export function luckyDigit(value: string): number {
  return first8(value) % 10;
}

/** The colours of a digit: 1, 3, 7, 9 green; 2, 4, 6, 8 red; 5 green and violet; 0 red and violet. */
export function luckyColors(digit: number): ('green' | 'red' | 'violet')[] {
  if (digit === 0) return ['red', 'violet'];
  if (digit === 5) return ['green', 'violet'];
  return [digit % 2 ? 'green' : 'red'];
}

/**
 * What a bet on `pick` pays on `digit`, in ten-thousandths of the whole stake (the 2% fee included): on the 98%
 * left, green or red 2× (1.5× when the digit is also violet), violet 4.5×, the number 9×, big (5–9) or small
 * (0–4) 2×. 0 = lost.
 */
export function luckyMultiplier(pick: LuckyPick, digit: number): number {
  const net = MULTIPLIER_SCALE - LUCKY_FEE;
  const times = (x10: number) => (net * x10) / 10;
  const colors = luckyColors(digit);
  switch (pick) {
    case 'green':
    case 'red':
      if (!colors.includes(pick)) return 0;
      return colors.includes('violet') ? times(15) : times(20);
    case 'violet':
      return colors.includes('violet') ? times(45) : 0;
    case 'big':
      return digit >= 5 ? times(20) : 0;
    case 'small':
      return digit <= 4 ? times(20) : 0;
    default:
      return Number(pick) === digit ? times(90) : 0;
  }
}

/** The most a pick can pay, in ten-thousandths (for the maximum-payout check before a bet). */
export function luckyBest(pick: LuckyPick): number {
  return Math.max(...Array.from({ length: 10 }, (_, d) => luckyMultiplier(pick, d)));
}

/** A round's outcome in each game's unit: tile (double), digit (lucky colour), crash point in hundredths. */
export type RoundGameKind = 'double' | 'crash' | 'luckyColor';
export function roundResult(kind: RoundGameKind, value: string): number {
  return kind === 'double' ? doubleTile(value) : kind === 'crash' ? crashPoint(value) : luckyDigit(value);
}

/**
 * What the player sees before a shared-round bet: the pick's return to player and the most it pays, as
 * multiples of the stake, from the same rules the server pays by (double: its colour's tiles of 15; lucky
 * colour: the ten digits). Crash returns 99% at any target and pays the target.
 */
export function roundPickFigures(
  pick: { kind: 'double'; color: DoubleColor } | { kind: 'luckyColor'; pick: LuckyPick },
): { rtp: number; payout: number; varies: boolean } {
  const paid =
    pick.kind === 'double'
      ? Array.from({ length: 15 }, (_, tile) => doubleMultiplier(pick.color, tile))
      : Array.from({ length: 10 }, (_, digit) => luckyMultiplier(pick.pick, digit));
  const total = paid.reduce((a, b) => a + b, 0);
  const best = Math.max(...paid);
  return {
    rtp: total / paid.length / MULTIPLIER_SCALE,
    payout: best / MULTIPLIER_SCALE,
    // Some win pays less than the best (green or red on a violet digit): the payout is shown as "up to".
    varies: paid.some((m) => m > 0 && m < best),
  };
}

/**
 * The declared return to player of the shared-round games (decisions.md "Games": configured once, shown to the
 * player). Double: every colour returns 14/15. Crash: 99% at any cash-out target. Lucky colour: big and small
 * 98%, green and red 93.1%, violet and a number 88.2%; the best pick is declared.
 */
export const ROUND_RTP = { double: 14 / 15, crash: 0.99, luckyColor: 0.98 } as const;
