import { GamePeriod } from '@aposta/contracts';
import {
  bttsMarket,
  correctScoreMarket,
  dixonColes,
  gridOf,
  handicapMarket,
  mainHandicap,
  marginOf,
  oddEvenMarket,
  poisson,
  resultMarket,
  totalMarket,
  totalOf,
  type FairMarket,
  type Grid,
} from './model';

/**
 * Football: each side's goals Poisson with rates from the home side's superiority (expected goal difference)
 * and the expected goals of the match, low scores corrected by Dixon–Coles; the first half takes 45% of the
 * rates; corners have their own rates. In play the rest of each rate is scaled by the time left and the grid
 * starts from the current score.
 */
export interface FootballParams {
  /** Expected goal difference home − away (home advantage included). */
  supremacy: number;
  /** Expected goals in the match. */
  goals: number;
  rho: number;
  /** Expected corners in the match. */
  corners: number;
  firstHalfShare: number;
}

export const FOOTBALL_DEFAULTS = { goals: 2.6, rho: -0.1, corners: 10, firstHalfShare: 0.45 };

export function footballParams(strength: number): FootballParams {
  return { supremacy: strength, ...FOOTBALL_DEFAULTS };
}

export interface FootballState {
  /** Minutes played, 0 … 90. */
  minute: number;
  score: { home: number; away: number };
  /** The half-time score once the first half is over. */
  halfTime: { home: number; away: number } | null;
  corners: { home: number; away: number };
}

export const FOOTBALL_PREMATCH: FootballState = {
  minute: 0,
  score: { home: 0, away: 0 },
  halfTime: null,
  corners: { home: 0, away: 0 },
};

export function rates(p: FootballParams) {
  const home = Math.max(0.1, (p.goals + p.supremacy) / 2);
  const away = Math.max(0.1, (p.goals - p.supremacy) / 2);
  const cornersHome = Math.max(1, p.corners / 2 + p.supremacy * 1.2);
  const cornersAway = Math.max(1, p.corners / 2 - p.supremacy * 1.2);
  return { home, away, cornersHome, cornersAway };
}

const MAX_GOALS = 10;
const MAX_CORNERS = 25;
/** Goal lines offered (full match); first half; corners. */
export const TOTAL_LINES = [0.5, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 4.5, 5.5];
export const FIRST_HALF_TOTAL_LINES = [0.5, 0.75, 1, 1.5, 2.5];
export const CORNER_LINES = [7.5, 8.5, 9.5, 10.5, 11.5, 12.5];

/** The score grid of a period from the rates still to come. */
function periodGrid(lh: number, la: number, rho: number, h0: number, a0: number) {
  return dixonColes(gridOf(poisson(lh, MAX_GOALS), poisson(la, MAX_GOALS), h0, a0), lh, la, rho);
}

/**
 * Asian handicap lines offered: the pre-match main line (quarter steps) ± 1 goal. Fixed when the event is
 * created so that a market keeps its line for its whole life.
 */
export function footballHandicapLines(p: FootballParams): number[] {
  const r = rates(p);
  const main = mainHandicap(marginOf(periodGrid(r.home, r.away, p.rho, 0, 0)), 0.25);
  const lines: number[] = [];
  for (let i = -4; i <= 4; i++) lines.push(main + i * 0.25);
  return lines;
}

export function footballFirstHalfHandicapLines(p: FootballParams): number[] {
  const r = rates(p);
  const s = p.firstHalfShare;
  const main = mainHandicap(marginOf(periodGrid(r.home * s, r.away * s, p.rho, 0, 0)), 0.25);
  return [main - 0.25, main, main + 0.25];
}

export interface FootballLines {
  handicap: number[];
  firstHalfHandicap: number[];
}

/** The distribution of final scores (full match) from the state of play: every full-match market reads it. */
export function fullTimeGrid(p: FootballParams, s: FootballState): Grid {
  const r = rates(p);
  const left = Math.max(0, 90 - s.minute) / 90;
  return periodGrid(r.home * left, r.away * left, p.rho, s.score.home, s.score.away);
}

export function priceFootball(p: FootballParams, s: FootballState, lines: FootballLines): FairMarket[] {
  const r = rates(p);
  const left = Math.max(0, 90 - s.minute) / 90;
  const full = fullTimeGrid(p, s);
  const margin = marginOf(full);
  const total = totalOf(full);
  const FULL = GamePeriod.FULL_MATCH;
  const out: FairMarket[] = [
    resultMarket('1x2', FULL, margin),
    bttsMarket(FULL, full),
    oddEvenMarket(FULL, total),
    correctScoreMarket(FULL, full, 4),
    ...TOTAL_LINES.map((l) => totalMarket('total', FULL, total, l)),
    ...lines.handicap.map((l) => handicapMarket(FULL, margin, l)),
  ];
  // First half: priced until half time; its markets are closed from then on (no prices).
  if (s.minute < 45 && !s.halfTime) {
    const leftHalf = (Math.max(0, 45 - s.minute) / 45) * p.firstHalfShare;
    const half = periodGrid(r.home * leftHalf, r.away * leftHalf, p.rho, s.score.home, s.score.away);
    const hm = marginOf(half);
    const ht = totalOf(half);
    const HALF = GamePeriod.FIRST_HALF;
    out.push(
      resultMarket('1x2', HALF, hm),
      ...FIRST_HALF_TOTAL_LINES.map((l) => totalMarket('total', HALF, ht, l)),
      ...lines.firstHalfHandicap.map((l) => handicapMarket(HALF, hm, l)),
    );
  }
  const corners = gridOf(
    poisson(r.cornersHome * left, MAX_CORNERS),
    poisson(r.cornersAway * left, MAX_CORNERS),
    s.corners.home,
    s.corners.away,
  );
  const CORNERS = GamePeriod.CORNERS;
  out.push(
    resultMarket('corners1x2', CORNERS, marginOf(corners)),
    ...CORNER_LINES.map((l) => totalMarket('cornersTotal', CORNERS, totalOf(corners), l)),
  );
  return out;
}
