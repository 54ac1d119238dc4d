import {
  DICE_CHANCE,
  LIMBO_TARGET,
  MINES_COUNT,
  MINES_TILES,
  MULTIPLIER_SCALE,
  PLINKO_RISKS,
  PLINKO_ROWS,
  ROW_DOUBLE_TILES,
  diceChance,
  diceMultiplier,
  limboMultiplier,
  limboResultOf,
  minesMultiplier,
  plinkoTable,
  rowDoubleColor,
  rowDoubleMultiplier,
  type DiceCondition,
  type PlinkoRisk,
  type RowDoubleColor,
} from './games';

/**
 * The declared return to player of every original, in one place (decisions.md "Games": configured once, shown to
 * the player). `houseEdge` = 1 − rtp. The exact values that the outcome rules give (enumerated below) and long
 * simulations are printed by `npm run sim:rtp` and checked against these by rtp.test.ts.
 */
export const DECLARED_RTP = {
  dice: 0.99,
  limbo: 0.99,
  mines: 0.99,
  plinko: 0.99,
  rowDouble: 14 / 15,
} as const;

export type OriginalGame = keyof typeof DECLARED_RTP;
export const ORIGINAL_GAMES = Object.keys(DECLARED_RTP) as OriginalGame[];

/** A game and the player's choices that decide its RTP (targets in hundredths, as in `InstantBet`). */
export type RtpMode =
  | { game: 'dice'; target: number; condition: DiceCondition }
  | { game: 'limbo'; target: number }
  | { game: 'plinko'; rows: number; risk: PlinkoRisk }
  | { game: 'rowDouble'; color: RowDoubleColor }
  /** Cashing out after `safe` safe tiles. */
  | { game: 'mines'; mines: number; safe: number };

/**
 * Every float is w / 2³² for a 32-bit word w, all 2³² equally likely, so each rule's outcome space is finite
 * and counted exactly here (BigInt), never sampled: `floor(f × n)` = k for exactly
 * ceil((k+1)·2³²/n) − ceil(k·2³²/n) words (f × n = w·n / 2³² is exact in a double for n < 2²¹).
 */
const WORDS = 2n ** 32n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
/** Words w with floor(w·n / 2³²) ≥ k. */
const wordsAtLeast = (k: number, n: number) => WORDS - ceilDiv(BigInt(k) * WORDS, BigInt(n));

/** The RTP as a number from an exact fraction: Σ probability × multiplier, both integers over `den`. */
const ratio = (num: bigint, den: bigint) => {
  const scaled = (num * 10n ** 15n) / den; // 15 decimals is below a double's resolution near 1
  return Number(scaled) / 1e15;
};
const SCALE = BigInt(MULTIPLIER_SCALE);

/**
 * The exact RTP of a mode: the expected payout of a stake of 1 with the multipliers as the server pays them
 * (ten-thousandths, floored). Mines is exact for uniform draws; its words grid biases each draw by at most
 * 25 / 2³² in total variation, so the figure is exact to within 24 × 25 / 2³² × the multiplier (< 4·10⁻⁶).
 */
export function exactRtp(mode: RtpMode): number {
  switch (mode.game) {
    case 'dice': {
      // roll = floor(f × 10001); over wins on rolls target+1 … 10000, under on 0 … target−1.
      const chance = diceChance(mode.target, mode.condition);
      const wins =
        mode.condition === 'over'
          ? wordsAtLeast(mode.target + 1, 10_001)
          : WORDS - wordsAtLeast(mode.target, 10_001);
      return ratio(wins * BigInt(diceMultiplier(chance)), WORDS * SCALE);
    }
    case 'limbo': {
      // n = floor(f × 2²⁴) takes each value for 256 words; the result falls as n grows, so the winning n are
      // 0 … limboWinningN(target) − 1, found with the rule's own floating-point arithmetic.
      const wins = BigInt(limboWinningN(mode.target));
      return ratio(wins * BigInt(limboMultiplier(mode.target)), (WORDS / 256n) * SCALE);
    }
    case 'plinko': {
      // Each row is right for exactly half the words: the slot is binomial(rows, 1/2).
      const table = plinkoTable(mode.rows, mode.risk);
      let num = 0n;
      for (let k = 0; k <= mode.rows; k++) num += binomial(mode.rows, k) * BigInt(table[k]!);
      return ratio(num, 2n ** BigInt(mode.rows) * SCALE);
    }
    case 'rowDouble': {
      let wins = 0n;
      for (let tile = 0; tile < ROW_DOUBLE_TILES; tile++)
        if (rowDoubleColor(tile) === mode.color)
          wins += wordsAtLeast(tile, ROW_DOUBLE_TILES) - wordsAtLeast(tile + 1, ROW_DOUBLE_TILES);
      return ratio(wins * BigInt(rowDoubleMultiplier(mode.color)), WORDS * SCALE);
    }
    case 'mines': {
      // The s picked tiles are all safe with probability C(25 − M, s) / C(25, s).
      const { mines, safe } = mode;
      const num = binomial(MINES_TILES - mines, safe) * BigInt(minesMultiplier(mines, safe));
      return ratio(num, binomial(MINES_TILES, safe) * SCALE);
    }
  }
}

