import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

export interface KeyedTransaction {
  txId: number;
  at: Date;
  /** Not undone: never reversed, or its reversal reversed in turn. */
  standing: boolean;
}

/**
 * The transactions posted under these idempotency keys (absent: never posted), with whether each still
 * stands. For rewards that count credits by key, e.g. deposits (`deposit:<orderId>`, payments' `paidDeposits`).
 */
export async function keyedTransactions(
  exec: Executor,
  keys: string[],
): Promise<Map<string, KeyedTransaction>> {
  if (keys.length === 0) return new Map();
  // One array parameter (a JS array in drizzle's template would become a list of parameters).
  const list = `{${keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const result = (await exec.execute(
    sql`select t.idempotency_key as key, t.id, t.created_at,
          not exists (
            select 1 from ledger_transactions r where r.reverses_id = t.id
              and not exists (select 1 from ledger_transactions rr where rr.reverses_id = r.id)) as standing
        from ledger_transactions t
        where t.idempotency_key = any(${list}::text[])`,
  )) as unknown as { rows: { key: string; id: string; created_at: string | Date; standing: boolean }[] };
  return new Map(
    result.rows.map((r) => [
      r.key,
      { txId: Number(r.id), at: new Date(r.created_at), standing: Boolean(r.standing) },
    ]),
  );
}
