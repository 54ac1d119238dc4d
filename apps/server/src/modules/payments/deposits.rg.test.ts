import { ErrorCode, OrderStatus, RecordType, RG_PATH, rgLimits } from '@aposta/contracts';
import { formatMoney } from '@aposta/money';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanLedgerThenClose } from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import { paymentOrderEvents, paymentOrders } from './payments.tables';
import { paymentsClient, paymentsTestApp, type Player, type TestApp } from './payments.test-client';

/**
 * A deposit's responsible-gambling rules through the real routes: the deposit limits count the player's open
 * orders (made, not yet paid) as well as the credited deposits, one order at a time per player; a deposit paid
 * after the player cooled off or self-excluded is credited, its gift is not.
 */
let t: TestApp;
let c: ReturnType<typeof paymentsClient>;

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

/** Package 4: R$ 100 with a R$ 5 gift. */
const PKG = 4;
const LIMIT_MESSAGE = `Este depósito passaria do seu limite diário de depósitos (${formatMoney(15_000, 'BRL')}). Depósito recusado.`;

const limits = (p: Player, body?: object) =>
  body ? c.call('PUT', `${RG_PATH}/limits`, p.token, body) : c.call('GET', `${RG_PATH}/limits`, p.token);

async function limitedTo150(): Promise<Player> {
  const p = await c.signUp();
  const res = await limits(p, { deposit: { day: 150 } });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

const ordersOf = (userId: number) =>
  t.database.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.type, RecordType.DEPOSIT)));

function expectLimit(res: { statusCode: number; body: string; json(): { status: number; message: string } }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().status).toBe(ErrorCode.LIMIT_REACHED);
  expect(res.json().message).toBe(LIMIT_MESSAGE);
}

const page = (order: { url: string }) => new URL(order.url).pathname;

describe('deposit limits count the open orders', () => {
  it('limit R$ 150: of three R$ 100 orders made before paying any, the second and third are refused', async () => {
    const p = await limitedTo150();
    const first = await c.prePay(p, PKG);
    expect(first.statusCode, first.body).toBe(200);
    expectLimit(await c.prePay(p, PKG));
    expectLimit(await c.prePay(p, PKG));
    // The refused ones made nothing.
    expect(await ordersOf(p.userId)).toHaveLength(1);

    // A cancelled order no longer counts: another may be made.
    const cancel = await c.call('POST', `${page(first.json().data)}/cancel`);
    expect(cancel.json().data.webhook.statusCode).toBe(200);
    const second = await c.prePay(p, PKG);
    expect(second.statusCode, second.body).toBe(200);
    expectLimit(await c.prePay(p, PKG));

    // Nor does an open order past its time (its charge can no longer be paid).
    await t.database.db
      .update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentOrders.orderId, second.json().data.orderId));
    const third = await c.prePay(p, PKG);
    expect(third.statusCode, third.body).toBe(200);

    // Once paid, it counts as credited (in the crediting transaction): the next order is still refused.
    const pay = await c.call('POST', `${page(third.json().data)}/pay`);
    expect(pay.json().data.webhook.statusCode).toBe(200);
    expect(rgLimits.parse((await limits(p)).json().data).deposit.day.used).toBe(100);
    expectLimit(await c.prePay(p, PKG));
    const statuses = (await ordersOf(p.userId)).map((o) => o.status).sort();
    expect(statuses).toEqual([OrderStatus.PENDING, OrderStatus.CANCELLED, OrderStatus.PAID].sort());
  });

  it('orders made at once cannot pass the limit together: exactly one of four is made', async () => {
    const p = await limitedTo150();
    const answers = await Promise.all([1, 2, 3, 4].map(() => c.prePay(p, PKG)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403]);
    for (const res of answers.filter((r) => r.statusCode === 403)) expectLimit(res);
    expect(await ordersOf(p.userId)).toHaveLength(1);
  });

  it('a repeated Idempotency-Key answers the first answer: its own open order is not counted twice', async () => {
    const p = await limitedTo150();
    const first = await c.prePay(p, PKG, undefined, 'limit-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    const again = await c.prePay(p, PKG, undefined, 'limit-key-0001');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expectLimit(await c.prePay(p, PKG, undefined, 'limit-key-0002'));
    expect(await ordersOf(p.userId)).toHaveLength(1);
  });

  it('with no limit, open orders are no obstacle', async () => {
    const p = await c.signUp();
    for (let i = 0; i < 3; i++) expect((await c.prePay(p, PKG)).statusCode).toBe(200);
    expect(await ordersOf(p.userId)).toHaveLength(3);
  });
});

