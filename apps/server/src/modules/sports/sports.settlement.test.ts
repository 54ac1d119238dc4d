import { BetResult } from '@aposta/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handicapResult, returnFactor, totalResult, type LegResult } from './sports.lines';
import {
  abandonedResult,
  betOutcome,
  lostAlready,
  priceOf,
  returnOf,
  selectionResult,
  type MarketRef,
} from './sports.settlement';

const { WIN, LOSE, REFUND, WIN_HALF, LOSE_HALF } = BetResult;

describe("Asian lines (the guide's examples)", () => {
  it('−0.25 and the match drawn → lose half', () =>
    expect(handicapResult('home', 1, 1, -0.25)).toBe(LOSE_HALF));
  it('−0.75 and a one-goal win → win half', () => expect(handicapResult('home', 2, 1, -0.75)).toBe(WIN_HALF));
  it('over 2.25 with 2 goals → lose half', () => expect(totalResult('over', 2, 2.25)).toBe(LOSE_HALF));
  it('over 2.75 with 3 goals → win half', () => expect(totalResult('over', 3, 2.75)).toBe(WIN_HALF));

  it('whole and half lines, both sides', () => {
    expect(handicapResult('home', 1, 0, -1)).toBe(REFUND);
    expect(handicapResult('away', 1, 0, -1)).toBe(REFUND);
    expect(handicapResult('home', 2, 0, -1.5)).toBe(WIN);
    expect(handicapResult('away', 2, 0, -1.5)).toBe(LOSE);
    expect(handicapResult('away', 1, 1, -0.25)).toBe(WIN_HALF);
    expect(handicapResult('away', 2, 1, -0.75)).toBe(LOSE_HALF);
    expect(handicapResult('home', 0, 0, 0.25)).toBe(WIN_HALF);
    expect(totalResult('under', 2, 2.25)).toBe(WIN_HALF);
    expect(totalResult('under', 3, 2.75)).toBe(LOSE_HALF);
    expect(totalResult('over', 2, 2)).toBe(REFUND);
    expect(totalResult('under', 1, 2.5)).toBe(WIN);
  });

  it('a quarter line is half the stake on each neighbouring line (property)', () => {
    const half = (r: LegResult, p: number) => returnFactor(r, p) / 2;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -14, max: 14 }).filter((q) => Math.abs(q) % 2 === 1),
        fc.integer({ min: 101, max: 2000 }),
        (h, a, q4, p100) => {
          const line = q4 / 4;
          const price = p100 / 100;
          for (const side of ['home', 'away'] as const) {
            const whole = returnFactor(handicapResult(side, h, a, line), price);
            const split =
              half(handicapResult(side, h, a, line - 0.25), price) +
              half(handicapResult(side, h, a, line + 0.25), price);
            expect(whole).toBeCloseTo(split, 12);
          }
          for (const side of ['over', 'under'] as const) {
            const t = h + a;
            const line2 = Math.abs(line) + 0.5;
            const whole = returnFactor(totalResult(side, t, line2), price);
            const split =
              half(totalResult(side, t, line2 - 0.25), price) +
              half(totalResult(side, t, line2 + 0.25), price);
            expect(whole).toBeCloseTo(split, 12);
          }
        },
      ),
    );
  });
});

