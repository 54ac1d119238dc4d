import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger. Transactions and postings are append-only (no UPDATE or DELETE ever touches
 * them); a correction is a reversal. Amounts are integer minor units.
 *
 * Account ids are deterministic, so no lookup is needed to post:
 *   player:  `u<userId>:<cash|bonus>:<currency>`   (a row per account, balance kept in the row)
 *   system:  `<real|play>:<kind>:<currency>`       (hot: postings are appended and rolled up, see deltas)
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text().primaryKey(),
    /** 'real' money or 'play' money (test accounts); the two never meet in one transaction. */
    book: text().notNull(),
    userId: bigint({ mode: 'number' }),
    kind: text().notNull(),
    currency: text().notNull(),
    /** Sum of the account's postings (for system accounts: up to the last roll-up). */
    balance: bigint({ mode: 'number' }).notNull().default(0),
    /** Sum of the open holds on the account; the spendable amount is balance - held. */
    held: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The database itself refuses an overdraft: a player never holds or spends more than the balance.
    check(
      'ledger_accounts_player_funds',
      sql`${t.userId} is null or (${t.held} >= 0 and ${t.balance} >= ${t.held})`,
    ),
    // And no player account holds more than money's MAX_MINOR (10^13 centavos), so every balance reads as an
    // amount: a credit past it (an outside party's win, say) is refused, nothing moved.
    check('ledger_accounts_player_ceiling', sql`${t.userId} is null or ${t.balance} <= 10000000000000`),
    check('ledger_accounts_system_no_holds', sql`${t.userId} is not null or ${t.held} = 0`),
    check('ledger_accounts_player_kind', sql`(${t.userId} is not null) = (${t.kind} in ('cash', 'bonus'))`),
    check('ledger_accounts_book', sql`${t.book} in ('real', 'play')`),
    index('ledger_accounts_user').on(t.userId),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** Contracts `TxType`. */
    type: integer().notNull(),
    book: text().notNull(),
    /** The player the transaction is about (for a transfer: the sender). */
    userId: bigint({ mode: 'number' }),
    /** A transfer's receiver. */
    counterUserId: bigint({ mode: 'number' }),
    /** Set on the one transaction that closes a hold (settle or void). */
    holdId: bigint({ mode: 'number' }),
    /** Set on a reversal: the transaction it undoes (at most one reversal each). */
    reversesId: bigint({ mode: 'number' }),
    /**
     * Set on a resettlement: the settlement of the same hold it replaces (which a reversal in the same
     * statement undoes). A hold's settlements form a chain; the one nobody supersedes is in effect.
     */
    supersedesId: bigint({ mode: 'number' }),
    idempotencyKey: text(),
    /** SHA-256 of the request that used the key: the same key with another request is refused. */
    requestHash: text(),
    /** The originating order, bet or round. */
    ref: text(),
    memo: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Partial indexes: most rows have no hold, reversal, key or receiver, and each index costs every insert.
  (t) => [
    index('ledger_transactions_user').on(t.userId, t.id),
    index('ledger_transactions_receiver')
      .on(t.counterUserId, t.id)
      .where(sql`${t.counterUserId} is not null`),
    // One first closing per hold; each later settlement replaces exactly one earlier one, once.
    uniqueIndex('ledger_transactions_hold')
      .on(t.holdId)
      .where(sql`${t.holdId} is not null and ${t.supersedesId} is null`),
    uniqueIndex('ledger_transactions_supersedes')
      .on(t.supersedesId)
      .where(sql`${t.supersedesId} is not null`),
    uniqueIndex('ledger_transactions_reverses')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    uniqueIndex('ledger_transactions_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // Time ranges of the append-only journal (the daily referral turnover): BRIN costs next to nothing per insert.
    index('ledger_transactions_created_brin').using('brin', t.createdAt),
  ],
);

/**
 * No foreign keys here or on holds: their per-row triggers cost a third of a bet, and rows are only ever
 * written by the ledger's statements; the audit checks that every posting and hold has its transaction.
 * A transaction posts at most once per account (amounts are netted), hence the key.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    txId: bigint({ mode: 'number' }).notNull(),
    accountId: text().notNull(),
    currency: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.txId, t.accountId] }),
    check('ledger_postings_nonzero', sql`${t.amount} <> 0`),
    // Per-account reads are for players (records); the hot system accounts are summed by the audit only.
    index('ledger_postings_player')
      .on(t.accountId, t.txId)
      .where(sql`${t.accountId} like 'u%'`),
  ],
);

/**
 * Two-phase movements (stakes, withdrawals): reserved on the player's accounts, then posted or voided. A
 * stake draws the player's cash first, then bonus: `bonus` is the part reserved on the bonus account
 * (`account_id` is always the cash account; the bonus account id follows from user and currency).
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    /** The transaction that opened the hold. */
    txId: bigint({ mode: 'number' }).primaryKey(),
    /** The opening transaction's type (BET or WITHDRAWAL): decides the closing types. */
    type: integer().notNull(),
    accountId: text().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    book: text().notNull(),
    currency: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** The part of `amount` reserved on the bonus account (stakes only). */
    bonus: bigint({ mode: 'number' }).notNull().default(0),
    /** What the hold is for: a product's bet or round, or a withdrawal. */
    product: text().notNull(),
    /** The bet, round or order id of that product. */
    reference: text().notNull(),
    /**
     * held -> posted | voided, once; a posted stake may be resettled any number of times. The figures below
     * are those of the settlement in effect, `closed_by`.
     */
    state: text().notNull().default('held'),
    closedBy: bigint({ mode: 'number' }),
    posted: bigint({ mode: 'number' }).notNull().default(0),
    /** The part of `posted` taken from the bonus account. */
    postedBonus: bigint({ mode: 'number' }).notNull().default(0),
    /** Winnings credited when the hold was posted. */
    paid: bigint({ mode: 'number' }).notNull().default(0),
    /** The part of `paid` credited to the bonus account (the share won with bonus money). */
    paidBonus: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check(
      'ledger_holds_amount',
      sql`${t.amount} > 0 and ${t.posted} >= 0 and ${t.posted} <= ${t.amount} and ${t.paid} >= 0
        and ${t.bonus} between 0 and ${t.amount} and ${t.postedBonus} between 0 and least(${t.bonus}, ${t.posted})
        and ${t.paidBonus} between 0 and ${t.paid}`,
    ),
    check('ledger_holds_state', sql`${t.state} in ('held', 'posted', 'voided')`),
    check(
      'ledger_holds_product',
      sql`${t.product} in ('sports', 'casino', 'originals', 'lottery', 'withdrawal') and ${t.reference} <> ''`,
    ),
    index('ledger_holds_user').on(t.userId, t.txId),
  ],
);

/**
 * The hot system accounts (house, clearing) are never updated per bet: each posting to one also lands
 * here, and the roll-up moves these rows into the account balance in one statement (delete ... returning).
 * A queue, not the journal: the postings stay.
 */
export const ledgerDeltas = pgTable('ledger_deltas', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  accountId: text().notNull(),
  amount: bigint({ mode: 'number' }).notNull(),
});
