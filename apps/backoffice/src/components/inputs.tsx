import { toMajor, toMinor } from '@aposta/money';
import { InputNumber, type InputNumberProps } from 'antd';
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

/** An amount in reais, two decimals. */
export function MoneyInput(props: InputNumberProps<number>) {
  return (
    <InputNumber<number>
      min={0}
      precision={2}
      decimalSeparator={decimalSeparator()}
      addonBefore="R$"
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** A share in percent, two decimals (stored as basis points). */
export function PercentInput(props: InputNumberProps<number>) {
  return (
    <InputNumber<number>
      min={0}
      max={100}
      precision={2}
      decimalSeparator={decimalSeparator()}
      addonAfter="%"
      style={{ width: '100%' }}
      {...props}
    />
  );
}