describe('selection results', () => {
  const m = (
    type: MarketRef['type'],
    period = 1,
    line: number | null = null,
    names: string[] = [],
  ): MarketRef => ({
    type,
    period,
    line,
    names,
  });
  const r = { home: 2, away: 1, halfTimeHome: 0, halfTimeAway: 1, cornersHome: 6, cornersAway: 6 };
  it('reads each market type and period', () => {
    expect(selectionResult(m('1x2'), 'home', r)).toBe(WIN);
    expect(selectionResult(m('1x2'), 'draw', r)).toBe(LOSE);
    expect(selectionResult(m('1x2', 2), 'away', r)).toBe(WIN);
    expect(selectionResult(m('corners1x2', 4), 'draw', r)).toBe(WIN);
    expect(selectionResult(m('cornersTotal', 4, 12), 'over', r)).toBe(REFUND);
    expect(selectionResult(m('btts'), 'yes', r)).toBe(WIN);
    expect(selectionResult(m('oddEven'), 'odd', r)).toBe(WIN);
    expect(selectionResult(m('correctScore', 1, null, ['2-1', '1-1', 'other']), '2-1', r)).toBe(WIN);
    expect(selectionResult(m('correctScore', 1, null, ['1-1', 'other']), 'other', r)).toBe(WIN);
    expect(selectionResult(m('winner'), 'home', { home: 3, away: 3 })).toBe(REFUND);
  });
  it("settles each market type's tie or push as its price assumes (pricing.test.ts checks the prices)", () => {
    const level = { home: 1, away: 1, halfTimeHome: 0, halfTimeAway: 0, cornersHome: 5, cornersAway: 5 };
    // A basketball result whose quarter `n` (1–4) ended `home`–`away`.
    const quarter = (n: number, home: number, away: number) => ({
      home: 200,
      away: 200,
      quarters: [1, 2, 3, 4].map((i) => (i === n ? { home, away } : { home: 0, away: 0 })),
    });
    const cases: [MarketRef, string, Parameters<typeof selectionResult>[2], LegResult][] = [
      // Three-way: the draw is a selection, full time, first half and corners.
      [m('1x2'), 'draw', level, WIN],
      [m('1x2'), 'home', level, LOSE],
      [m('1x2', 2), 'draw', level, WIN],
      [m('1x2', 2), 'away', level, LOSE],
      [m('corners1x2', 4), 'draw', level, WIN],
      [m('1x2', 1003), 'draw', quarter(3, 22, 22), WIN],
      // Two-way: a tie is a push, both sides refunded.
      [m('winner'), 'home', { home: 3, away: 3 }, REFUND],
      [m('winner'), 'away', { home: 3, away: 3 }, REFUND],
      [m('winner'), 'away', { home: 3, away: 4 }, WIN],
      // Double chance on a draw.
      [m('doubleChance'), 'homeDraw', level, WIN],
      [m('doubleChance'), 'drawAway', level, WIN],
      [m('doubleChance'), 'homeAway', level, LOSE],
      // Handicaps: whole lines push, quarter lines half, in every period.
      [m('ah', 1, 0), 'home', level, REFUND],
      [m('ah', 1, 0), 'away', level, REFUND],
      [m('ah', 1, -1), 'home', { home: 2, away: 1 }, REFUND],
      [m('ah', 1, -1), 'away', { home: 2, away: 1 }, REFUND],
      [m('ah', 2, -0.25), 'home', level, LOSE_HALF],
      [m('ah', 2, -0.25), 'away', level, WIN_HALF],
      [m('ah', 1, 0.5), 'home', level, WIN],
      [m('ah', 1, 0.5), 'away', level, LOSE],
      // Totals: integer lines push, quarter lines half, goals, first half, corners, quarters.
      [m('total', 1, 2), 'over', level, REFUND],
      [m('total', 1, 2), 'under', level, REFUND],
      [m('total', 1, 2.25), 'over', level, LOSE_HALF],
      [m('total', 1, 2.25), 'under', level, WIN_HALF],
      [m('total', 1, 1.75), 'over', level, WIN_HALF],
      [m('total', 2, 0.75), 'under', level, WIN],
      [m('total', 2, 1), 'over', { ...level, halfTimeHome: 1 }, REFUND],
      [m('cornersTotal', 4, 10), 'under', level, REFUND],
      [m('total', 1002, 50), 'over', quarter(2, 25, 25), REFUND],
      // No tie to speak of: 0 is even, 0-0 is "no" both to score, a level score listed or "other".
      [m('oddEven'), 'even', { home: 0, away: 0 }, WIN],
      [m('btts'), 'no', { home: 0, away: 0 }, WIN],
      [m('correctScore', 1, null, ['1-1', 'other']), '1-1', level, WIN],
      [m('correctScore', 1, null, ['1-1', 'other']), 'other', level, LOSE],
      [m('correctScore', 1, null, ['1-1', 'other']), 'other', { home: 5, away: 5 }, WIN],
    ];
    for (const [market, name, result, expected] of cases)
      expect(
        selectionResult(market, name, result),
        `${market.type} ${market.period} ${market.line} ${name}`,
      ).toBe(expected);
  });
  it('voids a market whose figures the result lacks', () => {
    expect(selectionResult(m('1x2', 2), 'home', { home: 1, away: 0 })).toBe(REFUND);
    expect(selectionResult(m('total', 1002, 50.5), 'over', { home: 1, away: 0 })).toBe(REFUND);
  });
});

