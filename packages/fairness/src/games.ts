import { float, type Seeds } from './seeds';

/**
 * Each original's outcome from the seeds (games.md, "Outcomes"), and its multiplier. Multipliers are integers in
 * ten-thousandths (2× = 20000), floored, so that a payout is exact integer arithmetic: floor(stake × m / 10000).
 * Rolls, results and targets are integers in hundredths (50.37 = 5037). The server settles with these functions
 * and the app's verifier recomputes with them: one definition of every outcome.
 */
export const MULTIPLIER_SCALE = 10_000;

/** Payout in minor units: the stake times the multiplier, rounded down to the centavo. */
export function payout(stakeMinor: number, multiplierE4: number): number {
  return Number((BigInt(stakeMinor) * BigInt(multiplierE4)) / BigInt(MULTIPLIER_SCALE));
}

// ---- dice: roll 0.00–100.00; over wins when roll > target, under when roll < target; pays 99 / chance.
export type DiceCondition = 'over' | 'under';
/** Win chance bounds in hundredths of a percent: 0.01% … 98%. */
export const DICE_CHANCE = { min: 1, max: 9_800 } as const;

export function diceRoll(seeds: Seeds): number {
  return Math.floor(float(seeds, 0) * 10_001);
}
/** Chance in hundredths of a percent for a target in hundredths: over = 100 − target, under = target. */
export function diceChance(target: number, condition: DiceCondition): number {
  return condition === 'over' ? 10_000 - target : target;
}
export function diceMultiplier(chance: number): number {
  return Math.floor((99 * 100 * MULTIPLIER_SCALE) / chance);
}
export function diceWins(roll: number, target: number, condition: DiceCondition): boolean {
  return condition === 'over' ? roll > target : roll < target;
}

// ---- limbo: the 2²⁴ form of the public verifiers (never 0.99 / f, which divides by zero and rounds otherwise).
/** Target bounds in hundredths: 1.01× … 1,000,000×. */
export const LIMBO_TARGET = { min: 101, max: 100_000_000 } as const;

export function limboResult(seeds: Seeds): number {
  return limboResultOf(Math.floor(float(seeds, 0) * 16_777_216));
}
/** The result for n = floor(f × 2²⁴), at least 1.00, in the verifiers' order of floating-point operations. */
export function limboResultOf(n: number): number {
  return Math.max(100, Math.floor((16_777_216 / (n + 1)) * 0.99 * 100));
}
export function limboMultiplier(target: number): number {
  return target * (MULTIPLIER_SCALE / 100);
}

// ---- mines: a 5×5 board, tiles 0–24 row by row.
export const MINES_TILES = 25;
export const MINES_COUNT = { min: 1, max: 24 } as const;

const BOARD = Array.from({ length: MINES_TILES }, (_, i) => i);

/** The mines' tiles, in draw order: mine k takes index floor(f_k × remaining) out of the ordered list 0..24. */
export function minesPositions(seeds: Seeds, mines: number): number[] {
  const left = BOARD.slice();
  const out = new Array<number>(mines);
  for (let k = 0; k < mines; k++) out[k] = left.splice(Math.floor(float(seeds, k) * left.length), 1)[0]!;
  return out;
}

/** After `safe` safe tiles with `mines` mines: 0.99 × C(25, s) / C(25 − M, s), floored to ten-thousandths. */
export function minesMultiplier(mines: number, safe: number): number {
  const num = 99n * BigInt(MULTIPLIER_SCALE / 100) * binomial(MINES_TILES, safe);
  return Number(num / binomial(MINES_TILES - mines, safe));
}

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

// ---- plinko: one float per row, floor(f × 2) = 1 is a step right; the slot is the number of rights.
export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const PLINKO_ROWS = { min: 8, max: 16 } as const;

/**
 * Multipliers from the centre slot to the edge (mirrored). 8, 12 and 16 rows are the guide's tables; the others
 * keep the same shape and an RTP within 0.2 point of 99% (the exact RTP of each is computed by `exactRtp`).
 */
