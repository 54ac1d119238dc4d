import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** One posting on a player's account, with the account's posted balance right after it (minor units). */
export interface AccountLine {
  txId: number;
  time: Date;
  book: string;
  kind: string;
  currency: string;
  type: number;
  ref: string | null;
  amount: number;
  balanceAfter: number;
}

/**
 * A player's postings, every account of theirs, a page at a time (the back office's ledger history). The
 * balance after each posting is the running sum of the account's postings (a player account's balance is
 * exactly that sum); an open hold is not a posting and shows only once it is settled or voided.
 */
export async function accountLines(
  exec: Executor,
  q: { userId: number; limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ lines: AccountLine[]; total: number }> {
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const [list, counted] = await Promise.all([
    exec.execute(sql`
      select * from (
        select p.tx_id, t.created_at, a.book, a.kind, a.currency, t.type, t.ref, p.amount,
          sum(p.amount) over (partition by p.account_id order by p.tx_id) as balance_after
        from ledger_accounts a
        join ledger_postings p on p.account_id = a.id
        join ledger_transactions t on t.id = p.tx_id
        where a.user_id = ${q.userId}
      ) l
      order by l.tx_id ${direction}, l.kind
      limit ${q.limit} offset ${q.offset}`),
    exec.execute(sql`
      select count(*)::int as n from ledger_accounts a join ledger_postings p on p.account_id = a.id
      where a.user_id = ${q.userId}`),
  ]);
  const rows = (list as unknown as { rows: Record<string, unknown>[] }).rows;
  const [total] = (counted as unknown as { rows: { n: number }[] }).rows;
  return {
    lines: rows.map((r) => ({
      txId: Number(r.tx_id),
      time: new Date(r.created_at as string),
      book: String(r.book),
      kind: String(r.kind),
      currency: String(r.currency),
      type: Number(r.type),
      ref: (r.ref as string | null) ?? null,
      amount: Number(r.amount),
      balanceAfter: Number(r.balance_after),
    })),
    total: Number(total?.n ?? 0),
  };
}
