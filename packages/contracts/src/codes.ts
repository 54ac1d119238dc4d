/**
 * The spec's code tables (section 4), stored as-is in the database and shared by server, app and back office.
 */

/** Wallet record order status. */
export const OrderStatus = {
  PENDING: '00',
  CANCELLED: '01',
  FAILED: '-01',
  PAID: '10',
  PAYING: '99',
  PAYING_ALT: '-99',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Wallet record / order types. */
export const RecordType = {
  DEPOSIT: 10,
  WITHDRAWAL: 11,
} as const;
export type RecordType = (typeof RecordType)[keyof typeof RecordType];

/** Award types. */
export const AwardType = {
  VIP_UPGRADE: 14,
  PROMOTION: 141,
} as const;
export type AwardType = (typeof AwardType)[keyof typeof AwardType];

/** Flow types. */
export const FlowType = {
  RECHARGE: 13,
  PRIZE: 19,
  BK: 199,
} as const;
export type FlowType = (typeof FlowType)[keyof typeof FlowType];

/** Bet result codes. */
export const BetResult = {
  PENDING: 0,
  WIN: 10,
  LOSE_HALF: 11,
  LOSE: 20,
  WIN_HALF: 21,
  REFUND: 90,
  BET_SUCCESSFUL: 1000,
  LOTTERY_EXCEPTION: -1,
  BET_PLACED: -10,
  BET_FAILED: -11,
  BET_FAILED_ALT: 4,
} as const;
export type BetResult = (typeof BetResult)[keyof typeof BetResult];

/** Order status in the game view. */
export const GameOrderStatus = {
  PENDING: 0,
  EXCEPTION: -1,
  BET: -10,
  LOST: -11,
  LOST_ALT: 4,
  DRAWN: 9999,
  NOT_DRAWN: 8888,
} as const;
export type GameOrderStatus = (typeof GameOrderStatus)[keyof typeof GameOrderStatus];

/** Match time. */
export const MatchTime = {
  NOT_OPEN: 0,
  FIRST_HALF: 1,
  HALF_TIME: 2,
  SECOND_HALF: 3,
  OVERTIME: 4,
  PENALTY: 5,
  FINISHED: -1,
  CANCELLED: -10,
  TO_BE_DETERMINED: -11,
  CUT_IN_HALF: -12,
  INTERRUPTED: -13,
  POSTPONED: -14,
} as const;
export type MatchTime = (typeof MatchTime)[keyof typeof MatchTime];

/** Game period. */
export const GamePeriod = {
  FULL_MATCH: 1,
  FIRST_HALF: 2,
  CORNERS: 4,
  QUARTER_1: 1001,
  QUARTER_2: 1002,
  QUARTER_3: 1003,
  QUARTER_4: 1004,
} as const;
export type GamePeriod = (typeof GamePeriod)[keyof typeof GamePeriod];
