import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * Domain events written in the transaction of the change they describe (`emit`, or plain SQL from a
 * database function: only topic and payload are needed). The relay fans each one out to the handlers
 * registered for its topic (`dispatched_at` set), then delivers them one by one (`outbox_deliveries`).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    topic: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: at().notNull().defaultNow(),
    /** When the relay created this event's deliveries; null while waiting for fan-out. */
    dispatchedAt: at(),
  },
  (t) => [
    index('outbox_events_undispatched')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

/**
 * One row per (event, handler): each handler is tracked on its own, so a failing handler retries (with
 * backoff) without running the others again. Done in the same transaction as the handler's own writes.
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    handler: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAt: at().notNull().defaultNow(),
    lastError: text(),
    doneAt: at(),
    /** A coalescing handler's delivery only: its event's payload, so its pending twins are found by index. */
    payload: jsonb(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.handler] }),
    index('outbox_deliveries_due')
      .on(t.nextAt)
      .where(sql`${t.doneAt} is null`),
    // A coalescing handler's pending deliveries with a given payload: one probe per payload, however long the
    // handler's backlog (matching payloads through the events cost a pass the whole backlog per payload).
    index('outbox_deliveries_coalescing')
      .on(t.handler, t.payload)
      .where(sql`${t.doneAt} is null and ${t.payload} is not null`),
  ],
);

/**
 * The handlers some node has registered, by topic. Fan-out reads this table rather than the fanning node's
 * own list, so a node missing a handler (an older version during a rolling deploy, a partial test instance)
 * never drops that handler's deliveries; a node delivers only the handlers it knows.
 */
export const outboxHandlers = pgTable('outbox_handlers', {
  handler: text().primaryKey(),
  topic: text().notNull(),
  registeredAt: at().notNull().defaultNow(),
});
