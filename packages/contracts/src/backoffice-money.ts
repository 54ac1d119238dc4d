import { z } from 'zod';
import { bodyId, filterTime, fromNotAfterTo, idParams, queryId } from './backoffice';
import { OrderStatus } from './codes';

/**
 * The back office's money calls: deposits, a withdrawal's risk summary, manual adjustments (two-person rule),
 * the ledger's state and the reports. Money fields are major units (JSON numbers with at most 2 decimals, reais),
 * as in the operator withdrawals answers; the CSV reports write them as plain decimals ("1234.50").
 */

const money = z.number();
/** A São Paulo calendar day, `YYYY-MM-DD`. */
const day = z.iso.date({ error: 'fieldInvalid' });
/** A day asked for: between 1970 and 2099 (PostgreSQL refuses year 0). */
const queryDay = day.refine((d) => d >= '1970-01-01' && d < '2100-01-01', 'fieldInvalid');

/** Paged lists: `page` 1-based, `pageSize` at most 100, `order` asc or desc. */
const paging = {
  page: z.coerce
    .number({ error: 'fieldInvalid' })
    .int('fieldInvalid')
    .min(1, 'fieldInvalid')
    .max(100_000, 'fieldInvalid')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'fieldInvalid' })
    .int('fieldInvalid')
    .min(1, 'fieldInvalid')
    .max(100, 'fieldInvalid')
    .default(20),
  order: z.enum(['asc', 'desc'], { error: 'fieldInvalid' }).default('desc'),
};

const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), total: z.number().int() });

// ---- Deposits ----

/** Deposit order states by name (the spec's codes are in `status` of each row). */
export const DEPOSIT_STATUS = {
  pending: OrderStatus.PENDING,
  paying: OrderStatus.PAYING,
  paid: OrderStatus.PAID,
  cancelled: OrderStatus.CANCELLED,
  failed: OrderStatus.FAILED,
} as const;
export type DepositStatusName = keyof typeof DEPOSIT_STATUS;

export const operatorDepositsQuery = z
  .object({
    status: z
      .enum([...(Object.keys(DEPOSIT_STATUS) as DepositStatusName[]), 'all'], { error: 'fieldInvalid' })
      .default('all'),
    /** An order id, the provider's charge id, part of the player's e-mail, or (digits alone) a user id. */
    q: z.string().trim().max(100, 'fieldInvalid').optional(),
    /** Only flagged orders (a chargeback, an amount mismatch, paid after closing) when `true`. */
    flagged: z.enum(['true', 'false'], { error: 'fieldInvalid' }).optional(),
    /** Created at or after / before (ISO instants). */
    from: filterTime.optional(),
    to: filterTime.optional(),
    sort: z.enum(['createdAt', 'amount', 'paidAt'], { error: 'fieldInvalid' }).default('createdAt'),
    ...paging,
  })
  .refine(fromNotAfterTo, { message: 'periodReversed', path: ['to'] });
export type OperatorDepositsQuery = z.input<typeof operatorDepositsQuery>;

export const operatorDeposit = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  email: z.string(),
  amount: money,
  /** The bonus credited with it (0 when waived). */
  gift: money,
  /** The spec's order status code ('00' pending, '99' paying, '10' paid, '01' cancelled, '-01' failed). */
  status: z.string(),
  provider: z.string().nullable(),
  /** The provider's charge id. */
  providerRef: z.string().nullable(),
  /** The last thing the provider told us, as the order's last event: created, processing, paid, expired, chargedBack… */
  providerState: z.string(),
  chargeback: z.object({
    flagged: z.boolean(),
    /** Why (the order's flag: chargedBack), null when not flagged. */
    reason: z.string().nullable(),
    at: z.string().nullable(),
  }),
  /** Anything that needs a person: chargedBack, amountMismatch, paidAfterClose; null when none. */
  flag: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OperatorDeposit = z.infer<typeof operatorDeposit>;
export const operatorDepositsAnswer = listOf(operatorDeposit);

// ---- Transfers between players ----

/** A player filter: digits alone are a player id, anything else the player's exact e-mail (any case). */
const playerFilter = z
  .string({ error: 'fieldInvalid' })
  .trim()
  .min(1, 'fieldInvalid')
  .max(254, 'fieldInvalid')
  .refine(
    (s) => (/^\d{1,15}$/.test(s) ? Number(s) >= 1 && Number.isSafeInteger(Number(s)) : s.includes('@')),
    'fieldInvalid',
  );
/** An amount bound in major units (reais), at most 2 decimals. */
export const amountBound = z.coerce
  .number({ error: 'fieldInvalid' })
  .refine((n) => n >= 0 && n <= 100_000_000 && /^\d+(\.\d{1,2})?$/.test(String(n)), 'fieldInvalid');

/** `minAmount` above `maxAmount` is refused (on `maxAmount`). */
export const amountRangeInOrder = (q: { minAmount?: number; maxAmount?: number }) =>
  q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount;