describe('a credited deposit counts at once', () => {
  it('with the outbox relay stalled: the order paid is used, the next one refused', async () => {
    // A node of its own whose relay delivers nothing: what a deposit counts must not wait for it.
    const stalled = await paymentsTestApp({ OUTBOX_RELAY: 'paused' });
    try {
      const s = paymentsClient(stalled);
      const p = await s.signUp();
      expect((await s.call('PUT', `${RG_PATH}/limits`, p.token, { deposit: { day: 150 } })).statusCode).toBe(
        200,
      );
      const order = await s.prePay(p, PKG);
      expect(order.statusCode, order.body).toBe(200);
      const pay = await s.call('POST', `${page(order.json().data)}/pay`);
      expect(pay.json().data.webhook.statusCode).toBe(200);
      const used = await s.call('GET', `${RG_PATH}/limits`, p.token);
      expect(rgLimits.parse(used.json().data).deposit.day.used).toBe(100);
      expectLimit(await s.prePay(p, PKG));
    } finally {
      await stalled.close();
    }
  });
});

describe('a deposit paid after the player lowered a deposit limit', () => {
  it('is not credited but returned to the payer: the lowered limit took effect at once', async () => {
    const p = await c.signUp();
    const pre = await c.prePay(p, PKG);
    expect(pre.statusCode, pre.body).toBe(200);
    const order = pre.json().data as { orderId: string; url: string };
    // With the order open, a limit below it (a limit lowered takes effect at once).
    expect((await limits(p, { deposit: { day: 50 } })).statusCode).toBe(200);

    const pay = await c.call('POST', `${page(order)}/pay`);
    expect(pay.json().data.webhook.statusCode).toBe(200);
    const accounts = await playerAccounts(t.database.db, p.userId);
    expect(accounts.find((a) => a.kind === 'cash')?.balance ?? 0).toBe(0);
    expect(accounts.find((a) => a.kind === 'bonus')?.balance ?? 0).toBe(0);
    expect(rgLimits.parse((await limits(p)).json().data).deposit.day.used).toBe(0);
    const [owed] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.orderId));
    expect(owed).toMatchObject({ status: OrderStatus.FAILED, flag: 'overLimit' });

    // The provider's refund gives it back, once; a second run or a late paid notice moves nothing.
    expect(await t.app.payments.deposits.returnForeign({ orderId: order.orderId })).toBe('returned');
    expect(await t.app.payments.deposits.returnForeign({ orderId: order.orderId })).toBe('unchanged');
    const [returned] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.orderId));
    expect(returned).toMatchObject({ status: OrderStatus.FAILED, flag: 'returned' });
    const events = await t.database.db
      .select()
      .from(paymentOrderEvents)
      .where(eq(paymentOrderEvents.orderId, order.orderId));
    expect(events.map((e) => e.event)).toEqual(['created', 'overLimit', 'returned']);
    expect((await playerAccounts(t.database.db, p.userId)).find((a) => a.kind === 'cash')?.balance ?? 0).toBe(
      0,
    );
  });
});

describe('a deposit paid after an exclusion', () => {
  it('is credited (the money was paid), its gift is not: the order’s gift becomes 0, with a note', async () => {
    const p = await c.signUp();
    const pre = await c.prePay(p, PKG, { gift: 1, pkgId: PKG, isapp: 0 });
    expect(pre.statusCode, pre.body).toBe(200);
    const order = pre.json().data as { orderId: string; url: string };
    const [made] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.orderId));
    expect(made!.gift).toBe(500);

    const off = await c.call('POST', `${RG_PATH}/exclusion`, p.token, { kind: 'cooloff', days: 1 });
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.app.rg.promotionsAllowed(p.userId)).toBe(false);

    const pay = await c.call('POST', `${page(order)}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().data.webhook.statusCode).toBe(200);

    const accounts = await playerAccounts(t.database.db, p.userId);
    expect(accounts.find((a) => a.kind === 'cash')?.balance ?? 0).toBe(10_000);
    expect(accounts.find((a) => a.kind === 'bonus')?.balance ?? 0).toBe(0);
    const [paid] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.orderId));
    expect(paid).toMatchObject({ status: OrderStatus.PAID, gift: 0, amount: 10_000 });
    const events = await t.database.db
      .select()
      .from(paymentOrderEvents)
      .where(eq(paymentOrderEvents.orderId, order.orderId));
    expect(events.find((e) => e.event === 'paid')?.note).toBe('gift withheld: promotions not allowed');
    // The credit's event tells the other modules no gift came with it.
    const { rows } = (await t.database.db.execute(
      sql`select payload from outbox_events where topic = 'payment.credited' and payload->>'orderId' = ${order.orderId}`,
    )) as unknown as { rows: { payload: { gift: number; amount: number } }[] };
    expect(rows.map((r) => r.payload)).toEqual([expect.objectContaining({ amount: 10_000, gift: 0 })]);
  });
});