/** How many n = floor(f × 2²⁴) give a limbo result of at least `target` (hundredths): binary search. */
export function limboWinningN(target: number): number {
  let lo = 0; // result(lo − 1) ≥ target holds for every n below lo
  let hi = 2 ** 24;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (limboResultOf(mid) >= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/**
 * Every mode a player can choose, per game, except limbo's targets (10⁸ of them: `limboRtpRange` covers them
 * all) — dice: every target step of both conditions; plinko: every row count and risk; mines: every mine count
 * and every number of safe tiles; row double: each colour.
 */
export function allModes(game: Exclude<OriginalGame, 'limbo'>): RtpMode[] {
  switch (game) {
    case 'dice': {
      const out: RtpMode[] = [];
      for (let chance = DICE_CHANCE.min; chance <= DICE_CHANCE.max; chance++) {
        out.push({ game: 'dice', target: 10_000 - chance, condition: 'over' });
        out.push({ game: 'dice', target: chance, condition: 'under' });
      }
      return out;
    }
    case 'plinko':
      return plinkoModes();
    case 'mines': {
      const out: RtpMode[] = [];
      for (let mines = MINES_COUNT.min; mines <= MINES_COUNT.max; mines++)
        for (let safe = 1; safe <= MINES_TILES - mines; safe++) out.push({ game: 'mines', mines, safe });
      return out;
    }
    case 'rowDouble':
      return (['white', 'red', 'black'] as const).map((color) => ({ game: 'rowDouble', color }));
  }
}

function plinkoModes(): RtpMode[] {
  const out: RtpMode[] = [];
  for (let rows = PLINKO_ROWS.min; rows <= PLINKO_ROWS.max; rows++)
    for (const risk of PLINKO_RISKS) out.push({ game: 'plinko', rows, risk });
  return out;
}

/**
 * Limbo's RTP over its whole target range (1.01× … 1,000,000×), from the 2²⁴ possible results: between two
 * neighbouring results the winning count is constant, so the RTP (target × count) is lowest just above the
 * lower result and highest at the upper one. Also the largest target up to which the RTP stays within
 * `tolerance` of the declared one.
 */
export function limboRtpRange(tolerance = 0.001): {
  min: number;
  max: number;
  minAt: number;
  maxAt: number;
  within: number;
} {
  const den = Number(WORDS / 256n) * 100; // RTP(target) = target × count / (2²⁴ × 100)
  let min = Infinity;
  let max = -Infinity;
  let minAt = 0;
  let maxAt = 0;
  let within: number = LIMBO_TARGET.max;
  let foundWithin = false;
  // n from 2²⁴ − 1 down to 0, the results rising: targets in (result(n + 1), result(n)] win for n + 1 values.
  let below: number = LIMBO_TARGET.min - 1; // the highest target covered so far
  for (let n = 2 ** 24 - 1; n >= 0 && below < LIMBO_TARGET.max; n--) {
    const upper = Math.min(limboResultOf(n), LIMBO_TARGET.max);
    if (upper <= below) continue;
    const lo = ((below + 1) * (n + 1)) / den;
    const hi = (upper * (n + 1)) / den;
    if (lo < min) [min, minAt] = [lo, below + 1];
    if (hi > max) [max, maxAt] = [hi, upper];
    if (!foundWithin && Math.max(DECLARED_RTP.limbo - lo, hi - DECLARED_RTP.limbo) > tolerance) {
      within = below;
      foundWithin = true;
    }
    below = upper;
  }
  return { min, max, minAt, maxAt, within };
}
