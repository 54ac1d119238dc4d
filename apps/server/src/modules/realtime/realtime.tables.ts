import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every notice the operator published (the banner's history); the text is HTML as given. */
export const notices = pgTable('notices', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  text: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
