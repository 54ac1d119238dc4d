import crypto from 'node:crypto';
import { ErrorCode, RecordType, type OrderStatus, type PaymentRecord } from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { paymentOrderEvents, paymentOrders } from './payments.tables';

/** What changes an order's state: the event names the records and the operator see. */
export type OrderEvent =
  | 'created'
  | 'paid'
  | 'expired'
  | 'cancelled'
  | 'failed'
  | 'processing'
  | 'amountMismatch'
  | 'chargedBack'
  | 'requested'
  | 'approved'
  | 'payoutFailed'
  | 'payoutError'
  | 'rejected';

export type OrderRow = typeof paymentOrders.$inferSelect;

/** D (deposit) or W (withdrawal), the UTC time to the second, 8 random digits: 23 letters and digits. */
export function newOrderId(prefix: 'D' | 'W', now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(crypto.randomInt(100_000_000)).padStart(8, '0')}`;
}

/** The player's order of one type made under an Idempotency-Key, if any. */
export async function orderByKey(exec: Executor, userId: number, type: number, key: string) {
  const [row] = await exec
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.type, type),
        eq(paymentOrders.idempotencyKey, key),
      ),
    );
  return row;
}

/**
 * A repeated Idempotency-Key: `answer` of the order it first made, or 409 when the request differs (hashes
 * by the ledger's `requestHash`).
 */
export function repeated<T>(row: OrderRow, hash: string, answer: (row: OrderRow) => T): T {
  if (row.requestHash !== hash) throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'idempotencyConflict');
  return answer(row);
}

/** Sets an order's status (when it is still in one of `from`) and records the event; false if it was not. */
export async function transition(
  tx: Executor,
  order: { orderId: string },
  from: readonly OrderStatus[],
  to: OrderStatus,
  event: OrderEvent,
  extra: Partial<Pick<OrderRow, 'providerRef' | 'flag' | 'holdId'>> = {},
  note = '',
): Promise<boolean> {
  const changed = await tx
    .update(paymentOrders)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(paymentOrders.orderId, order.orderId), inArray(paymentOrders.status, [...from])))
    .returning({ id: paymentOrders.id });
  if (!changed.length) return false;
  await record(tx, order.orderId, to, event, note);
  return true;
}

export async function record(tx: Executor, orderId: string, status: string, event: OrderEvent, note = '') {
  await tx.insert(paymentOrderEvents).values({ orderId, status, event, note: note.slice(0, 500) });
}

/** Fraction of a USDT in micro-units as a number with 6 decimals (display only). */
const usdt = (micro: number | null) => (micro === null ? null : micro / 1_000_000);

/** A payout key with its middle hidden ("52998224725" becomes "529*****725"). */
export function maskKey(key: string | null): string | null {
  if (!key) return key;
  return key.length <= 6 ? key : `${key.slice(0, 3)}${'*'.repeat(key.length - 6)}${key.slice(-3)}`;
}

export function toRecord(
  row: OrderRow,
  events: Array<typeof paymentOrderEvents.$inferSelect>,
): PaymentRecord {
  const deposit = row.type === RecordType.DEPOSIT;
  return {
    orderId: row.orderId,
    type: deposit ? RecordType.DEPOSIT : RecordType.WITHDRAWAL,
    status: row.status as OrderStatus,
    amount: toMajor(row.amount),
    gift: toMajor(row.gift),
    fee: toMajor(row.fee),
    netAmount: toMajor(row.amount - row.fee),
    usdtAmount: usdt(row.usdtMicro),
    payCardBank: row.payCardBank,
    payCardNo: maskKey(row.payCardNo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    events: events.map((e) => ({
      status: e.status as OrderStatus,
      event: e.event,
      note: e.note,
      at: e.at.toISOString(),
    })),
  };
}

/** Orders matching `where`, newest first, each with its events. */
export async function listOrders(exec: Executor, where: SQL | undefined, limit: number, offset = 0) {
  const rows = await exec
    .select()
    .from(paymentOrders)
    .where(where)
    .orderBy(desc(paymentOrders.id))
    .limit(limit)
    .offset(offset);
  const events = rows.length
    ? await exec
        .select()
        .from(paymentOrderEvents)
        .where(
          inArray(
            paymentOrderEvents.orderId,
            rows.map((r) => r.orderId),
          ),
        )
        .orderBy(asc(paymentOrderEvents.id))
    : [];
  return rows.map((row) => ({ row, events: events.filter((e) => e.orderId === row.orderId) }));
}

/** A player's own deposit and withdrawal orders, newest first, with every state they went through. */
export async function playerRecords(
  exec: Executor,
  userId: number,
  query: { type?: number; page: number; size: number },
): Promise<{ list: PaymentRecord[]; total: number }> {
  const where = and(
    eq(paymentOrders.userId, userId),
    query.type ? eq(paymentOrders.type, query.type) : undefined,
  );
  const items = await listOrders(exec, where, query.size, (query.page - 1) * query.size);
  const [total] = await exec.select({ n: count() }).from(paymentOrders).where(where);
  return { list: items.map(({ row, events }) => toRecord(row, events)), total: total?.n ?? 0 };
}
