import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts written in the same transaction as the change they describe, delivered to handlers afterwards.
 * The ledger's settle/resettle/reverse statements insert rows here (topics `ledger.*`).
 */
export const outboxEvents = pgTable('outbox_events', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  topic: text().notNull(),
  payload: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
