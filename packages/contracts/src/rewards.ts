import { z } from 'zod';
import { moneyNumber } from './user';

/**
 * Agent rewards and the ladder bonus (/agentJl, /ladderBonus), and the game bonus (/gamebouns, the EXPPAY
 * packages and the increase-bonus popup). Every value is an operator setting; amounts in major units.
 *   GET  /api/app/promo/ladder               -> envelope of `ladderAnswer`: the tiers, the player's valid
 *                                               invitees and what is claimed
 *   POST /api/app/promo/ladder/{tier}/claim  -> envelope of `ladderAnswer` after the claim (once per tier)
 *   GET  /api/app/promo/gamebonus            -> envelope of `gameBonusAnswer`: the turnover missions, the
 *                                               multiple unlocked and the next one (`userBetAmount`'s figures)
 * All need `Authorization`. The socket event `userBetAmount` {bouns, amount} says how much more betting
 * (`amount`) unlocks which multiple (`bouns`) of an EXPPAY package's gift.
 */
export const PROMO_LADDER_PATH = '/api/app/promo/ladder';
export const PROMO_GAMEBONUS_PATH = '/api/app/promo/gamebonus';

export const ladderTier = z.object({
  /** 1-based place on the ladder (the claim's `{tier}`). */
  tier: z.number().int().min(1),
  /** Valid invitees needed. */
  invitees: z.number().int().min(1),
  reward: moneyNumber,
  reached: z.boolean(),
  claimed: z.boolean(),
});
export type LadderTier = z.infer<typeof ladderTier>;

export const ladderAnswer = z.object({
  /** Direct invitees whose confirmed deposits reach `minDeposit` (reversed or charged-back ones left out). */
  validInvitees: z.number().int().min(0),
  /** Direct invitees in all. */
  invitees: z.number().int().min(0),
  /** Confirmed deposits an invitee needs to count. */
  minDeposit: moneyNumber,
  tiers: z.array(ladderTier),
  /** The next tier not reached (null: every tier reached). */
  next: z.number().int().min(1).nullable(),
  /** Whether rewards are offered to this player (off under an exclusion or a licence that forbids them). */
  available: z.boolean(),
});
export type LadderAnswer = z.infer<typeof ladderAnswer>;

/** The claim's path parameter: a tier number. */
export const ladderClaimParams = z.object({ tier: z.coerce.number().int().min(1).max(100) });
/** The claim takes no body: a player only ever claims for themself. */
export const ladderClaimRequest = z.object({}).strict().optional();

export const gameBonusMission = z.object({
  /** Settled turnover (since the last EXPPAY bonus) that unlocks the multiple. */
  turnover: moneyNumber,
  /** The multiple of an EXPPAY package's gift (1.5 is 1.5x). */
  bouns: z.number(),
  reached: z.boolean(),
});

export const gameBonusAnswer = z.object({
  /** Settled turnover counted towards the missions (since the last EXPPAY bonus was used). */
  turnover: moneyNumber,
  /** The multiple unlocked now (1: none yet). */
  bouns: z.number(),
  /** The next multiple and how much more betting unlocks it (`userBetAmount`); null when all are reached. */
  next: z.object({ bouns: z.number(), amount: moneyNumber }).nullable(),
  missions: z.array(gameBonusMission),
  available: z.boolean(),
});
export type GameBonusAnswer = z.infer<typeof gameBonusAnswer>;
