import { z } from 'zod';
import { amountInput } from './wallet';
import { moneyNumber } from './user';

/**
 * The originals (instant, provably fair games: dice, limbo, mines, plinko, row double). Every call needs
 * `Authorization`; every call that moves money (`…/bet`, `mines/start`, `mines/cashout`, and `mines/reveal`,
 * which may end the round) takes the header `Idempotency-Key` (8–128 characters): a repeat answers the first
 * answer, the same key with another body is refused (409). Amounts, multipliers, rolls and targets are major
 * units / plain numbers with at most 2 decimals (multipliers up to 4). Outcomes are computed by
 * `@aposta/fairness` from the player's seeds, so any bet can be recomputed from `serverSeed`, `clientSeed`
 * and `nonce` once the server seed is revealed by a rotation.
 *
 *   GET  /api/app/originals/config           -> originalsConfig (limits, RTP and house edge per game)
 *   GET  /api/app/originals/fairness         -> fairnessState
 *   POST /api/app/originals/fairness/rotate  rotateRequest -> rotateAnswer (refused while a mines round is open)
 *   POST /api/app/originals/dice/bet         diceBetRequest -> originalBet
 *   POST /api/app/originals/limbo/bet        limboBetRequest -> originalBet
 *   POST /api/app/originals/plinko/bet       plinkoBetRequest -> originalBet
 *   POST /api/app/originals/rowDouble/bet    rowDoubleBetRequest -> originalBet
 *   POST /api/app/originals/mines/start      minesStartRequest -> originalBet (state 'open')
 *   POST /api/app/originals/mines/reveal     minesRevealRequest -> originalBet ('open', or 'lost'/'won' at the end)
 *   POST /api/app/originals/mines/cashout    {} -> originalBet ('won')
 *   GET  /api/app/originals/mines/active     -> originalBet | null
 *   GET  /api/app/originals/bets?game=&limit= -> betsAnswer (my bets, newest first)
 *   GET  /api/app/originals/bets/{betId}     -> originalBet (with serverSeed once its pair was rotated)
 */
export const ORIGINALS_PATH = '/api/app/originals';

export const originalGame = z.enum(['dice', 'limbo', 'mines', 'plinko', 'rowDouble']);
export type OriginalGameName = z.infer<typeof originalGame>;

/** A number with at most two decimals (targets, chances). */
const hundredths = z
  .number({ error: 'originalsInvalidNumber' })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'originalsTooManyDecimals');

/** What the player may choose as client seed: 1–64 visible ASCII characters. */
export const clientSeedInput = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,64}$/, 'originalsInvalidClientSeed');

export const fairnessState = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next bet will use (= bets made with this pair so far). */
  nonce: z.number().int(),
});
export type FairnessState = z.infer<typeof fairnessState>;

export const rotateRequest = z.strictObject({ clientSeed: clientSeedInput.optional() });
export type RotateRequest = z.input<typeof rotateRequest>;

export const rotateAnswer = z.object({
  /** The pair just retired, with its server seed; `nonce` = bets made with it. */
  revealed: fairnessState.extend({ serverSeed: z.string() }),
  current: fairnessState,
});
export type RotateAnswer = z.infer<typeof rotateAnswer>;

export const diceBetRequest = z.strictObject({
  amount: amountInput,
  /** 0.01–99.99; over wins when roll > target (chance 100 − target), under when roll < target (chance target). */
  target: hundredths,
  condition: z.enum(['over', 'under'], 'originalsInvalidCondition'),
});
export const limboBetRequest = z.strictObject({
  amount: amountInput,
  /** Target multiplier 1.01 – 1,000,000: wins when the result ≥ target, and pays the target. */
  target: hundredths,
});
export const plinkoBetRequest = z.strictObject({
  amount: amountInput,
  rows: z.number().int('originalsInvalidRows').min(8, 'originalsInvalidRows').max(16, 'originalsInvalidRows'),
  risk: z.enum(['low', 'medium', 'high'], 'originalsInvalidRisk'),
});
export const rowDoubleBetRequest = z.strictObject({
  amount: amountInput,
  color: z.enum(['white', 'red', 'black'], 'originalsInvalidColor'),
});
export const minesStartRequest = z.strictObject({
  amount: amountInput,
  mines: z
    .number()
    .int('originalsInvalidMines')
    .min(1, 'originalsInvalidMines')
    .max(24, 'originalsInvalidMines'),
});
export const minesRevealRequest = z.strictObject({
  /** 0–24, row by row from the top left. */
  tile: z.number().int('originalsInvalidTile').min(0, 'originalsInvalidTile').max(24, 'originalsInvalidTile'),
});
export const minesCashoutRequest = z.strictObject({});
export type DiceBetRequest = z.input<typeof diceBetRequest>;
export type LimboBetRequest = z.input<typeof limboBetRequest>;
export type PlinkoBetRequest = z.input<typeof plinkoBetRequest>;
export type RowDoubleBetRequest = z.input<typeof rowDoubleBetRequest>;
export type MinesStartRequest = z.input<typeof minesStartRequest>;
export type MinesRevealRequest = z.input<typeof minesRevealRequest>;

