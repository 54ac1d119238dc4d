import type { RoundPublicBet } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { formatTimes, withCashouts, withNewBets } from './rounds';

const bet = (id: number, cashout: number | null = null): RoundPublicBet => ({
  id: String(id),
  player: 'ro***0',
  amount: 1,
  pick: null,
  cashout,
  payout: cashout === null ? 0 : cashout,
});

describe('the round’s list under pushes', () => {
  it('puts pushed bets on top, newest first, and counts them', () => {
    const after = withNewBets({ bets: [bet(1)], betCount: 1 }, [bet(2), bet(3)]);
    expect(after.bets.map((b) => b.id)).toEqual(['3', '2', '1']);
    expect(after.betCount).toBe(3);
  });

  it('skips bets a state read after them already holds (same player and amount too)', () => {
    const after = withNewBets({ bets: [bet(2), bet(1)], betCount: 2 }, [bet(2), bet(3)]);
    expect(after.bets.map((b) => b.id)).toEqual(['3', '2', '1']);
    expect(after.betCount).toBe(3);
  });

  it('replaces a bet by its cash-out, once, even when the state already showed the cash-out', () => {
    const once = withCashouts([bet(2), bet(1)], [bet(1, 1.01)]);
    expect(once).toEqual([bet(2), bet(1, 1.01)]);
    expect(withCashouts(once, [bet(1, 1.01)])).toEqual(once);
  });

  it('shows on top a cash-out whose bet the list does not show', () => {
    expect(withCashouts([bet(2)], [bet(1, 2)])).toEqual([bet(1, 2), bet(2)]);
  });
});

describe('formatTimes', () => {
  it('writes a multiplier with two decimals in the language’s locale and the × sign', () => {
    expect(formatTimes(2.35, 'pt-BR')).toBe('2,35×');
    expect(formatTimes(1, 'pt-BR')).toBe('1,00×');
    expect(formatTimes(12345.6, 'pt-BR')).toBe('12.345,60×');
    expect(formatTimes(2.35, 'en-US')).toBe('2.35×');
  });
});
