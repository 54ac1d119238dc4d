import type { SQL } from 'drizzle-orm';
import { pgCode, RETRYABLE_SQLSTATES, type Database } from './db';

const MAX_BATCH = 32; // below PostgreSQL's 64 cached subtransactions per transaction, as the ledger's batch

interface Waiting<I, A> {
  item: I;
  tries: number;
  resolve: (a: A) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit for a SQL function that takes many calls as a JSON array and answers one answer per call, each
 * call in its own subtransaction (`{error: sqlstate}` when it failed): calls arriving while the maximum number of
 * batches run wait and leave together in the next one, one statement and one commit for all (with one caller a
 * batch holds one call, so nothing waits). Two batches at once on PostgreSQL (one commits while the next fills),
 * one on PGlite. A deadlock or serialization failure of one call, or of the whole statement, sends the calls it
 * failed to a later batch (at most 3 times each).
 */
export function createBatcher<I, A>(database: Database, statement: (items: I[]) => SQL) {
  const queue: Waiting<I, A>[] = [];
  const maxInFlight = database.kind === 'postgres' ? 2 : 1;
  let inFlight = 0;

  async function flush(batch: Waiting<I, A>[]) {
    try {
      const result = (await database.db.execute(statement(batch.map((w) => w.item)))) as unknown as {
        rows: { answers: A[] | string }[];
      };
      const raw = result.rows[0]!.answers;
      const answers = typeof raw === 'string' ? (JSON.parse(raw) as A[]) : raw;
      batch.forEach((w, i) => {
        const a = answers[i]!;
        const error = (a as { error?: unknown }).error;
        if (typeof error === 'string' && RETRYABLE_SQLSTATES.has(error) && w.tries < 3) {
          w.tries++;
          queue.push(w);
        } else w.resolve(a);
      });
    } catch (err) {
      // The whole statement failed: a retryable failure (a deadlock, or a function that found its batch overtaken,
      // e.g. `sports_bet_batch`) sends every call to a later batch, the rest get the error.
      const again = RETRYABLE_SQLSTATES.has(pgCode(err) ?? '');
      for (const w of batch) {
        if (again && w.tries < 3) {
          w.tries++;
          queue.push(w);
        } else w.reject(err);
      }
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
    submit(item: I): Promise<A> {
      return new Promise((resolve, reject) => {
        queue.push({ item, tries: 0, resolve, reject });
        pump();
      });
    },
  };
}
