import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, TEST_OPERATOR_KEY } from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import { paymentsClient, randomCpf, SANDBOX_SECRET, type TestApp } from './payments.test-client';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from './providers/sandbox';

/**
 * Brazil (JURISDICTION=br): a PIX deposit paid from another person's CPF is never the player's money. It is
 * returned to the payer through the provider's refund, once, whatever replays and repeated jobs happen; the
 * ledger books it received and returned (payment_clearing <-> payouts_pending) and its audit stays clean.
 * Real server, real SQL, the sandbox provider, pg-boss jobs running.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    SANDBOX_PIX_SECRET: SANDBOX_SECRET,
    PUBLIC_URL: 'http://localhost:3500',
    JURISDICTION: 'br',
    JOBS_POLL_SECONDS: '0.5',
  });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object, operator = false) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(operator ? { 'x-operator-key': TEST_OPERATOR_KEY } : {}),
      ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(payload ? { payload } : {}),
  });

const player = () => paymentsClient(t).signUp({ br: true });

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

const orderOf = async (orderId: string) =>
  (
    await rows<{ status: string; flag: string | null }>(
      sql`select status, flag from payment_orders where order_id = ${orderId}`,
    )
  )[0]!;

const cashOf = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')?.balance ?? 0;

/** The ledger transactions of one order by type (112 received from another CPF, 113 returned, 10 credit). */
const txOf = (orderId: string) =>
  rows<{ type: number; idempotency_key: string }>(
    sql`select type, idempotency_key from ledger_transactions where ref = ${orderId} order by id`,
  );

/** Opens a charge and pays it on the sandbox page, from `payer` (the player's own CPF when absent). */
async function pay(p: { token: string }, payer?: string) {
  const pre = await call('POST', '/api/app/order/prePay/4', p.token, { gift: 0, pkgId: 4, isapp: 0 });
  expect(pre.statusCode, pre.body).toBe(200);
  const { orderId, url } = pre.json().data as { orderId: string; url: string };
  const chargeId = new URL(url).pathname.split('/').at(-1)!;
  const paid = await call('POST', `/sandbox/pix/${chargeId}/pay${payer ? `?payer=${payer}` : ''}`);
  expect(paid.json().data.webhook.statusCode, paid.body).toBe(200);
  return { orderId, chargeId };
}

/** A signed sandbox notice about a charge (a new event id each time), delivered to our webhook route. */
async function notice(data: { chargeId: string; orderId: string; status: string; payerCpf?: string }) {
  const created = Math.floor(Date.now() / 1000);
  const rawBody = JSON.stringify({
    id: `evt_${crypto.randomBytes(12).toString('hex')}`,
    type: `charge.${data.status}`,
    created,
    data: { amount: 10_000, ...data },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(SANDBOX_SECRET, rawBody, created),
    },
    payload: rawBody,
  });
}

const eventsOf = (orderId: string, event: string) =>
  rows<{ event: string; note: string }>(
    sql`select event, note from payment_order_events where order_id = ${orderId} and event = ${event}`,
  );

