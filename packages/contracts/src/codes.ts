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

/**
 * Ledger transaction types. The spec's record, award and flow codes keep their values; the codes that bets,
 * games, transfers and ledger corrections need are ours (three digits, apart from the spec's).
 */
export const TxType = {
  DEPOSIT: RecordType.DEPOSIT,
  /** Cash reserved for a withdrawal request (a hold); its status is the hold's. */
  WITHDRAWAL: RecordType.WITHDRAWAL,
  RECHARGE: FlowType.RECHARGE,
  VIP_UPGRADE: AwardType.VIP_UPGRADE,
  PROMOTION: AwardType.PROMOTION,
  PRIZE: FlowType.PRIZE,
  BK: FlowType.BK,
  /** The payout rail paid a held withdrawal. */
  WITHDRAWAL_PAID: 110,
  /** A held withdrawal was refused or cancelled: the cash goes back. */
  WITHDRAWAL_RELEASED: 111,
  /** Brazil: a PIX deposit paid from another person's CPF, received but never the player's (owed back). */
  DEPOSIT_FOREIGN_RECEIVED: 112,
  /** That deposit returned to the account that paid it (the provider's refund). */
  DEPOSIT_FOREIGN_RETURNED: 113,
  /** Bonus money whose wagering is met, moved to cash. */
  BONUS_RELEASED: 142,
  /** Bonus money left at a bonus's expiry, taken back to the promotions account. */
  BONUS_FORFEITED: 143,
  /** A stake reserved (a hold); its status is the hold's. */
  BET: 300,
  /** A stake settled: stake to the house, winnings to the player. */
  BET_SETTLED: 301,
  /** A stake voided and returned. */
  BET_VOIDED: 302,
  /** A stake's settlement undone by its resettlement (a corrected result); the new settlement follows it. */
  SETTLEMENT_REVERSED: 303,
  TRANSFER: 400,
  /** Play money given to a test account. */
  PLAY_FUNDING: 500,
  /** The exact opposite of an earlier transaction. */
  REVERSAL: 900,
  /** A manual adjustment of a player's cash, proposed by one operator and approved by another. */
  ADJUSTMENT: 910,
} as const;
export type TxType = (typeof TxType)[keyof typeof TxType];

/** The groups of the records screen (`/registros`) and the transaction types each shows. */
export const RecordCategory = {
  deposit: [TxType.DEPOSIT, TxType.RECHARGE],
  withdrawal: [TxType.WITHDRAWAL],
  bet: [TxType.BET],
  prize: [TxType.PRIZE, TxType.BET_SETTLED, TxType.SETTLEMENT_REVERSED],
  bonus: [
    TxType.VIP_UPGRADE,
    TxType.PROMOTION,
    TxType.BK,
    TxType.BONUS_RELEASED,
    TxType.BONUS_FORFEITED,
    TxType.PLAY_FUNDING,
  ],
  transfer: [TxType.TRANSFER],
  adjustment: [TxType.REVERSAL, TxType.ADJUSTMENT],
} as const satisfies Record<string, readonly TxType[]>;
export type RecordCategory = keyof typeof RecordCategory;
export const RECORD_CATEGORIES = Object.keys(RecordCategory) as RecordCategory[];
