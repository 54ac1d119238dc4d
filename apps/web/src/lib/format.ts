import { moneyIn, type LanguageKey } from '@aposta/contracts';
import { toDecimalString, toMinor, type Currency } from '@aposta/money';
import { languageEntry } from './app-state';

/**
 * Amounts on the wire are major units; the display goes through @aposta/money (integer minor units, Intl), in
 * the language's own style, the server's messages alike (contracts `moneyIn`).
 */
/** A balance the server has not answered yet (`knownBalance` null): never a stored or made-up figure. */
export const UNKNOWN_BALANCE = 'R$ —';

export function displayMoney(major: number, lang: LanguageKey): string {
  let minor: number;
  try {
    minor = toMinor(major, 'BRL');
  } catch {
    return '—';
  }
  return moneyIn(minor, lang);
}

/** `value` in the chosen language's locale with `options` ('' for no date). */
function displayInstant(
  value: Date | number | string,
  lang: LanguageKey,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(languageEntry(lang).locale, options).format(date);
}

/** A calendar date in the chosen language's locale. */
export const displayDate = (value: Date | number | string, lang: LanguageKey) =>
  displayInstant(value, lang, { dateStyle: 'medium' });

/**
 * A date with its time of day ("01/05/2026, 07:00"): when a bet was placed, to the minute. Short, as the records
 * and the game histories write it, so one bet's time reads the same on every screen.
 */
export const displayDateTime = (value: Date | number | string, lang: LanguageKey) =>
  displayInstant(value, lang, { dateStyle: 'short', timeStyle: 'short' });

/** A short date with the time to the second ("02/12/2026, 14:05:09"): when a slot round was played. */
export const displayStamp = (value: Date | number | string, lang: LanguageKey) =>
  displayInstant(value, lang, { dateStyle: 'short', timeStyle: 'medium' });

/** A time of day ("12:30"): when a pending PIX order expires. */
export const displayTime = (value: Date | number | string, lang: LanguageKey) =>
  displayInstant(value, lang, { timeStyle: 'short' });

/** A multiple (the game bonus's `bouns`, 1.5) in the chosen language's locale: "1,5" in Portuguese. */
export function displayMultiple(value: number, lang: LanguageKey): string {
  return new Intl.NumberFormat(languageEntry(lang).locale, { maximumFractionDigits: 2 }).format(value);
}

const timesFormats = new Map<string, Intl.NumberFormat>();
/**
 * A multiplier as players read it: at least two decimals, up to `maxDigits`, in the locale, with the × sign
 * ("2,35×", "1,9800×" keeps the digits it has). The formats are kept: a crash curve writes one every frame.
 */
export function displayTimes(value: number, locale: string, maxDigits = 2): string {
  const key = `${locale}|${maxDigits}`;
  let f = timesFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: maxDigits });
    timesFormats.set(key, f);
  }
  return `${f.format(value)}×`;
}

/**
 * Minor units as an amount field shows them, for the player to edit: every decimal of the currency, the locale's
 * decimal separator, no grouping and no symbol ("1234,50", "1,00"). Every stake field writes its amounts so.
 */
export function amountText(minor: number, currency: Currency, locale: string): string {
  const plain = toDecimalString(minor, currency);
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return separator && separator !== '.' ? plain.replace('.', separator) : plain;
}
