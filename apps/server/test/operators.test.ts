import crypto from 'node:crypto';
import { OrderStatus, type OperatorRole } from '@aposta/contracts';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsClient, paymentsTestApp, type TestApp } from '../src/modules/payments/payments.test-client';
import { expectCleanLedgerThenClose } from './helpers';

/**
 * The operators deliverable's "done when", black-box through the real app: an operator signs in with TOTP,
 * approves a withdrawal and changes a setting, and both are in the audit log with before and after; a role
 * without the permission changes nothing and leaves its refusal in the log.
 */

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;
const PASSWORD = 'operator password 1';

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

async function signIn(role: OperatorRole) {
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@aposta.test`;
  const { otpauthUrl } = await t.app.operators.create({ email, password: PASSWORD, role });
  const totp = (OTPAuth.URI.parse(otpauthUrl) as OTPAuth.TOTP).generate();
  const res = await c.call('POST', '/api/operator/auth/login', undefined, {
    email,
    password: PASSWORD,
    totp,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.access_token as string;
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    c.call(method, url, token, payload);
  return { email, as };
}

/** A player with a credited deposit and a pending withdrawal of R$ 50; answers the withdrawal's id. */
async function pendingWithdrawal(admin: Awaited<ReturnType<typeof signIn>>) {
  const p = await c.signUp();
  await c.deposit(p);
  const w = await c.withdraw(p, c.pixWithdrawal(p, 50));
  expect(w.statusCode, w.body).toBe(200);
  const list = (await admin.as('GET', '/api/operator/withdrawals?status=pending')).json().data;
  return list.find((x: { orderId: string }) => x.orderId === w.json().data.orderId).id as number;
}

const statusOf = async (admin: Awaited<ReturnType<typeof signIn>>, id: number) =>
  (await admin.as('GET', '/api/operator/withdrawals?status=all'))
    .json()
    .data.find((x: { id: number }) => x.id === id).status as string;

describe('an operator signs in with TOTP, changes a setting and approves a withdrawal', () => {
  it('leaves both actions in the audit log with who, before and after', async () => {
    const admin = await signIn('admin');
    const setting = await admin.as('PUT', '/api/operator/settings', { 'wagering.depositMultiplier': 0 });
    expect(setting.statusCode, setting.body).toBe(200);
    const id = await pendingWithdrawal(admin);
    const approved = await admin.as('POST', `/api/operator/withdrawals/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe(OrderStatus.PAID);

    const log = (await admin.as('GET', '/api/operator/audit?limit=50')).json().data as Array<
      Record<string, unknown>
    >;
    const approval = log.find((r) => r.action === 'withdrawals.approve');
    const change = log.find((r) => r.action === 'settings.write');
    expect(approval).toMatchObject({
      actorEmail: admin.email,
      actorId: expect.any(Number),
      target: `withdrawal:${id}`,
      before: { status: OrderStatus.PENDING },
      after: { status: OrderStatus.PAID },
      outcome: 'ok',
      httpStatus: 200,
      ip: expect.any(String),
      at: expect.any(String),
    });
    expect(change).toMatchObject({
      actorEmail: admin.email,
      target: 'settings',
      before: { 'wagering.depositMultiplier': 1 },
      after: { 'wagering.depositMultiplier': 0 },
      outcome: 'ok',
    });
    // Newest first: the approval came after the setting.
    expect(log.indexOf(approval!)).toBeLessThan(log.indexOf(change!));
  });

  it('a role without the permission approves nothing; its refusal is in the log', async () => {
    const admin = await signIn('admin');
    const support = await signIn('support');
    const id = await pendingWithdrawal(admin);
    // Support reads the queue (it answers players) with the payout key and WhatsApp masked; who pays, whole.
    type Row = { id: number; payCardNo: string; ifsc: string; whatsapp: string };
    const rowOf = async (who: Awaited<ReturnType<typeof signIn>>, paged: boolean) => {
      const data = (
        await who.as('GET', `/api/operator/withdrawals?status=pending${paged ? '&page=1&limit=50' : ''}`)
      ).json().data;
      return ((paged ? data.list : data) as Row[]).find((x) => x.id === id)!;
    };
    const whole = await rowOf(admin, false);
    expect(whole.payCardNo).toMatch(/^\d{11}$/);
    for (const paged of [false, true]) {
      const masked = await rowOf(support, paged);
      // A CPF key is masked as everywhere else a CPF is (the player list shows the same middle digits).
      expect(masked.payCardNo).toBe(`***.${whole.payCardNo.slice(3, 6)}.${whole.payCardNo.slice(6, 9)}-**`);
      expect(masked.ifsc).toBe(masked.payCardNo);
      expect(masked.whatsapp).not.toBe(whole.whatsapp);
      expect(masked.whatsapp).toContain('*');
    }
    const res = await support.as('POST', `/api/operator/withdrawals/${id}/approve`);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(40300);
    expect(await statusOf(admin, id)).toBe(OrderStatus.PENDING);
    const [, refusal] = (await admin.as('GET', '/api/operator/audit?limit=2')).json().data;
    expect(refusal).toMatchObject({
      action: 'withdrawals.approve',
      actorEmail: support.email,
      outcome: 'refused',
      reason: 'permissionMissing',
      httpStatus: 403,
    });

    // Risk may reject: the order's status before and after is recorded.
    const risk = await signIn('risk');
    const rejected = await risk.as('POST', `/api/operator/withdrawals/${id}/reject`, { reason: 'KYC' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [row] = (await admin.as('GET', '/api/operator/audit?limit=2')).json().data;
    expect(row).toMatchObject({
      action: 'withdrawals.reject',
      actorEmail: risk.email,
      before: { status: OrderStatus.PENDING },
      after: { status: OrderStatus.CANCELLED, reason: 'KYC' },
    });
    // A second decision fails on its own (409): audited as failed, with no before/after.
    const again = await admin.as('POST', `/api/operator/withdrawals/${id}/approve`);
    expect(again.statusCode).toBe(409);
    const [failed] = (await admin.as('GET', '/api/operator/audit?limit=2')).json().data;
    expect(failed).toMatchObject({
      action: 'withdrawals.approve',
      outcome: 'failed',
      httpStatus: 409,
      reason: 'withdrawalNotPending',
      before: null,
      after: null,
    });
  });
});
