import { z } from 'zod';
import { OrderStatus } from './codes';
import { filterTime, fromNotAfterTo, idParams, pageNumber, pageOf, pageQuery } from './backoffice';
import { amountBound, amountRangeInOrder, operatorReason } from './backoffice-money';

/**
 * Payment calls (spec sections 3, 5, 7): price packages, pre-pay and order status, the gift flag, withdraw
 * limits and request, the player's order records and the operator's withdrawal calls. Money fields are
 * major units (JSON numbers with at most 2 decimals). Objects are not strict: the app may add `loading`.
 */

const money = z.number();
const orderStatus = z.enum([
  OrderStatus.PENDING,
  OrderStatus.CANCELLED,
  OrderStatus.FAILED,
  OrderStatus.PAID,
  OrderStatus.PAYING,
  OrderStatus.PAYING_ALT,
]);

/** Package groups (`curreny`, sic): BRL and EXTPAY and '' on the deposit page, INSBRL game deposit, EXPPAY bonus popup, BTBRL/FCBRL gift data. */
export const PACKAGE_GROUPS = ['BRL', 'EXTPAY', 'INSBRL', 'EXPPAY', 'BTBRL', 'FCBRL', ''] as const;
export type PackageGroup = (typeof PACKAGE_GROUPS)[number];

/** The largest withdrawal shown and accepted (spec section 9): R$ 10,000. */
export const MAX_WITHDRAW_MAJOR = 10_000;
/** The USDT network mining fee shown in the app: amount / rate - 1 (spec section 9). */
export const USDT_NETWORK_FEE = 1;

export const pricePackage = z.object({
  pkgId: z.number().int(),
  price: money,
  /** Bonus credited with the deposit unless the player waives promotions. */
  gift: money,
  /** What must be staked before this deposit can be withdrawn: price × the deposit wagering multiple. */
  wager: money,
  /** What must be staked before the gift becomes cash: gift × the bonus wagering multiple (0 without a gift). */
  giftWager: money,
  sort: z.number().int(),
  curreny: z.string(),
  /** The package pre-selected on the deposit page (the spec's default, 100). */
  selected: z.boolean(),
});
export type PricePackage = z.infer<typeof pricePackage>;

export const getPricesQuery = z.object({ curreny: z.string().max(16).optional() });
export const getPricesAnswer = z.array(pricePackage);

const zeroOrOne = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform(Number)
  .pipe(z.union([z.literal(0), z.literal(1)]));

/** A package id is an integer column: a larger one is no package (not a database error). */
export const prePayParams = z.object({
  pkgId: z.coerce.number().int().positive('selectRechargeAmount').max(2_147_483_647, 'selectRechargeAmount'),
});
/** Form or JSON. gift 0 waives promotions; default 1. */
export const prePayBody = z
  .object({
    gift: zeroOrOne.optional(),
    pkgId: z.union([z.string(), z.number()]).optional(),
    isapp: zeroOrOne.optional(),
  })
  .optional();
export type PrePayBody = z.input<typeof prePayBody>;

export const prePayAnswer = z.object({
  orderId: z.string(),
  /** The provider's charge id. */
  payNo: z.string(),
  /** The provider's payment page, opened in a full-screen frame. */
  url: z.string(),
});
export type PrePayAnswer = z.infer<typeof prePayAnswer>;

export const orderIdParams = z.object({ orderId: z.string().min(1).max(64) });
export const orderStatusAnswer = z.object({ status: orderStatus });
export type OrderStatusAnswer = z.infer<typeof orderStatusAnswer>;

/** 1 shows the gift popup. */
export const userGiftAnswer = z.union([z.literal(0), z.literal(1)]);

export const PAY_CARD_BANKS = ['CPF', 'CNPJ', 'USDT'] as const;
export type PayCardBank = (typeof PAY_CARD_BANKS)[number];

/** The payout data last used (or known from KYC) for one payout type. */
export const cardInfoEntry = z.object({
  ifsc: z.string(),
  payCardNo: z.string(),
  name: z.string(),
  whatsapp: z.string(),
});
export type CardInfoEntry = z.infer<typeof cardInfoEntry>;

export const getWithdrawAnswer = z.object({
  /** Minimum withdrawal (default 50). */
  limitAmount: money,
  /** Withdrawals left today (VIP table column 4 minus today's requests). */
  number: z.number().int(),
  /** A game bill is being produced: withdrawing is refused for now. */
  lock: z.boolean(),
  /** Cash whose wagering requirement is met. */
  wdAmount: money,
  /** Cash wagering still due before the rest of the cash becomes withdrawable (0 when none). */
  wagerDue: money,
  /** BRL per USDT. */
  usdtRate: z.number(),
  /** Withdrawal fee as a fraction (VIP table column 5 / 100). */
  serviceAmount: z.number(),
  /** R$ 10,000. */
  maxAmount: money,
  /**
   * Active bonuses at the time: a withdrawal takes cash only, so the bonus money stays (kept) with its
   * wagering still due; null when none. The app shows this before the player confirms.
   */
  bonus: z
    .object({ outcome: z.literal('kept'), amount: money, wagerDue: money, count: z.number().int() })
    .nullable()
    .optional(),
  cardInfo: z.object({
    CPF: cardInfoEntry.optional(),
    CNPJ: cardInfoEntry.optional(),
    USDT: cardInfoEntry.optional(),
    CHANNEL: z.unknown().optional(),
  }),
});
export type GetWithdrawAnswer = z.infer<typeof getWithdrawAnswer>;

