import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-set overrides of business constants; a key absent here takes its default from the schema (`settingsSchema`, in the contracts package). */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
