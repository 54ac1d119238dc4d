import {
  formatAmount,
  MAX_MINOR,
  MoneyError,
  parseMoney,
  toDecimalString,
  toMajor,
  toMinor,
} from '@aposta/money';
import { InputNumber, Typography, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n';

/**
 * Settings and operator writes keep money in minor units (centavos); forms show reais. The conversion goes
 * through @aposta/money (decimal text, no float arithmetic on amounts).
 */
export const reais = (minor: number) => toMajor(minor);
export const centavos = (major: number) => toMinor(major);
/** Basis points (and hundredths of a multiple) shown as a number with two decimals: 250 bp is 2.5 %. */
export const fromHundredths = (n: number) => n / 100;
export const toHundredths = (n: number) => Math.round(n * 100);

/**
 * The decimal comma in Portuguese: "10,50" is ten reais and fifty centavos (without it the comma was dropped
 * and "10,50" became R$ 1.050,00). A typed point is still read as the decimal point.
 */
export const decimalSeparator = () => (i18n.language === 'en' ? '.' : ',');

/** The locale the back office writes amounts in: "1.234.567,89" in Portuguese, "1,234,567.89" in English. */
const moneyLocale = () => (i18n.language === 'en' ? 'en-US' : 'pt-BR');

/**
 * An amount as the field shows it once typed (on blur, or after a step): grouped in thousands, two decimals,
 * through @aposta/money. While the operator types, the text stays as typed (no caret jumping).
 */
export function formatReais(value: number | string | undefined, locale = moneyLocale()): string {
  if (value === undefined || value === '') return '';
  try {
    return formatAmount(toMinor(value), 'BRL', locale);
  } catch {
    // More than two decimals (refused beside the field): shown as typed, with the locale's decimal sign.
    const n = Number(value);
    return Number.isFinite(n)
      ? new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(n)
      : String(value);
  }
}

/**
 * What the operator typed ("1.234.567,89", "1234567,89", "R$ 10,50") back to reais as a plain decimal string
 * ("1234567.89"), through @aposta/money's parser; "" for an empty field (no value), "NaN" for what is not an
 * amount (the field then keeps its last amount). A point typed alone before one or two last digits ("10.50")
 * is still read as the decimal point, as before the grouping. More than two decimals ("0,001") is read as typed
 * ("0.001"): the field then refuses it beside itself, rather than silently keeping its last amount; so is an
 * amount beyond the largest the money package takes.
 */
export function parseReais(text: string | undefined, locale = moneyLocale()): string {
  let s = (text ?? '').trim();
  if (!s) return '';
  if (locale === 'pt-BR' && !s.includes(',') && /^[^.]*\.\d{1,2}$/.test(s)) s = s.replace('.', ',');
  try {
    return toDecimalString(parseMoney(s, 'BRL', locale));
  } catch (e) {
    if (!(e instanceof MoneyError)) throw e;
    const sign = locale === 'pt-BR' ? ',' : '.';
    if (e.reason === 'tooLarge') {
      // Kept as typed (grouping dropped) and refused beside the field, rather than the last amount kept.
      const plain = s
        .replace(/^R\$\s*/, '')
        .split(sign === ',' ? '.' : ',')
        .join('')
        .replace(sign, '.');
      return /^-?\d+(\.\d+)?$/.test(plain) ? plain : 'NaN';
    }
    const [whole, fraction = '', ...more] = s.split(sign);
    if (e.reason !== 'subMinor' || more.length || !/^\d{3,}$/.test(fraction)) return 'NaN';
    // The first two decimals read as usual, the others appended: "1.234,5678" is "1234.56" then "78".
    const cents = parseReais(`${whole}${sign}${fraction.slice(0, 2)}`, locale);
    return cents === 'NaN' ? cents : `${cents}${fraction.slice(2)}`;
  }
}

/** The largest amount in reais a field takes (the money package's limit). */
const MAX_REAIS = toMajor(MAX_MINOR);

/** Whether an amount has at most two decimals (whole centavos). */
const inCentavos = (value: number) => {
  try {
    toMinor(value);
    return true;
  } catch (e) {
    return !(e instanceof MoneyError && e.reason === 'subMinor');
  }
};

/** Kept the same between renders: a new formatter makes rc-input-number rewrite the text being typed. */
const moneyFormatter: InputNumberProps<number>['formatter'] = (value, { userTyping, input }) =>
  userTyping ? input : formatReais(value);
// rc-input-number reads the parser's answer as a decimal string ("" is no value); its type says number.
const moneyParser = parseReais as unknown as (text: string | undefined) => number;

/**
 * rc-input-number's own `min`/`max` clamp what was typed to the bound on blur, silently (and drop an out-of-range
 * value while it is typed): an operator's 150 % became 100 % without a word. Ours keep what was typed and mark
 * the field; the server refuses it with its message, and nothing is saved.
 */
function bounds({ min, max, value, status, ...props }: InputNumberProps<number>, floor?: number) {
  const low = min === undefined ? floor : Number(min);
  const high = max === undefined ? undefined : Number(max);
  // A whole number's field (precision 0) keeps a fraction typed, marked, rather than rounding it on blur.
  const whole = props.precision === 0;
  if (whole) delete props.precision;
  const out =
    typeof value === 'number' &&
    ((low !== undefined && value < low) ||
      (high !== undefined && value > high) ||
      (whole && !Number.isInteger(value)));
  // Form.Item's own `aria-invalid` (a rule that failed) stays when the value is within the bounds.
  return {
    ...props,
    value,
    status: out ? ('error' as const) : status,
    'aria-invalid': out || props['aria-invalid'],
  };
}

/**
 * A plain number (a count, a multiple, an order, an id): out of `min`..`max`, marked, never changed. The decimal
 * comma reads as one in Portuguese: without it "2,5" became 25 (rc-input-number drops the comma as a grouping).
 */
export function NumberInput(props: InputNumberProps<number>) {
  return <InputNumber<number> decimalSeparator={decimalSeparator()} {...bounds(props)} />;
}

/**
 * An amount in reais, two decimals, grouped in thousands ("1.234.567,89"); `min` 0 unless given. More than two
 * decimals, or more than the largest amount, is kept as typed (never rounded, nor the last amount silently kept), marked, and said beside the
 * field; the form's amount is then refused where it is converted to centavos or by the server: nothing is saved.
 */
export function MoneyInput(props: InputNumberProps<number>) {
  const { t } = useTranslation();
  const value = typeof props.value === 'number' ? props.value : undefined;
  const problem =
    value === undefined
      ? undefined
      : Math.abs(value) > MAX_REAIS
        ? t('common.moneyTooLarge', { max: formatReais(MAX_REAIS) })
        : inCentavos(value)
          ? undefined
          : t('common.moneyDecimals');
  const input = (
    <InputNumber<number>
      formatter={moneyFormatter}
      parser={moneyParser}
      addonBefore="R$"
      style={{ width: '100%' }}
      {...bounds(
        problem ? { ...props, status: 'error', 'aria-invalid': true } : props,
        'min' in props ? undefined : 0,
      )}
    />
  );
  if (!problem) return input;
  return (
    <>
      {input}
      <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
        {problem}
      </Typography.Text>
    </>
  );
}

/** A share in percent, two decimals (stored as basis points); 0 to 100 unless given. */
export function PercentInput(props: InputNumberProps<number>) {
  return (
    <InputNumber<number>
      precision={2}
      decimalSeparator={decimalSeparator()}
      addonAfter="%"
      style={{ width: '100%' }}
      {...bounds({ ...('max' in props ? {} : { max: 100 }), ...props }, 'min' in props ? undefined : 0)}
    />
  );
}
