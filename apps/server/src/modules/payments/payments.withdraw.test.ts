import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TxType } from '@aposta/contracts';
import { playerAccounts, post } from '../ledger';
import {
  paymentsClient,
  paymentsTestApp,
  randomCpf,
  type Player,
  type TestApp,
} from './payments.test-client';
import { expectCleanLedgerThenClose } from '../../../test/helpers';

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;

const VALID_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
  // Deposits are withdrawable at once in this file, unless a test says otherwise.
  await c.setSettings({ 'wagering.depositMultiplier': 0 });
});
// Every test's money movements, checked once all have run (so running one test alone checks it too).
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const funded = async (pkgId = 4): Promise<Player> => {
  const p = await c.signUp();
  await c.deposit(p, pkgId);
  return p;
};

const cash = async (userId: number) => {
  const account = (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash');
  return { balance: account?.balance ?? 0, held: account?.held ?? 0 };
};

const message = async (res: Promise<{ json: () => { message: string } }>) => (await res).json().message;

describe('withdraw checks, in the spec order, with its messages', () => {
  it('refuses any withdrawal before KYC, also of money received by transfer, to any key', async () => {
    const sender = await funded();
    const receiver = await c.signUp({ kyc: false });
    // Cash that reached a player without KYC (as a transfer did before transfers needed KYC).
    await post(t.database.db, {
      type: TxType.TRANSFER,
      userId: sender.userId,
      counterUserId: receiver.userId,
      players: [
        { userId: sender.userId, amount: -6_000 },
        { userId: receiver.userId, amount: 6_000 },
      ],
    });
    for (const body of [
      c.pixWithdrawal(receiver, 60),
      { ...c.pixWithdrawal(receiver, 60), payCardNo: randomCpf(), name: 'Someone Else' },
    ]) {
      const res = await c.withdraw(receiver, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Conclua a verificação de identidade (nome e CPF) antes de sacar');
    }
    expect(await cash(receiver.userId)).toEqual({ balance: 6_000, held: 0 });
  });

  it('rule 2: one withdrawal a day at VIP 0, then "Número de retiradas restantes hoje 0"', async () => {
    const p = await funded();
    expect((await c.withdraw(p, c.pixWithdrawal(p, 50))).statusCode).toBe(200);
    const limits = (await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data;
    expect(limits.number).toBe(0);
    const second = await c.withdraw(p, c.pixWithdrawal(p, 50));
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('Número de retiradas restantes hoje 0, tente novamente amanhã。');
  });

  it('rule 3: nothing withdrawable ("Sem valor de levantamento"), in English too', async () => {
    const p = await c.signUp();
    expect(await message(c.withdraw(p, c.pixWithdrawal(p, 50)))).toBe('Sem valor de levantamento');
    expect(await message(c.withdraw(p, c.pixWithdrawal(p, 50), undefined, 'en'))).toBe(
      'No withdrawable amount',
    );
  });

  it('rule 4: empty or below the minimum amount; what is not an amount is said to be one', async () => {
    const p = await funded();
    for (const amount of ['', '49,99', 49.99, -50, '-50', 0]) {
      expect(await message(c.withdraw(p, c.pixWithdrawal(p, amount)))).toBe(
        'Montante mínimo de retirada:R$50,00',
      );
    }
    const { amount: _a, ...noAmount } = c.pixWithdrawal(p, 0);
    expect(await message(c.withdraw(p, noAmount))).toBe('Montante mínimo de retirada:R$50,00');
    // Not "below the minimum": letters, a third decimal, an exponent, hex, a decimal point before three digits
    // (never read as R$ 500 and capped to the whole balance).
    for (const amount of ['abc', '60,555', 60.555, '1e2', '0x3c', '1.00.0', '0.500']) {
      const res = await c.withdraw(p, c.pixWithdrawal(p, amount));
      expect([res.statusCode, res.json().message], String(amount)).toEqual([400, 'Valor inválido']);
    }
    // Each refusal came after the request was counted (rule 2 first) and took its count back with it.
    expect((await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data.number).toBe(1);
    await c.setSettings({ 'withdraw.minAmount': 7_000 });
    try {
      expect(await message(c.withdraw(p, c.pixWithdrawal(p, 60)))).toBe(
        'Montante mínimo de retirada:R$70,00',
      );
    } finally {
      await c.setSettings({ 'withdraw.minAmount': 5_000 });
    }
  });

  it('reads an amount as a Brazilian writes it', async () => {
    for (const [typed, paid] of [
      ['R$ 60,50', 60.5],
      ['1.000,00', 100], // capped to the balance
      ['75.25', 75.25],
    ] as const) {
      const p = await funded();
      const res = await c.withdraw(p, c.pixWithdrawal(p, typed));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.amount, typed).toBe(paid);
    }
  });

  it('rule 5: above the withdrawable amount or the maximum; the amount is capped to the balance', async () => {
    // Half the deposit still to be wagered: R$ 50 of the R$ 100 is withdrawable.
    await c.setSettings({ 'wagering.depositMultiplier': 0.5 });
    try {
      const half = await funded();
      expect((await c.call('GET', '/api/app/order/getWithdraw', half.token)).json().data.wdAmount).toBe(50);
      expect(await message(c.withdraw(half, c.pixWithdrawal(half, 80)))).toBe(
        'Montante máximo de levantamento:R$50,00',
      );
    } finally {
      await c.setSettings({ 'wagering.depositMultiplier': 0 });
    }
    const p = await funded();
    await c.setSettings({ 'withdraw.maxAmount': 6_000 });
    try {
      expect(await message(c.withdraw(p, c.pixWithdrawal(p, 70)))).toBe(
        'Montante máximo de levantamento:R$60,00',
      );
    } finally {
      await c.setSettings({ 'withdraw.maxAmount': 1_000_000 });
    }
    const capped = await c.withdraw(p, c.pixWithdrawal(p, 5_000));
    expect(capped.statusCode, capped.body).toBe(200);
    expect(capped.json().data.amount).toBe(100);
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 10_000 });
    // Beyond what the money library reads (R$ 100 billion and up): still more than the balance, capped as well.
    const huge = await funded();
    const all = await c.withdraw(huge, c.pixWithdrawal(huge, 1e308));
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.amount).toBe(100);
  });

  it('getWithdraw says how much is still to be wagered: a fresh R$ 100 at 1x owes R$ 100, none at 0x', async () => {
    await c.setSettings({ 'wagering.depositMultiplier': 1 });
    try {
      const p = await funded();
      const limits = (await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data;
      expect(limits).toMatchObject({ wdAmount: 0, wagerDue: 100 });
    } finally {
      await c.setSettings({ 'wagering.depositMultiplier': 0 });
    }
    const free = await funded();
    const limits = (await c.call('GET', '/api/app/order/getWithdraw', free.token)).json().data;
    expect(limits).toMatchObject({ wdAmount: 100, wagerDue: 0 });
  });

  it('rule 6: payout fields required; CPF and CNPJ check digits; an unknown type', async () => {
    const p = await funded();
    const base = c.pixWithdrawal(p, 50);
    const info = 'Por favor, preencha as informações completamente';
    expect(await message(c.withdraw(p, { ...base, payCardNo: '' }))).toBe(info);
    expect(await message(c.withdraw(p, { ...base, whatsapp: ' ' }))).toBe(info);
    expect(await message(c.withdraw(p, { ...base, name: '' }))).toBe(info);
    expect(await message(c.withdraw(p, { ...base, payCardBank: undefined }))).toBe(info);
    expect(await message(c.withdraw(p, { ...base, payCardBank: 'PAYPAL' }))).toBe('Tipo de saque inválido');
    for (const bad of ['529.982.247-24', '111.111.111-11', '5299822472', 'abcdefghijk', '529982247255']) {
      expect(await message(c.withdraw(p, { ...base, payCardNo: bad }))).toBe('CPF inválido');
    }
    for (const bad of ['11.222.333/0001-80', '00.000.000/0000-00', '11222333000', '11.222.333/0001-8X']) {
      expect(await message(c.withdraw(p, { ...base, payCardBank: 'CNPJ', payCardNo: bad }))).toBe(
        'CNPJ inválido',
      );
    }
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 0 });
    const ok = await c.withdraw(p, { ...base, payCardBank: 'CNPJ', payCardNo: '11.222.333/0001-81' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ payCardBank: 'CNPJ', amount: 50, status: '00' });
    const limits = (await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data;
    expect(limits.cardInfo.CNPJ).toMatchObject({ payCardNo: '11222333000181', whatsapp: base.whatsapp });
  });

  it('USDT(TRC20) only with lx 20, to a valid TRON address, shown as amount / rate - 1', async () => {
    const p = await funded(5);
    const usdt = { payCardBank: 'USDT', payCardNo: VALID_TRON, whatsapp: '+5511999990000', amount: 110 };
    const refused = await c.withdraw(p, usdt);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('O saque em USDT não está disponível para esta conta');
    await t.database.db.execute(sql`update users set lx = '20' where id = ${p.userId}`);
    const bad = [
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60',
      'tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6',
      '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
    ];
    for (const address of bad) {
      expect(await message(c.withdraw(p, { ...usdt, payCardNo: address }))).toBe(
        'Endereço USDT (TRC20) inválido',
      );
    }
    const res = await c.withdraw(p, usdt);
    expect(res.statusCode, res.body).toBe(200);
    // 110 - 3% fee = 106.70; at R$ 5.50 per USDT, 19.4 USDT less the 1 USDT network fee.
    expect(res.json().data).toMatchObject({ amount: 110, fee: 3.3, netAmount: 106.7, usdtAmount: 18.4 });
    const limits = (await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data;
    expect(limits).toMatchObject({ usdtRate: 5.5 });
    expect(limits.cardInfo.USDT).toMatchObject({ payCardNo: VALID_TRON, ifsc: '5.5' });
  });

  it('the VIP level read with the withdrawable amount sets the fee and the daily count', async () => {
    const settings = (await c.operator('GET', '/api/operator/settings')).json().data;
    // No turnover needed past level 0: the R$ 100 deposit alone reaches level 1 (2.5% fee instead of 3%).
    const table = settings['vip.table'].map((row: object, i: number) =>
      i === 0 ? { ...row, gameSum: 0 } : i === 1 ? { ...row, withdrawalsPerDay: 2 } : row,
    );
    await c.setSettings({ 'vip.table': table });
    try {
      const p = await funded();
      const before = (await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data;
      expect(before).toMatchObject({ serviceAmount: 0.025, number: 2 });
      const res = await c.withdraw(p, c.pixWithdrawal(p, 60));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ amount: 60, fee: 1.5, netAmount: 58.5 });
      const after = (await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data;
      expect(after.number).toBe(1);
    } finally {
      await c.setSettings({ 'vip.table': settings['vip.table'] });
    }
  });

  it('needs an Idempotency-Key; the same key with another body is refused', async () => {
    const p = await funded();
    const none = await c.withdraw(p, c.pixWithdrawal(p, 50), null);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Falta o cabeçalho Idempotency-Key');
    // Sent ten times at once under one key: one withdrawal, and every answer is that one.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => c.withdraw(p, c.pixWithdrawal(p, 50), 'key-reuse-0001')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().data.orderId)).size).toBe(1);
    // The first answer is built from what its transaction wrote, the repeats are read back: all the same.
    expect(new Set(answers.map((a) => JSON.stringify(a.json().data))).size).toBe(1);
    expect(answers[0]!.json().data.events).toHaveLength(1);
    expect((await c.withdraw(p, c.pixWithdrawal(p, 60), 'key-reuse-0001')).statusCode).toBe(409);
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 5_000 });
  });
});

