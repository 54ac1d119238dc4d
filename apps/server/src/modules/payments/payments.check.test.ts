import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectCleanLedgerThenClose } from '../../../test/helpers';
import { paymentsClient, SANDBOX_SECRET, type TestApp } from './payments.test-client';
import { createTestApp } from '../../../test/helpers';

// Hardening item 8: a charge paid at the provider whose webhook is lost is credited within a minute or two
// (here, with the first check after 1 s), not when the order expires 30 minutes later.
let t: TestApp;
let c: ReturnType<typeof paymentsClient>;

beforeAll(async () => {
  t = await createTestApp({
    SANDBOX_PIX_SECRET: SANDBOX_SECRET,
    PUBLIC_URL: 'http://localhost:3500',
    DEPOSIT_CHECK_AFTER_SECONDS: '1',
    JOBS_POLL_SECONDS: '0.5',
  });
  c = paymentsClient(t);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const checksOf = async (orderId: string) =>
  (
    await t.database.executeSql(
      `select (data->>'attempt')::int as attempt, start_after, state from pgboss.job
        where name = 'payments.checkDeposit' and data->>'orderId' = $1 order by created_on`,
      [orderId],
    )
  ).rows as { attempt: number; start_after: string; state: string }[];

describe('a paid charge whose webhook was lost', () => {
  it('is credited by the delayed provider check, long before the order expires', async () => {
    const p = await c.signUp();
    const pushed: unknown[] = [];
    const off = t.app.bus.subscribe('payment.succeeded', (e) => pushed.push(e));
    const pre = await c.prePay(p, 4);
    expect(pre.statusCode, pre.body).toBe(200);
    const order = pre.json().data;
    const pay = await c.call('POST', `${new URL(order.url).pathname}/pay?webhook=lost`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().data.webhook.statusCode).toBeNull();
    // Nobody told us yet.
    expect((await c.status(p, order.orderId)).json().data).toEqual({ status: '00' });

    await vi.waitFor(
      async () => expect((await c.status(p, order.orderId)).json().data).toEqual({ status: '10' }),
      { timeout: 20_000, interval: 200 },
    );
    const wallet = (await c.call('GET', '/api/app/user/userInfo', p.token)).json().data;
    expect(wallet.balance).toBe(100);
    await vi.waitFor(
      () => expect(pushed).toEqual([{ userId: p.userId, czflag: 0, payTime: expect.any(Number) }]),
      {
        timeout: 10_000,
      },
    );
    off();
    // Once paid, no further check is queued.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await checksOf(order.orderId)).filter((j) => j.state === 'created')).toEqual([]);
  });

  it('keeps asking with backoff while the charge stays unpaid', async () => {
    const p = await c.signUp();
    const pre = await c.prePay(p, 4);
    const order = pre.json().data;
    await vi.waitFor(async () => expect((await checksOf(order.orderId)).length).toBeGreaterThanOrEqual(3), {
      timeout: 30_000,
      interval: 250,
    });
    const checks = await checksOf(order.orderId);
    expect(checks.slice(0, 3).map((j) => j.attempt)).toEqual([0, 1, 2]);
    // Each check runs later after the previous one: 1 s, 2 s, 4 s …
    const at = checks.map((j) => new Date(j.start_after).getTime());
    expect(at[2]! - at[1]!).toBeGreaterThan(at[1]! - at[0]!);
    expect((await c.status(p, order.orderId)).json().data).toEqual({ status: '00' });
  });
});
