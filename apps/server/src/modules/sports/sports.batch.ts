import { sql } from 'drizzle-orm';
import { createBatcher } from '../../platform/batch';
import type { Database } from '../../platform/db';

/** A bet as `sports_bet_batch` (migration 0044) takes it: checked against the catalogue, priced, its id drawn. */
export interface BatchedBet {
  id: string;
  user: number;
  kind: 'single' | 'parlay' | 'builder';
  stake: number;
  currency: string;
  /** Hundredths. */
  price: number;
  potential: number;
  acceptOdds: string;
  /** The player's Idempotency-Key, scoped, and the body's hash (a repeat is answered from the bet). */
  key: string;
  hash: string;
  legs: { selection_id: string; market_id: string; event_id: string; price: number }[];
  /** `sports.maxMarketLiability` and `sports.liabilityAlert`, checked against the selections' exposure. */
  maxLiability: number;
  liabilityAlert: number;
}

export type BatchAnswer = { cash: number | string } | { error: string; constraint?: string | null };

/**
 * Group commit of sports bets (`platform/batch.ts`): bets arriving together leave in one `sports_bet_batch`
 * statement and one commit. The exposure row of a selection many bet on is locked once per batch, at its end
 * (migration 0044); a batch overtaken there by another fails as a whole (40001) and is sent again, as a deadlock
 * or serialization failure of one bet sends that bet again.
 */
export function createBetBatcher(database: Database) {
  return createBatcher<BatchedBet, BatchAnswer>(
    database,
    (bets) => sql`select sports_bet_batch(${JSON.stringify(bets)}::jsonb) as answers`,
  );
}