export const operatorTransfersQuery = z
  .object({
    sender: playerFilter.optional(),
    receiver: playerFilter.optional(),
    minAmount: amountBound.optional(),
    maxAmount: amountBound.optional(),
    /** Sent at or after / before (ISO instants). */
    from: filterTime.optional(),
    to: filterTime.optional(),
    sort: z.enum(['time', 'amount'], { error: 'fieldInvalid' }).default('time'),
    ...paging,
  })
  .refine(fromNotAfterTo, { message: 'periodReversed', path: ['to'] })
  .refine(amountRangeInOrder, { message: 'amountRangeReversed', path: ['maxAmount'] });
export type OperatorTransfersQuery = z.input<typeof operatorTransfersQuery>;

const transferParty = z.object({ id: z.number().int(), email: z.string() });
export const operatorTransfer = z.object({
  /** The ledger transaction's id. */
  id: z.number().int(),
  time: z.string(),
  sender: transferParty,
  receiver: transferParty,
  amount: money,
  currency: z.string(),
  /** The transaction's reference in the ledger (null when it has none). */
  ref: z.string().nullable(),
  /** Set when the transfer was reversed: the reversing transaction's id. */
  reversedBy: z.number().int().nullable(),
});
export type OperatorTransfer = z.infer<typeof operatorTransfer>;
export const operatorTransfersAnswer = listOf(operatorTransfer);

// ---- Withdrawal risk ----

export const withdrawalRisk = z.object({
  withdrawalId: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  /** Paid deposits and paid withdrawals, all time; net = deposits − withdrawals. */
  deposits: z.object({ total: money, count: z.number().int() }),
  withdrawals: z.object({ total: money, count: z.number().int() }),
  /**
   * Credited deposits the payer took back (refund, MED chargeback), among the deposits above: the player still
   * holds that money (an operator decides on reversing it; a withdrawal would pay it out twice).
   */
  chargebacks: z.object({ total: money, count: z.number().int() }),
  net: money,
  /** Settled real-money stakes of the last 30 days. */
  bets30d: z.object({ count: z.number().int(), turnover: money }),
  /** Active bonuses (each with wagering still due) and the bonus money held. */
  bonus: z.object({ active: z.boolean(), count: z.number().int(), amount: money, wagerDue: money }),
  accountCreatedAt: z.string(),
  accountAgeDays: z.number().int(),
  /** Other players who signed in from one of this player's IP addresses, or with one of its browsers (User-Agent). */
  sameIpAccounts: z.number().int(),
  sameDeviceAccounts: z.number().int(),
  kyc: z.object({ verified: z.boolean(), name: z.string(), cpfMasked: z.string() }),
  /** The account blocked by an operator (when, why), null when not: its withdrawals are not paid. */
  blocked: z.object({ at: z.string(), reason: z.string() }).nullable(),
  rg: z.object({
    /** A cool-off or self-exclusion in force, null when none. */
    exclusion: z.object({ kind: z.enum(['cooloff', 'self']), endsAt: z.string().nullable() }).nullable(),
    /** How many limits (deposit, loss, stake, time per period) the player has set. */
    limitsSet: z.number().int(),
  }),
});
export type WithdrawalRisk = z.infer<typeof withdrawalRisk>;

// ---- Manual adjustments ----

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** Why an operator proposes or refuses something: 3 characters at least, kept in the back office and audit log. */
export const operatorReason = (max: number) =>
  z
    .string({ error: 'adjustmentReasonRequired' })
    .trim()
    .min(3, 'adjustmentReasonRequired')
    .max(max, 'fieldInvalid');

export const adjustmentProposal = z.strictObject({
  userId: bodyId,
  /** Signed, major units: positive credits the player's cash, negative debits it. At most 2 decimals. */
  amount: z
    .number({ error: 'adjustmentAmountInvalid' })
    .refine(
      (n) => n !== 0 && Math.abs(n) <= 1_000_000 && /^-?\d+(\.\d{1,2})?$/.test(String(n)),
      'adjustmentAmountInvalid',
    ),
  currency: z.literal('BRL', { error: 'fieldInvalid' }).default('BRL'),
  reason: operatorReason(500),
});
export type AdjustmentProposal = z.input<typeof adjustmentProposal>;

export const adjustmentsQuery = z.object({
  status: z.enum([...ADJUSTMENT_STATUSES, 'all'], { error: 'fieldInvalid' }).default('pending'),
  userId: queryId.optional(),
  sort: z.enum(['createdAt', 'amount'], { error: 'fieldInvalid' }).default('createdAt'),
  ...paging,
});

export const adjustmentParams = idParams;
export const adjustmentRejectBody = z.strictObject({
  reason: operatorReason(500),
});

export const adjustment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  /** Signed, major units. */
  amount: money,
  currency: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The ledger transaction of an approved adjustment. */
  txId: z.number().int().nullable(),
});
export type Adjustment = z.infer<typeof adjustment>;
export const adjustmentsAnswer = listOf(adjustment);

// ---- Ledger state ----

