import type { MarketType } from '@aposta/contracts';
import {
  addResult,
  emptyOdds,
  handicapResult,
  impliedProbability,
  quarters,
  resultOfMargin,
  type ResultOdds,
} from '../sports.lines';

/**
 * The building blocks of every sport's prices: distributions of integer outcomes (goals, points, sets), the
 * markets read off them as fair implied probabilities, and the margin that turns those into prices.
 */

/** A fair market: its selections' implied probabilities sum to 1 (lines with pushes included). */
export interface FairMarket {
  type: MarketType;
  period: number;
  line: number | null;
  selections: { name: string; q: number }[];
}

/** A priced market. `decided`: one side is (nearly) certain, so it is not offered (suspended). */
export interface PricedMarket {
  type: MarketType;
  period: number;
  line: number | null;
  decided: boolean;
  /** Price 0 marks a selection that cannot win any more (a passed correct score): not offered. */
  selections: { name: string; q: number; price: number }[];
}

export const marketKey = (m: { type: string; period: number; line: number | null }) =>
  `${m.type}|${m.period}|${m.line ?? ''}`;

// ---------------------------------------------------------------- distributions

export function poisson(lambda: number, max: number): Float64Array {
  const p = new Float64Array(max + 1);
  let term = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    p[k] = term;
    term = (term * lambda) / (k + 1);
  }
  return p;
}

/** Φ(x), the standard normal distribution function (Abramowitz–Stegun 7.1.26, error < 1.5·10⁻⁷). */
export function normCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** A distribution over the integers min … min + p.length − 1. */
export interface Dist {
  min: number;
  p: Float64Array;
}

/** The integer-valued normal (continuity correction), over mean ± 6 sd. */
export function discreteNormal(mean: number, sd: number): Dist {
  if (sd < 1e-9) {
    const v = Math.round(mean);
    return { min: v, p: Float64Array.of(1) };
  }
  const lo = Math.floor(mean - 6 * sd);
  const hi = Math.ceil(mean + 6 * sd);
  const p = new Float64Array(hi - lo + 1);
  let prev = normCdf((lo - 0.5 - mean) / sd);
  let sum = 0;
  for (let v = lo; v <= hi; v++) {
    const next = normCdf((v + 0.5 - mean) / sd);
    p[v - lo] = next - prev;
    sum += next - prev;
    prev = next;
  }
  for (let i = 0; i < p.length; i++) p[i]! /= sum;
  return { min: lo, p };
}

/** `d` given that its value is at least `floor` (a total cannot end below the points already scored, nor 0). */
export function atLeast(d: Dist, floor: number): Dist {
  if (d.min >= floor) return d;
  const p = d.p.slice(Math.min(d.p.length - 1, floor - d.min));
  let sum = 0;
  for (const v of p) sum += v;
  for (let i = 0; i < p.length; i++) p[i] = sum > 0 ? p[i]! / sum : i === 0 ? 1 : 0;
  return { min: Math.max(d.min, Math.min(floor, d.min + d.p.length - 1)), p };
}

/**
 * A joint distribution of final scores: cell [h][a] = P(home ends with `h0 + h`, away with `a0 + a`), where
 * (h0, a0) is the score so far.
 */
export interface Grid {
  h0: number;
  a0: number;
  rows: number;
  cols: number;
  p: Float64Array;
}

export const cell = (g: Grid, h: number, a: number) => g.p[h * g.cols + a]!;

/** Independent home and away distributions of what is still to come (optionally Dixon–Coles corrected). */
export function gridOf(home: Float64Array, away: Float64Array, h0 = 0, a0 = 0): Grid {
  const rows = home.length;
  const cols = away.length;
  const p = new Float64Array(rows * cols);
  for (let h = 0; h < rows; h++) for (let a = 0; a < cols; a++) p[h * cols + a] = home[h]! * away[a]!;
  return { h0, a0, rows, cols, p };
}

/**
 * Dixon–Coles: the low scores of two Poisson rates λ₁ (home), λ₂ (away) corrected by ρ: τ(0,0) = 1 − λ₁λ₂ρ,
 * τ(0,1) = 1 + λ₁ρ, τ(1,0) = 1 + λ₂ρ, τ(1,1) = 1 − ρ; the grid renormalised (it is truncated anyway).
 */
export function dixonColes(g: Grid, l1: number, l2: number, rho: number): Grid {
  const p = g.p.slice();
  const at = (h: number, a: number) => h * g.cols + a;
  if (g.rows > 1 && g.cols > 1) {
    p[at(0, 0)]! *= Math.max(0, 1 - l1 * l2 * rho);
    p[at(0, 1)]! *= Math.max(0, 1 + l1 * rho);
    p[at(1, 0)]! *= Math.max(0, 1 + l2 * rho);
    p[at(1, 1)]! *= Math.max(0, 1 - rho);
  }
  let sum = 0;
  for (const v of p) sum += v;
  for (let i = 0; i < p.length; i++) p[i]! /= sum;
  return { ...g, p };
}

