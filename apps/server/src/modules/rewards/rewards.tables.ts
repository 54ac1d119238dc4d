import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Agent ladder claims: one row per player and tier (the key refuses a second claim, also two at once), with
 * the valid invitees counted when it was claimed and the reward's ledger transaction (null: no reward).
 */
export const promoLadderClaims = pgTable(
  'promo_ladder_claims',
  {
    userId: integer().notNull(),
    tier: integer().notNull(),
    validInvitees: integer().notNull(),
    reward: bigint({ mode: 'number' }).notNull(),
    txId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tier] })],
);

/**
 * Game bonus per player: the turnover total (`wagering_totals.wagered`) when its last EXPPAY bonus was paid,
 * from which the missions count again, and the highest mission the increase-bonus popup told it about.
 */
export const promoGameBonusState = pgTable('promo_game_bonus_state', {
  userId: integer().primaryKey(),
  baseTurnover: bigint({ mode: 'number' }).notNull().default(0),
  notified: integer().notNull().default(0),
});

/** EXPPAY deposits that got the game bonus: one per order (the key), with the multiple and what it paid. */
export const promoGameBonusUses = pgTable(
  'promo_game_bonus_uses',
  {
    orderId: text().primaryKey(),
    userId: integer().notNull(),
    /** Hundredths: 150 is 1.5x of the package's gift. */
    multiple: integer().notNull(),
    turnover: bigint({ mode: 'number' }).notNull(),
    bonus: bigint({ mode: 'number' }).notNull(),
    txId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('promo_game_bonus_uses_user').on(t.userId)],
);