export const ledgerAuditCheck = z.object({
  name: z.string(),
  /** The offending rows (at most 50 per check); empty when the invariant holds. */
  faults: z.array(z.record(z.string(), z.unknown())),
});
export const ledgerAuditRun = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** Who ran it: an operator's e-mail, `operator-key`, or `cli` for `npm run ledger:audit`. */
  ranBy: z.string(),
  at: z.string(),
  checks: z.array(ledgerAuditCheck),
});
export type LedgerAuditRun = z.infer<typeof ledgerAuditRun>;

export const systemAccountBalance = z.object({
  /** `<book>:<kind>:<currency>`, e.g. `real:house.sports:BRL`. */
  id: z.string(),
  book: z.enum(['real', 'play']),
  kind: z.string(),
  currency: z.string(),
  /** Rolled-up balance plus the postings not yet rolled up; major units. */
  balance: money,
});

export const ledgerState = z.object({
  /** The last audit run, null before the first. */
  lastAudit: ledgerAuditRun.nullable(),
  accounts: z.array(systemAccountBalance),
  /** What players hold, per book: cash and bonus balances summed. */
  players: z.array(
    z.object({
      book: z.enum(['real', 'play']),
      currency: z.string(),
      cash: money,
      bonus: money,
      held: money,
    }),
  ),
});
export type LedgerState = z.infer<typeof ledgerState>;

// ---- Reports ----

/** The products of the reports: `rounds` are the shared-round games (double, crash, lucky colour). */
export const REPORT_PRODUCTS = ['originals', 'rounds', 'sports', 'casino', 'lottery'] as const;
export type ReportProduct = (typeof REPORT_PRODUCTS)[number];

/** A range of São Paulo days asked for: `from` not after `to`, at most 366 days apart. */
const dayRangeValid = (q: { from?: string; to?: string }) =>
  q.from === undefined ||
  q.to === undefined ||
  (q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000);

export const reportQuery = z
  .object({
    from: queryDay,
    to: queryDay,
    format: z.enum(['json', 'csv'], { error: 'fieldInvalid' }).default('json'),
  })
  .refine(dayRangeValid, { message: 'reportRangeInvalid', path: ['to'] });
export type ReportQuery = z.input<typeof reportQuery>;

/**
 * The payout-times report's period (GET /api/operator/withdrawals/payout-times, answer `payoutTimes` in rg.ts):
 * the withdrawals requested over the last `days` (1-90, default 7), or on the São Paulo days `from`..`to`
 * (both, as the reports page selects them; not with `days`).
 */
export const payoutTimesQuery = z
  .strictObject({
    days: z.coerce
      .number({ error: 'fieldInvalid' })
      .int('fieldInvalid')
      .min(1, 'fieldInvalid')
      .max(90, 'fieldInvalid')
      .optional(),
    from: queryDay.optional(),
    to: queryDay.optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'reportRangeInvalid',
    path: ['to'],
  })
  .refine((q) => q.days === undefined || q.from === undefined, { message: 'fieldInvalid', path: ['days'] })
  .refine(dayRangeValid, { message: 'reportRangeInvalid', path: ['to'] });
export type PayoutTimesQuery = z.output<typeof payoutTimesQuery>;

/**
 * One São Paulo day of one product, from the ledger: `stakes` captured and `wins` paid by the settlements in
 * effect of the stakes first settled that day (casino: with the provider's later wins of a settled round, on
 * their own day). The row of product `all` sums the day's products and carries what belongs to no product:
 * `bonuses` (net payouts of the promotions account) and `fees` (withdrawal fees kept); on product rows both are 0.
 */
export const ggrRow = z.object({
  day,
  product: z.enum([...REPORT_PRODUCTS, 'all']),
  stakes: money,
  wins: money,
  /** stakes − wins. */
  ggr: money,
  bonuses: money,
  fees: money,
  /**
   * ggr − bonuses. Withdrawal fees kept (`fees`) are income outside play, shown beside it, not subtracted; the
   * payment providers' own charges are not in the ledger, so NGR does not deduct them.
   */
  ngr: money,
});
export type GgrRow = z.infer<typeof ggrRow>;
export const ggrReport = z.object({ from: day, to: day, list: z.array(ggrRow), total: z.number().int() });
export type GgrReport = z.infer<typeof ggrReport>;

/** One São Paulo day of real-money activity, from the ledger. */
export const activityRow = z.object({
  day,
  /** Deposits credited, and how many. */
  deposits: money,
  depositsCount: z.number().int(),
  /** Withdrawals paid out (the amount taken from the player, fee included), and how many. */
  withdrawals: money,
  withdrawalsCount: z.number().int(),
  /** Players whose first deposit was credited that day. */
  ftd: z.number().int(),
  /** Players who placed at least one real-money stake that day. */
  activePlayers: z.number().int(),
});
export type ActivityRow = z.infer<typeof activityRow>;
export const activityReport = z.object({
  from: day,
  to: day,
  list: z.array(activityRow),
  total: z.number().int(),
});
export type ActivityReport = z.infer<typeof activityReport>;
