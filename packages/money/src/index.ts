/**
 * Money as integer minor units (centavos, kobo). No floating-point arithmetic on money: amounts enter as
 * strings or 2-decimal numbers, are held as safe integers, and leave through Intl formatting or `toMajor`.
 */

export const CURRENCIES = {
  BRL: { code: 'BRL', minorDigits: 2, locale: 'pt-BR', symbol: 'R$' },
  NGN: { code: 'NGN', minorDigits: 2, locale: 'en-NG', symbol: '₦' },
} as const;

export type Currency = keyof typeof CURRENCIES;
export const DEFAULT_CURRENCY: Currency = 'BRL';

/** An amount in minor units. Always a safe integer. */
export type Minor = number;

export class MoneyError extends Error {
  constructor(
    readonly reason: 'notANumber' | 'notFinite' | 'subMinor' | 'tooLarge' | 'unknownCurrency' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'MoneyError';
  }
}

/** Largest amount we accept anywhere: 10^13 minor units (R$ 100 billion) keeps sums far from 2^53. */
export const MAX_MINOR: Minor = 10_000_000_000_000;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

export function assertCurrency(value: unknown): Currency {
  if (!isCurrency(value)) throw new MoneyError('unknownCurrency', `unknown currency: ${String(value)}`);
  return value;
}

