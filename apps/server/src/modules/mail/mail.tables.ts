import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The sandbox e-mail outbox: mail that would have been sent, readable at /sandbox/outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.to)],
);
