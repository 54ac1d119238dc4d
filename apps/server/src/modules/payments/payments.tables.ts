import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = () => bigint({ mode: 'number' });
const at = () => timestamp({ withTimezone: true });

/**
 * Price packages (spec section 3). pkgId is fixed so seeding at start is idempotent (operators' new packages
 * start at 1000, clear of the seeds). `version` grows with every operator save: a stale form is refused.
 * At most one package of a group is pre-selected, and only an active one (the service refuses both).
 */
export const paymentPackages = pgTable(
  'payment_packages',
  {
    pkgId: integer().primaryKey(),
    price: money().notNull(),
    gift: money().notNull().default(0),
    sort: integer().notNull(),
    /** Package group, the spec's `curreny` (sic). */
    curreny: text().notNull(),
    selected: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    version: integer().notNull().default(1),
  },
  (t) => [
    check('payment_packages_price_positive', sql`${t.price} > 0`),
    check('payment_packages_gift_nonnegative', sql`${t.gift} >= 0`),
    uniqueIndex('payment_packages_one_selected')
      .on(t.curreny)
      .where(sql`${t.selected}`),
  ],
);

/**
 * Deposit (type 10) and withdrawal (type 11) orders. Status is the spec's order-status code. Each state
 * change also appends a row to payment_order_events, which the records and the operator show.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderId: text().notNull().unique(),
    type: integer().notNull(),
    userId: integer().notNull(),
    status: text().notNull(),
    currency: text().notNull().default('BRL'),
    amount: money().notNull(),
    /** Deposit: bonus credited with it (0 when waived). */
    gift: money().notNull().default(0),
    /** Withdrawal: fee kept from the amount. */
    fee: money().notNull().default(0),
    pkgId: integer(),
    provider: text(),
    /** Deposit: the provider's charge id (payNo); withdrawal: the rail's payout reference. */
    providerRef: text(),
    payUrl: text(),
    payCardBank: text(),
    payCardNo: text(),
    ifsc: text(),
    holderName: text(),
    whatsapp: text(),
    /** USDT withdrawals: BRL centavos per USDT at request time, and the USDT paid in micro-units. */
    usdtRate: integer(),
    usdtMicro: money(),
    /** The ledger hold of a withdrawal. */
    holdId: text(),
    idempotencyKey: text(),
    requestHash: text(),
    /** Set when something needs a person: 'amountMismatch', 'paidAfterClose', 'chargedBack', 'payerMismatch', 'overLimit', 'reversed'. */
    flag: text(),
    expiresAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_idem').on(t.userId, t.type, t.idempotencyKey),
    uniqueIndex('payment_orders_provider_ref').on(t.provider, t.providerRef),
    index('payment_orders_user').on(t.userId, t.type, t.createdAt),
    index('payment_orders_status').on(t.type, t.status),
    check('payment_orders_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const paymentOrderEvents = pgTable(
  'payment_order_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderId: text().notNull(),
    status: text().notNull(),
    event: text().notNull(),
    note: text().notNull().default(''),
    at: at().notNull().defaultNow(),
  },
  (t) => [index('payment_order_events_order').on(t.orderId, t.id)],
);

/** Webhook notifications seen, by provider event id: a replay is refused. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    chargeId: text().notNull(),
    outcome: text().notNull(),
    receivedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Withdrawal requests per player and day (America/Sao_Paulo): the VIP table's daily count, race-free. */
export const paymentWithdrawCounters = pgTable(
  'payment_withdraw_counters',
  {
    userId: integer().notNull(),
    day: date().notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The sandbox PIX provider's own charges (an outside party's state, kept apart from our orders). */
export const paymentSandboxCharges = pgTable('payment_sandbox_charges', {
  chargeId: text().primaryKey(),
  orderId: text().notNull(),
  amount: money().notNull(),
  status: text().notNull(),
  brCode: text().notNull(),
  expiresAt: at().notNull(),
  createdAt: at().notNull().defaultNow(),
  /** The document of the account that paid (a real PIX provider reports the payer's document): the player's
   * own CPF unless the Pay button was asked for another payer (`?payer=<cpf, 14-digit CNPJ or none>`); 11
   * digits a CPF, 14 a CNPJ, null no document (`sandboxPayer`). */
  payerCpf: text(),
  /** The refund made of this charge (one per charge, whatever the number of calls with its key). */
  refundId: text(),
  refundKey: text(),
});
