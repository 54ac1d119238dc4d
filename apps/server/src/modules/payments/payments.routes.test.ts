import { OrderStatus } from '@aposta/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectCleanLedgerThenClose } from '../../../test/helpers';
import { auditLedger, playerAccounts } from '../ledger';
import { requirements } from '../wagering';
import { paymentSandboxCharges } from './payments.tables';
import { paymentsClient, paymentsTestApp, type TestApp } from './payments.test-client';

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const cash = async (userId: number) => {
  const list = await playerAccounts(t.database.db, userId);
  const of = (kind: string) => list.find((a) => a.kind === kind);
  return {
    balance: of('cash')?.balance ?? 0,
    held: of('cash')?.held ?? 0,
    bonus: of('bonus')?.balance ?? 0,
    // The bonus requirement still due (the wagering module).
    bonusWagerDue: (await requirements(t.database.db, userId))
      .filter((r) => r.kind === 'bonus')
      .reduce((sum, r) => sum + r.remaining, 0),
  };
};

describe('price packages', () => {
  it('lists every group, 100 BRL selected; a curreny filter keeps one group', async () => {
    const all = (await c.call('GET', '/api/app/order/getPrices')).json().data;
    const groups = new Set(all.map((p: { curreny: string }) => p.curreny));
    expect([...groups].sort()).toEqual(['BRL', 'BTBRL', 'EXPPAY', 'EXTPAY', 'FCBRL', 'INSBRL']);
    const selected = all.filter((p: { selected: boolean }) => p.selected);
    expect(selected).toEqual([expect.objectContaining({ price: 100, curreny: 'BRL', pkgId: 4 })]);
    const ins = (await c.call('GET', '/api/app/order/getPrices?curreny=INSBRL')).json().data;
    expect(ins.length).toBeGreaterThanOrEqual(4);
    expect(ins.every((p: { curreny: string }) => p.curreny === 'INSBRL')).toBe(true);
    expect((await c.call('GET', '/api/app/order/getPrices?curreny=NOPE')).json().data).toEqual([]);
  });
});

