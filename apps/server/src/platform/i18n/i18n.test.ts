import { describe, expect, it } from 'vitest';
import { moneyParam, translate } from './index';

describe('translate', () => {
  it('writes a sum of money as the app shows amounts in the reader language', () => {
    const amount = moneyParam(123_456);
    expect(translate('pt_BR', 'originalsStakeBelowMin', { amount })).toBe(
      'A aposta mínima é R$\u00a01.234,56',
    );
    // English shows no unit (contracts LANGUAGES: showCurrency) and a decimal point.
    expect(translate('en', 'originalsStakeBelowMin', { amount })).toBe('The minimum bet is 1,234.56');
    expect(translate('ng', 'originalsStakeBelowMin', { amount })).toBe('The minimum bet is ₦1,234.56');
    expect(translate('ru', 'originalsStakeBelowMin', { amount })).toMatch(/1\s234,56$/);
  });

  it('takes a sum that crossed the bus as plain JSON, and leaves text and numbers as they are', () => {
    const params = JSON.parse(JSON.stringify({ limit: moneyParam(500) })) as { limit: { minor: number } };
    expect(translate('en', 'rgLimitLossDay', params)).toBe(
      'This bet would go over your daily loss limit (5.00). Bet refused.',
    );
    expect(translate('en', 'rgLimitTimeDay', { limit: '30 min' })).toBe(
      'Your daily playing time limit is reached (30 min). Bet refused.',
    );
  });
});
