import crypto from 'node:crypto';
import { operatorDepositsAnswer, RG_PATH, withdrawalRisk, type OperatorDeposit } from '@aposta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanLedgerThenClose, testOperators } from '../../../test/helpers';
import { record } from './orders';
import { paymentsClient, paymentsTestApp, type Player, type TestApp } from './payments.test-client';
import { paymentOrders } from './payments.tables';

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;
type Op = Awaited<ReturnType<ReturnType<typeof testOperators>['signIn']>>;
let finance: Op;
let risk: Op;
let support: Op;
let ana: Player & { email: string };
let bia: Player & { email: string };
const orders: { paid: string; pending: string; chargedBack: string } = {
  paid: '',
  pending: '',
  chargedBack: '',
};

const emailOf = async (p: Player) =>
  (await c.call('GET', '/api/app/user/userInfo', p.token)).json().data.username as string;

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
  await c.setSettings({ 'wagering.depositMultiplier': 0 });
  const ops = testOperators(t.app);
  [finance, risk, support] = [
    await ops.signIn('finance'),
    await ops.signIn('risk'),
    await ops.signIn('support'),
  ];
  const a = await c.signUp();
  ana = { ...a, email: await emailOf(a) };
  const b = await c.signUp();
  bia = { ...b, email: await emailOf(b) };
  orders.paid = (await c.deposit(ana)).orderId;
  const pending = await c.prePay(ana, 3);
  expect(pending.statusCode, pending.body).toBe(200);
  orders.pending = pending.json().data.orderId;
  orders.chargedBack = (await c.deposit(bia)).orderId;
  // The provider reports the credited payment charged back: what the deposits service records then (flag and
  // event, no money moved). The sandbox PIX cannot reverse a payment; Mercado Pago's path is tested with it.
  await t.database.transaction(async (tx) => {
    await tx
      .update(paymentOrders)
      .set({ flag: 'chargedBack' })
      .where(eq(paymentOrders.orderId, orders.chargedBack));
    await record(tx, orders.chargedBack, '10', 'chargedBack');
  });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const deposits = async (query = '', op: Op = finance) => {
  const res = await t.app.inject({ url: `/api/operator/deposits${query}`, headers: op.headers });
  expect(res.statusCode, res.body).toBe(200);
  return operatorDepositsAnswer.parse(res.json().data);
};
const ids = (list: OperatorDeposit[]) => list.map((d) => d.orderNo).sort();

describe('the deposits list', () => {
  it('shows each order with the provider’s state and the chargeback flag', async () => {
    const all = await deposits();
    expect(all.total).toBe(3);
    const byNo = Object.fromEntries(all.list.map((d) => [d.orderNo, d]));
    expect(byNo[orders.paid]).toMatchObject({
      userId: ana.userId,
      email: ana.email,
      status: '10',
      provider: 'sandbox',
      providerState: 'paid',
      chargeback: { flagged: false, reason: null, at: null },
      flag: null,
      paidAt: expect.any(String),
    });
    expect(byNo[orders.paid]!.amount).toBeGreaterThan(0);
    expect(byNo[orders.paid]!.providerRef).toBeTruthy();
    expect(byNo[orders.pending]).toMatchObject({ status: '00', providerState: 'created', paidAt: null });
    expect(byNo[orders.chargedBack]).toMatchObject({
      email: bia.email,
      providerState: 'chargedBack',
      chargeback: { flagged: true, reason: 'chargedBack', at: expect.any(String) },
      flag: 'chargedBack',
    });
    // Newest first by default.
    expect(all.list[0]!.orderNo).toBe(orders.chargedBack);
  });

  it('filters by status, text (order, e-mail, user id), flag and time; sorts and pages', async () => {
    expect(ids((await deposits('?status=paid')).list)).toEqual([orders.paid, orders.chargedBack].sort());
    expect(ids((await deposits('?status=pending')).list)).toEqual([orders.pending]);
    expect(ids((await deposits(`?q=${orders.pending}`)).list)).toEqual([orders.pending]);
    expect(
      ids((await deposits(`?q=${encodeURIComponent(ana.email.slice(0, 12).toUpperCase())}`)).list),
    ).toEqual([orders.paid, orders.pending].sort());
    expect(ids((await deposits(`?q=${bia.userId}`)).list)).toEqual([orders.chargedBack]);
    expect((await deposits('?q=%25')).total).toBe(0);
    expect(ids((await deposits('?flagged=true')).list)).toEqual([orders.chargedBack]);
    expect((await deposits('?flagged=false')).total).toBe(2);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await deposits(`?from=${future}`)).total).toBe(0);
    expect((await deposits(`?to=${future}`)).total).toBe(3);
    const byAmount = (await deposits('?sort=amount&order=asc')).list.map((d) => d.amount);
    expect(byAmount).toEqual([...byAmount].sort((x, y) => x - y));
    const page2 = await deposits('?pageSize=1&page=2&order=asc');
    expect(page2).toMatchObject({ total: 3, list: [{ orderNo: orders.pending }] });
  });

  it('is open to finance and risk, refused to support; bad filters are 400 with a message', async () => {
    expect((await deposits('', risk)).total).toBe(3);
    expect((await t.app.inject({ url: '/api/operator/deposits', headers: support.headers })).statusCode).toBe(
      403,
    );
    for (const q of ['?pageSize=101', '?status=lost', '?from=yesterday', '?page=0', '?sort=email']) {
      const res = await t.app.inject({ url: `/api/operator/deposits${q}`, headers: finance.headers });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBeTruthy();
    }
  });
});