function normalise(g: Grid): Grid {
  let sum = 0;
  for (const v of g.p) sum += v;
  if (Math.abs(sum - 1) < 1e-12) return g;
  const p = g.p.map((v) => v / sum);
  return { ...g, p };
}

/** Distribution of home − away at the end. */
export function marginOf(g: Grid): Dist {
  const min = g.h0 - g.a0 - (g.cols - 1);
  const p = new Float64Array(g.rows + g.cols - 1);
  for (let h = 0; h < g.rows; h++)
    for (let a = 0; a < g.cols; a++) p[h - a + g.cols - 1]! += g.p[h * g.cols + a]!;
  return { min, p };
}

/** Distribution of home + away at the end. */
export function totalOf(g: Grid): Dist {
  const p = new Float64Array(g.rows + g.cols - 1);
  for (let h = 0; h < g.rows; h++) for (let a = 0; a < g.cols; a++) p[h + a]! += g.p[h * g.cols + a]!;
  return { min: g.h0 + g.a0, p };
}

// ---------------------------------------------------------------- markets read off distributions

/** home / draw / away from the margin (three-way: the draw is a selection). */
export function resultMarket(type: '1x2' | 'corners1x2', period: number, margin: Dist): FairMarket {
  let home = 0;
  let draw = 0;
  let away = 0;
  margin.p.forEach((p, i) => {
    const m = margin.min + i;
    if (m > 0) home += p;
    else if (m < 0) away += p;
    else draw += p;
  });
  return {
    type,
    period,
    line: null,
    selections: [
      { name: 'home', q: home },
      { name: 'draw', q: draw },
      { name: 'away', q: away },
    ],
  };
}

/**
 * The two-way winner. Settlement refunds a tie (a push: sportsbook.md "Settlement" has no code that pays half),
 * so a side's fair probability is its share of the decided outcomes, P(win) / (1 − P(tie)): the handicap-0
 * line (draw no bet), read by the same rule settlement uses. A certain tie prices neither side.
 */
export function winnerMarket(period: number, margin: Dist): FairMarket {
  const [home, away] = lineSides(margin, (m) => 4 * m);
  return {
    type: 'winner',
    period,
    line: null,
    selections: [
      { name: 'home', q: home },
      { name: 'away', q: away },
    ],
  };
}

/**
 * Overtime / extra innings: a match level at the end of regulation plays on until one side leads, and its result
 * counts that (the sports that split a tie: points sports, baseball). Each side wins the decider in proportion to
 * its chance of winning in regulation, by one point (one run); half each when regulation cannot be won any more.
 * So the winner (P(win) / (1 − P(tie)), as if a tie were refunded) and the ±0.5 handicaps price the same event,
 * and no line is priced on a final tie that the result never shows.
 */
function overtimeShares(margin: Dist): { home: number; away: number } {
  let home = 0;
  let away = 0;
  margin.p.forEach((x, i) => {
    if (margin.min + i > 0) home += x;
    else if (margin.min + i < 0) away += x;
  });
  const decided = home + away;
  return decided > 1e-15 ? { home: home / decided, away: away / decided } : { home: 0.5, away: 0.5 };
}

/** The margin after overtime: the mass at 0 moves to +1 and −1. */
export function afterOvertime(margin: Dist): Dist {
  const zero = -margin.min;
  const tie = zero >= 0 && zero < margin.p.length ? margin.p[zero]! : 0;
  if (tie === 0) return margin;
  const share = overtimeShares(margin);
  // One more cell at each end, so that ±1 always exists; index of value v is now v − min + 1.
  const p = new Float64Array(margin.p.length + 2);
  p.set(margin.p, 1);
  p[zero + 1] = 0;
  p[zero + 2]! += tie * share.home;
  p[zero]! += tie * share.away;
  return { min: margin.min - 1, p };
}

/** The final scores after overtime: a level k–k becomes (k+1)–k or k–(k+1). */
export function gridAfterOvertime(g: Grid): Grid {
  const share = overtimeShares(marginOf(g));
  const rows = g.rows + 1;
  const cols = g.cols + 1;
  const p = new Float64Array(rows * cols);
  for (let h = 0; h < g.rows; h++)
    for (let a = 0; a < g.cols; a++) {
      const x = g.p[h * g.cols + a]!;
      if (g.h0 + h !== g.a0 + a) p[h * cols + a]! += x;
      else {
        p[(h + 1) * cols + a]! += x * share.home;
        p[h * cols + a + 1]! += x * share.away;
      }
    }
  return { h0: g.h0, a0: g.a0, rows, cols, p };
}

/** Both sides of a line on a distribution: `x4(v)` is the first side's margin over the line in quarters. */
function lineSides(dist: Dist, x4: (v: number) => number): [number, number] {
  const first: ResultOdds = emptyOdds();
  const second: ResultOdds = emptyOdds();
  dist.p.forEach((p, i) => {
    if (p === 0) return;
    const x = x4(dist.min + i);
    addResult(first, resultOfMargin(x), p);
    addResult(second, resultOfMargin(-x), p);
  });
  return [impliedProbability(first), impliedProbability(second)];
}

