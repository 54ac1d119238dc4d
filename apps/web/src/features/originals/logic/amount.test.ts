import { describe, expect, it } from 'vitest';
import { doubleAmount, halfAmount, hasSubMinor, maxAmount, parseAmount } from './amount';

const bounds = { min: 10, max: 100_000, balance: 5_000 };

describe('the stake buttons', () => {
  it('½ halves, rounding down to the centavo, never below the minimum', () => {
    expect(halfAmount(1_000, bounds)).toBe(500);
    expect(halfAmount(101, bounds)).toBe(50);
    expect(halfAmount(15, bounds)).toBe(10);
  });

  it('2× doubles, capped by the balance and the maximum stake', () => {
    expect(doubleAmount(1_000, bounds)).toBe(2_000);
    expect(doubleAmount(3_000, bounds)).toBe(5_000);
    expect(doubleAmount(3_000, { ...bounds, balance: 0 })).toBe(6_000);
    expect(doubleAmount(80_000, { ...bounds, balance: 0 })).toBe(100_000);
    expect(doubleAmount(0, bounds)).toBe(10);
  });

  it('max is the balance or the maximum stake, whichever is lower', () => {
    expect(maxAmount(bounds)).toBe(5_000);
    expect(maxAmount({ ...bounds, balance: 500_000 })).toBe(100_000);
    expect(maxAmount({ min: 10, max: 0, balance: 0 })).toBe(10);
  });

  it('reads the field in the locale', () => {
    expect(parseAmount('1,50', 'BRL', 'pt-BR')).toBe(150);
    expect(parseAmount('1.234,56', 'BRL', 'pt-BR')).toBe(123_456);
    expect(parseAmount('abc', 'BRL', 'pt-BR')).toBeNaN();
    // A keypad with only ".": 1.5 is R$ 1,50, not a stake of R$ 15,00; a malformed grouping is no amount.
    expect(parseAmount('1.5', 'BRL', 'pt-BR')).toBe(150);
    expect(parseAmount('1.23.45', 'BRL', 'pt-BR')).toBeNaN();
  });

  it('tells an amount with more decimals than centavos from one that is no amount', () => {
    expect(parseAmount('1,555', 'BRL', 'pt-BR')).toBeNaN();
    expect(hasSubMinor('1,555', 'BRL', 'pt-BR')).toBe(true);
    expect(hasSubMinor('0.005', 'BRL', 'en-US')).toBe(true);
    // Trailing zeros are no centavo fraction; "1.555" is one thousand five hundred and fifty-five reais.
    expect(hasSubMinor('1,550', 'BRL', 'pt-BR')).toBe(false);
    expect(hasSubMinor('1.555', 'BRL', 'pt-BR')).toBe(false);
    expect(hasSubMinor('1,55', 'BRL', 'pt-BR')).toBe(false);
    expect(hasSubMinor('1,5,55', 'BRL', 'pt-BR')).toBe(false);
  });
});
