import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatAmount,
  MAX_MINOR,
  MoneyError,
  mulDiv,
  scale,
  parseMoney,
  readAmount,
  sum,
  toDecimalString,
  toMajor,
  toMinor,
} from './index';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
const minor = fc.integer({ min: -MAX_MINOR, max: MAX_MINOR });

describe('toMinor', () => {
  it('reads numbers and strings with up to 2 decimals', () => {
    expect(toMinor(12.34)).toBe(1234);
    expect(toMinor('12.34')).toBe(1234);
    expect(toMinor(0.1)).toBe(10);
    expect(toMinor('0.10')).toBe(10);
    expect(toMinor(100)).toBe(10000);
    expect(toMinor(-5.5)).toBe(-550);
    expect(toMinor('1.230')).toBe(123);
  });

  it.each([NaN, Infinity, -Infinity, 0.001, 1.005, 1e300, 1e-7, '1,00', 'abc', '', '1e5', '0x10'])(
    'refuses %s',
    (bad) => {
      expect(() => toMinor(bad as number)).toThrow(MoneyError);
    },
  );

  it('round-trips every amount through the wire format', () => {
    fc.assert(fc.property(minor, (m) => toMinor(toMajor(m)) === m));
  });

  it('round-trips every amount through decimal strings', () => {
    fc.assert(fc.property(minor, (m) => toMinor(toDecimalString(m)) === m));
  });
});

describe('formatMoney', () => {
  it('writes BRL as pt-BR does', () => {
    expect(nbsp(formatMoney(123456))).toBe('R$ 1.234,56');
    expect(nbsp(formatMoney(5000))).toBe('R$ 50,00');
    expect(nbsp(formatMoney(1))).toBe('R$ 0,01');
    expect(formatAmount(100)).toBe('1,00');
  });

  it('writes NGN with the naira sign', () => {
    expect(formatMoney(123456, 'NGN')).toBe('₦1,234.56');
  });

  it('is exact for amounts a double cannot hold as decimals', () => {
    expect(nbsp(formatMoney(MAX_MINOR - 1))).toBe('R$ 99.999.999.999,99');
  });

  it('parses what it formats, in every locale', () => {
    const locales = ['pt-BR', 'en-US', 'en-NG', 'ja-JP', 'ru-RU', 'vi-VN', 'id-ID', 'ko-KR', 'zh-CN'];
    fc.assert(
      fc.property(
        minor,
        fc.constantFrom(...locales),
        fc.constantFrom('BRL' as const, 'NGN' as const),
        (m, locale, cur) => {
          expect(parseMoney(formatMoney(m, cur, locale), cur, locale)).toBe(m);
        },
      ),
    );
  });

  it('parses what people type', () => {
    expect(parseMoney('1234,5')).toBe(123450);
    expect(parseMoney('R$ 50')).toBe(5000);
    expect(() => parseMoney('1,2,3')).toThrow(MoneyError);
    expect(() => parseMoney('R$')).toThrow(MoneyError);
    expect(parseMoney(' r$1.234,56 ')).toBe(123_456);
    expect(parseMoney('BRL 50')).toBe(5000);
    expect(parseMoney('₦1,234.56', 'NGN')).toBe(123_456);
    expect(parseMoney('-R$ 5')).toBe(-500);
  });

  it('refuses a text with letters besides the currency: never reads the digits left once they are dropped', () => {
    for (const bad of ['R$ 2 mil', '1O0', '3 mil', '10 reais', 'abc', '5e3', '1_000', '50%', '😀 10'])
      expect(() => parseMoney(bad), bad).toThrow(MoneyError);
    expect(readAmount('R$ 2 mil')).toBeNull();
  });

  it('reads a lone point before one or two digits as the decimal sign (a keypad with only "."), never as grouping', () => {
    expect(parseMoney('1.5')).toBe(150);
    expect(parseMoney('0.50')).toBe(50);
    expect(parseMoney('12.34')).toBe(1234);
    expect(parseMoney('1,5', 'NGN')).toBe(150);
    // Three digits after it: the thousands of pt-BR, as written.
    expect(parseMoney('1.000')).toBe(100_000);
    expect(parseMoney('1.234.567,89')).toBe(123_456_789);
    // Grouping that is not grouping: refused, not read as one number.
    for (const bad of [
      '1.23.45',
      '1.2345',
      '12.3456,7',
      '1.234.5',
      '1.5,00',
      '1,2.5',
      '0.500',
      '01.000',
      '0.000,50',
    ])
      expect(() => parseMoney(bad), bad).toThrow(MoneyError);
  });
});

describe('mulDiv', () => {
  it('computes fees with explicit rounding', () => {
    expect(mulDiv(10000, 25, 1000, 'down')).toBe(250);
    expect(mulDiv(333, 1, 2, 'down')).toBe(166);
    expect(mulDiv(333, 1, 2, 'up')).toBe(167);
    expect(mulDiv(333, 1, 2, 'halfEven')).toBe(166);
    expect(mulDiv(335, 1, 2, 'halfEven')).toBe(168);
    expect(mulDiv(-333, 1, 2, 'down')).toBe(-167);
  });

  it('brackets the exact quotient', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (m, n, d) => {
          const down = mulDiv(m, n, d, 'down');
          const up = mulDiv(m, n, d, 'up');
          const even = mulDiv(m, n, d, 'halfEven');
          const exact = BigInt(m) * BigInt(n);
          expect(BigInt(down) * BigInt(d) <= exact).toBe(true);
          expect(BigInt(up) * BigInt(d) >= exact).toBe(true);
          expect(up - down <= 1).toBe(true);
          expect(even === down || even === up).toBe(true);
        },
      ),
    );
  });
});

describe('sum', () => {
  it('adds and refuses non-integers', () => {
    expect(sum([1, 2, 3])).toBe(6);
    expect(() => sum([1, 0.5])).toThrow(MoneyError);
  });
});

describe('scale', () => {
  it('applies decimal factors exactly, where floating point would not', () => {
    expect(Math.ceil(100 * 1.1)).toBe(111); // what float arithmetic gives
    expect(scale(100, 1.1, 'up')).toBe(110);
    expect(scale(333, 1.5, 'up')).toBe(500);
    expect(scale(333, 1.5, 'down')).toBe(499);
    expect(scale(12345, 0, 'up')).toBe(0);
    expect(() => scale(1, Infinity, 'up')).toThrow(MoneyError);
  });

  it('equals the exact product for every factor with up to 4 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 100_000 }), (m, f4) => {
        const exact = BigInt(m) * BigInt(f4);
        const up = BigInt(scale(m, f4 / 10_000, 'up')) * 10_000n;
        expect(up >= exact && up - exact < 10_000n).toBe(true);
      }),
    );
  });
});

describe('readAmount', () => {
  it('answers a positive amount typed, null for anything else, never throwing for what a person types', () => {
    expect(['10,50', '1.000', 'R$ 1.000,00', '0,01'].map((t) => readAmount(t))).toEqual([
      1050, 100_000, 100_000, 1,
    ]);
    for (const text of ['', ' ', 'abc', '0', '0,00', '-5', '5,555', '1.23.45'])
      expect(readAmount(text), text).toBeNull();
  });
});
