import { describe, expect, it } from 'vitest';
import { DEFAULT_STAKE, readStake, stakeBody, stakeText } from './stake';

describe('the stake as a player writes it', () => {
  it('reads Portuguese grouping and decimals: "1.000" is a thousand reais, not one', () => {
    expect(readStake('1.000', 'pt_BR')).toBe(100_000);
    expect(readStake('1.000,50', 'pt_BR')).toBe(100_050);
    expect(readStake('R$ 3', 'pt_BR')).toBe(300);
    expect(readStake('2,5', 'pt_BR')).toBe(250);
    expect(stakeBody('1.000,50', 'pt_BR')).toBe('1000.50');
    expect(stakeBody('1.000', 'pt_BR')).toBe('1000.00');
  });

  it('reads English the English way', () => {
    expect(readStake('1,000.50', 'en')).toBe(100_050);
    expect(stakeBody('2.5', 'en')).toBe('2.50');
  });

  it('leaves what is not an amount as typed, for the server to refuse beside the field', () => {
    expect(readStake('abc', 'pt_BR')).toBeNull();
    expect(readStake('0', 'pt_BR')).toBeNull();
    expect(stakeBody('abc', 'pt_BR')).toBe('abc');
    expect(stakeBody('', 'pt_BR')).toBe('');
  });

  it("writes the stake with every centavo, as the originals' field does, and reads back what it wrote", () => {
    expect(stakeText(DEFAULT_STAKE, 'pt_BR')).toBe('1,00');
    expect(stakeText(50, 'pt_BR')).toBe('0,50');
    expect(stakeText(123_450, 'pt_BR')).toBe('1234,50');
    expect(stakeText(50, 'en')).toBe('0.50');
    expect(readStake(stakeText(123_450, 'pt_BR'), 'pt_BR')).toBe(123_450);
  });
});
