import { describe, expect, it } from 'vitest';
import { parseDecimal } from './format';

describe('parseDecimal', () => {
  it('reads a lone separator as the decimal point, and grouping in either convention', () => {
    const read = (texts: string[]) => texts.map(parseDecimal);
    expect(read(['49,5', '49.5', ' 2 ', ',5', '1,0102', '1.000'])).toEqual([49.5, 49.5, 2, 0.5, 1.0102, 1]);
    expect(read(['1.000,00', '1,000.00', '1.000.000', '1.000.000,5', '12.345,'])).toEqual([
      1000, 1000, 1_000_000, 1_000_000.5, 12_345,
    ]);
  });

  it('refuses what is not a number or is grouped wrongly', () => {
    for (const text of ['', 'abc', '-5', '1.2.3', '1.00,00', '12,34.5,6', '1.000,0a', '1e3'])
      expect(parseDecimal(text), text).toBeNaN();
  });
});