/**
 * The withdraw request. Fields are loose on purpose: the server checks the spec's six rules in order and
 * answers with their messages, so a missing amount must reach rule 4, not fail schema validation.
 */
export const withdrawRequest = z.object({
  payCardBank: z.string().max(16).optional(),
  payCardNo: z.string().max(128).optional(),
  ifsc: z.union([z.string().max(64), z.number()]).optional(),
  name: z.string().max(100).optional(),
  amount: z.union([z.number(), z.string().max(32)]).optional(),
  whatsapp: z.string().max(32).optional(),
});
export type WithdrawRequest = z.input<typeof withdrawRequest>;

export const withdrawalEvent = z.object({
  status: orderStatus,
  /** 'requested', 'approved', 'paid', 'payoutFailed', 'rejected'. */
  event: z.string(),
  note: z.string(),
  at: z.string(),
});

/** A deposit (type 10) or withdrawal (type 11) order as the records and the operator see it. */
export const paymentRecord = z.object({
  orderId: z.string(),
  type: z.union([z.literal(10), z.literal(11)]),
  status: orderStatus,
  amount: money,
  /** Deposit: gift credited; withdrawal: fee. */
  gift: money,
  fee: money,
  /** Withdrawal: what the player receives (amount - fee), in BRL. */
  netAmount: money,
  /** USDT withdrawals: amount / rate - 1. */
  usdtAmount: z.number().nullable(),
  payCardBank: z.string().nullable(),
  payCardNo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * A deposit still waiting for its PIX: the provider's payment page, so the player can pay it later from the
   * records, and when the order expires. Null for every other order.
   */
  payUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
  events: z.array(withdrawalEvent),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

export const withdrawAnswer = paymentRecord;

export const paymentRecordsQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(10), z.literal(11)]))
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const paymentRecordsAnswer = z.object({ list: z.array(paymentRecord), total: z.number().int() });

/** Operator calls (X-Operator-Key until the back office exists). */
export const WITHDRAWAL_STATUS_FILTERS = ['pending', 'paying', 'paid', 'failed', 'rejected', 'all'] as const;
export type WithdrawalStatusFilter = (typeof WITHDRAWAL_STATUS_FILTERS)[number];
export const WITHDRAWAL_SORTS = ['createdAt', 'amount'] as const;
/**
 * `GET /api/operator/withdrawals` (withdrawals.read): filters `status` (default pending), `q` (part of the
 * player's e-mail; digits alone the player's id; or the order number), `minAmount`/`maxAmount` (reais),
 * `from`/`to` (created, ISO). With `page` the answer is `{ list, total }` (`pageSize` ≤ 100, `sort`, `order`);
 * without it (older callers) the plain array of the newest `limit` (default 200) orders that match.
 */
export const operatorWithdrawalsQuery = pageQuery(WITHDRAWAL_SORTS)
  .extend({
    status: z.enum(WITHDRAWAL_STATUS_FILTERS, { error: 'fieldInvalid' }).default('pending'),
    q: z.string().trim().max(254, 'fieldInvalid').optional(),
    minAmount: amountBound.optional(),
    maxAmount: amountBound.optional(),
    from: filterTime.optional(),
    to: filterTime.optional(),
    page: pageNumber.optional(),
    limit: z.coerce
      .number({ error: 'fieldInvalid' })
      .int('fieldInvalid')
      .min(1, 'fieldInvalid')
      .max(200, 'fieldInvalid')
      .default(200),
  })
  .refine(fromNotAfterTo, { message: 'periodReversed', path: ['to'] })
  .refine(amountRangeInOrder, { message: 'amountRangeReversed', path: ['maxAmount'] });