describe('operator decisions and the payout rail', () => {
  const pendingId = async (orderId: string) =>
    (await c.operator('GET', '/api/operator/withdrawals?status=pending'))
      .json()
      .data.find((w: { orderId: string }) => w.orderId === orderId).id as number;

  it('needs the operator key', async () => {
    expect((await c.call('GET', '/api/operator/withdrawals')).statusCode).toBe(401);
    expect((await c.call('POST', '/api/operator/withdrawals/1/approve')).statusCode).toBe(401);
  });

  it('a rejection releases the hold', async () => {
    const p = await funded();
    const w = (await c.withdraw(p, c.pixWithdrawal(p, 60))).json().data;
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 6_000 });
    // A rejection says why: none, or a letter, is refused and decides nothing.
    const pending = await pendingId(w.orderId);
    for (const body of [{}, { reason: ' x ' }]) {
      const bad = await c.operator('POST', `/api/operator/withdrawals/${pending}/reject`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toBe('Informe o motivo (pelo menos 3 caracteres)');
    }
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 6_000 });
    const res = await c.operator('POST', `/api/operator/withdrawals/${pending}/reject`, {
      reason: 'holder name differs',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('01');
    expect(res.json().data.events.map((e: { event: string }) => e.event)).toEqual(['requested', 'rejected']);
    expect(res.json().data.events[1].note).toBe('holder name differs');
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 0 });
  });

  it('a failed payout releases the hold and shows as failed', async () => {
    const p = await funded();
    const w = (await c.withdraw(p, c.pixWithdrawal(p, 50))).json().data;
    expect((await c.call('POST', '/sandbox/payouts/mode', undefined, { mode: 'fail' })).statusCode).toBe(200);
    try {
      const res = await c.operator('POST', `/api/operator/withdrawals/${await pendingId(w.orderId)}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('-01');
      expect(res.json().data.events.map((e: { event: string }) => e.event)).toEqual([
        'requested',
        'approved',
        'payoutFailed',
      ]);
    } finally {
      await c.call('POST', '/sandbox/payouts/mode', undefined, { mode: 'pay' });
    }
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 0 });
    const failed = (await c.operator('GET', '/api/operator/withdrawals?status=failed')).json().data;
    expect(failed.map((x: { orderId: string }) => x.orderId)).toContain(w.orderId);
    // The player did not withdraw: the day's one withdrawal (VIP 0) is theirs again.
    const again = await c.withdraw(p, c.pixWithdrawal(p, 50));
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a payout whose outcome is unknown stays PAYING until the rail answers', () => {
  const mode = async (m: 'pay' | 'fail' | 'throw' | 'processing') =>
    expect((await c.call('POST', '/sandbox/payouts/mode', undefined, { mode: m })).statusCode).toBe(200);
  const requested = async () => {
    const p = await funded();
    const w = (await c.withdraw(p, c.pixWithdrawal(p, 50))).json().data;
    const list = (await c.operator('GET', '/api/operator/withdrawals?status=pending')).json().data;
    const id = list.find((x: { orderId: string }) => x.orderId === w.orderId).id as number;
    return { p, id, orderId: w.orderId as string };
  };
  const events = (res: { json: () => { data: { events: { event: string }[] } } }) =>
    res.json().data.events.map((e) => e.event);
  const paidOut = async (orderId: string) =>
    (await c.call('GET', '/sandbox/payouts.json'))
      .json()
      .data.payouts.filter(
        (x: { orderId: string; status: string }) => x.orderId === orderId && x.status === 'paid',
      ).length;

  it('the rail throws after paying: reject and approve are refused, the hold stays, reconcile settles once', async () => {
    const { p, id, orderId } = await requested();
    await mode('throw');
    try {
      const res = await c.operator('POST', `/api/operator/withdrawals/${id}/approve`);
      expect(res.statusCode).toBe(503);
    } finally {
      await mode('pay');
    }
    const [order] = (await c.operator('GET', '/api/operator/withdrawals?status=paying'))
      .json()
      .data.filter((x: { orderId: string }) => x.orderId === orderId);
    expect(order.status).toBe('99');
    expect(order.events.map((e: { event: string }) => e.event)).toEqual([
      'requested',
      'approved',
      'payoutError',
    ]);
    // The player sees a reason code, not the rail's error text.
    expect(order.events[2].note).toBe('payout_outcome_unknown');
    expect(
      (await c.operator('POST', `/api/operator/withdrawals/${id}/reject`, { reason: 'duplicada' }))
        .statusCode,
    ).toBe(409);
    expect((await c.operator('POST', `/api/operator/withdrawals/${id}/approve`)).statusCode).toBe(409);
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 5_000 });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`)),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const after = await c.operator('GET', '/api/operator/withdrawals?status=paid');
    const paid = after.json().data.find((x: { orderId: string }) => x.orderId === orderId);
    expect(paid.events.map((e: { event: string }) => e.event)).toEqual([
      'requested',
      'approved',
      'payoutError',
      'paid',
    ]);
    expect(await cash(p.userId)).toEqual({ balance: 5_000, held: 0 });
    expect(await paidOut(orderId)).toBe(1);
    expect((await c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`)).statusCode).toBe(409);
  });

  it('the rail answers processing, then paid: reconcile settles once', async () => {
    const { p, id } = await requested();
    await mode('processing');
    try {
      const res = await c.operator('POST', `/api/operator/withdrawals/${id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('99');
      const still = await c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`);
      expect(still.json().data.status).toBe('99');
      expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 5_000 });
    } finally {
      await mode('pay');
    }
    const res = await c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('10');
    expect(events(res)).toEqual(['requested', 'approved', 'paid']);
    expect(await cash(p.userId)).toEqual({ balance: 5_000, held: 0 });
    expect((await c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`)).statusCode).toBe(409);
    expect(await cash(p.userId)).toEqual({ balance: 5_000, held: 0 });
  });

  it('the rail answers processing, then failed: reconcile releases the hold', async () => {
    const { p, id } = await requested();
    await mode('processing');
    try {
      expect((await c.operator('POST', `/api/operator/withdrawals/${id}/approve`)).statusCode).toBe(200);
      await mode('fail');
      const res = await c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('-01');
      expect(events(res)).toEqual(['requested', 'approved', 'payoutFailed']);
    } finally {
      await mode('pay');
    }
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 0 });
  });

  it('stopped between approval and the rail call: the rail never heard of it, released after the grace', async () => {
    const { p, id, orderId } = await requested();
    // What a crash right after the approval commits leaves behind.
    await t.database.db.execute(sql`update payment_orders set status = '99' where order_id = ${orderId}`);
    const young = await c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`);
    expect(young.json().data.status).toBe('99');
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 5_000 });
    await t.database.db.execute(
      sql`update payment_orders set updated_at = now() - interval '1 hour' where order_id = ${orderId}`,
    );
    const res = await c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`);
    expect(res.json().data.status).toBe('-01');
    expect(res.json().data.events.at(-1)).toMatchObject({ event: 'payoutFailed', note: 'payout_not_found' });
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 0 });
  });

  it('reconcile needs the operator key and a PAYING order', async () => {
    expect((await c.call('POST', '/api/operator/withdrawals/1/reconcile')).statusCode).toBe(401);
    const { id } = await requested();
    expect((await c.operator('POST', `/api/operator/withdrawals/${id}/reconcile`)).statusCode).toBe(409);
  });
});

describe('concurrent withdrawals on one balance', () => {
  it('fifty at once at one a day: exactly one is held', async () => {
    const p = await funded();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => c.withdraw(p, c.pixWithdrawal(p, 50))),
    );
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.json().message).toBe('Número de retiradas restantes hoje 0, tente novamente amanhã。');
    }
    expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 5_000 });
  });

  it('fifty at once with a high daily count: never more than the balance', async () => {
    const settings = (await c.operator('GET', '/api/operator/settings')).json().data;
    const table = settings['vip.table'].map((row: object, i: number) =>
      i === 0 ? { ...row, withdrawalsPerDay: 100 } : row,
    );
    await c.setSettings({ 'vip.table': table });
    try {
      const p = await funded();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => c.withdraw(p, c.pixWithdrawal(p, 50))),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 422)).toBe(true);
      expect(await cash(p.userId)).toEqual({ balance: 10_000, held: 10_000 });
      const limits = (await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data;
      expect(limits).toMatchObject({ number: 98, wdAmount: 0 });
    } finally {
      await c.setSettings({ 'vip.table': settings['vip.table'] });
    }
  });
});
