import { toMinor } from '@aposta/money';

/** The slider's bounds: a partial cash-out takes 10 % to 100 % of the stake, in steps of 5 %. */
export const SHARE_MIN = 10;
export const SHARE_MAX = 100;
export const SHARE_STEP = 5;

/**
 * What a cash-out of `percent` % pays, in minor units, as the server computes it: the whole value for 100 %,
 * else ⌊value × share⌋.
 */
export function cashoutPaid(value: number, percent: number): number {
  const minor = toMinor(value);
  return percent >= 100 ? minor : Math.floor(minor * (percent / 100));
}

/** The stake (minor units) that stays running after cashing out `percent` %: stake − round(stake × share). */
export function stakeLeft(stake: number, percent: number): number {
  const minor = toMinor(stake);
  return percent >= 100 ? 0 : minor - Math.round(minor * (percent / 100));
}