describe('a PIX deposit from another CPF under br', () => {
  it('is returned to the payer once, though the webhook is replayed and the job runs twice', async () => {
    const p = await player();
    const { orderId, chargeId } = await pay(p, randomCpf());
    // The fast path's job returns it (the worker polls every half second).
    await vi.waitFor(async () => expect((await orderOf(orderId)).flag).toBe('returned'), {
      timeout: 20_000,
      interval: 200,
    });
    const [charge] = await rows<{ status: string; refund_id: string; refund_key: string }>(
      sql`select status, refund_id, refund_key from payment_sandbox_charges where charge_id = ${chargeId}`,
    );
    expect(charge).toMatchObject({ status: 'reversed', refund_key: `deposit-return:${orderId}` });

    // The same notice delivered twice (a replay is refused), a new "paid" notice for the charge (another
    // event id), and the job run twice more by hand.
    const created = Math.floor(Date.now() / 1000);
    const rawBody = JSON.stringify({
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      type: 'charge.paid',
      created,
      data: { chargeId, orderId, amount: 10_000, status: 'paid', payerCpf: randomCpf() },
    });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(SANDBOX_SECRET, rawBody, created),
        },
        payload: rawBody,
      });
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(409);
    await t.database.db.execute(
      sql`update payment_sandbox_charges set status = 'pending' where charge_id = ${chargeId}`,
    );
    const again = await call('POST', `/sandbox/pix/${chargeId}/pay?payer=${randomCpf()}`);
    expect(again.json().data.webhook.statusCode, again.body).toBe(200);
    await t.database.db.execute(
      sql`update payment_sandbox_charges set status = 'reversed' where charge_id = ${chargeId}`,
    );
    const runs = await Promise.all([
      t.app.payments.deposits.returnForeign({ orderId }),
      t.app.payments.deposits.returnForeign({ orderId }),
    ]);
    expect(runs).toEqual(['unchanged', 'unchanged']);

    // One refund at the provider, one return in the ledger, nothing ever on the player's balance.
    const [after] = await rows<{ refund_id: string }>(
      sql`select refund_id from payment_sandbox_charges where charge_id = ${chargeId}`,
    );
    expect(after!.refund_id).toBe(charge!.refund_id);
    expect(await txOf(orderId)).toEqual([
      { type: 112, idempotency_key: `deposit-foreign:${orderId}` },
      { type: 113, idempotency_key: `deposit-return:${orderId}` },
    ]);
    expect(await cashOf(p.userId)).toBe(0);
    expect(await orderOf(orderId)).toEqual({ status: '-01', flag: 'returned' });

    // The player sees it failed, then returned; the operator's deposits list shows the flag.
    const records = await call('GET', '/api/app/order/records?type=10', p.token);
    const record = (records.json().data.list as { orderId: string; events: { event: string }[] }[]).find(
      (r) => r.orderId === orderId,
    )!;
    expect(record.events.map((e) => e.event)).toEqual(['created', 'payerMismatch', 'returned']);
    const listed = await call(
      'GET',
      `/api/operator/deposits?q=${orderId}&status=all`,
      undefined,
      undefined,
      true,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.list).toMatchObject([{ orderNo: orderId, flag: 'returned' }]);
  });

  it('a crash between the refund and its booking repeats the call, which makes no second refund', async () => {
    const p = await player();
    await call('POST', '/sandbox/pix/refunds/mode', undefined, { mode: 'fail' });
    const { orderId, chargeId } = await pay(p, randomCpf());
    // The provider refunded, then the process stopped before booking it: the order is still owed back.
    await t.database.db.execute(
      sql`update payment_sandbox_charges set status = 'reversed', refund_id = 'sbxr_first',
          refund_key = ${`deposit-return:${orderId}`} where charge_id = ${chargeId}`,
    );
    expect((await orderOf(orderId)).flag).toBe('payerMismatch');
    await call('POST', '/sandbox/pix/refunds/mode', undefined, { mode: 'ok' });
    // This run, or the job's retry if it came first, books the refund already made.
    expect(['returned', 'unchanged']).toContain(await t.app.payments.deposits.returnForeign({ orderId }));
    expect((await orderOf(orderId)).flag).toBe('returned');
    const [charge] = await rows<{ refund_id: string }>(
      sql`select refund_id from payment_sandbox_charges where charge_id = ${chargeId}`,
    );
    expect(charge!.refund_id).toBe('sbxr_first');
    const events = await rows<{ event: string; note: string }>(
      sql`select event, note from payment_order_events where order_id = ${orderId} and event = 'returned'`,
    );
    // Booked once. This call repeats the refund under its key (the provider answers the first refund); the job's
    // retry, if it ran while refunds still failed, asked the charge instead and found it reversed.
    expect(events).toHaveLength(1);
    expect(['refund sbxr_first', 'reversed at the provider']).toContain(events[0]!.note);
    expect((await txOf(orderId)).map((x) => x.type)).toEqual([112, 113]);
  });

  it('a refund the provider refuses is retried and shows on the operators’ jobs view', async () => {
    const p = await player();
    await call('POST', '/sandbox/pix/refunds/mode', undefined, { mode: 'fail' });
    const { orderId } = await pay(p, randomCpf());
    await vi.waitFor(
      async () => {
        const jobs = await call('GET', '/api/operator/jobs', undefined, undefined, true);
        expect(jobs.statusCode, jobs.body).toBe(200);
        expect(
          (jobs.json().data.problems as { name: string; state: string }[]).some(
            (j) => j.name === 'payments.returnDeposit' && j.state === 'retry',
          ),
        ).toBe(true);
      },
      { timeout: 20_000, interval: 250 },
    );
    expect((await orderOf(orderId)).flag).toBe('payerMismatch');
    expect(await cashOf(p.userId)).toBe(0);
    // The provider answers again: the next try returns it.
    await call('POST', '/sandbox/pix/refunds/mode', undefined, { mode: 'ok' });
    expect(await t.app.payments.deposits.returnForeign({ orderId })).toBe('returned');
    expect((await txOf(orderId)).map((x) => x.type)).toEqual([112, 113]);
  });

  it('a payment from a company’s CNPJ, or naming no payer document, is never credited: it is returned', async () => {
    for (const [payer, note] of [
      ['11222333000181', 'payer_not_a_cpf'],
      ['none', 'payer_document_missing'],
    ] as const) {
      const p = await player();
      const { orderId, chargeId } = await pay(p, payer);
      await vi.waitFor(async () => expect((await orderOf(orderId)).flag).toBe('returned'), {
        timeout: 20_000,
        interval: 200,
      });
      expect(await eventsOf(orderId, 'payerMismatch')).toEqual([{ event: 'payerMismatch', note }]);
      const [charge] = await rows<{ status: string; refund_key: string }>(
        sql`select status, refund_key from payment_sandbox_charges where charge_id = ${chargeId}`,
      );
      expect(charge).toEqual({ status: 'reversed', refund_key: `deposit-return:${orderId}` });
      expect(await txOf(orderId)).toEqual([
        { type: 112, idempotency_key: `deposit-foreign:${orderId}` },
        { type: 113, idempotency_key: `deposit-return:${orderId}` },
      ]);
      expect(await cashOf(p.userId)).toBe(0);
    }
  });

  it('a refund already made at the provider (its dashboard, a chargeback) is booked once, though the refund call fails', async () => {
    const p = await player();
    await call('POST', '/sandbox/pix/refunds/mode', undefined, { mode: 'fail' });
    try {
      const { orderId, chargeId } = await pay(p, randomCpf());
      // Refunded outside our calls: no key of ours, and every refund call is refused.
      await t.database.db.execute(
        sql`update payment_sandbox_charges set status = 'reversed', refund_id = 'sbxr_dashboard'
            where charge_id = ${chargeId}`,
      );
      // Two runs at once (and the queued job's retry, whichever comes first): one books it.
      const runs = await Promise.all([
        t.app.payments.deposits.returnForeign({ orderId }),
        t.app.payments.deposits.returnForeign({ orderId }),
      ]);
      expect(runs.filter((r) => r === 'returned').length).toBeLessThanOrEqual(1);
      expect(runs.every((r) => r === 'returned' || r === 'unchanged')).toBe(true);
      expect(await t.app.payments.deposits.returnForeign({ orderId })).toBe('unchanged');
      expect(await orderOf(orderId)).toEqual({ status: '-01', flag: 'returned' });
      expect(await eventsOf(orderId, 'returned')).toEqual([
        { event: 'returned', note: 'reversed at the provider' },
      ]);
      expect(await txOf(orderId)).toEqual([
        { type: 112, idempotency_key: `deposit-foreign:${orderId}` },
        { type: 113, idempotency_key: `deposit-return:${orderId}` },
      ]);
      // Nothing is owed back any more: the sweep finds nothing of this order to queue.
      const [owed] = await rows<{ n: number }>(
        sql`select count(*)::int as n from payment_orders where order_id = ${orderId} and flag = 'payerMismatch'`,
      );
      expect(owed!.n).toBe(0);
      expect(await cashOf(p.userId)).toBe(0);
    } finally {
      await call('POST', '/sandbox/pix/refunds/mode', undefined, { mode: 'ok' });
    }
  });

  it('a reversed notice for a deposit owed back books its return once', async () => {
    const p = await player();
    await call('POST', '/sandbox/pix/refunds/mode', undefined, { mode: 'fail' });
    try {
      const { orderId, chargeId } = await pay(p, randomCpf());
      expect((await orderOf(orderId)).flag).toBe('payerMismatch');
      // The provider says the money went back (a MED chargeback) while our refund calls are still refused.
      const first = await notice({ chargeId, orderId, status: 'reversed' });
      expect(first.json().data.outcome, first.body).toBe('returned');
      const second = await notice({ chargeId, orderId, status: 'reversed' });
      expect(second.json().data.outcome, second.body).toBe('unchanged');
      expect(await t.app.payments.deposits.returnForeign({ orderId })).toBe('unchanged');
      expect(await orderOf(orderId)).toEqual({ status: '-01', flag: 'returned' });
      expect(await eventsOf(orderId, 'returned')).toEqual([
        { event: 'returned', note: 'reversed at the provider' },
      ]);
      expect((await txOf(orderId)).map((x) => x.type)).toEqual([112, 113]);
      expect(await cashOf(p.userId)).toBe(0);
    } finally {
      await call('POST', '/sandbox/pix/refunds/mode', undefined, { mode: 'ok' });
    }
  });

  it('a deposit from the player’s own CPF is credited, and nothing is refunded', async () => {
    const p = await player();
    const { orderId, chargeId } = await pay(p);
    expect(await orderOf(orderId)).toEqual({ status: '10', flag: null });
    expect(await cashOf(p.userId)).toBe(10_000);
    expect(await t.app.payments.deposits.returnForeign({ orderId })).toBe('unchanged');
    const [charge] = await rows<{ refund_id: string | null }>(
      sql`select refund_id from payment_sandbox_charges where charge_id = ${chargeId}`,
    );
    expect(charge!.refund_id).toBeNull();
    expect((await txOf(orderId)).map((x) => x.type)).toEqual([10]);
  });
});
