import crypto from 'node:crypto';
import {
  ErrorCode,
  maskCpf,
  OrderStatus,
  RecordType,
  stripDocument,
  type PaymentRecord,
} from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
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
  | 'payerMismatch'
  | 'overLimit'
  | 'returned'
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

/** Which order a transition is about: by order id, or by row id and type (the operator's calls). */
export type OrderTarget = { orderId: string } | { id: number; type: number };

/**
 * Sets an order's status when it is still in one of `from` (and `also` holds) and records the event, in one
 * statement: an update and the event's insert as data-modifying CTEs, atomic on their own, so a caller
 * needs no transaction for a change of state alone. Answers the updated row, or undefined (nothing changed).
 * The update locks the row until the caller's transaction ends.
 */
export async function transition(
  exec: Executor,
  target: OrderTarget,
  from: readonly OrderStatus[],
  to: OrderStatus,
  event: OrderEvent,
  extra: Partial<Pick<OrderRow, 'providerRef' | 'flag' | 'holdId'>> = {},
  note = '',
  also?: SQL,
): Promise<OrderRow | undefined> {
  const which =
    'orderId' in target
      ? eq(paymentOrders.orderId, target.orderId)
      : and(eq(paymentOrders.id, target.id), eq(paymentOrders.type, target.type));
  const updated = exec.$with('updated').as(
    exec
      .update(paymentOrders)
      .set({ status: to, updatedAt: new Date(), ...extra })
      .where(and(which, inArray(paymentOrders.status, [...from]), also))
      .returning(),
  );
  const [row] = await exec
    .with(updated, logged(exec, updated, event, note))
    .select()
    .from(updated);
  return row;
}

/** Inserts a new order and its first event in one statement; answers the row and the event. */
export async function createOrder(
  exec: Executor,
  values: typeof paymentOrders.$inferInsert,
  event: OrderEvent,
  note = '',
): Promise<{ row: OrderRow; event: OrderEventRow }> {
  const created = exec.$with('created').as(exec.insert(paymentOrders).values(values).returning());
  const [row] = await exec
    .with(created, logged(exec, created, event, note))
    .select()
    .from(created);
  // The event's time is the transaction's `now()`, as the order's own timestamps.
  return {
    row: row!,
    event: {
      id: 0,
      orderId: row!.orderId,
      status: row!.status,
      event,
      note: note.slice(0, 500),
      at: row!.createdAt,
    },
  };
}

/** The event insert that follows a changed order row (a CTE over the update or insert `rows`). */
function logged<A extends string>(
  exec: Executor,
  rows: WithSubqueryWithSelection<typeof paymentOrders._.columns, A>,
  event: OrderEvent,
  note: string,
) {
  return exec.$with('logged').as(
    exec
      .insert(paymentOrderEvents)
      .select(
        exec
          .select({
            id: sql<number>`nextval('payment_order_events_id_seq')`.as('id'),
            orderId: rows.orderId,
            status: rows.status,
            event: sql<string>`${event}::text`.as('event'),
            note: sql<string>`${note.slice(0, 500)}::text`.as('note'),
            at: sql<Date>`now()`.as('at'),
          })
          .from(rows),
      )
      .returning({ id: paymentOrderEvents.id }),
  );
}

export async function record(tx: Executor, orderId: string, status: string, event: OrderEvent, note = '') {
  await tx.insert(paymentOrderEvents).values({ orderId, status, event, note: note.slice(0, 500) });
}

export type OrderEventRow = typeof paymentOrderEvents.$inferSelect;

/** An order's events, oldest first. */
export function eventsOf(exec: Executor, orderId: string): Promise<OrderEventRow[]> {
  return exec
    .select()
    .from(paymentOrderEvents)
    .where(eq(paymentOrderEvents.orderId, orderId))
    .orderBy(asc(paymentOrderEvents.id));
}

/** A deposit's states while its PIX can still be paid (until it expires). */
export const AWAITING_PIX: readonly OrderStatus[] = [
  OrderStatus.PENDING,
  OrderStatus.PAYING,
  OrderStatus.PAYING_ALT,
];

/** Fraction of a USDT in micro-units as a number with 6 decimals (display only). */
const usdt = (micro: number | null) => (micro === null ? null : micro / 1_000_000);

/**
 * A payout key as shown: a CPF by the one CPF rule (`***.982.247-**`, as the players' screens show it: a mask
 * of other digits would complete it), any other key (e-mail, phone, random) with its middle hidden.
 */
export function maskKey(key: string | null): string | null {
  if (!key) return key;
  if (/^\d{11}$/.test(stripDocument(key))) return maskCpf(key);
  return key.length <= 6 ? key : `${key.slice(0, 3)}${'*'.repeat(key.length - 6)}${key.slice(-3)}`;
}

/**
 * An order as its player sees it, or (`operator`) as the back office does. The player's events carry fixed
 * reason codes only: an operator's rejection reason is free text for the back office (it may name other
 * accounts or fraud signals), kept in the event and the audit log, never sent to the player.
 */
export function toRecord(
  row: OrderRow,
  events: OrderEventRow[],
  viewer: 'player' | 'operator' = 'player',
  now = new Date(),
): PaymentRecord {
  const deposit = row.type === RecordType.DEPOSIT;
  const payable =
    deposit &&
    AWAITING_PIX.includes(row.status as OrderStatus) &&
    row.payUrl !== null &&
    row.expiresAt !== null &&
    row.expiresAt > now;
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
    payUrl: payable ? row.payUrl : null,
    expiresAt: payable ? row.expiresAt!.toISOString() : null,
    events: events.map((e) => ({
      status: e.status as OrderStatus,
      event: e.event,
      note: viewer === 'player' && e.event === 'rejected' ? '' : e.note,
      at: e.at.toISOString(),
    })),
  };
}

/** Orders matching `where`, newest first, each with its events. */
export async function listOrders(
  exec: Executor,
  where: SQL | undefined,
  limit: number,
  offset = 0,
  order: SQL[] = [desc(paymentOrders.id)],
) {
  const rows = await exec
    .select()
    .from(paymentOrders)
    .where(where)
    .orderBy(...order)
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
