import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose } from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import { paymentsClient, type TestApp } from './payments.test-client';

/**
 * Mercado Pago under the Brazilian profile: the payer's CPF read from the payment (`payer.identification`)
 * decides; a payment from another CPF is refunded with POST /v1/payments/{id}/refunds under one idempotency
 * key, however often the job runs. Only the HTTP boundary (global fetch) answers from recorded exchanges.
 */
const SECRET = 'mp-webhook-secret-from-the-dashboard';
const PAYER_CPF = '52998224725';
const read = (name: string) =>
  JSON.parse(
    fs.readFileSync(new URL(`./providers/fixtures/mercadopago/${name}.json`, import.meta.url), 'utf8'),
  ) as { response: { status: number; body: Record<string, unknown> } };

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;
const calls: Array<{ method: string; url: string; idempotencyKey?: string }> = [];
const answers: Record<string, ReturnType<typeof read>> = {
  'POST /v1/payments': read('create-pix-payment'),
  'GET /v1/payments/131313131313': read('get-payment-approved'),
  'POST /v1/payments/131313131313/refunds': read('refund-pix-payment'),
};

beforeAll(async () => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const { pathname, origin } = new URL(url);
    expect(origin).toBe('https://api.mercadopago.com');
    const headers = init.headers as Record<string, string>;
    calls.push({ method: init.method!, url: pathname, idempotencyKey: headers['X-Idempotency-Key'] });
    const answer = answers[`${init.method} ${pathname}`];
    if (!answer) return new Response('{"message":"not found"}', { status: 404 });
    return new Response(JSON.stringify(answer.response.body), { status: answer.response.status });
  });
  t = await createTestApp({
    PIX_PROVIDER: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: 'TEST-access-token',
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    JURISDICTION: 'br',
    JOBS_POLL_SECONDS: '0.5',
  });
  c = paymentsClient(t);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await expectCleanLedgerThenClose(t.database, t.close);
});

function notify(dataId: string) {
  const requestId = crypto.randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = crypto
    .createHmac('sha256', SECRET)
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
    payload: JSON.stringify({ type: 'payment', action: 'payment.updated', data: { id: dataId } }),
  });
}

const orderOf = async (orderId: string) =>
  (
    (await t.database.db.execute(
      sql`select status, flag, provider_ref from payment_orders where order_id = ${orderId}`,
    )) as unknown as { rows: { status: string; flag: string | null; provider_ref: string | null }[] }
  ).rows[0]!;

/** The recorded payment id belongs to one order at a time: the earlier test's order lets go of it. */
const freeRecordedCharge = () =>
  t.database.db.execute(
    sql`update payment_orders set provider_ref = null where provider_ref = '131313131313'`,
  );

