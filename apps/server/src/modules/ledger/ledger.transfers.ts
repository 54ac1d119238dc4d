import { TxType } from '@aposta/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** One transfer between players as the ledger holds it (minor units). */
export interface TransferLine {
  txId: number;
  time: Date;
  senderId: number;
  receiverId: number;
  amount: number;
  currency: string;
  ref: string | null;
  /** The reversing transaction's id, null when not reversed. */
  reversedBy: number | null;
}

export interface TransferLineQuery {
  senderId?: number;
  receiverId?: number;
  /** Minor units, inclusive. */
  minAmount?: number;
  maxAmount?: number;
  /** Inclusive from, exclusive to. */
  from?: Date;
  to?: Date;
  sort: 'time' | 'amount';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * Transfers between players, a page at a time, for the back office. A transfer's transaction names the
 * sender (`user_id`) and receiver (`counter_user_id`); its amount is what the receiver's account got.
 */
export async function transferLines(
  exec: Executor,
  q: TransferLineQuery,
): Promise<{ lines: TransferLine[]; total: number }> {
  const filters: SQL[] = [sql`t.type = ${TxType.TRANSFER}::int`];
  if (q.senderId !== undefined) filters.push(sql`t.user_id = ${q.senderId}`);
  if (q.receiverId !== undefined) filters.push(sql`t.counter_user_id = ${q.receiverId}`);
  if (q.from) filters.push(sql`t.created_at >= ${q.from.toISOString()}::timestamptz`);
  if (q.to) filters.push(sql`t.created_at < ${q.to.toISOString()}::timestamptz`);
  const amounts: SQL[] = [];
  if (q.minAmount !== undefined) amounts.push(sql`x.amount >= ${q.minAmount}`);
  if (q.maxAmount !== undefined) amounts.push(sql`x.amount <= ${q.maxAmount}`);
  const body = sql`
    from (
      select t.id, t.created_at, t.user_id, t.counter_user_id, t.ref,
        (select sum(p.amount) from ledger_postings p where p.tx_id = t.id and p.amount > 0) as amount,
        (select min(p.currency) from ledger_postings p where p.tx_id = t.id) as currency,
        (select r.id from ledger_transactions r where r.reverses_id = t.id) as reversed_by
      from ledger_transactions t
      where ${sql.join(filters, sql` and `)}
    ) x
    where ${amounts.length ? sql.join(amounts, sql` and `) : sql`true`}`;
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const column = q.sort === 'amount' ? sql`x.amount` : sql`x.id`;
  const [list, counted] = await Promise.all([
    exec.execute(sql`select x.* ${body} order by ${column} ${direction}, x.id ${direction}
      limit ${q.limit} offset ${q.offset}`),
    exec.execute(sql`select count(*)::int as n ${body}`),
  ]);
  const rows = (list as unknown as { rows: Record<string, unknown>[] }).rows;
  const [total] = (counted as unknown as { rows: { n: number }[] }).rows;
  return {
    lines: rows.map((r) => ({
      txId: Number(r.id),
      time: new Date(r.created_at as string),
      senderId: Number(r.user_id),
      receiverId: Number(r.counter_user_id),
      amount: Number(r.amount),
      currency: String(r.currency),
      ref: (r.ref as string | null) ?? null,
      reversedBy: r.reversed_by == null ? null : Number(r.reversed_by),
    })),
    total: Number(total?.n ?? 0),
  };
}
