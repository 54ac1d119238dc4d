import { sql } from 'drizzle-orm';
import { createBatcher } from '../../platform/batch';
import type { Database } from '../../platform/db';

/** An instant bet as `originals_bet_batch` (migration 0017) takes it: everything decided but the ids. */
export interface BatchedBet {
  user: number;
  /** The seed pair and the nonce the outcome was computed for. */
  seed: string;
  nonce: number;
  /** The player's cash account (the ledger's `playerAccountId`), read for the balances answered. */
  cash: string;
  currency: string;
  amount: number;
  paid: number;
  house: string;
  game: string;
  params: unknown;
  state: 'won' | 'lost';
  multiplier: number;
  outcome: unknown;
  /** The answer kept for a repeat of the key (without `betId`, added by the database, and `balance`). */
  answer: unknown;
  key: string;
  hash: string;
  time: string;
}

export type BatchAnswer =
  | { bet: string; hold: number; cash_before: number; balance: number }
  | { stale: true }
  | { replay: true }
  | { error: string; constraint?: string };

/**
 * Group commit of instant bets (`platform/batch.ts`): bets arriving together leave in one `originals_bet_batch`
 * statement and one commit; a deadlock or serialization failure of one bet sends it to a later batch.
 */
export function createBetBatcher(database: Database) {
  return createBatcher<BatchedBet, BatchAnswer>(
    database,
    (bets) => sql`select originals_bet_batch(${JSON.stringify(bets)}::jsonb) as answers`,
  );
}

/**
 * Runs a player's calls one after another on this node (a player's bets queue here, not in the database): the
 * next bet's nonce is then known before it is sent, and a player is never in two batches at once.
 */
export function createLanes() {
  const tails = new Map<number, Promise<unknown>>();
  return function lane<T>(userId: number, fn: () => Promise<T>): Promise<T> {
    const before = tails.get(userId) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(userId, tail);
    void tail.then(() => {
      if (tails.get(userId) === tail) tails.delete(userId);
    });
    return run;
  };
}