describe('deposit: register, KYC, deposit 100 through the sandbox page, withdraw, approve, paid', () => {
  it('walks the whole path and leaves every step in the records and the ledger clean', async () => {
    const p = await c.signUp();
    const events: unknown[] = [];
    const off = t.app.bus.subscribe('payment.succeeded', (e) => events.push(e));
    const balanceEvents: number[] = [];
    const off2 = t.app.bus.subscribe('balance.changed', (e) => balanceEvents.push(e.userId));

    expect((await c.call('GET', '/api/app/main/userGift', p.token)).json().data).toBe(1);
    const pre = await c.prePay(p, 4, { gift: '1', pkgId: '4', isapp: '0' }, 'first-deposit-key-1');
    expect(pre.statusCode, pre.body).toBe(200);
    const order = pre.json().data;
    expect(order).toEqual({
      orderId: expect.stringMatching(/^D\d{22}$/),
      payNo: expect.any(String),
      url: expect.any(String),
    });
    // The same key answers the first answer; another body under it is refused.
    expect(
      (await c.prePay(p, 4, { gift: '1', pkgId: '4', isapp: '0' }, 'first-deposit-key-1')).json().data,
    ).toEqual(order);
    expect((await c.prePay(p, 4, { gift: '0', pkgId: '4' }, 'first-deposit-key-1')).statusCode).toBe(409);
    expect((await c.status(p, order.orderId)).json().data).toEqual({ status: '00' });

    const path = new URL(order.url).pathname;
    const page = await c.call('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('R$');
    expect(page.body).toContain('100,00');
    expect(page.body).toContain('<svg');
    expect(page.body).toMatch(/000201.*br\.gov\.bcb\.pix/);
    expect(page.body).toContain(`${path}/pay`);
    expect(page.body).toContain(`${path}/cancel`);

    const pay = await c.call('POST', `${path}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().data.webhook.statusCode).toBe(200);
    expect((await c.status(p, order.orderId)).json().data).toEqual({ status: '10' });
    expect(await cash(p.userId)).toMatchObject({ balance: 10_000, bonus: 500, bonusWagerDue: 1_000 });
    await vi.waitFor(
      () => {
        expect(events).toEqual([{ userId: p.userId, czflag: 0, payTime: expect.any(Number) }]);
        expect(balanceEvents).toContain(p.userId);
      },
      { timeout: 10_000 },
    );
    expect((await c.call('GET', '/api/app/main/userGift', p.token)).json().data).toBe(0);
    // A second pay of the same charge is refused by the sandbox itself.
    expect((await c.call('POST', `${path}/pay`)).statusCode).toBe(409);

    // Nothing wagered yet: nothing to withdraw.
    const limits = (await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data;
    expect(limits).toMatchObject({
      limitAmount: 50,
      number: 1,
      lock: false,
      wdAmount: 0,
      serviceAmount: 0.03,
    });
    expect(limits.cardInfo.CPF).toMatchObject({ payCardNo: p.cpf, ifsc: p.cpf, name: 'Ana Souza' });
    const early = await c.withdraw(p, c.pixWithdrawal(p, 50));
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Sem valor de levantamento');

    await c.setSettings({ 'wagering.depositMultiplier': 0 });
    try {
      const w = await c.withdraw(p, c.pixWithdrawal(p, 50), 'withdraw-key-0001');
      expect(w.statusCode, w.body).toBe(200);
      expect(w.json().message).toBe('Solicitação de saque bem-sucedida!');
      const record = w.json().data;
      expect(record).toMatchObject({ type: 11, status: '00', amount: 50, fee: 1.5, netAmount: 48.5 });
      expect(await cash(p.userId)).toMatchObject({ balance: 10_000, held: 5_000 });
      // A repeat of the request answers the first answer and holds nothing more.
      expect((await c.withdraw(p, c.pixWithdrawal(p, 50), 'withdraw-key-0001')).json().data.orderId).toBe(
        record.orderId,
      );
      expect(await cash(p.userId)).toMatchObject({ held: 5_000 });

      const pending = (await c.operator('GET', '/api/operator/withdrawals?status=pending')).json().data;
      const mine = pending.find((x: { orderId: string }) => x.orderId === record.orderId);
      expect(mine).toMatchObject({ userId: p.userId, payCardNo: p.cpf, name: 'Ana Souza', status: '00' });
      const approved = await c.operator('POST', `/api/operator/withdrawals/${mine.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.status).toBe(OrderStatus.PAID);
      expect(approved.json().data.events.map((e: { event: string }) => e.event)).toEqual([
        'requested',
        'approved',
        'paid',
      ]);
      expect(await cash(p.userId)).toMatchObject({ balance: 5_000, held: 0 });
      expect((await c.operator('POST', `/api/operator/withdrawals/${mine.id}/approve`)).statusCode).toBe(409);

      const records = (await c.call('GET', '/api/app/order/records', p.token)).json().data;
      expect(records.total).toBe(2);
      expect(records.list.map((r: { type: number; status: string }) => [r.type, r.status])).toEqual([
        [11, '10'],
        [10, '10'],
      ]);
      expect(records.list[1].events.map((e: { event: string }) => e.event)).toEqual(['created', 'paid']);
      expect(records.list[0].payCardNo).not.toBe(p.cpf);
      const sandboxPayouts = (await c.call('GET', '/sandbox/payouts.json')).json().data.payouts;
      expect(sandboxPayouts[0]).toMatchObject({ orderId: record.orderId, amount: 4_850, status: 'paid' });
    } finally {
      await c.setSettings({ 'wagering.depositMultiplier': 1 });
      off();
      off2();
    }
    expect((await auditLedger(t.database)).ok).toBe(true);
  });
});

describe('deposit refusals', () => {
  it('needs a session, KYC, a payable package and a real account', async () => {
    expect((await c.call('POST', '/api/app/order/prePay/4')).statusCode).toBe(401);
    const noKyc = await c.signUp({ kyc: false });
    const k = await c.prePay(noKyc);
    expect(k.statusCode).toBe(422);
    expect(k.json().message).toContain('CPF');
    const p = await c.signUp();
    for (const pkgId of [999, 50, 60, 3_000_000_000]) {
      const res = await c.prePay(p, pkgId);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Por favor, selecione o montante de recarga');
    }
    await t.database.db.execute(sql`update users set test_flag = '1' where id = ${p.userId}`);
    expect((await c.prePay(p)).statusCode).toBe(403);
    const w = await c.withdraw(p, c.pixWithdrawal(p, 50));
    expect(w.statusCode).toBe(403);
    expect(w.json().message).toBe('Contas de teste não podem depositar nem sacar');
    expect((await c.call('GET', '/api/app/main/userGift', p.token)).json().data).toBe(0);
  });

  it("answers 404 for another player's order and for an unknown one", async () => {
    const a = await c.signUp();
    const b = await c.signUp();
    const order = (await c.prePay(a)).json().data;
    expect((await c.status(a, order.orderId)).statusCode).toBe(200);
    const other = await c.status(b, order.orderId);
    expect(other.statusCode).toBe(404);
    expect(other.json().status).toBe(40400);
    expect((await c.status(a, 'D00000000000000000000000')).statusCode).toBe(404);
  });

  it('waives the gift with gift 0; cancel on the page cancels the order', async () => {
    const p = await c.signUp();
    // Pushes follow the outbox's delivery, which may come after the next request: collect from the start.
    const flags: number[] = [];
    const off = t.app.bus.subscribe(
      'payment.succeeded',
      (e) => e.userId === p.userId && flags.push(e.czflag),
    );
    const waived = (await c.prePay(p, 4, { gift: 0 })).json().data;
    await c.call('POST', `${new URL(waived.url).pathname}/pay`);
    expect(await cash(p.userId)).toMatchObject({ balance: 10_000, bonus: 0 });
    const second = (await c.prePay(p, 3)).json().data;
    const cancel = await c.call('POST', `${new URL(second.url).pathname}/cancel`);
    expect(cancel.json().data.webhook.statusCode).toBe(200);
    expect((await c.status(p, second.orderId)).json().data.status).toBe('01');
    await c.deposit(p, 3);
    // The first deposit pushes czflag 0, the second (not the first any more) czflag 1; delivery order is free.
    await vi.waitFor(() => expect([...flags].sort()).toEqual([0, 1]), { timeout: 10_000 });
    off();
    expect(await cash(p.userId)).toMatchObject({ balance: 15_000, bonus: 200 });
  });

  it('expires an order after its 30 minutes; a late payment on the page is refused', async () => {
    const p = await c.signUp();
    const order = (await c.prePay(p)).json().data;
    const past = new Date(Date.now() - 60_000);
    await t.database.db.execute(
      sql`update payment_orders set expires_at = ${past} where order_id = ${order.orderId}`,
    );
    await t.database.db
      .update(paymentSandboxCharges)
      .set({ expiresAt: past })
      .where(eq(paymentSandboxCharges.chargeId, order.payNo));
    expect((await c.status(p, order.orderId)).json().data.status).toBe('01');
    expect((await c.call('POST', `${new URL(order.url).pathname}/pay`)).statusCode).toBe(409);
    const records = (await c.call('GET', '/api/app/order/records?type=10', p.token)).json().data;
    expect(records.list[0].events.map((e: { event: string }) => e.event)).toEqual(['created', 'expired']);
    expect(await cash(p.userId)).toMatchObject({ balance: 0 });
  });

  it("a deposit still waiting for its PIX keeps its page in the player's records until paid or expired", async () => {
    const p = await c.signUp();
    const first = (await c.prePay(p)).json().data;
    const second = (await c.prePay(p, 3)).json().data;
    const records = async () =>
      new Map<string, { payUrl: string | null; expiresAt: string | null }>(
        (await c.call('GET', '/api/app/order/records?type=10', p.token))
          .json()
          .data.list.map((o: { orderId: string }) => [o.orderId, o]),
      );
    const waiting = await records();
    expect(waiting.get(first.orderId)!.payUrl).toBe(first.url);
    expect(waiting.get(second.orderId)!.payUrl).toBe(second.url);
    expect(Date.parse(waiting.get(first.orderId)!.expiresAt!)).toBeGreaterThan(Date.now());
    // Paid: nothing left to pay. Past its time (the expiry job not run yet): no page either.
    await c.call('POST', `${new URL(first.url).pathname}/pay`);
    await t.database.db.execute(
      sql`update payment_orders set expires_at = ${new Date(Date.now() - 1_000)} where order_id = ${second.orderId}`,
    );
    const after = await records();
    expect(after.get(first.orderId)).toMatchObject({ payUrl: null, expiresAt: null });
    expect(after.get(second.orderId)).toMatchObject({ payUrl: null, expiresAt: null });
  });

  it("an operator's new bonus multiplier applies to the next credit", async () => {
    const p = await c.signUp();
    const order = (await c.prePay(p)).json().data;
    await c.setSettings({ 'wagering.bonusMultiplier': 3 });
    try {
      const pay = await c.call('POST', `${new URL(order.url).pathname}/pay`);
      expect(pay.json().data.webhook.statusCode).toBe(200);
      expect(await cash(p.userId)).toMatchObject({ balance: 10_000, bonus: 500, bonusWagerDue: 1_500 });
    } finally {
      await c.setSettings({ 'wagering.bonusMultiplier': 2 });
    }
  });

  it('a form post from the page comes back to the page', async () => {
    const p = await c.signUp();
    const order = (await c.prePay(p)).json().data;
    const path = new URL(order.url).pathname;
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(path);
    expect((await c.call('GET', path)).body).toContain('Pago');
  });
});
