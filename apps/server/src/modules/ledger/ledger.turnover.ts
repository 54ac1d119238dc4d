import { TxType } from '@aposta/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

export interface TurnoverQuery {
  /** Settlements at or after this instant… */
  from: Date;
  /** …and before this one. */
  to: Date;
  /** Only these players (all when absent). */
  userIds?: number[];
  /**
   * Settlements whose idempotency key starts with one of these are left out (a product's own rule, e.g. the
   * sportsbook's cash-outs `sports:cashout:`: a bet and its own cash-out are not turnover).
   */
  excludeKeyPrefixes?: string[];
}

export interface Turnover {
  userId: number;
  /** Stakes captured, minor units (the settlement in effect). */
  turnover: number;
  /** The last settlement counted. */
  lastAt: Date;
}

/**
 * Settled real-money turnover per player: the stakes of bets whose first settlement falls in `[from, to)`,
 * captured as the settlement in effect says (a resettlement changes the amount, never the day, so no stake
 * counts on two days). Voided stakes, withdrawals and play money are not turnover.
 */
export async function settledTurnover(exec: Executor, q: TurnoverQuery): Promise<Turnover[]> {
  const filters: SQL[] = [
    sql`t.type = ${TxType.BET_SETTLED}`,
    sql`t.hold_id is not null`,
    sql`t.supersedes_id is null`,
    sql`t.book = 'real'`,
    sql`t.created_at >= ${q.from.toISOString()}::timestamptz`,
    sql`t.created_at < ${q.to.toISOString()}::timestamptz`,
    sql`h.state = 'posted'`,
    sql`h.product <> 'withdrawal'`,
  ];
  if (q.userIds) {
    if (q.userIds.length === 0) return [];
    filters.push(sql`t.user_id = any(${`{${q.userIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`);
  }
  for (const prefix of q.excludeKeyPrefixes ?? [])
    filters.push(sql`(t.idempotency_key is null or not starts_with(t.idempotency_key, ${prefix}))`);
  const result = (await exec.execute(
    sql`select t.user_id, sum(h.posted)::bigint as turnover, max(t.created_at) as last_at
        from ledger_transactions t join ledger_holds h on h.tx_id = t.hold_id
        where ${sql.join(filters, sql` and `)}
        group by t.user_id`,
  )) as unknown as { rows: { user_id: string; turnover: string; last_at: string | Date }[] };
  return result.rows
    .map((r) => ({ userId: Number(r.user_id), turnover: Number(r.turnover), lastAt: new Date(r.last_at) }))
    .filter((r) => r.turnover > 0);
}
