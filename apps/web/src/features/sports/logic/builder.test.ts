import type { SportsMarket } from '@aposta/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { cashoutPaid, stakeLeft } from './cashout';
import {
  BUILDER_MAX_LEGS,
  builderFor,
  builderMarket,
  clearBuilder,
  toggleBuilderLeg,
  useBuilder,
} from './builder';

const market = (id: number, type: SportsMarket['type'] = 'correctScore', line: number | null = null) =>
  ({
    marketId: String(id),
    eventId: '1',
    type,
    period: 1,
    line,
    status: 'open',
    selections: [
      { selectionId: `${id}0`, name: 'over', price: 1.9, version: 1 },
      { selectionId: `${id}1`, name: 'under', price: 1.9, version: 1 },
    ],
  }) as SportsMarket;

beforeEach(() => {
  clearBuilder();
  builderFor('1');
});

describe('bet builder legs', () => {
  it('one leg per market, at most twelve; past the limit nothing is added and it says so', () => {
    const m = market(1);
    toggleBuilderLeg(m, m.selections[0]!);
    toggleBuilderLeg(m, m.selections[1]!);
    expect(useBuilder.getState().legs.map((l) => l.selectionId)).toEqual(['11']);
    for (let i = 2; i <= BUILDER_MAX_LEGS; i++) toggleBuilderLeg(market(i), market(i).selections[0]!);
    expect(useBuilder.getState().legs).toHaveLength(12);
    toggleBuilderLeg(market(99), market(99).selections[0]!);
    expect(useBuilder.getState().legs).toHaveLength(12);
    expect(useBuilder.getState().full).toBe(true);
    // Another selection of a market already in still replaces its leg at the limit.
    toggleBuilderLeg(m, m.selections[0]!);
    expect(useBuilder.getState().legs).toHaveLength(12);
    expect(useBuilder.getState().full).toBe(false);
  });

  it('offers football full-match final-score markets, half lines only', () => {
    const football = { sport: 'football' as const };
    expect(builderMarket(football, market(1, 'total', 2.5))).toBe(true);
    expect(builderMarket(football, market(1, 'total', 2))).toBe(false);
    expect(builderMarket(football, market(1, 'ah', -0.25))).toBe(false);
    expect(builderMarket(football, market(1, 'ah', -1.5))).toBe(true);
    expect(builderMarket(football, market(1, 'cornersTotal', 9.5))).toBe(false);
    expect(builderMarket(football, { ...market(1, '1x2'), period: 2 })).toBe(false);
    expect(builderMarket({ sport: 'tennis' }, market(1, 'winner'))).toBe(false);
  });
});

describe('cash-out maths', () => {
  it('pays ⌊value × part ÷ stake⌋ (all of it at 100 %) and keeps stake − round(stake × share) running', () => {
    expect(cashoutPaid(12.34, 10, 100)).toBe(1234);
    expect(cashoutPaid(12.34, 10, 50)).toBe(617);
    expect(cashoutPaid(12.35, 10, 50)).toBe(617);
    expect(cashoutPaid(9.99, 10, 10)).toBe(99);
    // The part of the stake taken is whole centavos (40 of 101), and the value paid is that part's.
    expect(cashoutPaid(0.95, 1.01, 40)).toBe(37);
    expect(stakeLeft(10, 100)).toBe(0);
    expect(stakeLeft(10, 35)).toBe(650);
    expect(stakeLeft(0.05, 50)).toBe(2);
  });
});
