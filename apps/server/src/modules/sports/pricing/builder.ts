import { BetResult, builderLegSupported, type MarketType } from '@aposta/contracts';
import { selectionResult } from '../sports.settlement';
import { footballParams, fullTimeGrid } from './football';
import { MAX_PRICE, MIN_PRICE, type Grid } from './model';
import type { LiveState } from './index';

/**
 * The bet builder (same-game multi, sportsbook.md "Bets"): legs of one football event priced jointly from the
 * event's score model — the probability that every leg wins is the sum of the final-score grid's cells where
 * each leg's settlement rule says "win" — never the product of the legs' prices. Only markets whose outcome is
 * a function of the final score qualify, on lines without a push (so a leg either wins or loses).
 */
export interface BuilderLeg {
  type: MarketType;
  period: number;
  line: number | null;
  name: string;
  /** Every selection name of the leg's market (correct score's "other"). */
  names: string[];
}

export { builderLegSupported };

/** P(every leg wins) under the grid of final scores. */
export function jointProbability(grid: Grid, legs: BuilderLeg[]): number {
  let p = 0;
  for (let h = 0; h < grid.rows; h++)
    for (let a = 0; a < grid.cols; a++) {
      const q = grid.p[h * grid.cols + a]!;
      if (q === 0) continue;
      const result = { home: grid.h0 + h, away: grid.a0 + a };
      if (legs.every((l) => selectionResult(l, l.name, result) === BetResult.WIN)) p += q;
    }
  return p;
}

/** The football event's final-score grid at its strength and state of play. */
export function footballGrid(strength: number, state: LiveState): Grid {
  return fullTimeGrid(footballParams(strength), {
    minute: state.minute,
    score: state.score,
    halfTime: state.halfTime,
    corners: state.corners,
  });
}

/** Price in hundredths from a joint probability and a margin (fraction): 1 / (p × (1 + margin)), rounded down. */
export function builderPrice(probability: number, margin: number): number {
  const price = 1 / (probability * (1 + margin));
  return Math.round(Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.floor(price * 100 + 1e-9) / 100)) * 100);
}
