import type { SportsEvent, SportsMarket } from '@aposta/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyPriceChange,
  clearSlip,
  confirmPrices,
  legOf,
  PARLAY,
  parlayPrice,
  parlayProblem,
  potentialPayout,
  removeOverLegs,
  slipFigures,
  syncEvent,
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

describe("the slip learns its legs' events", () => {
  beforeEach(() => clearSlip());
  const NOW = Date.parse('2030-01-01T12:00:00.000Z');
  const state = (over: Partial<SportsEvent>): SportsEvent => ({
    ...event('1'),
    competition: 'Série A',
    startsAt: '2030-01-01T15:00:00.000Z',
    clock: 0,
    minute: null,
    score: { home: 0, away: 0 },
    corners: null,
    ...over,
  });
  const statuses = () => useSlip.getState().legs.map((l) => l.status);

  it('closes the legs of an event that takes no more bets, and opens them again when it does', () => {
    const m = market('10', '1', [2.1, 3.3, 3.6]);
    const other = market('20', '2', [1.5, 4, 6]);
    toggleLeg(legOf(event('1'), m, m.selections[0]!));
    toggleLeg(legOf(event('2'), other, other.selections[0]!));
    // Past its start without a feed (clock 0): the server takes no bet on it.
    syncEvent('1', { event: state({ startsAt: '2030-01-01T11:59:00.000Z' }), markets: [m] }, NOW);
    expect(statuses()).toEqual(['closed', 'open']);
    // A list showing its market open does not reopen it…
    syncLegs([m]);
    expect(statuses()).toEqual(['closed', 'open']);
    // …the event itself, in play after all, does.
    syncEvent('1', { event: state({ clock: 1, live: true }), markets: [m] }, NOW);
    expect(statuses()).toEqual(['open', 'open']);
    expect(useSlip.getState().legs[0]!.event.live).toBe(true);
    for (const clock of [-1, -10, -11, -12, -13, -14]) {
      syncEvent('1', { event: state({ clock }), markets: [m] }, NOW);
      expect(statuses()).toEqual(['closed', 'open']);
    }
  });

  it('a settled or void market keeps its state; a gone market or event closes; a selection not offered is suspended', () => {
    const m = market('10', '1', [2.1, 3.3, 3.6]);
    toggleLeg(legOf(event('1'), m, m.selections[0]!));
    syncEvent('1', { event: state({ clock: -1 }), markets: [{ ...m, status: 'settled' }] }, NOW);
    expect(statuses()).toEqual(['settled']);
    syncEvent('1', { event: state({}), markets: [{ ...m, status: 'void' }] }, NOW);
    expect(statuses()).toEqual(['void']);
    syncEvent('1', { event: state({}), markets: [{ ...m, selections: m.selections.slice(1) }] }, NOW);
    expect(statuses()).toEqual(['suspended']);
    syncEvent('1', { event: state({}), markets: [] }, NOW);
    expect(statuses()).toEqual(['closed']);
    syncEvent('1', { event: state({}), markets: [m] }, NOW);
    expect(statuses()).toEqual(['open']);
    syncEvent('1', null, NOW);
    expect(useSlip.getState().legs[0]).toMatchObject({ status: 'closed', price: 2.1, previous: null });
  });

  it('takes out every leg over at once, keeping the open and the suspended', () => {
    const a = market('10', '1', [2.1, 3.3, 3.6]);
    const b = market('20', '2', [1.5, 4, 6]);
    const c = market('30', '3', [1.8, 3, 5]);
    toggleLeg(legOf(event('1'), a, a.selections[0]!));
    toggleLeg(legOf(event('2'), b, b.selections[0]!));
    toggleLeg(legOf(event('3'), c, c.selections[0]!));
    syncEvent('1', null, NOW);
    syncEvent('3', { event: state({ eventId: '3' }), markets: [{ ...c, status: 'suspended' }] }, NOW);
    removeOverLegs();
    expect(useSlip.getState().legs.map((l) => [l.eventId, l.status])).toEqual([
      ['2', 'open'],
      ['3', 'suspended'],
    ]);
  });
});

describe("the slip's figures", () => {
  // Three legs: open at 2,10, suspended at 1,50, closed at 3,20.
  const legs = () => {
    const [a, b, c] = [market('10', '1', [2.1]), market('20', '2', [1.5]), market('30', '3', [3.2])];
    return [
      legOf(event('1'), a, a.selections[0]!),
      { ...legOf(event('2'), b, b.selections[0]!), status: 'suspended' as const },
      { ...legOf(event('3'), c, c.selections[0]!), status: 'closed' as const },
    ];
  };
  const stakes = (s: Record<string, number>) => (key: string) => s[key] ?? null;

  it('a parlay counts its legs still in the slip after "Remover encerradas" (the suspended one too), never a closed one', () => {
    expect(slipFigures(legs(), 'parlay', stakes({ [PARLAY]: 1000 }))).toEqual({
      bets: { [PARLAY]: { price: 3.15, payout: 3150 } }, // 2,10 × 1,50, not × 3,20 as well
      stake: 1000,
      payout: 3150,
    });
  });

  it('a parlay left with one leg has no figures; a closed single none either, nor its stake in the totals', () => {
    const [open, , closed] = legs();
    expect(slipFigures([open!, closed!], 'parlay', stakes({ [PARLAY]: 1000 })).bets).toEqual({
      [PARLAY]: { price: null, payout: null },
    });
    expect(slipFigures(legs(), 'single', stakes({ '100': 1000, '200': 200, '300': 500 }))).toEqual({
      bets: { '100': { price: 2.1, payout: 2100 }, '200': { price: 1.5, payout: 300 } },
      stake: 1200,
      payout: 2400,
    });
  });
});
