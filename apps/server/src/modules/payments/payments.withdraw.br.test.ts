import { ErrorCode } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose } from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import {
  paymentsClient,
  paymentsTestApp,
  randomCpf,
  SANDBOX_SECRET,
  type Player,
  type TestApp,
} from './payments.test-client';

/**
 * Approval pays out under the rules in force when it pays, not those of the request: under the Brazilian
 * profile (JURISDICTION=br) a withdrawal asked for before the profile was switched on, to a key that is not the
 * player's own CPF, or one whose player no longer has that CPF on file, is refused (409, the rule in `data`),
 * nothing paid and nothing changed: the order stays pending with its money held, and a rejection gives it back.
 */
let before: TestApp;
let t: TestApp;
let c: ReturnType<typeof paymentsClient>;

type Order = { id: number; orderId: string; status: number; events: { event: string }[] };

async function orderOf(orderId: string): Promise<Order> {
  const list = (await c.operator('GET', '/api/operator/withdrawals?status=all')).json().data as Order[];
  return list.find((o) => o.orderId === orderId)!;
}

const held = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')!.held;

let toCnpj: { p: Player; orderId: string };
let toOwnCpf: { p: Player; orderId: string };

beforeAll(async () => {
  // The default profile first: withdrawals to any CPF or CNPJ key are taken.
  before = await paymentsTestApp();
  const b = paymentsClient(before);
  await b.setSettings({ 'wagering.depositMultiplier': 0 });
  const request = async (key: Record<string, unknown> = {}) => {
    const p = await b.signUp();
    await b.deposit(p);
    const res = await b.withdraw(p, { ...b.pixWithdrawal(p, 50), ...key });
    expect(res.statusCode, res.body).toBe(200);
    return { p, orderId: res.json().data.orderId as string };
  };
  toCnpj = await request({ payCardBank: 'CNPJ', payCardNo: '11222333000181' });
  toOwnCpf = await request();
  await before.app.close();
  // Then the Brazilian profile, on the same database.
  t = await createTestApp(
    { SANDBOX_PIX_SECRET: SANDBOX_SECRET, PUBLIC_URL: 'http://localhost:3500', JURISDICTION: 'br' },
    before.database,
  );
  c = paymentsClient(t);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

describe('approval re-checks the Brazilian payout rules', () => {
  it('an order to a CNPJ key from before the profile: 409, still pending and held; rejection releases', async () => {
    const { p, orderId } = toCnpj;
    const { id } = await orderOf(orderId);
    const res = await c.operator('POST', `/api/operator/withdrawals/${id}/approve`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      status: ErrorCode.CONFLICT,
      message: expect.stringContaining('CPF do próprio jogador'),
      data: { rule: 'brPayoutOwnCpf' },
    });
    const after = await orderOf(orderId);
    expect(after.events.map((e) => e.event)).toEqual(['requested']);
    expect(await held(p.userId)).toBe(5_000);
    expect((await t.app.inject({ url: '/sandbox/payouts.json' })).body).not.toContain(orderId);
    const rejected = await c.operator('POST', `/api/operator/withdrawals/${id}/reject`, { reason: 'CNPJ' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await held(p.userId)).toBe(0);
  });

  it('an order to the player’s own CPF from before the profile is paid', async () => {
    const { p, orderId } = toOwnCpf;
    const res = await c.operator('POST', `/api/operator/withdrawals/${(await orderOf(orderId)).id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.events.map((e: { event: string }) => e.event)).toEqual([
      'requested',
      'approved',
      'paid',
    ]);
    expect(await held(p.userId)).toBe(0);
  });

  it('the player’s CPF or KYC changed after the request: 409 with the rule, nothing paid', async () => {
    const p = await c.signUp({ br: true });
    await c.deposit(p);
    const asked = await c.withdraw(p, c.pixWithdrawal(p, 50));
    expect(asked.statusCode, asked.body).toBe(200);
    const { id } = await orderOf(asked.json().data.orderId as string);
    const approve = () => c.operator('POST', `/api/operator/withdrawals/${id}/approve`);
    await t.database.db.execute(sql`update users set card_no = ${randomCpf()} where id = ${p.userId}`);
    let res = await approve();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().data).toEqual({ rule: 'brPayoutOwnCpf' });
    await t.database.db.execute(sql`update users set card_no = ${p.cpf}, kyc = 0 where id = ${p.userId}`);
    res = await approve();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().data).toEqual({ rule: 'withdrawKycRequired' });
    expect(await held(p.userId)).toBe(5_000);
    // KYC back, the same key: approval pays.
    await t.database.db.execute(sql`update users set kyc = 1 where id = ${p.userId}`);
    res = await approve();
    expect(res.statusCode, res.body).toBe(200);
    expect(await held(p.userId)).toBe(0);
  });
});
