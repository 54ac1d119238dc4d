import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * What operators set on a player (the back office): the block and the test mark. `version` goes up with
 * each write; a form that saves with an older one is refused (stale forms). No row: version 0, nothing set.
 */
export const playerFlags = pgTable('player_flags', {
  userId: integer().primaryKey(),
  blockedAt: at(),
  blockReason: text(),
  /** The operator who blocked (its id; null for the key). */
  blockedBy: integer(),
  test: boolean().notNull().default(false),
  version: integer().notNull().default(0),
  updatedAt: at().notNull().defaultNow(),
});

/** Operators' notes on a player, kept with who wrote them. Never edited. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    operatorId: integer(),
    operatorEmail: text().notNull(),
    text: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.id)],
);