describe('a withdrawal’s risk summary', () => {
  it('sums the player’s money, play, bonus, account, KYC and responsible-gambling state', async () => {
    const bet = await c.call(
      'POST',
      '/api/app/originals/dice/bet',
      ana.token,
      { amount: 2, target: 50, condition: 'over' },
      {
        'idempotency-key': crypto.randomUUID(),
      },
    );
    expect(bet.statusCode, bet.body).toBe(200);
    // The settled stake wears the gift's wagering when its fact is delivered: deliver it before reading.
    while ((await t.app.outbox.relayOnce()) > 0);
    const limits = await c.call('PUT', `${RG_PATH}/limits`, ana.token, { deposit: { day: 500, week: 1000 } });
    expect(limits.statusCode, limits.body).toBe(200);
    const requested = await c.withdraw(ana, c.pixWithdrawal(ana, 50));
    expect(requested.statusCode, requested.body).toBe(200);
    const queue = await c.operator('GET', '/api/operator/withdrawals');
    const order = queue
      .json()
      .data.find((o: { orderId: string }) => o.orderId === requested.json().data.orderId);

    const res = await t.app.inject({
      url: `/api/operator/withdrawals/${order.id}/risk`,
      headers: finance.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const paidDeposit = (await deposits(`?q=${orders.paid}`)).list[0]!;
    expect(withdrawalRisk.parse(res.json().data)).toEqual({
      withdrawalId: order.id,
      userId: ana.userId,
      email: ana.email,
      deposits: { total: paidDeposit.amount, count: 1 },
      withdrawals: { total: 0, count: 0 },
      chargebacks: { total: 0, count: 0 },
      net: paidDeposit.amount,
      bets30d: { count: 1, turnover: 2 },
      // The deposit's gift: bonus money with its wagering (2× the gift) still due, less the R$ 2 stake.
      bonus: { active: true, count: 1, amount: paidDeposit.gift, wagerDue: paidDeposit.gift * 2 - 2 },
      accountCreatedAt: expect.any(String),
      accountAgeDays: 0,
      // Bia signed up from the same address and browser (the test's injected requests).
      sameIpAccounts: 1,
      sameDeviceAccounts: 1,
      kyc: {
        verified: true,
        name: 'Ana Souza',
        cpfMasked: `***.${ana.cpf.slice(3, 6)}.${ana.cpf.slice(6, 9)}-**`,
      },
      blocked: null,
      rg: { exclusion: null, limitsSet: 2 },
    });
    // Her deposit taken back by the payer while still credited: the approver sees it.
    const flag = (value: string | null) =>
      t.database.db.update(paymentOrders).set({ flag: value }).where(eq(paymentOrders.orderId, orders.paid));
    await flag('chargedBack');
    try {
      const again = await t.app.inject({
        url: `/api/operator/withdrawals/${order.id}/risk`,
        headers: finance.headers,
      });
      expect(withdrawalRisk.parse(again.json().data).chargebacks).toEqual({
        total: paidDeposit.amount,
        count: 1,
      });
    } finally {
      await flag(null);
    }
    // Blocked by risk: the approver sees when and why, and an approval is refused (nothing paid, still pending).
    const block = await c.operator('POST', `/api/operator/players/${ana.userId}/block`, {
      reason: 'Suspeita de fraude: contas no mesmo aparelho',
      version: 0,
    });
    expect(block.statusCode, block.body).toBe(200);
    const blocked = await t.app.inject({
      url: `/api/operator/withdrawals/${order.id}/risk`,
      headers: finance.headers,
    });
    expect(withdrawalRisk.parse(blocked.json().data).blocked).toEqual({
      at: expect.any(String),
      reason: 'Suspeita de fraude: contas no mesmo aparelho',
    });
    const approve = await c.operator('POST', `/api/operator/withdrawals/${order.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json().message).toBe(
      'A conta do jogador está bloqueada (Suspeita de fraude: contas no mesmo aparelho): desbloqueie-a para pagar este saque, ou recuse-o para devolver o dinheiro',
    );
    const [still] = await t.database.db
      .select({ status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.orderId));
    expect(still!.status).toBe('00');
    expect(
      (await c.operator('POST', `/api/operator/withdrawals/${order.id}/reject`, { reason: 'test' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await c.operator('POST', `/api/operator/players/${ana.userId}/unblock`, { version: 1 })).statusCode,
    ).toBe(200);
    const deposit = (await deposits(`?q=${orders.paid}`)).list[0]!;
    const notWithdrawal = await t.app.inject({
      url: `/api/operator/withdrawals/${deposit.id}/risk`,
      headers: finance.headers,
    });
    expect(notWithdrawal.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/operator/withdrawals/abc/risk', headers: finance.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/operator/withdrawals/${order.id}/risk`, headers: support.headers }))
        .statusCode,
    ).toBe(200);
  });
});