describe('Mercado Pago deposits under br', () => {
  it('a payment from another CPF is refunded once through Mercado Pago, never credited', async () => {
    const p = await c.signUp({ br: true });
    expect(p.cpf).not.toBe(PAYER_CPF);
    const pre = await c.prePay(p, 4, { gift: 0, pkgId: 4, isapp: 0 });
    expect(pre.statusCode, pre.body).toBe(200);
    const { orderId } = pre.json().data as { orderId: string };
    const ok = await notify('131313131313');
    expect(ok.json().data.outcome, ok.body).toBe('payerMismatch');
    await vi.waitFor(async () => expect((await orderOf(orderId)).flag).toBe('returned'), {
      timeout: 20_000,
      interval: 200,
    });
    // The job run again, and payment.updated notified again: no second refund call, no credit.
    expect(await t.app.payments.deposits.returnForeign({ orderId })).toBe('unchanged');
    expect((await notify('131313131313')).json().data.outcome).toBe('unchanged');
    const refunds = calls.filter((x) => x.url.endsWith('/refunds'));
    expect(refunds).toEqual([
      {
        method: 'POST',
        url: '/v1/payments/131313131313/refunds',
        idempotencyKey: `deposit-return:${orderId}`,
      },
    ]);
    expect((await playerAccounts(t.database.db, p.userId)).find((a) => a.kind === 'cash')?.balance ?? 0).toBe(
      0,
    );
  });

  /** Answers GET /v1/payments/{id} with the recorded approved payment changed by `edit` while `fn` runs. */
  async function withPayment(edit: (body: Record<string, unknown>) => void, fn: () => Promise<void>) {
    const key = 'GET /v1/payments/131313131313';
    const saved = answers[key]!;
    const changed = structuredClone(saved);
    edit(changed.response.body);
    answers[key] = changed;
    try {
      await fn();
    } finally {
      answers[key] = saved;
    }
  }

  it('a payment from a company’s CNPJ or naming no payer is refunded, never credited', async () => {
    for (const payer of [{ identification: { type: 'CNPJ', number: '11222333000181' } }, {}]) {
      await freeRecordedCharge();
      const p = await c.signUp({ br: true });
      await withPayment(
        (body) => (body.payer = payer),
        async () => {
          const { orderId } = (await c.prePay(p, 4, { gift: 0, pkgId: 4, isapp: 0 })).json().data as {
            orderId: string;
          };
          expect((await notify('131313131313')).json().data.outcome).toBe('payerMismatch');
          await vi.waitFor(async () => expect((await orderOf(orderId)).flag).toBe('returned'), {
            timeout: 20_000,
            interval: 200,
          });
          expect(calls.filter((x) => x.idempotencyKey === `deposit-return:${orderId}`)).toHaveLength(1);
        },
      );
      expect(
        (await playerAccounts(t.database.db, p.userId)).find((a) => a.kind === 'cash')?.balance ?? 0,
      ).toBe(0);
    }
  });

  it('a refund refused as already made is booked from the payment’s refunded status, once', async () => {
    await freeRecordedCharge();
    const p = await c.signUp({ br: true });
    const refunds = 'POST /v1/payments/131313131313/refunds';
    const savedRefund = answers[refunds]!;
    // Refunded in Mercado Pago's dashboard: our refund call is refused from now on.
    answers[refunds] = { response: { status: 400, body: { message: 'Payment already refunded' } } };
    try {
      const { orderId } = (await c.prePay(p, 4, { gift: 0, pkgId: 4, isapp: 0 })).json().data as {
        orderId: string;
      };
      expect((await notify('131313131313')).json().data.outcome).toBe('payerMismatch');
      await withPayment(
        (body) => (body.status = 'refunded'),
        async () => {
          // This run, or the job's retry if it came first, books it.
          expect(['returned', 'unchanged']).toContain(
            await t.app.payments.deposits.returnForeign({ orderId }),
          );
          expect(await t.app.payments.deposits.returnForeign({ orderId })).toBe('unchanged');
          expect((await notify('131313131313')).json().data.outcome).toBe('unchanged');
        },
      );
      expect(await orderOf(orderId)).toMatchObject({ status: '-01', flag: 'returned' });
      const types = (
        (await t.database.db.execute(
          sql`select type from ledger_transactions where ref = ${orderId} order by id`,
        )) as unknown as { rows: { type: number }[] }
      ).rows.map((r) => r.type);
      expect(types).toEqual([112, 113]);
    } finally {
      answers[refunds] = savedRefund;
    }
  });

  it('a payment from the player’s own CPF is credited', async () => {
    await freeRecordedCharge();
    const p = await c.signUp({ br: true });
    const own = structuredClone(answers['GET /v1/payments/131313131313']!);
    own.response.body.payer = { identification: { type: 'CPF', number: p.cpf } };
    const saved = answers['GET /v1/payments/131313131313']!;
    answers['GET /v1/payments/131313131313'] = own;
    try {
      const { orderId } = (await c.prePay(p, 4, { gift: 0, pkgId: 4, isapp: 0 })).json().data as {
        orderId: string;
      };
      expect((await notify('131313131313')).json().data.outcome).toBe('credited');
      expect(await orderOf(orderId)).toMatchObject({ status: '10', flag: null });
      expect((await playerAccounts(t.database.db, p.userId)).find((a) => a.kind === 'cash')?.balance).toBe(
        10_000,
      );
    } finally {
      answers['GET /v1/payments/131313131313'] = saved;
    }
  });
});
