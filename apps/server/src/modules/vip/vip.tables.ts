import { bigint, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * VIP upgrade rewards paid (award 14): one row per player and level, ever, so a level's reward is paid once
 * even when the player drops below it and reaches it again. `tx_id` is the ledger transaction (key
 * `vip-upgrade:<user>:<level>`); `clawed_tx_id` its reversal when the deposits that reached the level were
 * reversed while the reward was still in the player's cash.
 */
export const vipAwards = pgTable(
  'vip_awards',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    level: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    txId: bigint({ mode: 'number' }),
    clawedTxId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level] })],
);
