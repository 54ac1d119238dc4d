import type { RoundPublicBet } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { withCashouts, withNewBets } from './rounds';

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
