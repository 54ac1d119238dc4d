import { MoneyError, parseMoney, type Currency } from '@aposta/money';

/** The stake bounds the amount buttons respect, in minor units (0 = no bound known). */
export interface StakeBounds {
  min: number;
  max: number;
  /** The player's cash; 0 for a visitor. */
  balance: number;
}

/** ½: half the stake, rounded down to the centavo, never below the minimum. */
export function halfAmount(minor: number, bounds: StakeBounds): number {
  return Math.max(Math.floor(minor / 2), bounds.min);
}

/** 2×: twice the stake, never above the maximum stake nor (when known) the balance. */
export function doubleAmount(minor: number, bounds: StakeBounds): number {
  return Math.max(Math.min(minor * 2 || bounds.min, maxAmount(bounds)), bounds.min);
}

/** The largest stake the player can place now: the maximum stake, capped by the balance when signed in. */
export function maxAmount(bounds: StakeBounds): number {
  const caps = [bounds.max, bounds.balance].filter((n) => n > 0);
  return caps.length ? Math.min(...caps) : bounds.min;
}

/** The text read as minor units, or why it cannot be. */
function read(text: string, currency: Currency, locale: string): number | MoneyError {
  try {
    return parseMoney(text, currency, locale);
  } catch (err) {
    if (err instanceof MoneyError) return err;
    throw err;
  }
}

/** The amount field's text as minor units; NaN when it is not an amount. */
export function parseAmount(text: string, currency: Currency, locale: string): number {
  const minor = read(text, currency, locale);
  return typeof minor === 'number' ? minor : Number.NaN;
}

/** More decimals than the currency has ("1,555"): the player is told so, not only that it is no amount. */
export function hasSubMinor(text: string, currency: Currency, locale: string): boolean {
  const minor = read(text, currency, locale);
  return minor instanceof MoneyError && minor.reason === 'subMinor';
}
