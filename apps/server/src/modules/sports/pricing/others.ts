import { GamePeriod } from '@aposta/contracts';
import {
  afterOvertime,
  atLeast,
  correctScoreMarket,
  discreteNormal,
  gridAfterOvertime,
  gridOf,
  handicapMarket,
  mainHandicap,
  mainTotal,
  marginOf,
  oddEvenMarket,
  poisson,
  resultMarket,
  totalMarket,
  totalOf,
  winnerMarket,
  type Dist,
  type FairMarket,
  type Grid,
} from './model';

/**
 * Honest simple models for the other sports (sportsbook.md "Other sports"), each consistent across the markets
 * of one event because every market is read off the same distribution:
 * - points sports (basketball by quarter, American football, cricket): margin and total as normals whose rest
 *   scales with the share of the match left, a level margin decided in overtime (model.ts `afterOvertime`);
 * - baseball: each side's runs Poisson, a level score decided in extra innings (`gridAfterOvertime`);
 * - tennis: sets from the games, the games from each server's point-win probability;
 * - races to N sets or frames (volleyball, badminton, table tennis, snooker): independent sets;
 * - boxing (1x2 with a rare draw) and motor racing (head to head): one probability from the strength.
 */
export interface LiveScore {
  /** Share of the match played, 0 … 1. */
  progress: number;
  score: { home: number; away: number };
  /** Tennis: games in the set being played. */
  games?: { home: number; away: number } | null;
  /** Tennis: games of the finished sets, added up. */
  setGames?: { home: number; away: number } | null;
}

const FULL = GamePeriod.FULL_MATCH;
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

// ---------------------------------------------------------------- points sports

export interface PointsModel {
  /** Points of superiority per unit of strength. */
  perStrength: number;
  total: number;
  sdTotal: number;
  sdMargin: number;
  /** Quarter markets (1001–1004). */
  quarters: boolean;
}

export const POINTS_MODELS = {
  basketball: { perStrength: 4, total: 220, sdTotal: 18, sdMargin: 12, quarters: true },
  americanFootball: { perStrength: 7, total: 45, sdTotal: 13, sdMargin: 13.5, quarters: false },
  cricket: { perStrength: 20, total: 320, sdTotal: 40, sdMargin: 30, quarters: false },
} satisfies Record<string, PointsModel>;

function spread(main: number, steps: number[]): number[] {
  return steps.map((d) => main + d);
}