describe('an abandoned match keeps what play had decided', () => {
  const m = (type: MarketRef['type'], line: number | null = null, names: string[] = []): MarketRef => ({
    type,
    period: 1,
    line,
    names,
  });
  const at21 = (market: MarketRef, name: string) =>
    abandonedResult(market, name, { home: 2, away: 1 }, false);
  const scores = ['0-0', '1-0', '2-0', '2-1', '1-1', 'other'];

  it('at 2–1: totals passed, both scored and correct scores passed are decided; the rest void', () => {
    expect(at21(m('total', 2.5), 'over')).toBe(WIN);
    expect(at21(m('total', 2.5), 'under')).toBe(LOSE);
    expect(at21(m('total', 3.5), 'over')).toBe(REFUND);
    expect(at21(m('total', 3), 'over')).toBe(REFUND); // a push now, a win with one more goal
    expect(at21(m('total', 2), 'under')).toBe(LOSE);
    expect(at21(m('total', 2.25), 'over')).toBe(WIN);
    expect(at21(m('total', 2.75), 'over')).toBe(WIN_HALF);
    expect(at21(m('total', 2.75), 'under')).toBe(LOSE_HALF);
    expect(at21(m('total', 3.25), 'over')).toBe(REFUND);
    expect(at21(m('btts'), 'yes')).toBe(WIN);
    expect(at21(m('btts'), 'no')).toBe(LOSE);
    expect(at21(m('correctScore', null, scores), '1-0')).toBe(LOSE);
    expect(at21(m('correctScore', null, scores), '2-1')).toBe(REFUND);
    expect(at21(m('correctScore', null, scores), 'other')).toBe(REFUND);
    expect(abandonedResult(m('correctScore', null, scores), 'other', { home: 3, away: 0 }, false)).toBe(WIN);
    for (const [type, names] of [
      ['1x2', ['home', 'draw', 'away']],
      ['winner', ['home', 'away']],
      ['doubleChance', ['homeDraw', 'homeAway', 'drawAway']],
      ['oddEven', ['odd', 'even']],
    ] as const)
      for (const name of names) expect(at21(m(type), name), `${type} ${name}`).toBe(REFUND);
    expect(at21(m('ah', -1.5), 'home')).toBe(REFUND);
    expect(at21(m('ah', 0.25), 'away')).toBe(REFUND);
    // A first half played: its score is its result.
    expect(abandonedResult(m('1x2'), 'away', { home: 0, away: 1 }, true)).toBe(WIN);
    // Points: a basketball total already passed.
    expect(abandonedResult(m('total', 215.5), 'over', { home: 110, away: 108 }, false)).toBe(WIN);
    expect(abandonedResult(m('total', 225.5), 'under', { home: 110, away: 108 }, false)).toBe(REFUND);
  });

  it('a match not started decides nothing', () => {
    const none = { home: 0, away: 0 };
    for (const line of [0.5, 0.75, 1, 2.5])
      for (const name of ['over', 'under'])
        expect(abandonedResult(m('total', line), name, none, false)).toBe(REFUND);
    for (const name of ['yes', 'no']) expect(abandonedResult(m('btts'), name, none, false)).toBe(REFUND);
    for (const name of scores)
      expect(abandonedResult(m('correctScore', null, scores), name, none, false)).toBe(REFUND);
  });

  it('what it decides, every final from that score settles so (property)', () => {
    // A decided result holds at every final; a half decided (21, 11) leaves the other half to the final.
    const holds: Record<number, number[]> = {
      [WIN]: [WIN],
      [LOSE]: [LOSE],
      [WIN_HALF]: [WIN_HALF, WIN],
      [LOSE_HALF]: [LOSE_HALF, LOSE],
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 28 }),
        (h, a, dh, da, q) => {
          const markets: [MarketRef, string[]][] = [
            [m('total', q / 4), ['over', 'under']],
            [m('cornersTotal', q / 4), ['over', 'under']],
            [m('btts'), ['yes', 'no']],
            [m('correctScore', null, scores), scores],
            [m('1x2'), ['home', 'draw', 'away']],
            [m('ah', q / 4 - 3.5), ['home', 'away']],
            [m('oddEven'), ['odd', 'even']],
          ];
          for (const [market, names] of markets)
            for (const name of names) {
              const early = abandonedResult(market, name, { home: h, away: a }, false);
              if (early === REFUND) continue;
              const final = selectionResult(market, name, { home: h + dh, away: a + da });
              expect(holds[early], `${market.type} ${market.line} ${name} ${h}-${a}`).toContain(final);
            }
        },
      ),
    );
  });
});

