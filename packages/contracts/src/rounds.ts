import { z } from 'zod';
import { pageOf, pageQuery } from './backoffice';
import { amountInput } from './wallet';
import { moneyNumber } from './user';

/**
 * Shared-round games (double, crash, lucky colour): one round for every player, on one clock for the whole
 * cluster; outcomes from a reverse hash chain committed before the first round (games.md "Shared rounds").
 * Times are ISO strings of the server's clock (the only time authority: `serverTime` lets a client place the
 * countdown); amounts in major units; crash multipliers as plain numbers (1.23).
 *
 *   GET  /api/app/rounds/{game}/state               -> roundState (public)
 *   POST /api/app/rounds/{game}/bet                 Idempotency-Key; doubleBetRequest | luckyBetRequest |
 *                                                   crashBetRequest -> roundBet
 *   POST /api/app/rounds/crash/cashout              Idempotency-Key; cashoutRequest -> roundBet
 *   GET  /api/app/rounds/{game}/history?limit=N     -> roundHistory, newest first (public)
 *   GET  /api/app/rounds/{game}/chain?chainId=      -> roundChain (public; the active chain without chainId)
 *   GET  /api/app/rounds/{game}/bets?limit=N        -> roundBet[], my bets, newest first
 *   POST /api/operator/rounds/{game}/chain          (rounds.chains) -> roundChain: starts a new chain
 *   GET  /api/operator/rounds/{game}/history?page=&pageSize=&order=
 *                                                   (rounds.chains) -> operatorRoundsPage, every round, newest
 *                                                   first by default, with its bets' count and sums
 *   GET  /api/operator/rounds/{game}/history/{roundId}/bets?page=&pageSize=
 *                                                   (rounds.chains) -> operatorRoundBetsPage, the round's bets
 *
 * Socket (REALTIME_PATH): `roundsWatch {game}` joins a game's room, `roundsUnwatch {game}` leaves it; the room
 * gets `roundState` at every phase, `roundBet` with the new bets and `roundCashout` with the crash cash-outs
 * (gathered into one push per beat of ROUND_LISTS_BEAT_MS, whichever server took them) and `crashTick` about
 * ten times a second while a crash round runs.
 */
export const ROUNDS_PATH = '/api/app/rounds';
/** The beat of the `roundBet` and `roundCashout` pushes, on the wall clock (ms since the epoch, a multiple). */
export const ROUND_LISTS_BEAT_MS = 250;

export const ROUND_GAMES = [
  'double',
  'crash',
  'luckyColor-30s',
  'luckyColor-1m',
  'luckyColor-3m',
  'luckyColor-5m',
] as const;
export const roundGame = z.enum(ROUND_GAMES, { error: 'roundsUnknownGame' });
export type RoundGame = z.infer<typeof roundGame>;
export const LUCKY_GAMES = ROUND_GAMES.filter((g) => g.startsWith('luckyColor')) as Exclude<
  RoundGame,
  'double' | 'crash'
>[];

export const roundPhase = z.enum(['betting', 'running', 'result']);
export type RoundPhase = z.infer<typeof roundPhase>;

export const doubleColor = z.enum(['white', 'red', 'black'], { error: 'roundsInvalidPick' });
export const luckyPick = z.enum(
  ['green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  { error: 'roundsInvalidPick' },
);
export type LuckyPickName = z.infer<typeof luckyPick>;

const roundId = z.string().regex(/^\d{1,18}$/, 'roundsUnknownRound');
/** Crash targets: 1.01× … 1,000,000×, two decimals. */
const crashTarget = z
  .number({ error: 'roundsInvalidTarget' })
  .min(1.01, 'roundsInvalidTarget')
  .max(1_000_000, 'roundsInvalidTarget')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'roundsInvalidTarget');

export const doubleBetRequest = z.strictObject({ roundId, amount: amountInput, color: doubleColor });
export const luckyBetRequest = z.strictObject({ roundId, amount: amountInput, pick: luckyPick });
export const crashBetRequest = z.strictObject({
  roundId,
  amount: amountInput,
  autoCashout: crashTarget.optional(),
});
export const cashoutRequest = z.strictObject({ roundId });
export type DoubleBetRequest = z.input<typeof doubleBetRequest>;
export type LuckyBetRequest = z.input<typeof luckyBetRequest>;
export type CrashBetRequest = z.input<typeof crashBetRequest>;

/** A bet as its player sees it. `pick` is the colour (double), the pick (lucky colour) or null (crash). */
export const roundBet = z.object({
  betId: z.string(),
  roundId: z.string(),
  game: roundGame,
  amount: moneyNumber,
  pick: z.string().nullable(),
  autoCashout: z.number().nullable(),
  /** Crash: the multiplier cashed out at (null while in play or lost). */
  cashout: z.number().nullable(),
  /** open (in play) | won | lost | refunded */
  state: z.enum(['open', 'won', 'lost', 'refunded']),
  multiplier: z.number(),
  payout: moneyNumber,
  /** The player's cash after the call (bet and cash-out answers; 0 in lists). */
  balance: moneyNumber,
  time: z.string(),
  /**
   * Lucky colour: the period number of the bet's round, as the game shows its rounds (in lists; null in the
   * call answers and for the other games).
   */
  period: z.string().nullable(),
});
export type RoundBet = z.infer<typeof roundBet>;

