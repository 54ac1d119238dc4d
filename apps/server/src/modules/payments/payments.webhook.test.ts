import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerAccounts } from '../ledger';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook, type SandboxWebhookBody } from './providers/sandbox';
import {
  paymentsClient,
  paymentsTestApp,
  SANDBOX_SECRET,
  type Player,
  type TestApp,
} from './payments.test-client';
import { expectCleanLedgerThenClose } from '../../../test/helpers';

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
});
// Every test's money movements, checked once all have run (so running one test alone checks it too).
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const cashOf = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')?.balance ?? 0;

/** A sandbox notification for an order, signed with `secret` at `unixSeconds`. */
function hook(
  order: { orderId: string; payNo: string },
  over: {
    amount?: number;
    status?: 'paid' | 'cancelled' | 'reversed';
    id?: string;
    secret?: string;
    at?: number;
  } = {},
) {
  const created = over.at ?? Math.floor(Date.now() / 1000);
  const body: SandboxWebhookBody = {
    id: over.id ?? `evt_${crypto.randomBytes(12).toString('hex')}`,
    type: `charge.${over.status ?? 'paid'}`,
    created,
    data: {
      chargeId: order.payNo,
      orderId: order.orderId,
      amount: over.amount ?? 10_000,
      status: over.status ?? 'paid',
    },
  };
  const rawBody = JSON.stringify(body);
  return {
    rawBody,
    send: (raw = rawBody, signature = signSandboxWebhook(over.secret ?? SANDBOX_SECRET, rawBody, created)) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: raw,
      }),
  };
}

describe('sandbox webhooks under attack', () => {
  let p: Player;
  let order: { orderId: string; payNo: string; url: string };

  beforeAll(async () => {
    p = await c.signUp();
    order = (await c.prePay(p)).json().data;
  });

  it('refuses a forged, an unsigned, a tampered and a stale notification, crediting nothing', async () => {
    const forged = await hook(order, { secret: 'not-the-sandbox-secret-at-all' }).send();
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Assinatura da notificação inválida');
    const h = hook(order);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: h.rawBody,
    });
    expect(unsigned.statusCode).toBe(401);
    const tampered = await h.send(h.rawBody.replace('"amount":10000', '"amount":10001'));
    expect(tampered.statusCode).toBe(401);
    const stale = await hook(order, { at: Math.floor(Date.now() / 1000) - 6 * 60 }).send();
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('Notificação expirada');
    const junk = 'this is not json';
    const malformed = await h.send(
      junk,
      signSandboxWebhook(SANDBOX_SECRET, junk, Math.floor(Date.now() / 1000)),
    );
    expect(malformed.statusCode).toBe(400);
    // Signed, but with U+0000 (which PostgreSQL text cannot hold) in its event id: refused, not a 500.
    const nul = await hook(order, { id: 'evt_\u0000x' }).send();
    expect(nul.statusCode).toBe(400);
    expect((await c.status(p, order.orderId)).json().data.status).toBe('00');
    expect(await cashOf(p.userId)).toBe(0);
  });

  it('refuses and flags a payment whose amount differs from the order', async () => {
    const res = await hook(order, { amount: 1_000 }).send();
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('O valor pago é diferente do valor do pedido');
    expect((await c.status(p, order.orderId)).json().data.status).toBe('00');
    expect(await cashOf(p.userId)).toBe(0);
    const records = (await c.call('GET', '/api/app/order/records?type=10', p.token)).json().data;
    const mine = records.list.find((r: { orderId: string }) => r.orderId === order.orderId);
    expect(mine.events.map((e: { event: string }) => e.event)).toContain('amountMismatch');
  });

  it('credits once when the same notification arrives ten times at once; replays are refused', async () => {
    const h = hook(order);
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.send()));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Notificação já recebida');
    expect(await cashOf(p.userId)).toBe(10_000);
    expect((await c.status(p, order.orderId)).json().data.status).toBe('10');
    expect((await h.send()).statusCode).toBe(409);
    // Another notification of the same payment (new event id) changes nothing.
    const again = await hook(order).send();
    expect(again.statusCode).toBe(200);
    expect(again.json().data.outcome).toBe('alreadyPaid');
    expect(await cashOf(p.userId)).toBe(10_000);
  });

  it("never pays an order with another order's charge, nor with a charge unknown to it", async () => {
    const b = await c.signUp();
    const pending = (await c.prePay(b)).json().data;
    // The first order's charge (paid above), naming the second order.
    const crossed = await hook({ orderId: pending.orderId, payNo: order.payNo }).send();
    expect(crossed.statusCode, crossed.body).toBe(200);
    expect(crossed.json().data.outcome).toBe('alreadyPaid');
    // A charge no order has, naming the second order (which has a charge of its own).
    const unknown = await hook({ orderId: pending.orderId, payNo: 'sbx_111111111111111111111111' }).send();
    expect(unknown.statusCode).toBe(404);
    expect(await cashOf(b.userId)).toBe(0);
    expect((await c.status(b, pending.orderId)).json().data.status).toBe('00');
    // Its own charge still pays it.
    expect((await hook(pending).send()).statusCode).toBe(200);
    expect(await cashOf(b.userId)).toBe(10_000);
  });

  it('answers 404 for an unknown charge or provider', async () => {
    expect((await hook({ orderId: 'D1', payNo: 'sbx_000000000000000000000000' }).send()).statusCode).toBe(
      404,
    );
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/mercadopago',
      payload: {},
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('a payment taken back before it was credited', () => {
  const notPaid = async (p: Player, order: { orderId: string }) => {
    expect(await cashOf(p.userId)).toBe(0);
    const { rows } = (await t.database.db.execute(
      sql`select status, flag from payment_orders where order_id = ${order.orderId}`,
    )) as unknown as { rows: { status: string; flag: string | null }[] };
    const [row] = rows;
    expect(row).toEqual({ status: '01', flag: 'reversed' });
  };

  it('notices out of order: the reversal closes the order, the late paid notice credits nothing', async () => {
    const p = await c.signUp();
    const order = (await c.prePay(p)).json().data;
    const reversed = await hook(order, { status: 'reversed' }).send();
    expect(reversed.statusCode, reversed.body).toBe(200);
    const late = await hook(order).send();
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.outcome).toBe('unchanged');
    await notPaid(p, order);
  });

  it('refunded at the provider while its notice was lost: expiry closes it, the late paid notice credits nothing', async () => {
    const p = await c.signUp();
    const order = (await c.prePay(p)).json().data;
    const paid = await c.call('POST', `${new URL(order.url).pathname}/pay?webhook=lost`);
    expect(paid.statusCode, paid.body).toBe(200);
    // Refunded in the provider's dashboard, then the order's time runs out: expiry asks the provider.
    await t.database.db.execute(
      sql`update payment_sandbox_charges set status = 'reversed' where charge_id = ${order.payNo}`,
    );
    await t.database.db.execute(
      sql`update payment_orders set expires_at = now() - interval '1 minute' where order_id = ${order.orderId}`,
    );
    expect((await c.status(p, order.orderId)).json().data.status).toBe('01');
    // The provider's delayed notice of the payment, signed when it was paid.
    const late = await hook(order).send();
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.outcome).toBe('unchanged');
    await notPaid(p, order);
  });
});
