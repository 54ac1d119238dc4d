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

/** Operators' calls on players' bonuses (Promotions issue, item 8), permission `promo.manage`. */
export const OPERATOR_BONUSES_PATH = '/api/operator/promo/bonuses';

const intIn = (min: number, max: number) =>
  z
    .number({ error: 'checkTheInput' })
    .int('checkTheInput')
    .min(min, 'checkTheInput')
    .max(max, 'checkTheInput');

/**
 * A bonus an operator grants a player: `amount` in minor units (as every operator money input), bonus money
 * from the promotions account with its own wagering multiple and expiry. The call needs an `Idempotency-Key`
 * header: a retry under the same key pays once.
 */
export const operatorBonusGrant = z
  .object({
    userId: intIn(1, 2_147_483_647),
    amount: intIn(1, 100_000_00),
    // At least 1: bonus money that converts at once is cash, which only an adjustment (two operators) gives.
    wageringMultiple: intIn(1, 100),
    expiresInDays: intIn(1, 365),
    reason: z.string({ error: 'checkTheInput' }).trim().min(3, 'checkTheInput').max(500, 'checkTheInput'),
  })
  .strict();
export type OperatorBonusGrant = z.infer<typeof operatorBonusGrant>;

export const operatorBonusQuery = z.object({
  userId: z.coerce.number({ error: 'checkTheInput' }).int('checkTheInput').positive('checkTheInput'),
});

/** A player's bonus grant as operators see it, minor units. */
export const operatorBonus = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  currency: z.string(),
  amount: z.number().int(),
  required: z.number().int(),
  remaining: z.number().int(),
  maxConversion: z.number().int().nullable(),
  /** `cancelled`: its credit was reversed (nothing converted or forfeited). */
  status: z.enum(['active', 'converted', 'forfeited', 'cancelled']),
  converted: z.number().int(),
  forfeited: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type OperatorBonus = z.infer<typeof operatorBonus>;

/**
 * A player's grants, with what the grant form starts from (minor units): the multiple bonuses usually carry
 * (`wagering.bonusMultiplier`), the players' 24-hour maximum of operators' bonuses and what is left of it.
 */
export const operatorBonusList = z.object({
  list: z.array(operatorBonus),
  wageringMultiple: z.number().int(),
  dailyMax: z.number().int(),
  grantableToday: z.number().int(),
});
export type OperatorBonusList = z.infer<typeof operatorBonusList>;
