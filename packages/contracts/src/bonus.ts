import { z } from 'zod';

/** The bonus engine and VIP (Promotions issue, items 1 and 2). Amounts in major units of the currency. */
export const PROMO_BONUSES_PATH = '/api/app/promo/bonuses';
export const PROMO_VIP_PATH = '/api/app/promo/vip';

/** An active bonus and its wagering progress. */
export const activeBonus = z.object({
  id: z.number().int(),
  currency: z.string(),
  /** Bonus money granted. */
  amount: z.number(),
  /** Wagering to meet (amount × multiple). */
  required: z.number(),
  /** Weighted turnover counted so far. */
  wagered: z.number(),
  /** Still to wager. */
  remaining: z.number(),
  /** wagered / required, 0 to 1 (1 when nothing is required). */
  progress: z.number().min(0).max(1),
  /** Most of it that becomes cash (null: no cap). */
  maxConversion: z.number().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ActiveBonus = z.infer<typeof activeBonus>;

export const bonusesAnswer = z.object({
  list: z.array(activeBonus),
  /** The player's spendable bonus balance (freeBalance). */
  bonusBalance: z.number(),
  /** What counts towards a bonus: percent per product, and the lowest sports price that counts. */
  weights: z.record(z.string(), z.number()),
  sportsMinPrice: z.number(),
});
export type BonusesAnswer = z.infer<typeof bonusesAnswer>;

/** One VIP level as the table sets it, and where the player stands with it. */
export const vipLevelInfo = z.object({
  level: z.number().int(),
  /** One-off reward on reaching it (award 14). */
  reward: z.number(),
  /** Total deposits to reach it. */
  paySum: z.number(),
  /** Turnover at this level needed (with the next level's deposits) to reach the next; null on the last. */
  gameSum: z.number().nullable(),
  withdrawalsPerDay: z.number().int(),
  /** Withdrawal fee as a fraction (0.025 is 2.5%). */
  withdrawFee: z.number(),
  /** The upgrade reward of this level has been paid to the player. */
  rewarded: z.boolean(),
});
export type VipLevelInfo = z.infer<typeof vipLevelInfo>;

export const vipAnswer = z.object({
  level: z.number().int(),
  levels: z.array(vipLevelInfo),
  progress: z.object({
    /** The player's totals: deposits (paySumAmount) and turnover (gameSumAmount). */
    paySum: z.number(),
    gameSum: z.number(),
    /** The next level, null at the top. */
    next: z.number().int().nullable(),
    /** What the next level needs, and the share of each already done (0 to 1). */
    needPaySum: z.number(),
    needGameSum: z.number(),
    pay: z.number().min(0).max(1),
    game: z.number().min(0).max(1),
  }),
});
export type VipAnswer = z.infer<typeof vipAnswer>;
