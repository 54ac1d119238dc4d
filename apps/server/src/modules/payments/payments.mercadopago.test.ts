import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose } from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import { paymentOrders } from './payments.tables';
import { paymentsClient, type TestApp } from './payments.test-client';

/**
 * The whole deposit path with PIX_PROVIDER=mercadopago: the app's own wiring, with only the HTTP boundary
 * (global fetch) answering from the recorded exchanges in providers/fixtures/mercadopago.
 */

const SECRET = 'mp-webhook-secret-from-the-dashboard';
const read = (name: string) =>
  JSON.parse(
    fs.readFileSync(new URL(`./providers/fixtures/mercadopago/${name}.json`, import.meta.url), 'utf8'),
  ) as { response: { status: number; body: unknown } };

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;
const calls: Array<{ method: string; url: string; idempotencyKey?: string }> = [];
let providerDown = false;

const answers: Record<string, ReturnType<typeof read>> = {
  'POST /v1/payments': read('create-pix-payment'),
  'GET /v1/payments/131313131313': read('get-payment-approved'),
};

beforeAll(async () => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const { pathname, origin } = new URL(url);
    expect(origin).toBe('https://api.mercadopago.com');
    const headers = init.headers as Record<string, string>;
    calls.push({ method: init.method!, url: pathname, idempotencyKey: headers['X-Idempotency-Key'] });
    if (providerDown) return new Response('{"message":"internal_error"}', { status: 500 });
    const answer = answers[`${init.method} ${pathname}`];
    if (!answer) return new Response('{"message":"not found"}', { status: 404 });
    return new Response(JSON.stringify(answer.response.body), { status: answer.response.status });
  });
  t = await createTestApp({
    PIX_PROVIDER: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: 'TEST-access-token',
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
  });
  c = paymentsClient(t);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await expectCleanLedgerThenClose(t.database, t.close);
});