export function pricePoints(m: PointsModel, strength: number, s: LiveScore): FairMarket[] {
  const sup = strength * m.perStrength;
  const left = Math.max(0, 1 - s.progress);
  // The result counts overtime: the winner and the handicaps read the margin after it. The total stays the
  // regulation one (overtime points are not modelled; its lines are half points, so no push either way).
  const margin = afterOvertime(
    discreteNormal(s.score.home - s.score.away + sup * left, m.sdMargin * Math.sqrt(left)),
  );
  // The normal's tail below the points already scored cannot happen: the price would read totals no result has.
  const scored = s.score.home + s.score.away;
  const total = atLeast(discreteNormal(scored + m.total * left, m.sdTotal * Math.sqrt(left)), scored);
  // Lines are fixed by the pre-match model (a market keeps its line), centred on its mean.
  const hMain = Math.round(-sup) + 0.5;
  const tMain = Math.round(m.total) + 0.5;
  const out: FairMarket[] = [
    winnerMarket(FULL, margin),
    oddEvenMarket(FULL, total),
    ...spread(hMain, [-4, -2, 0, 2, 4]).map((l) => handicapMarket(FULL, margin, l)),
    ...spread(tMain, [-10, -5, 0, 5, 10]).map((l) => totalMarket('total', FULL, total, l)),
  ];
  if (m.quarters) {
    for (let q = 1; q <= 4; q++) {
      if (s.progress >= (q - 1) / 4) continue; // a quarter's markets close when it starts
      const qm = discreteNormal(sup / 4, m.sdMargin / 2);
      const qt = atLeast(discreteNormal(m.total / 4, m.sdTotal / 2), 0);
      const period = GamePeriod.QUARTER_1 + q - 1;
      out.push(
        resultMarket('1x2', period, qm),
        totalMarket('total', period, qt, Math.round(m.total / 4) + 0.5),
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------- baseball

export function priceBaseball(strength: number, s: LiveScore): FairMarket[] {
  const left = Math.max(0, 1 - s.progress);
  const home = Math.max(0.5, 4.4 + strength * 0.6) * left;
  const away = Math.max(0.5, 4.4 - strength * 0.6) * left;
  const g = gridAfterOvertime(gridOf(poisson(home, 25), poisson(away, 25), s.score.home, s.score.away));
  const margin = marginOf(g);
  const total = totalOf(g);
  return [
    winnerMarket(FULL, margin),
    oddEvenMarket(FULL, total),
    ...[-1.5, 1.5].map((l) => handicapMarket(FULL, margin, l)),
    ...[6.5, 7.5, 8.5, 9.5, 10.5].map((l) => totalMarket('total', FULL, total, l)),
  ];
}

// ---------------------------------------------------------------- races to N sets / frames

/** Final sets of a race to `n` from `sh`–`sa`, each set won by home with probability `q`. */
export function raceGrid(n: number, q: number, sh: number, sa: number): Grid {
  const rows = n + 1 - sh;
  const cols = n + 1 - sa;
  const p = new Float64Array(Math.max(1, rows) * Math.max(1, cols));
  const walk = (h: number, a: number, pr: number) => {
    if (h === n || a === n) {
      p[(h - sh) * cols + (a - sa)]! += pr;
      return;
    }
    walk(h + 1, a, pr * q);
    walk(h, a + 1, pr * (1 - q));
  };
  walk(sh, sa, 1);
  return { h0: sh, a0: sa, rows, cols, p };
}

export const RACES = {
  volleyball: { n: 3, perStrength: 0.8 },
  badminton: { n: 2, perStrength: 0.9 },
  tableTennis: { n: 3, perStrength: 0.8 },
  snooker: { n: 5, perStrength: 0.6 },
} as const;

export function priceRace(
  race: { n: number; perStrength: number },
  strength: number,
  s: LiveScore,
): FairMarket[] {
  const q = logistic(race.perStrength * strength);
  const g = raceGrid(race.n, q, s.score.home, s.score.away);
  const margin = marginOf(g);
  const total = totalOf(g);
  const scores: [number, number][] = [];
  for (let a = 0; a < race.n; a++) scores.push([race.n, a]);
  for (let h = race.n - 1; h >= 0; h--) scores.push([h, race.n]);
  const lines = race.n === 2 ? [-1.5, 1.5] : [-2.5, -1.5, 1.5, 2.5];
  const totals: number[] = [];
  for (let t = race.n + 0.5; t < 2 * race.n - 1; t++) totals.push(t);
  return [
    winnerMarket(FULL, margin),
    correctScoreMarket(FULL, g, race.n, scores),
    ...lines.map((l) => handicapMarket(FULL, margin, l)),
    ...totals.map((l) => totalMarket('total', FULL, total, l)),
  ];
}

// ---------------------------------------------------------------- tennis

/** P(the server holds) from the server's point-win probability. */
export function holdProbability(p: number): number {
  const q = 1 - p;
  return Math.pow(p, 4) * (1 + 4 * q + 10 * q * q) + (20 * Math.pow(p * q, 3) * p * p) / (1 - 2 * p * q);
}

/** P(home wins a tiebreak): a race to 7 by two at home's average point-win probability. */
export function tiebreakProbability(p: number): number {
  const q = 1 - p;
  let win = 0;
  let c = 1; // C(6 + k, k)
  for (let k = 0; k <= 5; k++) {
    win += c * Math.pow(p, 7) * Math.pow(q, k);
    c = (c * (7 + k)) / (k + 1);
  }
  const at66 = 924 * Math.pow(p, 6) * Math.pow(q, 6); // C(12, 6)
  return win + (at66 * p * p) / (p * p + q * q);
}

/** The final games of a set from `gh`–`ga`, home serving first in the set when `homeServesFirst`. */
function setOutcomes(
  holdH: number,
  holdA: number,
  tb: number,
  gh: number,
  ga: number,
  homeServesFirst: boolean,
) {
  const out = new Map<string, number>();
  const add = (h: number, a: number, pr: number) => {
    const k = `${h}-${a}`;
    out.set(k, (out.get(k) ?? 0) + pr);
  };
  const walk = (h: number, a: number, pr: number) => {
    if ((h >= 6 || a >= 6) && Math.abs(h - a) >= 2) return add(h, a, pr);
    if (h === 7 || a === 7) return add(h, a, pr);
    if (h === 6 && a === 6) {
      add(7, 6, pr * tb);
      add(6, 7, pr * (1 - tb));
      return;
    }
    const homeServes = (h + a) % 2 === 0 ? homeServesFirst : !homeServesFirst;
    const pHome = homeServes ? holdH : 1 - holdA;
    walk(h + 1, a, pr * pHome);
    walk(h, a + 1, pr * (1 - pHome));
  };
  walk(gh, ga, 1);
  return out;
}

/** Serve point-win probabilities from the strength. */
export function tennisPoints(strength: number) {
  const home = Math.min(0.85, Math.max(0.45, 0.64 + 0.035 * strength));
  const away = Math.min(0.85, Math.max(0.45, 0.64 - 0.035 * strength));
  return { home, away };
}

/** Best of three sets: the final sets grid and the final games grid (all sets' games added up). */
export function tennisGrids(strength: number, s: LiveScore) {
  const pts = tennisPoints(strength);
  const holdH = holdProbability(pts.home);
  const holdA = holdProbability(pts.away);
  const tb = tiebreakProbability((pts.home + 1 - pts.away) / 2);
  const average = (gh: number, ga: number) => {
    const a = setOutcomes(holdH, holdA, tb, gh, ga, true);
    const b = setOutcomes(holdH, holdA, tb, gh, ga, false);
    const m = new Map<string, number>();
    for (const [k, v] of a) m.set(k, v / 2);
    for (const [k, v] of b) m.set(k, (m.get(k) ?? 0) + v / 2);
    return [...m].map(([k, v]) => {
      const [h, a2] = k.split('-').map(Number) as [number, number];
      return { h, a: a2, p: v };
    });
  };
  const fresh = average(0, 0);
  const MAXG = 21;
  const sets = new Float64Array(9); // [h * 3 + a]
  const games = new Float64Array((MAXG + 1) * (MAXG + 1));
  const current = s.games ?? { home: 0, away: 0 };
  const walk = (sh: number, sa: number, gh: number, ga: number, pr: number, outcomes: typeof fresh) => {
    for (const o of outcomes) {
      const nh = sh + (o.h > o.a ? 1 : 0);
      const na = sa + (o.a > o.h ? 1 : 0);
      const th = gh + o.h;
      const ta = ga + o.a;
      const p = pr * o.p;
      if (nh === 2 || na === 2) {
        sets[nh * 3 + na]! += p;
        games[Math.min(MAXG, th) * (MAXG + 1) + Math.min(MAXG, ta)]! += p;
      } else walk(nh, na, th, ta, p, fresh);
    }
  };
  const done = s.score.home >= 2 || s.score.away >= 2;
  if (done) {
    sets[Math.min(2, s.score.home) * 3 + Math.min(2, s.score.away)] = 1;
    games[0] = 1;
  } else walk(s.score.home, s.score.away, 0, 0, 1, average(current.home, current.away));
  const base = s.setGames ?? { home: 0, away: 0 };
  const setGrid: Grid = { h0: 0, a0: 0, rows: 3, cols: 3, p: sets };
  const gameGrid: Grid = { h0: base.home, a0: base.away, rows: MAXG + 1, cols: MAXG + 1, p: games };
  return { setGrid, gameGrid };
}

/**
 * Tennis markets: the winner and the sets' correct score; handicap (`ah`) and `total` lines count games, as
 * tennis books do. Lines come from the pre-match model.
 */
export function priceTennis(strength: number, s: LiveScore): FairMarket[] {
  const { setGrid, gameGrid } = tennisGrids(strength, s);
  const pre = tennisGrids(strength, { progress: 0, score: { home: 0, away: 0 } });
  const gMain = mainHandicap(marginOf(pre.gameGrid), 1) + 0.5;
  const tMain = mainTotal(totalOf(pre.gameGrid), 1) + 0.5;
  const gm: Dist = marginOf(gameGrid);
  const gt: Dist = totalOf(gameGrid);
  return [
    winnerMarket(FULL, marginOf(setGrid)),
    correctScoreMarket(FULL, setGrid, 2, [
      [2, 0],
      [2, 1],
      [1, 2],
      [0, 2],
    ]),
    ...[-2, -1, 0, 1, 2].map((d) => handicapMarket(FULL, gm, gMain + d)),
    ...[-2, -1, 0, 1, 2].map((d) => totalMarket('total', FULL, gt, tMain + d)),
  ];
}

// ---------------------------------------------------------------- one-probability sports
export function priceBoxing(strength: number): FairMarket[] {
  const draw = 0.03;
  const home = logistic(1.2 * strength) * (1 - draw);
  return [
    {
      type: '1x2',
      period: FULL,
      line: null,
      selections: [
        { name: 'home', q: home },
        { name: 'draw', q: draw },
        { name: 'away', q: 1 - draw - home },
      ],
    },
  ];
}

export function priceHeadToHead(strength: number): FairMarket[] {
  const home = logistic(strength);
  return [
    {
      type: 'winner',
      period: FULL,
      line: null,
      selections: [
        { name: 'home', q: home },
        { name: 'away', q: 1 - home },
      ],
    },
  ];
}
