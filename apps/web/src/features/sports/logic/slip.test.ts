import type { SportsMarket } from '@aposta/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyPriceChange,
  clearSlip,
  confirmPrices,
  legOf,
  parlayPrice,
  parlayProblem,
  potentialPayout,
  syncLegs,
  toggleLeg,
  useSlip,
} from './slip';

const event = (id: string) => ({
  eventId: id,
  home: `H${id}`,
  away: `A${id}`,
  sport: 'football' as const,
  live: false,
});
const market = (id: string, eventId: string, prices: number[]): SportsMarket => ({
  marketId: id,
  eventId,
  type: '1x2',
  period: 1,
  line: null,
  status: 'open',
  selections: prices.map((price, i) => ({
    selectionId: `${id}${i}`,
    name: ['home', 'draw', 'away'][i]!,
    price,
    version: 1,
  })),
});

describe('slip', () => {
  beforeEach(() => clearSlip());

  it('adds, takes out, and keeps one selection per market', () => {
    const m = market('10', '1', [2.1, 3.3, 3.6]);
    toggleLeg(legOf(event('1'), m, m.selections[0]!));
    expect(useSlip.getState().legs.map((l) => l.selectionId)).toEqual(['100']);
    toggleLeg(legOf(event('1'), m, m.selections[2]!));
    expect(useSlip.getState().legs.map((l) => l.selectionId)).toEqual(['102']);
    toggleLeg(legOf(event('1'), m, m.selections[2]!));
    expect(useSlip.getState().legs).toEqual([]);
  });

  it('turns into a parlay at the second leg', () => {
    const a = market('10', '1', [2.1, 3.3, 3.6]);
    const b = market('20', '2', [1.5, 4, 6]);
    toggleLeg(legOf(event('1'), a, a.selections[0]!));
    expect(useSlip.getState().mode).toBe('single');
    toggleLeg(legOf(event('2'), b, b.selections[0]!));
    expect(useSlip.getState().mode).toBe('parlay');
  });

  it('marks a moved price against the one the player saw, until confirmed', () => {
    const m = market('10', '1', [2.1, 3.3, 3.6]);
    toggleLeg(legOf(event('1'), m, m.selections[0]!));
    syncLegs([market('10', '1', [1.95, 3.4, 3.9])]);
    expect(useSlip.getState().legs[0]).toMatchObject({ price: 1.95, previous: 2.1 });
    // A second move keeps the price first seen as the reference.
    applyPriceChange({ selections: [{ selectionId: '100', price: 1.9, version: 3, status: 'suspended' }] });
    expect(useSlip.getState().legs[0]).toMatchObject({ price: 1.9, previous: 2.1, status: 'suspended' });
    confirmPrices();
    expect(useSlip.getState().legs[0]).toMatchObject({ price: 1.9, previous: null });
  });

  it('prices a parlay as the product rounded down, and pays stake × the exact product rounded down once', () => {
    expect(parlayPrice([1.95, 2.1, 1.5])).toBe(6.14); // 6.1425
    expect(parlayPrice([1.99, 1.99])).toBe(3.96); // 3.9601
    expect(parlayPrice([2.35, 1.85])).toBe(4.34); // 4.3475, not 4.35
    expect(potentialPayout(1000, [1.95, 2.1, 1.5])).toBe(6142); // 6142.5, not 1000 × 6.14
    expect(potentialPayout(333, [1.95])).toBe(649); // 649.35
  });

  it('refuses a parlay with two legs of one event or over the limit', () => {
    const a = market('10', '1', [2.1, 3.3, 3.6]);
    const b = { ...market('11', '1', [1.8, 2]), type: 'btts' as const };
    const legsSame = [legOf(event('1'), a, a.selections[0]!), legOf(event('1'), b, b.selections[0]!)];
    expect(parlayProblem(legsSame, 10)).toBe('sameEvent');
    const many = [1, 2, 3].map((i) => {
      const m = market(`${i}0`, String(i), [2, 3, 4]);
      return legOf(event(String(i)), m, m.selections[0]!);
    });
    expect(parlayProblem(many, 2)).toBe('parlayLimit');
    expect(parlayProblem(many, 3)).toBeNull();
  });
});