/** A notification as Mercado Pago sends it, signed now with the application's secret. */
function notify(
  dataId: string,
  requestId = crypto.randomUUID(),
  secret = SECRET,
  { ts = String(Math.floor(Date.now() / 1000)), bodyId }: { ts?: string; bodyId?: number } = {},
) {
  const v1 = crypto
    .createHmac('sha256', secret)
    .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhook/mercadopago?data.id=${dataId}&type=payment`,
    headers: {
      'content-type': 'application/json',
      'x-signature': `ts=${ts},v1=${v1}`,
      'x-request-id': requestId,
    },
    payload: JSON.stringify({
      id: bodyId ?? Number(requestId.replace(/\D/g, '').slice(0, 12)),
      type: 'payment',
      action: 'payment.updated',
      data: { id: dataId },
    }),
  });
}

describe('deposit through Mercado Pago (recorded answers)', () => {
  it('creates the charge, opens its ticket page, credits once on the signed notification', async () => {
    const p = await c.signUp();
    const pre = await c.prePay(p);
    expect(pre.statusCode, pre.body).toBe(200);
    const order = pre.json().data;
    expect(order.payNo).toBe('131313131313');
    expect(order.url).toMatch(/^https:\/\/www\.mercadopago\.com\.br\/payments\/131313131313\/ticket/);
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/v1/payments',
      idempotencyKey: `deposit:${order.orderId}`,
    });

    expect((await notify('131313131313', crypto.randomUUID(), 'a-forged-secret')).statusCode).toBe(401);
    const ok = await notify('131313131313');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/v1/payments/131313131313' });
    expect((await c.status(p, order.orderId)).json().data.status).toBe('10');
    // payment.created and payment.updated both arrive: the second changes nothing.
    expect((await notify('131313131313')).json().data.outcome).toBe('alreadyPaid');
    const cash = (await playerAccounts(t.database.db, p.userId)).find((a) => a.kind === 'cash');
    expect(cash?.balance).toBe(10_000);
  });

  it('a chargeback of a credited deposit flags the order for the operator and moves no money', async () => {
    // The recorded charge id is the first test's: free it, so this test's order gets it.
    await t.database.db.execute(
      sql`update payment_orders set provider_ref = null where provider_ref = '131313131313'`,
    );
    const p = await c.signUp();
    const order = (await c.prePay(p)).json().data;
    expect((await notify('131313131313')).json().data.outcome).toBe('credited');
    const cashOf = async () =>
      (await playerAccounts(t.database.db, p.userId)).find((a) => a.kind === 'cash')?.balance;
    const before = await cashOf();
    const saved = answers['GET /v1/payments/131313131313']!;
    answers['GET /v1/payments/131313131313'] = read('get-payment-charged-back');
    try {
      const res = await notify('131313131313');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.outcome).toBe('chargedBack');
      // Mercado Pago notifies again: flagged once.
      expect((await notify('131313131313')).json().data.outcome).toBe('unchanged');
    } finally {
      answers['GET /v1/payments/131313131313'] = saved;
    }
    expect(await cashOf()).toBe(before);
    const [row] = await t.database.db
      .select({ status: paymentOrders.status, flag: paymentOrders.flag })
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.orderId));
    expect(row).toEqual({ status: '10', flag: 'chargedBack' });
    const records = (await c.call('GET', '/api/app/order/records', p.token)).json().data;
    const events = records.list[0].events.map((e: { event: string }) => e.event);
    expect(events.filter((e: string) => e === 'chargedBack')).toHaveLength(1);
  });

  it('a notification re-sent with another unsigned body id is a replay', async () => {
    const requestId = crypto.randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const first = await notify('131313131313', requestId, SECRET, { ts, bodyId: 1 });
    expect(first.statusCode, first.body).not.toBe(409);
    const again = await notify('131313131313', requestId, SECRET, { ts, bodyId: 2 });
    expect(again.statusCode).toBe(409);
  });

  it('answers 503 when the charge cannot be created, and the order shows as failed', async () => {
    const p = await c.signUp();
    providerDown = true;
    try {
      const res = await c.prePay(p);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'O provedor de pagamento está indisponível, tente novamente mais tarde',
      );
    } finally {
      providerDown = false;
    }
    const records = (await c.call('GET', '/api/app/order/records', p.token)).json().data;
    expect(records.list.map((r: { status: string }) => r.status)).toEqual(['-01']);
    expect(records.list[0].events.map((e: { event: string }) => e.event)).toEqual(['created', 'failed']);
    // The player sees a reason code; the provider's error text stays in the server log.
    expect(records.list[0].events[1].note).toBe('provider_error');
  });

  it('keeps an expired order open while Mercado Pago cannot be asked about it, for a day', async () => {
    const p = await c.signUp();
    // A charge of its own (the recorded one is the first test's, paid).
    const created = read('create-pix-payment');
    const body = created.response.body as { id: number };
    answers['POST /v1/payments'] = { response: { ...created.response, body: { ...body, id: 242424242424 } } };
    const pre = await c.prePay(p);
    answers['POST /v1/payments'] = created;
    expect(pre.statusCode, pre.body).toBe(200);
    const order = pre.json().data as { orderId: string };
    const expireAt = async (hoursAgo: number) =>
      t.database.db
        .update(paymentOrders)
        .set({ expiresAt: new Date(Date.now() - hoursAgo * 3_600_000) })
        .where(eq(paymentOrders.orderId, order.orderId));
    const statusOf = async () =>
      (await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, order.orderId)))[0]!
        .status;
    const open = await statusOf();
    providerDown = true;
    try {
      // Its payment may have been made and its notification lost: closing it unasked would lose the credit.
      await expireAt(1);
      await t.app.payments.deposits.expireDue();
      expect(await statusOf()).toBe(open);
      // A day on, still unanswered: closed (a late notification still credits it).
      await expireAt(25);
      await t.app.payments.deposits.expireDue();
      expect(await statusOf()).not.toBe(open);
    } finally {
      providerDown = false;
    }
  });

  it('answers 503 (the provider will retry) when Mercado Pago cannot say what happened', async () => {
    const res = await notify('999999999');
    expect(res.statusCode).toBe(503);
  });
});