export function totalMarket(
  type: 'total' | 'cornersTotal',
  period: number,
  total: Dist,
  line: number,
): FairMarket {
  const l4 = quarters(line);
  const [over, under] = lineSides(total, (t) => 4 * t - l4);
  return {
    type,
    period,
    line,
    selections: [
      { name: 'over', q: over },
      { name: 'under', q: under },
    ],
  };
}

export function handicapMarket(period: number, margin: Dist, line: number): FairMarket {
  const l4 = quarters(line);
  const [home, away] = lineSides(margin, (m) => 4 * m + l4);
  return {
    type: 'ah',
    period,
    line,
    selections: [
      { name: 'home', q: home },
      { name: 'away', q: away },
    ],
  };
}

/** Checks the shared reading of a line (used by tests: pricing and settlement agree). */
export const handicapSide = handicapResult;

export function oddEvenMarket(period: number, total: Dist): FairMarket {
  let odd = 0;
  total.p.forEach((p, i) => {
    if ((total.min + i) % 2 !== 0) odd += p;
  });
  return {
    type: 'oddEven',
    period,
    line: null,
    selections: [
      { name: 'odd', q: odd },
      { name: 'even', q: 1 - odd },
    ],
  };
}

export function bttsMarket(period: number, g: Grid): FairMarket {
  let yes = 0;
  for (let h = 0; h < g.rows; h++)
    for (let a = 0; a < g.cols; a++) if (g.h0 + h > 0 && g.a0 + a > 0) yes += g.p[h * g.cols + a]!;
  return {
    type: 'btts',
    period,
    line: null,
    selections: [
      { name: 'yes', q: yes },
      { name: 'no', q: 1 - yes },
    ],
  };
}

/** Correct score: every final score up to `max` each, and "other" for the rest. */
export function correctScoreMarket(
  period: number,
  g: Grid,
  max: number,
  scores?: [number, number][],
): FairMarket {
  const list: [number, number][] = scores ?? [];
  if (!scores) for (let h = 0; h <= max; h++) for (let a = 0; a <= max; a++) list.push([h, a]);
  let listed = 0;
  const selections = list.map(([h, a]) => {
    const dh = h - g.h0;
    const da = a - g.a0;
    const q = dh < 0 || da < 0 || dh >= g.rows || da >= g.cols ? 0 : g.p[dh * g.cols + da]!;
    listed += q;
    return { name: `${h}-${a}`, q };
  });
  if (!scores) selections.push({ name: 'other', q: Math.max(0, 1 - listed) });
  return { type: 'correctScore', period, line: null, selections };
}

/** The line nearest to an even book on a distribution, in steps of `step` (0.25, 0.5, 1). */
export function mainHandicap(margin: Dist, step: number): number {
  let mean = 0;
  margin.p.forEach((p, i) => (mean += p * (margin.min + i)));
  return Math.round(-mean / step) * step;
}

export function mainTotal(total: Dist, step: number): number {
  let mean = 0;
  total.p.forEach((p, i) => (mean += p * (total.min + i)));
  return Math.round(mean / step) * step;
}

export const normalised = normalise;

// ---------------------------------------------------------------- margin

/** Largest and smallest price offered. */
export const MIN_PRICE = 1.01;
export const MAX_PRICE = 1000;
/** A market where one side's fair probability exceeds this is not offered (suspended). */
export const DECIDED_ABOVE = 0.97;

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The power method: offered probabilities rᵢ = qᵢᵏ with k ≤ 1 chosen so that Σ rᵢ = 1 + margin, prices 1 / rᵢ
 * to two decimals. Longshots carry relatively more of the margin than favourites (as in real books), and no
 * price falls below the fair price. Selections with q = 0 are not offered (price 0).
 */
export function applyMargin(fair: FairMarket, margin: number): PricedMarket {
  const qs = fair.selections.map((s) => s.q);
  const live = qs.filter((q) => q > 1e-9);
  const decided = live.length < 2 || Math.max(...qs) > DECIDED_ABOVE;
  let k = 1;
  if (margin > 0 && live.length >= 2) {
    const target = 1 + margin;
    const sum = (kk: number) => live.reduce((s, q) => s + Math.pow(q, kk), 0);
    let lo = 0.05;
    let hi = 1;
    if (sum(lo) < target) k = lo;
    else {
      for (let i = 0; i < 40; i++) {
        const mid = (lo + hi) / 2;
        if (sum(mid) > target) lo = mid;
        else hi = mid;
      }
      k = (lo + hi) / 2;
    }
  }
  return {
    type: fair.type,
    period: fair.period,
    line: fair.line,
    decided,
    selections: fair.selections.map((s) => ({
      name: s.name,
      q: s.q,
      price: s.q > 1e-9 ? Math.min(MAX_PRICE, Math.max(MIN_PRICE, round2(1 / Math.pow(s.q, k)))) : 0,
    })),
  };
}

/** Σ 1/price − 1 over the offered selections. */
export function overround(m: PricedMarket): number {
  return m.selections.filter((s) => s.price > 0).reduce((s, x) => s + 1 / x.price, 0) - 1;
}
