import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A browser's push subscription, given by its player's consent (the toggle in the settings menu). One row per
 * endpoint (the push service's URL for that browser): a browser belongs to the player last signed in on it.
 * `lang` is the player's language when subscribing: the notifications' texts are sent in it. Rows the push
 * service answers 404 or 410 to (the browser dropped the subscription) are deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().notNull(),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    lang: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