/** A bet in the round's public list: the player's masked name. */
export const roundPublicBet = z.object({
  /** The bet's id: a pushed bet or cash-out the list already has (from a state read after it) is known by it. */
  id: z.string(),
  player: z.string(),
  amount: moneyNumber,
  pick: z.string().nullable(),
  cashout: z.number().nullable(),
  payout: moneyNumber,
});
export type RoundPublicBet = z.infer<typeof roundPublicBet>;

export const roundState = z.object({
  game: roundGame,
  roundId: z.string(),
  phase: roundPhase,
  opensAt: z.string(),
  closesAt: z.string(),
  /** When the result is (or was) known; null while a crash round runs (it would tell the crash point). */
  resultAt: z.string().nullable(),
  /** The server's clock when this was read. */
  serverTime: z.string(),
  /** Tile (double), digit (lucky colour) or crash point (crash, e.g. 2.35); null until the result. */
  result: z.number().nullable(),
  /** The round's chain hash, shown with the result. */
  hash: z.string().nullable(),
  /** Refunded: the round never reached its draw. */
  void: z.boolean(),
  /** Lucky colour's period number (date, length code, index of the day; São Paulo time). */
  period: z.string().nullable(),
  /** Crash: when the multiplier started rising (= closesAt). */
  startedAt: z.string().nullable(),
  bets: z.array(roundPublicBet),
  betCount: z.number().int(),
});
export type RoundState = z.infer<typeof roundState>;

export const historyQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
/** `chainId` names an older chain (from a history item); without it, the game's active chain. */
export const chainQuery = z.strictObject({
  chainId: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'roundsUnknownChain')
    .optional(),
});
export const roundHistoryItem = z.object({
  roundId: z.string(),
  hash: z.string(),
  result: z.number(),
  settledAt: z.string().nullable(),
  period: z.string().nullable(),
  /** The chain the round belongs to (see /chain); a round's hash links to the next older round's of a chain. */
  chainId: z.string(),
});
export const roundHistory = z.array(roundHistoryItem);
export type RoundHistoryItem = z.infer<typeof roundHistoryItem>;

export const roundChain = z.object({
  chainId: z.string(),
  /** The last hash of the chain, published before its first round. */
  commitment: z.string(),
  committedAt: z.string(),
  /** Mixed into every round; fixed after the commitment, before the first round. */
  salt: z.string().nullable(),
  saltSetAt: z.string().nullable(),
  length: z.number().int(),
  /** Rounds played on it so far. */
  used: z.number().int(),
});
export type RoundChain = z.infer<typeof roundChain>;

export const myRoundBetsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Socket payloads (server -> client), pushed to the game's room. */
export const roundEvents = {
  roundState,
  /** New bets of the round, gathered for up to a quarter of a second (one push per batch, not per bet). */
  roundBet: z.object({ game: roundGame, roundId: z.string(), bets: z.array(roundPublicBet) }),
  /** Crash cash-outs, gathered the same way. */
  roundCashout: z.object({ game: roundGame, roundId: z.string(), bets: z.array(roundPublicBet) }),
  crashTick: z.object({ roundId: z.string(), multiplier: z.number(), elapsedMs: z.number() }),
} as const;

// ————————————————————————————————— back office (rounds.chains) —————————————————————————————————

/** `GET /api/operator/rounds/{game}/history`: every round of the game, a page at a time, by id. */
export const operatorRoundsQuery = pageQuery(['id'] as const);
/** A round's state by the database's clock: `drawn` has its result, `settled` has every bet paid too. */
export const OPERATOR_ROUND_STATES = ['betting', 'running', 'drawn', 'settled', 'void'] as const;
export const operatorRound = z.object({
  roundId: z.string(),
  chainId: z.string(),
  /** The round's place in its chain (1 = the first round of the chain). */
  chainIndex: z.number().int(),
  /** Lucky colour's period number, null for the other games. */
  period: z.string().nullable(),
  state: z.enum(OPERATOR_ROUND_STATES),
  /** Shown from the result on, as the players see it (before, it would tell the result). */
  hash: z.string().nullable(),
  /** Tile, digit or crash point; null before the result and for a void round. */
  result: z.number().nullable(),
  betCount: z.number().int(),
  /** Sum of the bets' stakes and of what was paid on them (refunds included), major units. */
  stakes: moneyNumber,
  payouts: moneyNumber,
  opensAt: z.string(),
  closesAt: z.string(),
  /** The draw (or crash) time; null while a crash round runs (it would tell the crash point). */
  resultAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type OperatorRound = z.infer<typeof operatorRound>;
export const operatorRoundsPage = pageOf(operatorRound);
export type OperatorRoundsPage = z.infer<typeof operatorRoundsPage>;

export const operatorRoundParams = z.object({
  game: roundGame,
  roundId: z.string().regex(/^[1-9]\d{0,17}$/, 'roundsUnknownRound'),
});
export const operatorRoundBetsQuery = pageQuery(['id'] as const);
/** A bet of a round as an operator sees it: the player's id and masked name. */
export const operatorRoundBet = z.object({
  betId: z.string(),
  userId: z.number().int(),
  player: z.string(),
  amount: moneyNumber,
  pick: z.string().nullable(),
  autoCashout: z.number().nullable(),
  cashout: z.number().nullable(),
  /** open | settling | won | lost | refunded */
  state: z.string(),
  payout: moneyNumber,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type OperatorRoundBet = z.infer<typeof operatorRoundBet>;
export const operatorRoundBetsPage = pageOf(operatorRoundBet);
export type OperatorRoundBetsPage = z.infer<typeof operatorRoundBetsPage>;
