import type { SportsEventDetail, SportsMarket } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { applyEventUpdate } from './useLiveEvent';

const market = (id: string, price: number, status: SportsMarket['status'] = 'open'): SportsMarket => ({
  marketId: id,
  eventId: '1',
  type: 'total',
  period: 1,
  line: 2.5,
  status,
  selections: [
    { selectionId: `${id}1`, name: 'over', price, version: 1 },
    { selectionId: `${id}2`, name: 'under', price: 1.9, version: 1 },
  ],
});
const event = {
  eventId: '1',
  sport: 'football' as const,
  competition: 'C',
  home: 'H',
  away: 'A',
  startsAt: '2026-11-24T20:00:00.000Z',
  clock: 1,
  minute: 30,
  score: { home: 0, away: 0 },
  corners: { home: 1, away: 0 },
  live: true,
};
const detail: SportsEventDetail = { event, markets: [market('10', 1.9), market('11', 2.4)] };

describe('applyEventUpdate', () => {
  it('takes the pushed clock, score and the markets it names, leaving the others', () => {
    const goal = { ...event, minute: 31, score: { home: 1, away: 0 } };
    const next = applyEventUpdate(detail, {
      event: goal,
      markets: [{ marketId: '10', status: 'suspended', selections: market('10', 1.5).selections }],
    })!;
    expect(next.event.score).toEqual({ home: 1, away: 0 });
    expect(next.markets[0]).toMatchObject({
      status: 'suspended',
      selections: [{ price: 1.5 }, { price: 1.9 }],
    });
    expect(next.markets[1]).toBe(detail.markets[1]);
  });

  it("ignores another event's push", () => {
    const other = applyEventUpdate(detail, { event: { ...event, eventId: '2' }, markets: [] });
    expect(other).toBe(detail);
  });
});
