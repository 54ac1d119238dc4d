import { sql } from 'drizzle-orm';
import { RETRYABLE_SQLSTATES, type Database } from '../../platform/db';

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

const MAX_BATCH = 32; // below PostgreSQL's 64 cached subtransactions per transaction, as the ledger's batch

interface Waiting {
  bet: BatchedBet;
  tries: number;
  resolve: (a: BatchAnswer) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit of instant bets: bets arriving while the maximum number of batches run wait and leave together in
 * the next one, one statement and one commit for all (with one bettor a batch holds one bet, so nothing waits).
 * Two batches at once on PostgreSQL (one commits while the next fills), one on PGlite. A deadlock or
 * serialization failure of one bet sends it to a later batch.
 */
export function createBetBatcher(database: Database) {
  const queue: Waiting[] = [];
  const maxInFlight = database.kind === 'postgres' ? 2 : 1;
  let inFlight = 0;

  async function flush(batch: Waiting[]) {
    try {
      const result = (await database.db.execute(
        sql`select originals_bet_batch(${JSON.stringify(batch.map((w) => w.bet))}::jsonb) as answers`,
      )) as unknown as { rows: { answers: BatchAnswer[] | string }[] };
      const raw = result.rows[0]!.answers;
      const answers = typeof raw === 'string' ? (JSON.parse(raw) as BatchAnswer[]) : raw;
      batch.forEach((w, i) => {
        const a = answers[i]!;
        if ('error' in a && RETRYABLE_SQLSTATES.has(a.error) && w.tries < 3) {
          w.tries++;
          queue.push(w);
        } else w.resolve(a);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length) {
      const batch = queue.splice(0, MAX_BATCH);
      inFlight++;
      void flush(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    submit(bet: BatchedBet): Promise<BatchAnswer> {
      return new Promise((resolve, reject) => {
        queue.push({ bet, tries: 0, resolve, reject });
        pump();
      });
    },
  };
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
