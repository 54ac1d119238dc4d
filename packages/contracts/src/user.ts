import { z } from 'zod';

/** Money on the wire: major units as a JSON number with at most 2 decimals (decisions.md, "Money"). */
export const moneyNumber = z.number();

/** User info (spec section 3), every field with its type. */
export const userInfo = z.object({
  uId: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  level: z.number().int().min(0).max(12),
  header: z.number().int().min(0).max(35),
  balance: moneyNumber,
  freeBalance: moneyNumber,
  payAmount: moneyNumber,
  yqm: z.string(),
  time: z.string(),
  extendInfo: z.string(),
  paySumAmount: moneyNumber,
  wdSumAmount: moneyNumber,
  gameSumAmount: moneyNumber,
  level1Amount: moneyNumber,
  level2Amount: moneyNumber,
  level3Amount: moneyNumber,
  level1Person: z.number().int(),
  level2Person: z.number().int(),
  level3Person: z.number().int(),
  nextlevel: z.object({ paySumAmount: moneyNumber, gameSumAmount: moneyNumber }),
  payDiscount: z.object({ discount: z.number(), expiredTime: z.number().int() }).nullable(),
  kyc: z.number().int(),
  testFlag: z.string(),
  lx: z.string(),
  cardNo: z.string(),
  country: z.string(),
  phone: z.string(),
  /** The terms of service's version the player accepted (`TERMS_VERSION` when current); null: none recorded. */
  termsVersion: z.string().nullable(),
  paypackage: z.array(z.unknown()),
});
export type UserInfo = z.infer<typeof userInfo>;

export const balanceAnswer = z.object({ balance: moneyNumber, freeBalance: moneyNumber });

export const testAccount = z.object({ username: z.string(), pwd: z.string(), balance: moneyNumber });
export type TestAccount = z.infer<typeof testAccount>;

/**
 * The money, VIP and referral figures of userInfo. The accounts module fills the rest of userInfo and asks the
 * composition root for these (the wallet module provides them; zeros until a module owns a figure).
 */
export const userFigures = userInfo.pick({
  balance: true,
  freeBalance: true,
  payAmount: true,
  paySumAmount: true,
  wdSumAmount: true,
  gameSumAmount: true,
  level: true,
  nextlevel: true,
  payDiscount: true,
  level1Amount: true,
  level2Amount: true,
  level3Amount: true,
});
export type UserFigures = z.infer<typeof userFigures>;

/** A player with no money, VIP progress or referral earnings yet; stand-ins override what they need. */
export const ZERO_FIGURES: UserFigures = {
  balance: 0,
  freeBalance: 0,
  payAmount: 0,
  paySumAmount: 0,
  wdSumAmount: 0,
  gameSumAmount: 0,
  level: 0,
  nextlevel: { paySumAmount: 0, gameSumAmount: 0 },
  payDiscount: null,
  level1Amount: 0,
  level2Amount: 0,
  level3Amount: 0,
};
