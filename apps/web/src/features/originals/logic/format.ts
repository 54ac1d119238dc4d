import { MULTIPLIER_SCALE } from '@aposta/fairness';
import { displayTimes } from '../../../lib/format';

const cache = new Map<string, Intl.NumberFormat>();
function nf(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    cache.set(key, f);
  }
  return f;
}

/** A multiplier in ten-thousandths as players read it: "2,00×", "1,9800×" keeps only the digits it has. */
export function multiplierLabel(e4: number, locale: string): string {
  return displayTimes(e4 / MULTIPLIER_SCALE, locale, 4);
}

/**
 * A plinko slot's multiplier (1e4) as its narrow box writes it: one decimal at most ("0,5", "8,1", "420"), and
 * thousands as "1k", so that 16 rows of slots keep a legible font on a 393 px phone.
 */
export function slotLabel(e4: number, locale: string): string {
  const m = e4 / MULTIPLIER_SCALE;
  return m >= 1000 ? `${nf(locale, 0, 1).format(m / 1000)}k` : nf(locale, 0, 1).format(m);
}

/** A multiplier sent as a plain number (answers are in major units). */
export function multiplierOf(major: number, locale: string): string {
  return displayTimes(major, locale, 4);
}

/** Hundredths (rolls, targets, chances) as "49,50". */
export function hundredthsLabel(value: number, locale: string): string {
  return nf(locale, 2, 2).format(value / 100);
}

/** A ratio (0.99) as "99,00%". */
export function percentLabel(ratio: number, locale: string): string {
  return `${nf(locale, 2, 2).format(ratio * 100)}%`;
}

/**
 * A typed decimal as a number, NaN when it is not one: "49,5" and "49.5" (a lone separator is the decimal
 * point), and with grouping in either convention, "1.000,00", "1,000.00" or "1.000.000" (the last separator is
 * the decimal one when both appear; a separator repeated is grouping, in groups of three).
 */
export function parseDecimal(text: string): number {
  const s = text.trim();
  const comma = s.lastIndexOf(',');
  const point = s.lastIndexOf('.');
  const decimalSign = comma >= 0 && point >= 0 ? (comma > point ? ',' : '.') : null;
  const groupSign = decimalSign
    ? decimalSign === ','
      ? '.'
      : ','
    : s.split(/[.,]/).length > 2
      ? s.match(/[.,]/)![0]
      : null;
  if (groupSign) {
    const [whole = '', fraction] = decimalSign
      ? [s.slice(0, s.lastIndexOf(decimalSign)), s.slice(s.lastIndexOf(decimalSign) + 1)]
      : [s];
    const grouped = new RegExp(`^\\d{1,3}(\\${groupSign}\\d{3})+$`);
    if (!grouped.test(whole) || (fraction !== undefined && !/^\d*$/.test(fraction))) return Number.NaN;
    return Number(`${whole.split(groupSign).join('')}.${fraction ?? ''}`);
  }
  const plain = s.replace(',', '.');
  return /^\d+(\.\d*)?$|^\.\d+$/.test(plain) ? Number(plain) : Number.NaN;
}

/** A plain number shown in an input with the locale's decimal separator and no grouping. */
export function decimalText(value: number, digits: number, locale: string): string {
  const sep =
    nf(locale, 1, 1)
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.';
  return value.toFixed(digits).replace('.', sep);
}
