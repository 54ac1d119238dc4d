import { OrderStatus, RecordType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { keyedTransactions } from '../ledger';

export interface PaidDeposit {
  userId: number;
  orderId: string;
  /** Cash credited, minor units. */
  amount: number;
  /** When the ledger credited it. */
  at: Date;
  /**
   * A confirmed deposit, the one rule every reward uses: the provider has not refunded or charged it back
   * (flag `chargedBack`) and its ledger credit `deposit:<orderId>` stands (not reversed, or the reversal
   * reversed in turn).
   */
  confirmed: boolean;
}

/**
 * These players' credited deposits, oldest credit first, each saying whether it is confirmed. Unconfirmed
 * ones are kept so a caller can tell "the first deposit ever" from "the first that still counts".
 */
export async function paidDeposits(exec: Executor, userIds: number[]): Promise<PaidDeposit[]> {
  if (userIds.length === 0) return [];
  const list = `{${userIds.map((id) => Math.trunc(id)).join(',')}}`;
  const orders = (await exec.execute(
    sql`select user_id, order_id, amount, flag from payment_orders
        where type = ${RecordType.DEPOSIT} and status = ${OrderStatus.PAID} and user_id = any(${list}::int[])`,
  )) as unknown as { rows: { user_id: number; order_id: string; amount: string; flag: string | null }[] };
  const credits = await keyedTransactions(
    exec,
    orders.rows.map((r) => `deposit:${r.order_id}`),
  );
  const out: (PaidDeposit & { txId: number })[] = [];
  for (const r of orders.rows) {
    const credit = credits.get(`deposit:${r.order_id}`);
    if (!credit) continue;
    out.push({
      userId: Number(r.user_id),
      orderId: r.order_id,
      amount: Number(r.amount),
      at: credit.at,
      confirmed: credit.standing && r.flag !== 'chargedBack',
      txId: credit.txId,
    });
  }
  return out.sort((a, b) => a.txId - b.txId).map(({ txId: _, ...d }) => d);
}
