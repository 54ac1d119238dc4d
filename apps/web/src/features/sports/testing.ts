import type { SportsBet, SportsEvent, SportsMarket } from '@aposta/contracts';

/**
 * The sportsbook's answers as the screens' component tests stub them at `fetch` (only tests import this file):
 * the slip's limits, an event, a market with its prices, a bet and its legs — each a valid contract value,
 * changed where a test says.
 */

export const SLIP_CONFIG = {
  minStake: 1,
  maxStake: 10_000,
  maxPayout: 500_000,
  maxLegs: 10,
  acceptanceDelayMs: 0,
};

/** Bahia × Vitória, football, not started. */
export const testEvent = (over: Partial<SportsEvent> = {}): SportsEvent => ({
  eventId: '7',
  sport: 'football',
  competition: 'Série A',
  home: 'Bahia',
  away: 'Vitória',
  startsAt: '2026-05-02T12:00:00.000Z',
  clock: 0,
  minute: null,
  score: { home: 0, away: 0 },
  corners: null,
  live: false,
  ...over,
});

let nextId = 100;
/** A market of event 7 with these selections and prices (in order); ids drawn afresh, selections `<market><i>`. */
export function testMarket(
  type: SportsMarket['type'],
  line: number | null,
  prices: Record<string, number>,
  { period = 1, status = 'open' }: Partial<Pick<SportsMarket, 'period' | 'status'>> = {},
): SportsMarket {
  const marketId = String(nextId++);
  return {
    marketId,
    eventId: '7',
    type,
    period,
    line,
    status,
    selections: Object.entries(prices).map(([name, price], i) => ({
      selectionId: `${marketId}${i}`,
      name,
      price,
      version: 1,
    })),
  };
}

type Leg = SportsBet['legs'][number];
/** A leg: the home win of Bahia × Vitória at 2,50, open. */
export const testLeg = (over: Partial<Leg> = {}): Leg => ({
  selectionId: '900',
  price: 2.5,
  result: 0,
  eventId: '7',
  sport: 'football',
  home: 'Bahia',
  away: 'Vitória',
  startsAt: '2026-05-02T12:00:00.000Z',
  marketId: '70',
  type: '1x2',
  period: 1,
  line: null,
  name: 'home',
  score: null,
  ...over,
});

/** An open single of R$ 10,00 at 2,50 on that leg. */
export const testBet = (over: Partial<SportsBet> = {}): SportsBet => ({
  betId: '41',
  kind: 'single',
  stake: 10,
  placedStake: over.stake ?? 10,
  settlements: 0,
  price: 2.5,
  potentialPayout: 25,
  result: 0,
  payout: 0,
  status: 'open',
  cashedOut: 0,
  autoCashout: null,
  placedAt: '2026-05-01T12:00:00.000Z',
  settledAt: null,
  legs: [testLeg()],
  ...over,
});