/** What the player chose, as sent (numbers in major units). */
export const originalParams = z.union([
  z.object({ game: z.literal('dice'), target: z.number(), condition: z.enum(['over', 'under']) }),
  z.object({ game: z.literal('limbo'), target: z.number() }),
  z.object({ game: z.literal('plinko'), rows: z.number().int(), risk: z.enum(['low', 'medium', 'high']) }),
  z.object({ game: z.literal('rowDouble'), color: z.enum(['white', 'red', 'black']) }),
  z.object({ game: z.literal('mines'), mines: z.number().int() }),
]);
export type OriginalParams = z.infer<typeof originalParams>;

export const originalOutcome = z.union([
  /** dice: 0.00–100.00 */
  z.object({ roll: z.number() }),
  /** limbo: the result multiplier, at least 1.00 */
  z.object({ result: z.number() }),
  /** plinko: 0 = left, 1 = right, one per row; slot = number of rights */
  z.object({ path: z.array(z.union([z.literal(0), z.literal(1)])), slot: z.number().int() }),
  /** row double: tile 0 white, 1–7 red, 8–14 black */
  z.object({ tile: z.number().int() }),
  /** mines: the safe tiles revealed so far, in order; the mines once the round has ended; the mine opened, if lost */
  z.object({
    revealed: z.array(z.number().int()),
    mines: z.array(z.number().int()).optional(),
    hit: z.number().int().optional(),
  }),
]);
export type OriginalOutcome = z.infer<typeof originalOutcome>;

export const originalBet = z.object({
  betId: z.string(),
  game: originalGame,
  /** The stake. */
  amount: moneyNumber,
  /**
   * The multiplier paid (0 when lost); for an open mines round, the multiplier a cash-out would pay now (0 before
   * the first safe tile: a cash-out needs one).
   */
  multiplier: z.number(),
  /**
   * Stake × multiplier, rounded down to the centavo; 0 while a mines round is open or when lost. A mines round
   * is capped at the maximum payout (`originalsConfig.maxPayout`) and cashed out when it reaches it; instant bets
   * that could pay more are refused before they are placed.
   */
  payout: moneyNumber,
  /** The player's cash balance after this call. */
  balance: moneyNumber,
  nonce: z.number().int(),
  clientSeed: z.string(),
  serverSeedHash: z.string(),
  /** Revealed once the seed pair that served the bet was rotated; null before. */
  serverSeed: z.string().nullable(),
  outcome: originalOutcome,
  params: originalParams,
  /** 'open' only for a mines round in play. */
  state: z.enum(['open', 'won', 'lost']),
  /** For an open mines round: the multiplier after one more safe tile (null at the end). */
  nextMultiplier: z.number().nullable(),
  /** ISO 8601. */
  time: z.string(),
});
export type OriginalBet = z.infer<typeof originalBet>;

export const betsQuery = z.strictObject({
  game: originalGame.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  loading: z.string().optional(),
});
export type BetsQuery = z.input<typeof betsQuery>;
export const betsAnswer = z.object({ list: z.array(originalBet) });
export type BetsAnswer = z.infer<typeof betsAnswer>;

export const gameConfig = z.object({
  /** Declared return to player, e.g. 0.99, and house edge = 1 − rtp. */
  rtp: z.number(),
  houseEdge: z.number(),
});
export const originalsConfig = z.object({
  /** Stake limits and the largest payout of one bet, major units (settings). */
  minStake: moneyNumber,
  maxStake: moneyNumber,
  maxPayout: moneyNumber,
  games: z.record(originalGame, gameConfig),
});
export type OriginalsConfig = z.infer<typeof originalsConfig>;
