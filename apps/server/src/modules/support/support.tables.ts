import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * One support conversation: a signed-in player's (`user_id`) or a visitor's (`email`, reached with the
 * token whose SHA-256 is `visitor_token_hash`). `provider` own, or the hosted provider whose chat id is
 * `external_id` (transcripts from its webhooks). Read marks: the last message id each side has read.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    provider: text().notNull().default('own'),
    externalId: text(),
    userId: integer(),
    /** The visitor's e-mail, or the player's username (an e-mail) when the conversation opened. */
    email: text().notNull(),
    visitorTokenHash: text(),
    /** open | assigned | closed */
    status: text().notNull().default('open'),
    assignedOperatorId: integer(),
    closeReason: text(),
    closeNote: text(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }),
    customerReadId: bigint({ mode: 'number' }).notNull().default(0),
    operatorReadId: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('support_conversations_user').on(t.userId, t.id),
    index('support_conversations_status').on(t.status, t.lastMessageAt),
    uniqueIndex('support_conversations_visitor_token').on(t.visitorTokenHash),
    uniqueIndex('support_conversations_external').on(t.provider, t.externalId),
    // At most one own-chat conversation of a player that is not closed.
    uniqueIndex('support_conversations_one_open')
      .on(t.userId)
      .where(sql`status <> 'closed' and user_id is not null and provider = 'own'`),
  ],
);

/** Messages, plain text (never HTML); `sender` player | visitor | operator | system. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    conversationId: bigint({ mode: 'number' }).notNull(),
    sender: text().notNull(),
    operatorId: integer(),
    body: text().notNull(),
    attachmentId: bigint({ mode: 'number' }),
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_conversation').on(t.conversationId, t.id),
    uniqueIndex('support_messages_external').on(t.conversationId, t.externalId),
    // The hourly sweep of images never sent asks whether any message carries one.
    index('support_messages_attachment')
      .on(t.attachmentId)
      .where(sql`${t.attachmentId} is not null`),
  ],
);

/** Images sent in a conversation, checked by their bytes; served only to its participants. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    conversationId: bigint({ mode: 'number' }).notNull(),
    /** Who uploaded it: the customer side's images count in its flood and daily limits. */
    uploader: text({ enum: ['customer', 'operator'] })
      .notNull()
      .default('customer'),
    contentType: text().notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_attachments_conversation').on(t.conversationId)],
);

/** The operators' canned replies. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  title: text().notNull(),
  body: text().notNull(),
  createdBy: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
