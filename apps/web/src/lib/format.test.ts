import { describe, expect, it } from 'vitest';
import { amountText, displayDate, displayDateTime, displayMoney, displayStamp, displayTimes } from './format';

describe('display of money and dates', () => {
  it('shows reais with the symbol in Portuguese', () => {
    expect(displayMoney(1234.56, 'pt_BR')).toBe('R$\u00a01.234,56');
    expect(displayMoney(0, 'pt_BR')).toBe('R$\u00a00,00');
  });
  it('shows naira in Nigerian English', () => {
    expect(displayMoney(1234.5, 'ng')).toBe('₦1,234.50');
  });
  it('hides the currency in the other languages', () => {
    expect(displayMoney(1234.5, 'en')).toBe('1,234.50');
    expect(displayMoney(1234.5, 'ru')).toMatch(/^1\s234,50$/);
  });
  it('refuses sub-centavo amounts instead of rounding them', () => {
    expect(displayMoney(0.001, 'pt_BR')).toBe('—');
  });
  it('writes dates in the locale', () => {
    const date = new Date(Date.UTC(2026, 10, 22, 12));
    expect(displayDate(date, 'pt_BR')).toContain('2026');
    expect(displayDate(date, 'pt_BR')).toMatch(/nov/);
    expect(displayDate(date, 'en')).toMatch(/Nov/);
    expect(displayDate('not a date', 'en')).toBe('');
  });
  it('writes a date with its time of day in the locale', () => {
    const date = new Date(2026, 10, 22, 7, 5); // local time
    expect(displayDateTime(date, 'pt_BR')).toMatch(/^22\/11\/2026,? 07:05$/);
    expect(displayDateTime('not a date', 'pt_BR')).toBe('');
  });
  it('writes a round’s moment to the second in the chosen language, whatever the browser’s', () => {
    const date = new Date(2026, 11, 2, 14, 5, 9); // local time
    expect(displayStamp(date, 'pt_BR')).toBe('02/12/2026, 14:05:09');
    expect(displayStamp(date, 'en')).toMatch(/12\/2\/26,? 2:05:09\sPM/);
  });
});

describe('displayTimes', () => {
  it('writes a multiplier with two decimals in the language’s locale and the × sign', () => {
    expect(displayTimes(2.35, 'pt-BR')).toBe('2,35×');
    expect(displayTimes(1, 'pt-BR')).toBe('1,00×');
    expect(displayTimes(12345.6, 'pt-BR')).toBe('12.345,60×');
    expect(displayTimes(2.35, 'en-US')).toBe('2.35×');
    // Up to four decimals where the game has them (originals), still at least two.
    expect(displayTimes(1.98, 'pt-BR', 4)).toBe('1,98×');
    expect(displayTimes(1.0102, 'pt-BR', 4)).toBe('1,0102×');
  });
});

describe("an amount field's text", () => {
  it("writes every decimal of the currency with the locale's separator, without grouping", () => {
    expect(amountText(123_456, 'BRL', 'pt-BR')).toBe('1234,56');
    expect(amountText(100, 'BRL', 'pt-BR')).toBe('1,00');
    expect(amountText(50, 'BRL', 'pt-BR')).toBe('0,50');
    expect(amountText(150, 'NGN', 'en-NG')).toBe('1.50');
  });
});