const PLINKO_HALF_TABLES: Record<number, Record<PlinkoRisk, number[]>> = {
  8: { low: [0.5, 1, 1.1, 2.1, 5.6], medium: [0.4, 0.7, 1.3, 3, 13], high: [0.2, 0.3, 1.5, 4, 29] },
  9: { low: [0.7, 1, 1.6, 2, 5.6], medium: [0.5, 0.9, 1.7, 4, 18], high: [0.2, 0.6, 2, 7, 43] },
  10: {
    low: [0.5, 1, 1.1, 1.4, 3, 8.9],
    medium: [0.4, 0.6, 1.4, 2, 5, 22],
    high: [0.2, 0.3, 0.9, 3, 10, 76],
  },
  11: {
    low: [0.7, 1, 1.3, 1.9, 3, 8.4],
    medium: [0.5, 0.7, 1.8, 3, 6, 24],
    high: [0.2, 0.4, 1.4, 5.2, 14, 120],
  },
  12: {
    low: [0.5, 1, 1.1, 1.4, 1.6, 3, 10],
    medium: [0.3, 0.6, 1.1, 2, 4, 11, 33],
    high: [0.2, 0.2, 0.7, 2, 8.1, 24, 170],
  },
  13: {
    low: [0.7, 0.9, 1.2, 1.9, 3, 4, 8.1],
    medium: [0.4, 0.7, 1.3, 3, 6, 13, 43],
    high: [0.2, 0.2, 1, 4, 11, 37, 260],
  },
  14: {
    low: [0.5, 1, 1.1, 1.3, 1.4, 1.9, 4, 7.1],
    medium: [0.2, 0.5, 1, 1.9, 4, 7, 15, 58],
    high: [0.2, 0.2, 0.3, 1.9, 5, 18, 56, 420],
  },
  15: {
    low: [0.7, 1, 1.1, 1.5, 2, 3, 8, 15],
    medium: [0.3, 0.5, 1.3, 3, 5, 11, 18, 88],
    high: [0.2, 0.2, 0.5, 3, 8, 27, 83, 620],
  },
  16: {
    low: [0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16],
    medium: [0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
    high: [0.2, 0.2, 0.2, 2, 4, 9, 27, 130, 1000],
  },
};

const tables = new Map<string, readonly number[]>();

/** The multiplier of every slot 0..rows, left to right, in ten-thousandths (computed once per table). */
export function plinkoTable(rows: number, risk: PlinkoRisk): readonly number[] {
  const key = `${rows}${risk}`;
  let table = tables.get(key);
  if (table) return table;
  const half = PLINKO_HALF_TABLES[rows]?.[risk];
  if (!half) throw new RangeError(`no plinko table for ${rows} rows`);
  // Slot k sits |k − rows/2| from the centre; with an odd row count the two middle slots share the centre value.
  table = Object.freeze(
    Array.from({ length: rows + 1 }, (_, k) => {
      const fromCentre = Math.floor(Math.abs(k - rows / 2));
      return Math.round(half[fromCentre]! * MULTIPLIER_SCALE);
    }),
  );
  tables.set(key, table);
  return table;
}

export function plinkoPath(seeds: Seeds, rows: number): (0 | 1)[] {
  const path = new Array<0 | 1>(rows);
  for (let i = 0; i < rows; i++) path[i] = Math.floor(float(seeds, i) * 2) as 0 | 1;
  return path;
}

// ---- row double: the 15-tile row of double, played alone.
export type RowDoubleColor = 'white' | 'red' | 'black';
export const ROW_DOUBLE_TILES = 15;

export function rowDoubleTile(seeds: Seeds): number {
  return Math.floor(float(seeds, 0) * ROW_DOUBLE_TILES);
}
export function rowDoubleColor(tile: number): RowDoubleColor {
  return tile === 0 ? 'white' : tile <= 7 ? 'red' : 'black';
}
export function rowDoubleMultiplier(color: RowDoubleColor): number {
  return (color === 'white' ? 14 : 2) * MULTIPLIER_SCALE;
}
