import { BetResult } from '@aposta/contracts';

/**
 * Asian lines, shared by pricing and settlement so both read a line the same way (sportsbook.md "Lines").
 * Lines are counted in quarters (−0.75 → −3): whole lines are multiples of 4, half lines of 2, quarter lines
 * odd. A quarter line is half the stake on each neighbouring line (−0.25 = ½ on 0 and ½ on −0.5).
 */

export type LegResult =
  | typeof BetResult.WIN
  | typeof BetResult.LOSE
  | typeof BetResult.REFUND
  | typeof BetResult.WIN_HALF
  | typeof BetResult.LOSE_HALF;

/** A line in quarters; refuses anything that is not a multiple of 0.25. */
export function quarters(line: number): number {
  const q = Math.round(line * 4);
  if (Math.abs(q - line * 4) > 1e-9) throw new Error(`not a quarter line: ${line}`);
  return q;
}

export const isQuarterLine = (line: number) => Math.abs(quarters(line)) % 2 === 1;

function simple(x4: number): LegResult {
  return x4 > 0 ? BetResult.WIN : x4 < 0 ? BetResult.LOSE : BetResult.REFUND;
}

/**
 * The result of one selection whose margin over its line is `x4` quarters (the value with the line applied:
 * for over L, 4·total − 4L; for the home side of handicap L, 4·(home − away) + 4L). On a quarter line the two
 * half stakes sit half a goal apart (x4 − 1 and x4 + 1): win + push = win half, lose + push = lose half.
 */
export function resultOfMargin(x4: number): LegResult {
  if (Math.abs(x4) % 2 === 0) return simple(x4);
  const a = simple(x4 - 1);
  const b = simple(x4 + 1);
  if (a === b) return a;
  if (a === BetResult.REFUND) return b === BetResult.WIN ? BetResult.WIN_HALF : BetResult.LOSE_HALF;
  return a === BetResult.WIN ? BetResult.WIN_HALF : BetResult.LOSE_HALF;
}

/** Over/under a total line. */
export function totalResult(side: 'over' | 'under', total: number, line: number): LegResult {
  const x4 = 4 * total - quarters(line);
  return resultOfMargin(side === 'over' ? x4 : -x4);
}

/** Asian handicap: `line` is the home side's handicap, the away side takes the opposite. */
export function handicapResult(side: 'home' | 'away', home: number, away: number, line: number): LegResult {
  const x4 = 4 * (home - away) + quarters(line);
  return resultOfMargin(side === 'home' ? x4 : -x4);
}

/**
 * What one unit staked returns for each result at decimal price `price`: win the price, win half
 * (1 + price) / 2, refund 1, lose half ½, lose 0 (also a parlay leg's factor).
 */
export function returnFactor(result: LegResult, price: number): number {
  switch (result) {
    case BetResult.WIN:
      return price;
    case BetResult.WIN_HALF:
      return (1 + price) / 2;
    case BetResult.REFUND:
      return 1;
    case BetResult.LOSE_HALF:
      return 0.5;
    default:
      return 0;
  }
}

/** Probabilities of the five results of a selection. */
export interface ResultOdds {
  win: number;
  winHalf: number;
  push: number;
  loseHalf: number;
  lose: number;
}

export const emptyOdds = (): ResultOdds => ({ win: 0, winHalf: 0, push: 0, loseHalf: 0, lose: 0 });

export function addResult(odds: ResultOdds, result: LegResult, p: number) {
  if (result === BetResult.WIN) odds.win += p;
  else if (result === BetResult.WIN_HALF) odds.winHalf += p;
  else if (result === BetResult.REFUND) odds.push += p;
  else if (result === BetResult.LOSE_HALF) odds.loseHalf += p;
  else odds.lose += p;
}

/**
 * The fair implied probability of a selection: 1 / the price at which its expected return is the stake,
 * W·p + HW·(1 + p)/2 + P + HL/2 = 1, so q = (W + HW/2) / (1 − P − HW/2 − HL/2). The two sides of a line always
 * sum to 1, pushes and half results included.
 */
export function impliedProbability(o: ResultOdds): number {
  const den = 1 - o.push - o.winHalf / 2 - o.loseHalf / 2;
  if (den <= 1e-12) return 0;
  return Math.min(1, Math.max(0, (o.win + o.winHalf / 2) / den));
}
