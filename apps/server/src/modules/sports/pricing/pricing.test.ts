import { GamePeriod, SPORTS, type SportCode } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { returnFactor, handicapResult, totalResult } from '../sports.lines';
import { selectionResult, type EventResult } from '../sports.settlement';
import { FOOTBALL_PREMATCH, fullTimeGrid, rates, footballParams } from './football';
import { fairMarkets, priceEvent, PREMATCH, type LiveState, type Margins } from './index';
import {
  cell,
  discreteNormal,
  dixonColes,
  gridOf,
  MAX_PRICE,
  MIN_PRICE,
  overround,
  poisson,
  type Dist,
  type FairMarket,
  type Grid,
  type PricedMarket,
} from './model';
import { holdProbability, POINTS_MODELS, RACES, raceGrid, tiebreakProbability, tennisGrids } from './others';

const MARGINS: Margins = {
  default: { '1x2': 500, winner: 450, ah: 400, total: 450, correctScore: 1500, default: 600 },
  basketball: { default: 450 },
};
const STRENGTHS = [-1.2, 0, 0.35, 1.5];

function marginOf(sport: SportCode, m: PricedMarket, inPlay = 0) {
  const bp =
    MARGINS[sport]?.[m.type] ??
    MARGINS[sport]?.default ??
    MARGINS.default![m.type] ??
    MARGINS.default!.default!;
  return (bp + inPlay) / 10_000;
}

/** What rounding each price to 2 decimals can move the overround by. */
const roundingSlack = (m: PricedMarket) =>
  m.selections.filter((s) => s.price > 0).reduce((a, s) => a + 0.005 / (s.price - 0.005) ** 2, 0);

const clamped = (m: PricedMarket) => m.selections.some((s) => s.price === MIN_PRICE || s.price >= MAX_PRICE);

const live = (over: Partial<LiveState>): LiveState => ({ ...PREMATCH, ...over });

describe('margin: each market overround lies at its configured margin', () => {
  for (const sport of SPORTS)
    it(sport, () => {
      for (const strength of STRENGTHS) {
        const markets = priceEvent({ sport, strength, state: PREMATCH, margins: MARGINS, inPlayBp: 0 });
        expect(markets.length).toBeGreaterThan(0);
        let checked = 0;
        for (const m of markets) {
          if (m.decided || clamped(m)) continue;
          const target = marginOf(sport, m);
          expect(
            Math.abs(overround(m) - target),
            `${sport} ${m.type} ${m.period} ${m.line}`,
          ).toBeLessThanOrEqual(roundingSlack(m) + 1e-9);
          for (const s of m.selections) if (s.price > 0) expect(s.price).toBeLessThanOrEqual(1 / s.q + 0.005);
          checked++;
        }
        expect(checked).toBeGreaterThan(0);
      }
    });

  it('in play adds its own margin', () => {
    const state = live({ minute: 60, score: { home: 1, away: 0 }, halfTime: { home: 1, away: 0 } });
    const markets = priceEvent({ sport: 'football', strength: 0.3, state, margins: MARGINS, inPlayBp: 300 });
    const m = markets.find((x) => x.type === '1x2' && x.period === 1)!;
    expect(Math.abs(overround(m) - marginOf('football', m, 300))).toBeLessThanOrEqual(
      roundingSlack(m) + 1e-9,
    );
  });
});