export type OperatorWithdrawalsQuery = z.input<typeof operatorWithdrawalsQuery>;
export const operatorWithdrawal = paymentRecord.extend({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  whatsapp: z.string(),
  ifsc: z.string(),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;
/** A row of the paged queue: the order with the player's e-mail. */
export const operatorWithdrawalRow = operatorWithdrawal.extend({ email: z.string() });
export type OperatorWithdrawalRow = z.infer<typeof operatorWithdrawalRow>;
export const operatorWithdrawalsPage = pageOf(operatorWithdrawalRow);
export const operatorWithdrawalsAnswer = z.union([operatorWithdrawalsPage, z.array(operatorWithdrawal)]);
/** A withdrawal order's id: ids past PostgreSQL's `integer` are 400 (`idParams`). */
export const operatorWithdrawalParams = idParams;
/** A rejection says why (kept in the back office; the player sees the rejection alone), as an adjustment's does. */
export const operatorRejectBody = z.object({ reason: operatorReason(200) });

/** Socket payload of `paySuccess`: czflag 0 on the player's first deposit (the ad pixel's Purchase). */
export const paySuccessEvent = z.object({
  czflag: z.union([z.literal(0), z.literal(1)]),
  payTime: z.number(),
});
export type PaySuccessEvent = z.infer<typeof paySuccessEvent>;

/**
 * The operator's price packages (promo.manage; back office "Promotions › Deposit packages"):
 *   GET  /api/operator/payments/packages             -> `operatorPackagesAnswer` (every package, disabled too)
 *   POST /api/operator/payments/packages             body `operatorPackageCreate` -> `operatorPackage`
 *   PUT  /api/operator/payments/packages/{pkgId}     body `operatorPackageUpdate` (with `version`; stale -> 409)
 * Amounts here are integer centavos (the table's units). A package is disabled by saving it with
 * `active: false`; none is ever deleted (orders name their pkgId).
 */
export const OPERATOR_PACKAGES_PATH = '/api/operator/payments/packages';
/** The largest package price: R$ 1,000,000. */
export const PACKAGE_PRICE_MAX = 100_000_000;
export const PACKAGE_SORT_MAX = 9_999;

export const operatorPackage = z.object({
  pkgId: z.number().int(),
  group: z.enum(PACKAGE_GROUPS),
  price: z.number().int(),
  /** As stored; under the Brazilian profile players are offered none (`giftsOffered` false). */
  gift: z.number().int(),
  sort: z.number().int(),
  selected: z.boolean(),
  active: z.boolean(),
  version: z.number().int(),
});
export type OperatorPackage = z.infer<typeof operatorPackage>;
export const operatorPackagesAnswer = z.object({
  list: z.array(operatorPackage),
  /** False under the Brazilian profile: getPrices answers gift 0 and deposits grant none, whatever is stored. */
  giftsOffered: z.boolean(),
  /** The setting `deposit.maxGiftPercent`: the largest gift, as a percent of the package's price. */
  maxGiftPercent: z.number().int(),
});
export type OperatorPackagesAnswer = z.infer<typeof operatorPackagesAnswer>;

// Shapes only: the rules are `packageProblem`'s, so a refusal names its field (the form shows it there).
const packageFields = {
  price: z.number({ error: 'packagePriceInvalid' }),
  gift: z.number({ error: 'packageGiftInvalid' }),
  sort: z.number({ error: 'packageSortInvalid' }),
  selected: z.boolean({ error: 'fieldInvalid' }),
  active: z.boolean({ error: 'fieldInvalid' }),
};
export const operatorPackageCreate = z.strictObject({
  group: z.enum(PACKAGE_GROUPS, { error: 'packageGroupUnknown' }),
  ...packageFields,
});
export type OperatorPackageCreate = z.infer<typeof operatorPackageCreate>;
export const operatorPackageUpdate = z.strictObject({
  ...packageFields,
  version: z.number({ error: 'fieldInvalid' }).int('fieldInvalid').min(1, 'fieldInvalid'),
});
export type OperatorPackageUpdate = z.infer<typeof operatorPackageUpdate>;
export const operatorPackageParams = z.object({
  pkgId: z.coerce
    .number({ error: 'packageNotFound' })
    .int('packageNotFound')
    .min(1, 'packageNotFound')
    .max(2_147_483_647, 'packageNotFound'),
});

export type PackageField = 'price' | 'gift' | 'sort' | 'selected';
export interface PackageProblem {
  field: PackageField;
  key:
    | 'packagePriceInvalid'
    | 'packageGiftInvalid'
    | 'packageGiftTooLarge'
    | 'packageSortInvalid'
    | 'packageSelectedInactive';
  params?: Record<string, number>;
}

/**
 * The first rule a package's values break (the server refuses it with the key, the form shows it beside
 * `field`), or null. Amounts in centavos; the gift at most `maxGiftPercent` % of the price.
 */
export function packageProblem(
  p: Pick<OperatorPackage, 'price' | 'gift' | 'sort' | 'selected' | 'active'>,
  maxGiftPercent: number,
): PackageProblem | null {
  if (!Number.isSafeInteger(p.price) || p.price < 1 || p.price > PACKAGE_PRICE_MAX)
    return { field: 'price', key: 'packagePriceInvalid' };
  if (!Number.isSafeInteger(p.gift) || p.gift < 0) return { field: 'gift', key: 'packageGiftInvalid' };
  if (p.gift * 100 > p.price * maxGiftPercent)
    return { field: 'gift', key: 'packageGiftTooLarge', params: { percent: maxGiftPercent } };
  if (!Number.isSafeInteger(p.sort) || p.sort < 0 || p.sort > PACKAGE_SORT_MAX)
    return { field: 'sort', key: 'packageSortInvalid' };
  if (p.selected && !p.active) return { field: 'selected', key: 'packageSelectedInactive' };
  return null;
}
