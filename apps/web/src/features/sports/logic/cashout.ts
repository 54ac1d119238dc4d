import { toMinor } from '@aposta/money';

/** The slider's bounds: a partial cash-out takes 10 % to 100 % of the stake, in steps of 5 %. */
export const SHARE_MIN = 10;
export const SHARE_MAX = 100;
export const SHARE_STEP = 5;

/**
 * What a cash-out of `percent` % pays, in minor units, as the server computes it: the whole value for 100 %,
 * else the value of the part of the stake taken in whole centavos, ⌊value × part ÷ stake⌋ with part =
 * round(stake × share) (R$ 0,95 on a R$ 1,01 stake at 40 % takes 40 centavos and pays 37, not ⌊95 × 0.4⌋ = 38).
 */
export function cashoutPaid(value: number, stake: number, percent: number): number {
  const minor = toMinor(value);
  if (percent >= 100) return minor;
  const whole = toMinor(stake);
  const part = Math.round(whole * (percent / 100));
  return part >= whole ? minor : Math.floor((minor * part) / whole);
}

/** The stake (minor units) that stays running after cashing out `percent` %: stake − round(stake × share). */
export function stakeLeft(stake: number, percent: number): number {
  const minor = toMinor(stake);
  return percent >= 100 ? 0 : minor - Math.round(minor * (percent / 100));
}