describe('fair markets', () => {
  it('every market of every sport sums to one (pushes and half results included)', () => {
    for (const sport of SPORTS)
      for (const strength of STRENGTHS)
        for (const m of fairMarkets(sport, strength)) {
          const sum = m.selections.reduce((a, s) => a + s.q, 0);
          expect(sum, `${sport} ${m.type} ${m.line}`).toBeCloseTo(1, 6);
        }
  });

  const lineFamilies = (markets: FairMarket[], type: string) => {
    const byPeriod = new Map<number, FairMarket[]>();
    for (const m of markets.filter((x) => x.type === type))
      byPeriod.set(m.period, [...(byPeriod.get(m.period) ?? []), m]);
    return [...byPeriod.values()].map((list) => list.sort((a, b) => a.line! - b.line!));
  };

  it('neighbouring lines are coherent: over falls as the line rises, the home handicap rises with its line', () => {
    for (const sport of SPORTS)
      for (const strength of STRENGTHS) {
        const fair = fairMarkets(sport, strength);
        const priced = priceEvent({ sport, strength, state: PREMATCH, margins: MARGINS, inPlayBp: 0 });
        for (const type of ['total', 'cornersTotal', 'ah']) {
          for (const family of lineFamilies(fair, type)) {
            for (let i = 1; i < family.length; i++) {
              const [a, b] = [family[i - 1]!, family[i]!];
              const first = (m: FairMarket) => m.selections[0]!.q; // over / home
              if (type === 'ah')
                expect(first(b), `${sport} ah ${a.line}→${b.line}`).toBeGreaterThanOrEqual(first(a) - 1e-12);
              else
                expect(first(b), `${sport} ${type} ${a.line}→${b.line}`).toBeLessThanOrEqual(
                  first(a) + 1e-12,
                );
            }
          }
          for (const family of lineFamilies(priced as FairMarket[], type)) {
            const offered = family as unknown as PricedMarket[];
            for (let i = 1; i < offered.length; i++) {
              const [a, b] = [offered[i - 1]!, offered[i]!];
              if (type === 'ah') expect(b.selections[0]!.price).toBeLessThanOrEqual(a.selections[0]!.price);
              else expect(b.selections[0]!.price).toBeGreaterThanOrEqual(a.selections[0]!.price);
            }
          }
        }
      }
  });

  it('a quarter line is priced between its two neighbours', () => {
    let seen = 0;
    for (const strength of STRENGTHS) {
      const priced = priceEvent({
        sport: 'football',
        strength,
        state: PREMATCH,
        margins: MARGINS,
        inPlayBp: 0,
      });
      const find = (type: string, period: number, line: number) =>
        priced.find((m) => m.type === type && m.period === period && Math.abs(m.line! - line) < 1e-9);
      for (const m of priced) {
        if (m.line === null || Math.abs(Math.round(m.line * 4)) % 2 !== 1) continue;
        const lo = find(m.type, m.period, m.line - 0.25);
        const hi = find(m.type, m.period, m.line + 0.25);
        if (!lo || !hi) continue;
        for (let i = 0; i < 2; i++) {
          const [a, b, c] = [lo.selections[i]!, m.selections[i]!, hi.selections[i]!];
          expect(b.q).toBeGreaterThan(Math.min(a.q, c.q));
          expect(b.q).toBeLessThan(Math.max(a.q, c.q));
          expect(b.price).toBeGreaterThanOrEqual(Math.min(a.price, c.price));
          expect(b.price).toBeLessThanOrEqual(Math.max(a.price, c.price));
        }
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(8);
  });

  it('a fair price returns exactly the stake on average, settled by the settlement rules', () => {
    const p = footballParams(0.4);
    const r = rates(p);
    const g = dixonColes(gridOf(poisson(r.home, 10), poisson(r.away, 10)), r.home, r.away, p.rho);
    const fair = fairMarkets('football', 0.4);
    let checked = 0;
    for (const m of fair.filter((x) => x.period === 1 && (x.type === 'ah' || x.type === 'total'))) {
      for (const s of m.selections) {
        let expected = 0;
        for (let h = 0; h <= 10; h++)
          for (let a = 0; a <= 10; a++) {
            const result =
              m.type === 'ah'
                ? handicapResult(s.name as 'home' | 'away', h, a, m.line!)
                : totalResult(s.name as 'over' | 'under', h + a, m.line!);
            expected += cell(g, h, a) * returnFactor(result, 1 / s.q);
          }
        expect(expected, `${m.type} ${m.line} ${s.name}`).toBeCloseTo(1, 9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe('football model', () => {
  it('Dixon–Coles with ρ < 0 lifts 0-0 and 1-1 and lowers 1-0 and 0-1', () => {
    const plain = gridOf(poisson(1.4, 10), poisson(1.1, 10));
    const dc = dixonColes(plain, 1.4, 1.1, -0.1);
    expect(cell(dc, 0, 0)).toBeGreaterThan(cell(plain, 0, 0));
    expect(cell(dc, 1, 1)).toBeGreaterThan(cell(plain, 1, 1));
    expect(cell(dc, 1, 0)).toBeLessThan(cell(plain, 1, 0));
    expect(cell(dc, 0, 1)).toBeLessThan(cell(plain, 0, 1));
  });

  it('strength shifts the 1x2 towards the stronger side', () => {
    const q = (s: number) =>
      fairMarkets('football', s).find((m) => m.type === '1x2' && m.period === 1)!.selections;
    expect(q(1)[0]!.q).toBeGreaterThan(q(0)[0]!.q);
    expect(q(-1)[2]!.q).toBeGreaterThan(q(0)[2]!.q);
  });

  it('in play the prices follow the score and the time left', () => {
    const homeWin = (state: LiveState) =>
      fairMarkets('football', 0, state).find((m) => m.type === '1x2' && m.period === 1)!.selections[0]!.q;
    const under25 = (state: LiveState) =>
      fairMarkets('football', 0, state).find((m) => m.type === 'total' && m.line === 2.5)!.selections[1]!.q;
    expect(homeWin(live({ minute: 30, score: { home: 1, away: 0 } }))).toBeGreaterThan(homeWin(PREMATCH));
    expect(
      homeWin(live({ minute: 80, score: { home: 1, away: 0 }, halfTime: { home: 1, away: 0 } })),
    ).toBeGreaterThan(homeWin(live({ minute: 30, score: { home: 1, away: 0 } })));
    expect(under25(live({ minute: 70, halfTime: { home: 0, away: 0 } }))).toBeGreaterThan(under25(PREMATCH));
    // A correct score already passed cannot be offered.
    const cs = fairMarkets(
      'football',
      0,
      live({ minute: 50, score: { home: 2, away: 0 }, halfTime: { home: 1, away: 0 } }),
    ).find((m) => m.type === 'correctScore')!;
    expect(cs.selections.find((s) => s.name === '0-0')!.q).toBe(0);
    expect(cs.selections.find((s) => s.name === '2-0')!.q).toBeGreaterThan(0);
    // First-half markets close at half time.
    expect(
      fairMarkets('football', 0, live({ minute: 50, halfTime: { home: 0, away: 0 } })).some(
        (m) => m.period === 2,
      ),
    ).toBe(false);
  });
});

describe('other sports', () => {
  it('tennis: a server holds more often than he wins a point; tiebreaks and holds are symmetric at 50%', () => {
    expect(holdProbability(0.5)).toBeCloseTo(0.5, 12);
    expect(holdProbability(0.6)).toBeCloseTo(0.7357, 4);
    expect(tiebreakProbability(0.5)).toBeCloseTo(0.5, 12);
    const { setGrid, gameGrid } = tennisGrids(0.5, PREMATCH);
    expect(setGrid.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(gameGrid.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(setGrid.p[2 * 3 + 0]! + setGrid.p[2 * 3 + 1]!).toBeGreaterThan(0.5);
  });

  it('races to N sets sum to one and follow the sets won', () => {
    const g = raceGrid(3, 0.6, 0, 0);
    expect(g.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const win = (sh: number, sa: number) => {
      const m = fairMarkets('volleyball', 0.5, live({ progress: 0.5, score: { home: sh, away: sa } })).find(
        (x) => x.type === 'winner',
      )!;
      return m.selections[0]!.q;
    };
    expect(win(2, 0)).toBeGreaterThan(win(1, 1));
    expect(win(1, 1)).toBeGreaterThan(win(0, 2));
  });

  it('basketball: a lead late in the game weighs more than early', () => {
    const win = (progress: number) =>
      fairMarkets('basketball', 0, live({ progress, score: { home: 60, away: 52 } })).find(
        (m) => m.type === 'winner',
      )!.selections[0]!.q;
    expect(win(0.9)).toBeGreaterThan(win(0.5));
    const quarters = fairMarkets('basketball', 0, live({ progress: 0.3 })).filter((m) => m.period > 1000);
    expect(quarters.map((m) => m.period).sort()).toEqual([1003, 1003, 1004, 1004]);
  });
});

/** A final result and its probability under a sport's model. */
type Outcome = { p: number; result: EventResult };

/** Every cell of a score grid as a result (`as` builds the result a period is settled on). */
function gridOutcomes(g: Grid, as: (h: number, a: number) => EventResult): Outcome[] {
  const out: Outcome[] = [];
  for (let h = 0; h < g.rows; h++)
    for (let a = 0; a < g.cols; a++) out.push({ p: cell(g, h, a), result: as(g.h0 + h, g.a0 + a) });
  return out;
}

const distOutcomes = (d: Dist, as: (v: number) => EventResult): Outcome[] =>
  [...d.p].map((p, i) => ({ p, result: as(d.min + i) }));

const byMargin = (m: number) => ({ home: Math.max(0, m), away: Math.max(0, -m) });

/**
 * A regulation tie decided in overtime / extra innings by one point, each side winning it in proportion to its
 * chance in regulation (the result counts overtime: the sandbox feed's, the contract's quarters below full time).
 */
function overtime(outcomes: Outcome[]): Outcome[] {
  const level = (o: Outcome) => o.result.home === o.result.away;
  const home = outcomes.filter((o) => o.result.home > o.result.away).reduce((a, o) => a + o.p, 0);
  const away = outcomes.filter((o) => o.result.home < o.result.away).reduce((a, o) => a + o.p, 0);
  return outcomes.flatMap((o) =>
    !level(o)
      ? [o]
      : [
          { p: (o.p * home) / (home + away), result: { home: o.result.home + 1, away: o.result.away } },
          { p: (o.p * away) / (home + away), result: { home: o.result.home, away: o.result.away + 1 } },
        ],
  );
}

/**
 * Staked at its fair price 1/q, each selection returns the stake on average when the settlement rules settle it
 * on the model's final results: the margin the book charges on top is the margin it earns.
 */
function expectSettledFair(m: FairMarket, outcomes: Outcome[], label: string) {
  expect(
    outcomes.reduce((a, o) => a + o.p, 0),
    label,
  ).toBeCloseTo(1, 7);
  const ref = { type: m.type, period: m.period, line: m.line, names: m.selections.map((s) => s.name) };
  for (const s of m.selections) {
    if (s.q <= 1e-9) continue;
    const expected = outcomes.reduce(
      (a, o) => a + o.p * returnFactor(selectionResult(ref, s.name, o.result), 1 / s.q),
      0,
    );
    expect(expected, `${label} ${m.type} ${m.period} ${m.line ?? ''} ${s.name}`).toBeCloseTo(1, 7);
  }
}

describe('pricing and settlement agree on every market', () => {
  it('a two-way winner prices a tie as the push settlement makes it: P(win) / (1 − P(tie)), summing to one', () => {
    // Basketball at strength 1.5: the regulation margin (home by 6 points, sd 12) can end level.
    const m = POINTS_MODELS.basketball;
    const regulation = discreteNormal(1.5 * m.perStrength, m.sdMargin);
    const level = regulation.p[-regulation.min]!;
    const home = [...regulation.p].reduce((a, p, i) => (regulation.min + i > 0 ? a + p : a), 0);
    expect(level).toBeGreaterThan(0.02);
    const winner = fairMarkets('basketball', 1.5).find((x) => x.type === 'winner')!;
    expect(winner.selections.map((s) => s.name)).toEqual(['home', 'away']);
    expect(winner.selections[0]!.q).toBeCloseTo(home / (1 - level), 9);
    expect(winner.selections[0]!.q + winner.selections[1]!.q).toBeCloseTo(1, 12);
    // Settled on a level result (refund), the fair prices return the stake.
    expectSettledFair(winner, distOutcomes(regulation, byMargin), 'tie refunded');
  });

  it('every market of every sport returns the stake at its fair price, settled on the final results', () => {
    for (const strength of STRENGTHS) {
      // Football: full time, first half and corners from their grids.
      const p = footballParams(strength);
      const r = rates(p);
      const full = gridOutcomes(fullTimeGrid(p, FOOTBALL_PREMATCH), (home, away) => ({ home, away }));
      const [lh, la] = [r.home * p.firstHalfShare, r.away * p.firstHalfShare];
      const half = gridOutcomes(
        dixonColes(gridOf(poisson(lh, 10), poisson(la, 10)), lh, la, p.rho),
        (halfTimeHome, halfTimeAway) => ({ home: 99, away: 99, halfTimeHome, halfTimeAway }),
      );
      const corners = gridOutcomes(
        gridOf(poisson(r.cornersHome, 25), poisson(r.cornersAway, 25)),
        (cornersHome, cornersAway) => ({ home: 0, away: 0, cornersHome, cornersAway }),
      );
      for (const m of fairMarkets('football', strength)) {
        const at = {
          [GamePeriod.FULL_MATCH]: full,
          [GamePeriod.FIRST_HALF]: half,
          [GamePeriod.CORNERS]: corners,
        };
        expectSettledFair(m, at[m.period as 1 | 2 | 4], `football ${strength}`);
      }

      // Points sports: the margin after overtime, the regulation total, the quarters on their own.
      for (const sport of ['basketball', 'americanFootball', 'cricket'] as const) {
        const pm = POINTS_MODELS[sport];
        const sup = strength * pm.perStrength;
        const regulation = distOutcomes(discreteNormal(sup, pm.sdMargin), byMargin);
        // Totals: no result ends below 0 points.
        const positive = (o: Outcome[]) => {
          const kept = o.filter((x) => x.result.home >= 0);
          const mass = kept.reduce((a, x) => a + x.p, 0);
          return kept.map((x) => ({ ...x, p: x.p / mass }));
        };
        const totals = positive(
          distOutcomes(discreteNormal(pm.total, pm.sdTotal), (t) => ({ home: t, away: 0 })),
        );
        const inQuarter = (q: number, s: { home: number; away: number }) => ({
          home: 999,
          away: 999,
          quarters: [0, 1, 2, 3].map((i) => (i === q ? s : { home: 0, away: 0 })),
        });
        for (const m of fairMarkets(sport, strength)) {
          const label = `${sport} ${strength}`;
          if (m.period === GamePeriod.FULL_MATCH) {
            if (m.type === 'winner' || m.type === 'ah') expectSettledFair(m, overtime(regulation), label);
            if (m.type === 'winner') expectSettledFair(m, regulation, `${label} tie refunded`);
            if (m.type === 'total' || m.type === 'oddEven') expectSettledFair(m, totals, label);
            continue;
          }
          const q = m.period - GamePeriod.QUARTER_1;
          const outcomes =
            m.type === '1x2'
              ? distOutcomes(discreteNormal(sup / 4, pm.sdMargin / 2), (v) => inQuarter(q, byMargin(v)))
              : distOutcomes(discreteNormal(pm.total / 4, pm.sdTotal / 2), (t) =>
                  inQuarter(q, { home: t, away: 0 }),
                );
          expectSettledFair(m, outcomes, label);
        }
      }

      // Baseball: each side's runs Poisson, a level score decided in extra innings.
      const regulation = gridOutcomes(
        gridOf(
          poisson(Math.max(0.5, 4.4 + strength * 0.6), 25),
          poisson(Math.max(0.5, 4.4 - strength * 0.6), 25),
        ),
        (home, away) => ({ home, away }),
      );
      for (const m of fairMarkets('baseball', strength)) {
        expectSettledFair(m, overtime(regulation), `baseball ${strength}`);
        if (m.type === 'winner') expectSettledFair(m, regulation, `baseball ${strength} tie refunded`);
      }

      // Races to N sets, tennis (sets; handicap and total on games), boxing, motor racing.
      for (const sport of ['volleyball', 'badminton', 'tableTennis', 'snooker'] as const) {
        const race = RACES[sport];
        const g = raceGrid(race.n, 1 / (1 + Math.exp(-race.perStrength * strength)), 0, 0);
        for (const m of fairMarkets(sport, strength))
          expectSettledFair(
            m,
            gridOutcomes(g, (home, away) => ({ home, away })),
            `${sport} ${strength}`,
          );
      }
      const { setGrid, gameGrid } = tennisGrids(strength, PREMATCH);
      for (const m of fairMarkets('tennis', strength))
        expectSettledFair(
          m,
          gridOutcomes(m.type === 'ah' || m.type === 'total' ? gameGrid : setGrid, (home, away) => ({
            home,
            away,
          })),
          `tennis ${strength}`,
        );
      for (const sport of ['boxing', 'motorRacing'] as const)
        for (const m of fairMarkets(sport, strength)) {
          const q = (name: string) => m.selections.find((s) => s.name === name)?.q ?? 0;
          expectSettledFair(
            m,
            [
              { p: q('home'), result: { home: 1, away: 0 } },
              { p: q('draw'), result: { home: 0, away: 0 } },
              { p: q('away'), result: { home: 0, away: 1 } },
            ],
            `${sport} ${strength}`,
          );
        }
    }
  });

  it('after overtime the winner and the ±0.5 handicaps price the same event', () => {
    for (const sport of ['basketball', 'americanFootball', 'cricket'] as const)
      for (const strength of [0, 0.25]) {
        const markets = fairMarkets(sport, strength);
        const winner = markets.find((m) => m.type === 'winner')!.selections[0]!.q;
        const half = markets.filter((m) => m.type === 'ah' && Math.abs(m.line!) === 0.5);
        expect(half.length, `${sport} ${strength}`).toBeGreaterThan(0);
        for (const m of half)
          expect(m.selections[0]!.q, `${sport} ${strength} ${m.line}`).toBeCloseTo(winner, 12);
      }
  });
});
