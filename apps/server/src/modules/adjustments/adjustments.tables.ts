import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Manual adjustments of a player's cash under the two-person rule: one operator proposes, another approves
 * (then the ledger posts it, keyed `adjustment:<id>`) or rejects. A row changes once, from pending.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().notNull(),
    /** The player's e-mail when proposed (what the operators saw). */
    email: text().notNull(),
    /** Signed minor units: positive credits the player's cash, negative debits it. */
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('BRL'),
    reason: text().notNull(),
    status: text().notNull().default('pending'),
    /** The proposer: operator id (null for the operator key) and e-mail (`operator-key` for the key). */
    proposedById: integer(),
    proposedBy: text().notNull(),
    decidedById: integer(),
    decidedBy: text(),
    rejectReason: text(),
    /** The ledger transaction of an approved adjustment. */
    txId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('adjustments_amount', sql`${t.amount} <> 0`),
    check('adjustments_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('adjustments_approved_tx', sql`(${t.status} = 'approved') = (${t.txId} is not null)`),
    index('adjustments_status').on(t.status, t.id),
    index('adjustments_user').on(t.userId, t.id),
  ],
);