export function assertMinor(value: number): Minor {
  if (Number.isNaN(value)) throw new MoneyError('notANumber', 'amount is not a number');
  if (!Number.isFinite(value)) throw new MoneyError('notFinite', 'amount is not finite');
  if (!Number.isInteger(value))
    throw new MoneyError('subMinor', 'amount is not a whole number of minor units');
  if (Math.abs(value) > MAX_MINOR) throw new MoneyError('tooLarge', 'amount is too large');
  return value;
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/**
 * Major units (a JSON number with at most 2 decimals, or a plain decimal string "12.34") to minor units.
 * Refuses NaN, infinities, sub-centavo precision and amounts beyond MAX_MINOR.
 */
export function toMinor(major: number | string, currency: Currency = DEFAULT_CURRENCY): Minor {
  const digits = CURRENCIES[currency].minorDigits;
  let text: string;
  if (typeof major === 'number') {
    if (Number.isNaN(major)) throw new MoneyError('notANumber', 'amount is not a number');
    if (!Number.isFinite(major)) throw new MoneyError('notFinite', 'amount is not finite');
    if (Math.abs(major) > MAX_MINOR) throw new MoneyError('tooLarge', 'amount is too large');
    // The shortest round-trip form of the double is exactly what the sender wrote (12.34 -> "12.34").
    text = exponentFree(major);
  } else {
    text = major.trim();
  }
  const m = DECIMAL.exec(text);
  if (!m) throw new MoneyError('malformed', `not a decimal amount: ${text.slice(0, 40)}`);
  const [, sign, whole, frac = ''] = m;
  if (frac.replace(/0+$/, '').length > digits) {
    throw new MoneyError('subMinor', `more than ${digits} decimals`);
  }
  if (whole!.replace(/^0+/, '').length > 16) throw new MoneyError('tooLarge', 'amount is too large');
  const minor = Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0').slice(0, digits) || '0');
  return assertMinor(sign === '-' ? -minor : minor);
}

function exponentFree(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // Tiny or huge numbers: tiny ones are sub-minor, huge ones are rejected by the size check.
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** Minor units to a major-unit JSON number (the API's wire format). Exact for every 2-decimal amount. */
export function toMajor(minor: Minor, currency: Currency = DEFAULT_CURRENCY): number {
  assertMinor(minor);
  return minor / 10 ** CURRENCIES[currency].minorDigits;
}

/** Minor units as a plain decimal string ("1234.50"), for places that must not go through a double. */
export function toDecimalString(minor: Minor, currency: Currency = DEFAULT_CURRENCY): string {
  assertMinor(minor);
  const digits = CURRENCIES[currency].minorDigits;
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.trunc(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: Currency, style: 'currency' | 'decimal'): Intl.NumberFormat {
  const key = `${locale}|${currency}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = CURRENCIES[currency].minorDigits;
    f = new Intl.NumberFormat(locale, {
      style,
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats as the locale writes it: `formatMoney(123456, 'BRL')` is "R$ 1.234,56" (with a no-break space).
 * Goes through a decimal string so no double rounding can creep in.
 */
export function formatMoney(
  minor: Minor,
  currency: Currency = DEFAULT_CURRENCY,
  locale: string = CURRENCIES[currency].locale,
): string {
  return formatter(locale, currency, 'currency').format(
    toDecimalString(minor, currency) as unknown as number,
  );
}

/** Formats without the currency symbol ("1.234,56"), for places where the symbol is shown apart. */
export function formatAmount(
  minor: Minor,
  currency: Currency = DEFAULT_CURRENCY,
  locale: string = CURRENCIES[currency].locale,
): string {
  return formatter(locale, currency, 'decimal').format(toDecimalString(minor, currency) as unknown as number);
}

/** How a currency may be written around an amount, upper-cased: its code, its symbol and the locale's symbol. */
function currencyMarks(currency: Currency, locale: string): string[] {
  const local = formatter(locale, currency, 'currency')
    .formatToParts(1)
    .filter((p) => p.type === 'currency')
    .map((p) => p.value.toUpperCase());
  const { code, symbol } = CURRENCIES[currency];
  // Longest first: "US$" before "$".
  return [...new Set([code, symbol, ...local])].sort((a, b) => b.length - a.length);
}

/**
 * Parses what a person types or what `formatMoney` wrote, in the given locale: "R$ 1.234,56", "1234,5",
 * "₦1,234.56". Returns minor units; throws MoneyError on anything else.
 *
 * Grouping is read only where it is well formed (1–3 digits, then groups of exactly 3): "1.23.45" is refused,
 * never read as 12345. A phone keypad may offer only ".", so with no decimal sign a lone separator before one or
 * two final digits is the decimal point: "1.5" in pt-BR is 1,50, not 15 (a stake ten times the one meant).
 */
export function parseMoney(
  text: string,
  currency: Currency = DEFAULT_CURRENCY,
  locale: string = CURRENCIES[currency].locale,
): Minor {
  const parts = formatter(locale, currency, 'decimal').formatToParts(-1234.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const malformed = () => new MoneyError('malformed', `cannot read ${text.slice(0, 40)}`);
  // Besides the number, only the currency's marks (R$, BRL, the locale's symbol), spaces and a sign: a letter
  // anywhere else means this is not an amount ("2 mil", "1O0"), never the digits left once it is dropped.
  let s = currencyMarks(currency, locale).reduce(
    (rest, mark) => rest.split(mark).join(' '),
    text.toUpperCase(),
  );
  if (/[^\d.,\s+\-−]/.test(s)) throw malformed();
  const negative = /[-−]/.test(s);
  s = s.replace(/[^\d.,]/g, ''); // (a grouping by spaces is gone here)
  if (!s) throw new MoneyError('malformed', 'no digits');
  if (!s.includes(decimal)) {
    const lone = /^(\d+)[.,](\d{1,2})$/.exec(s);
    if (lone) s = `${lone[1]}${decimal}${lone[2]}`;
  }
  const [whole = '', fraction, ...more] = s.split(decimal);
  const groups = whole.split(group);
  if (
    more.length ||
    // A first group of 0 ("0.500", "01.000") groups nothing: a decimal written with the wrong mark, refused.
    (groups.length > 1 &&
      (!/^[1-9]\d{0,2}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))))
  )
    throw malformed();
  const digits = groups.join('');
  if (/[.,]/.test(digits) || /[.,]/.test(fraction ?? '')) throw malformed();
  const minor = toMinor(fraction === undefined ? digits : `${digits}.${fraction}`, currency);
  return negative ? -minor : minor;
}

/**
 * What a person typed as a positive amount, read by `parseMoney`: minor units, or null when the text is not one
 * (empty, malformed, zero, negative). For fields that say "not an amount" beside themselves rather than throw.
 */
export function readAmount(
  text: string,
  currency: Currency = DEFAULT_CURRENCY,
  locale: string = CURRENCIES[currency].locale,
): Minor | null {
  try {
    const minor = parseMoney(text, currency, locale);
    return minor > 0 ? minor : null;
  } catch (err) {
    if (err instanceof MoneyError) return null;
    throw err;
  }
}

export type Rounding = 'down' | 'up' | 'halfEven';

/**
 * minor * numerator / denominator with integer arithmetic and an explicit rounding: fees, rates, shares.
 * `mulDiv(10000, 25, 1000, 'down')` is 2.5% of R$ 100,00 = 250.
 */
export function mulDiv(minor: Minor, numerator: number, denominator: number, rounding: Rounding): Minor {
  assertMinor(minor);
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) {
    throw new MoneyError('malformed', 'mulDiv takes whole numbers and a positive denominator');
  }
  const product = BigInt(minor) * BigInt(numerator);
  const d = BigInt(denominator);
  let q = product / d;
  const r = product % d;
  if (r !== 0n) {
    const positive = product > 0n;
    if (rounding === 'up') {
      if (positive) q += 1n;
    } else if (rounding === 'down') {
      if (!positive) q -= 1n;
    } else {
      const twice = (r < 0n ? -r : r) * 2n;
      if (twice > d || (twice === d && q % 2n !== 0n)) q += positive ? 1n : -1n;
    }
  }
  return assertMinor(Number(q));
}

/**
 * minor x factor, where factor is a business constant such as a wagering multiplier (1, 1.5, 2) or a rate,
 * taken to 4 decimals and applied in integer arithmetic: `scale(100, 1.1, 'up')` is 110, never 111.
 */
export function scale(minor: Minor, factor: number, rounding: Rounding): Minor {
  if (!Number.isFinite(factor)) throw new MoneyError('notFinite', 'factor is not finite');
  return mulDiv(minor, Math.round(factor * 10_000), 10_000, rounding);
}

/** Sum of minor amounts, checked. */
export function sum(amounts: readonly Minor[]): Minor {
  let total = 0;
  for (const a of amounts) total += assertMinor(a);
  return assertMinor(total);
}
