import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Receivers a player looked up (transfer check or transfer), one row per different receiver, so that the
 * number of different e-mails tried per day can be limited: transfers must not become a way to learn who
 * is registered. The e-mail is stored as its SHA-256 only: it may belong to nobody.
 */
export const transferLookups = pgTable(
  'transfer_lookups',
  {
    userId: integer().notNull(),
    targetHash: text().notNull(),
    lookedUpAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetHash] })],
);
