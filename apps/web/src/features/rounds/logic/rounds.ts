import { doubleColor, luckyColors } from '@aposta/fairness';

/** The double wheel's order of tiles: white, then red and black alternating (as row double draws it). */
export const WHEEL = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4] as const;

const COLOR_CLASS = {
  white: 'bg-white text-night',
  red: 'bg-[#f12c4c] text-white',
  black: 'bg-[#262f3c] text-white',
  green: 'bg-[#1fbf75] text-white',
  violet: 'bg-[#8b5cf6] text-white',
} as const;
export type ColorName = keyof typeof COLOR_CLASS;

export const colorClass = (c: ColorName) => COLOR_CLASS[c];
export const tileClass = (tile: number) => COLOR_CLASS[doubleColor(tile)];

/** 0 and 5 are also violet: half and half. Whole class names, so the CSS build finds them. */
const SPLIT = {
  green: 'bg-[linear-gradient(135deg,#1fbf75_50%,#8b5cf6_50%)] text-white',
  red: 'bg-[linear-gradient(135deg,#f12c4c_50%,#8b5cf6_50%)] text-white',
} as const;

/** A lucky colour digit's look: its colour, split with violet for 0 and 5. */
export function digitClass(digit: number): string {
  const [main, second] = luckyColors(digit);
  return second ? SPLIT[main as 'green' | 'red'] : COLOR_CLASS[main!];
}

/** Whole seconds left, rounded up (a countdown never shows 0 while time remains). */
export const secondsLeft = (ms: number) => Math.ceil(ms / 1000);
