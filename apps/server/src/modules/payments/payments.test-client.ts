import crypto from 'node:crypto';
import { expect } from 'vitest';
import { createTestApp, TEST_CAPTCHA, TEST_OPERATOR_KEY } from '../../../test/helpers';

/** The sandbox webhook secret of the payments test apps (so tests can forge, replay and re-sign). */
export const SANDBOX_SECRET = 'payments-sandbox-secret-for-tests';
const PWD = 'correct horse 1';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const paymentsTestApp = (env: Record<string, string> = {}) =>
  createTestApp({ SANDBOX_PIX_SECRET: SANDBOX_SECRET, PUBLIC_URL: 'http://localhost:3500', ...env });

/** A valid CPF made from 9 random digits and their two check digits. */
export function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => crypto.randomInt(10));
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, v, i) => s + v * (len + 1 - i), 0);
    d.push(((sum * 10) % 11) % 10);
  }
  return d.join('');
}

export interface Player {
  token: string;
  userId: number;
  cpf: string;
}

/** A black-box client of one app: every call goes through HTTP (app.inject). */
export function paymentsClient(t: TestApp) {
  const { app } = t;
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  const client = {
    call,
    operator: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      call(method, url, undefined, payload, { 'x-operator-key': TEST_OPERATOR_KEY }),
    setSettings: async (patch: Record<string, unknown>) => {
      const res = await client.operator('PUT', '/api/operator/settings', patch);
      expect(res.statusCode, res.body).toBe(200);
    },

    /**
     * Registers a player (with KYC done unless told otherwise); `br`: with the CPF and a birth date 30 years
     * ago, as the Brazilian profile's registration asks.
     */
    async signUp({ kyc = true, br = false }: { kyc?: boolean; br?: boolean } = {}): Promise<Player> {
      const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
      expect((await call('GET', `/api/auth/user/captcha/${codeId}`)).statusCode).toBe(200);
      const username = `payer-${crypto.randomBytes(5).toString('hex')}@example.com`;
      const cpf = randomCpf();
      const birth = new Date();
      birth.setUTCFullYear(birth.getUTCFullYear() - 30);
      const reg = await call('POST', '/api/auth/user/restRegister', undefined, {
        username,
        pwd: PWD,
        pwd1: PWD,
        codeId,
        captCode: TEST_CAPTCHA,
        ...(br ? { cardNo: cpf, birthDate: birth.toISOString().slice(0, 10) } : {}),
      });
      expect(reg.statusCode, reg.body).toBe(200);
      const token = reg.json().data.access_token as string;
      if (kyc) {
        const res = await call('POST', '/api/app/user/updateKyc', token, { name: 'Ana Souza', cardNo: cpf });
        expect(res.statusCode, res.body).toBe(200);
      }
      const info = await call('GET', '/api/app/user/userInfo', token);
      return { token, userId: info.json().data.uId as number, cpf };
    },

    async prePay(
      p: Player,
      pkgId = 4,
      body: Record<string, unknown> = { gift: 1, pkgId, isapp: 0 },
      key?: string,
    ) {
      return call(
        'POST',
        `/api/app/order/prePay/${pkgId}`,
        p.token,
        body,
        key ? { 'idempotency-key': key } : {},
      );
    },

    /** Deposits a package through the sandbox page's Pay endpoint; answers the pre-pay result. */
    async deposit(p: Player, pkgId = 4): Promise<{ orderId: string; payNo: string; url: string }> {
      const res = await client.prePay(p, pkgId);
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().data;
      const pay = await call('POST', `${new URL(order.url).pathname}/pay`);
      expect(pay.statusCode, pay.body).toBe(200);
      expect(pay.json().data.webhook.statusCode).toBe(200);
      return order;
    },

    status: (p: Player, orderId: string) => call('GET', `/api/app/order/getStatus/${orderId}`, p.token),

    withdraw: (
      p: Player,
      body: Record<string, unknown>,
      key: string | null = crypto.randomUUID(),
      lang?: string,
    ) =>
      call('POST', '/api/app/order/withdraw', p.token, body, {
        ...(key ? { 'idempotency-key': key } : {}),
        ...(lang ? { lang } : {}),
      }),

    pixWithdrawal: (p: Player, amount: number | string) => ({
      payCardBank: 'CPF',
      payCardNo: p.cpf,
      name: 'Ana Souza',
      whatsapp: '+5511999990000',
      amount,
    }),
  };
  return client;
}