describe('bets', () => {
  it('singles: win, lose, refund, and half results split the stake', () => {
    expect(betOutcome(1000, [{ price: 195, result: WIN }])).toEqual({
      result: WIN,
      payout: 1950,
      capture: 1000,
      winnings: 1950,
    });
    expect(betOutcome(1000, [{ price: 195, result: LOSE }])).toEqual({
      result: LOSE,
      payout: 0,
      capture: 1000,
      winnings: 0,
    });
    expect(betOutcome(1000, [{ price: 195, result: REFUND }])).toEqual({
      result: REFUND,
      payout: 1000,
      capture: 0,
      winnings: 0,
    });
    // Win half at 1.90: ½ wins (500 × 1.90 = 950), ½ refunded (500) → 1450.
    expect(betOutcome(1000, [{ price: 190, result: WIN_HALF }])).toEqual({
      result: WIN_HALF,
      payout: 1450,
      capture: 500,
      winnings: 950,
    });
    // Lose half: ½ lost, ½ refunded → 500.
    expect(betOutcome(1000, [{ price: 190, result: LOSE_HALF }])).toEqual({
      result: LOSE_HALF,
      payout: 500,
      capture: 500,
      winnings: 0,
    });
    // An odd stake: the refunded half rounds down, the taken half up; the payout is stake × (1 + p)/2 rounded down.
    expect(betOutcome(1001, [{ price: 191, result: WIN_HALF }])).toEqual({
      result: WIN_HALF,
      payout: 1456,
      capture: 501,
      winnings: 956,
    });
  });

  it('parlays multiply the effective prices: won p, void 1, half won (1 + p)/2, half lost ½, lost 0', () => {
    // 10.00 at 2.00 × void × (1 + 1.80)/2 × ½ = 10 × 2 × 1.4 × 0.5 = 14.00
    const legs = [
      { price: 200, result: WIN },
      { price: 350, result: REFUND },
      { price: 180, result: WIN_HALF },
      { price: 190, result: LOSE_HALF },
    ];
    expect(betOutcome(1000, legs)).toEqual({ result: WIN, payout: 1400, capture: 1000, winnings: 1400 });
    expect(betOutcome(1000, [...legs, { price: 150, result: LOSE }]).result).toBe(LOSE);
    expect(betOutcome(1000, [...legs, { price: 150, result: LOSE }]).payout).toBe(0);
    expect(
      betOutcome(1000, [
        { price: 200, result: REFUND },
        { price: 300, result: REFUND },
      ]),
    ).toEqual({
      result: REFUND,
      payout: 1000,
      capture: 0,
      winnings: 0,
    });
    // Every decided leg half-won: the common code.
    expect(
      betOutcome(1000, [
        { price: 200, result: WIN_HALF },
        { price: 200, result: WIN_HALF },
      ]).result,
    ).toBe(WIN_HALF);
    // Half lost and won legs that pay less than the stake.
    expect(
      betOutcome(1000, [
        { price: 150, result: WIN },
        { price: 150, result: LOSE_HALF },
      ]),
    ).toMatchObject({
      result: LOSE_HALF,
      payout: 750,
    });
  });

  it('payouts are exact and rounded down to the centavo (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.array(
          fc.record({
            price: fc.integer({ min: 101, max: 5000 }),
            result: fc.constantFrom(WIN, LOSE, REFUND, WIN_HALF, LOSE_HALF),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (stake, legs) => {
          const exact = legs.reduce((a, l) => a * returnFactor(l.result as LegResult, l.price / 100), stake);
          const o = betOutcome(stake, legs);
          expect(o.payout).toBe(returnOf(stake, legs));
          expect(o.payout).toBeLessThanOrEqual(exact + 1e-6 * Math.max(1, exact));
          expect(o.payout).toBeGreaterThan(exact - 1 - 1e-6 * Math.max(1, exact));
          // What the ledger moves gives the player exactly the payout: released + winnings.
          expect(stake - o.capture + o.winnings).toBe(o.payout);
          expect(o.capture).toBeGreaterThanOrEqual(0);
          expect(o.winnings).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('a parlay price is the product of its legs, rounded down', () => {
    expect(priceOf(1000, [195, 210])).toEqual({ price: 409, potential: 4095 });
    expect(priceOf(1000, [150])).toEqual({ price: 150, potential: 1500 });
  });
});

describe('a bet lost before its last leg is decided', () => {
  const { PENDING } = BetResult;
  it('a parlay by a lost leg, not a half-lost one nor a pending one', () => {
    expect(lostAlready('parlay', [LOSE, PENDING])).toBe(true);
    expect(lostAlready('parlay', [LOSE_HALF, PENDING])).toBe(false);
    expect(lostAlready('parlay', [WIN, PENDING, REFUND])).toBe(false);
    expect(lostAlready('single', [PENDING])).toBe(false);
  });
  it('a builder by any leg decided and neither won nor void', () => {
    expect(lostAlready('builder', [LOSE_HALF, PENDING])).toBe(true);
    expect(lostAlready('builder', [WIN_HALF, PENDING])).toBe(true);
    expect(lostAlready('builder', [WIN, REFUND, PENDING])).toBe(false);
  });
});
