import { sql } from 'drizzle-orm';
import pg from 'pg';
import { RETRYABLE_SQLSTATES, type Executor } from '../../platform/db';

/** A hot-path operation, as the ledger's SQL functions (hand-written migrations) take it. */
export type HotOp =
  | {
      op: 'hold';
      type: number;
      user: number;
      currency: string;
      amount: number;
      product: string;
      reference: string;
      key: string | null;
      hash: string | null;
      ref: string | null;
      memo: unknown;
    }
  | {
      op: 'settle' | 'resettle';
      hold: number;
      capture: number;
      payout: number;
      kinds: string[];
      amounts: number[];
      key: string | null;
      hash: string | null;
      ref: string | null;
      memo: unknown;
    };

/** What the database said: the new transaction's id (null: nothing done), or the error it raised. */
export type HotAnswer = { id: number | null } | { error: string; constraint?: string; column?: string };

/** The database error of a failed operation, whether it came from a driver or a batch answer. */
export interface DbFailure {
  code?: string;
  constraint?: string;
  column?: string;
}

const MAX_BATCH = 32; // the one-by-one fallback stays below PostgreSQL's 64 cached subtransactions
const BATCH_SQL = 'select ledger_batch($1::jsonb) as answers';
/**
 * Batches running at once. Two on PostgreSQL: one commits while the next fills, and fewer, fuller batches beat
 * more connections on a small machine (measured: 2 beat 4 and 8). PGlite runs one statement at a time.
 */
const inFlightFor = (db: Executor) => ((db as { $client?: unknown }).$client instanceof pg.Pool ? 2 : 1);

interface Waiting {
  op: HotOp;
  tries: number;
  resolve: (a: HotAnswer) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit for the hot path. Operations given the database itself (not a caller's transaction) queue
 * here; while the maximum number of batches run, new ones wait and leave together in the next batch, one
 * statement and one commit for all. With one caller a batch holds one operation, so nothing waits. In the
 * database (`ledger_batch`, migration 0018) the batch's holds are one set-based statement and its
 * settlements another, in one subtransaction; only when the database refuses something there does it run
 * the operations one by one, each in its own subtransaction, so one refusal leaves the others intact.
 */
class Batcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;

  constructor(private readonly db: Executor) {
    this.maxInFlight = inFlightFor(db);
  }

  submit(op: HotOp): Promise<HotAnswer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, tries: 0, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: Waiting[]) {
    try {
      const ops = JSON.stringify(batch.map((w) => w.op));
      const client = (this.db as { $client?: unknown }).$client;
      // On PostgreSQL a named statement: parsed once per connection, not once per batch.
      const result = (
        client instanceof pg.Pool
          ? await client.query({ name: 'ledger_batch', text: BATCH_SQL, values: [ops] })
          : await this.db.execute(sql`select ledger_batch(${ops}::jsonb) as answers`)
      ) as { rows: { answers: HotAnswer[] | string }[] };
      const raw = result.rows[0]!.answers;
      const answers = typeof raw === 'string' ? (JSON.parse(raw) as HotAnswer[]) : raw;
      batch.forEach((w, i) => {
        const a = answers[i]!;
        // A deadlock or serialization failure hit only this operation: run it again in a later batch.
        if ('error' in a && RETRYABLE_SQLSTATES.has(a.error) && w.tries < 3) {
          w.tries++;
          this.queue.push(w);
        } else w.resolve(a);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}

const batchers = new WeakMap<object, Batcher>();

const inTransaction = (exec: Executor) => 'rollback' in exec;

/** Runs a hot-path operation: inside the caller's transaction, or batched with others on the database. */
export async function runHot(exec: Executor, op: HotOp): Promise<HotAnswer> {
  if (!inTransaction(exec)) {
    let b = batchers.get(exec);
    if (!b) batchers.set(exec, (b = new Batcher(exec)));
    return b.submit(op);
  }
  const call =
    op.op === 'hold'
      ? sql`select ledger_hold(${op.type}::int, ${op.user}::bigint, ${op.currency}::text, ${op.amount}::bigint,
          ${op.product}::text, ${op.reference}::text, ${op.key}::text, ${op.hash}::text, ${op.ref}::text,
          ${jsonOrNull(op.memo)}::jsonb) as id`
      : sql`select ${sql.raw(op.op === 'settle' ? 'ledger_settle' : 'ledger_resettle')}(${op.hold}::bigint,
          ${op.capture}::bigint, ${op.payout}::bigint, ${`{${op.kinds.join(',')}}`}::text[],
          ${`{${op.amounts.join(',')}}`}::bigint[], ${op.key}::text, ${op.hash}::text, ${op.ref}::text,
          ${jsonOrNull(op.memo)}::jsonb) as id`;
  const result = (await exec.execute(call)) as unknown as { rows: { id: string | number | null }[] };
  const id = result.rows[0]?.id;
  return { id: id == null ? null : Number(id) };
}

const jsonOrNull = (v: unknown) => (v == null ? null : JSON.stringify(v));

/**
 * Many operations inside the caller's transaction in one statement (`ledger_batch`: the holds in one set-based
 * statement, the settlements in another, each refusal answered per operation): a settlement job's page of
 * bets costs one round trip instead of one per bet. Answers in order.
 */
export async function runHotMany(tx: Executor, ops: HotOp[]): Promise<HotAnswer[]> {
  if (!inTransaction(tx)) throw new Error('ledger: runHotMany runs inside a transaction');
  if (ops.length === 0) return [];
  const result = (await tx.execute(
    sql`select ledger_batch(${JSON.stringify(ops)}::jsonb) as answers`,
  )) as unknown as { rows: { answers: HotAnswer[] | string }[] };
  const raw = result.rows[0]!.answers;
  return typeof raw === 'string' ? (JSON.parse(raw) as HotAnswer[]) : raw;
}
