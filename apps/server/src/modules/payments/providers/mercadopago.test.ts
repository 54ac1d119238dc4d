import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMercadoPago, type Fetch } from './mercadopago';
import { ProviderUnavailable, WebhookRejected, type WebhookInput } from './provider';

interface Exchange {
  request?: { method: string; url: string; headers?: Record<string, string>; body?: unknown };
  response: { status: number; body: unknown };
}

/** A recorded exchange, written from the provider's public documentation (see each file's _source). */
const fixture = <T = Exchange>(name: string): T =>
  JSON.parse(fs.readFileSync(new URL(`./fixtures/mercadopago/${name}.json`, import.meta.url), 'utf8')) as T;

const createFixture = fixture<{
  request: { headers: Record<string, string>; body: unknown; method: string; url: string };
  response: {
    status: number;
    body: { point_of_interaction: { transaction_data: { qr_code: string; ticket_url: string } } };
  };
}>('create-pix-payment');
const approvedFixture = fixture('get-payment-approved');
const rejectedFixture = fixture('get-payment-rejected');
const errorFixture = fixture('error-unauthorized');
const webhookFixture = fixture<{
  secret: string;
  receivedAt: string;
  request: { query: Record<string, string>; headers: Record<string, string>; body: unknown };
}>('webhook-payment-updated');

/** The HTTP boundary replaced by recorded exchanges: each call must match the next recorded request. */
function recorded(exchanges: Exchange[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch: Fetch = async (url, init) => {
    calls.push({ url, init });
    const next = exchanges.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    if (next.request) {
      expect(init.method).toBe(next.request.method);
      expect(url).toBe(next.request.url);
    }
    return new Response(JSON.stringify(next.response.body), {
      status: next.response.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, calls };
}

const ACCESS_TOKEN = createFixture.request.headers.Authorization.replace('Bearer ', '');
const provider = (fetch: Fetch, now = new Date(webhookFixture.receivedAt)) =>
  createMercadoPago({
    accessToken: ACCESS_TOKEN,
    webhookSecret: webhookFixture.secret,
    fetch,
    now: () => now,
  });

const webhook = (over: Partial<WebhookInput> = {}): WebhookInput => ({
  rawBody: Buffer.from(JSON.stringify(webhookFixture.request.body)),
  headers: { ...webhookFixture.request.headers },
  query: { ...webhookFixture.request.query },
  ...over,
});

describe('Mercado Pago adapter against recorded exchanges', () => {
  it('creates a PIX charge exactly as the docs ask and reads the copia e cola and page', async () => {
    const http = recorded([createFixture]);
    const charge = await provider(http.fetch).createCharge({
      orderId: 'D2026112210413912345678',
      amount: 10_000,
      description: 'Depósito D2026112210413912345678',
      payer: { email: 'ana@example.com', name: 'Ana Souza Lima', cpf: '52998224725' },
      expiresAt: new Date('2026-11-22T11:11:39.000Z'),
      idempotencyKey: 'deposit:D2026112210413912345678',
      notificationUrl: 'https://aposta.example/api/payments/webhook/mercadopago',
    });
    const sent = http.calls[0]!;
    expect(JSON.parse(String(sent.init.body))).toEqual(createFixture.request.body);
    const headers = sent.init.headers as Record<string, string>;
    for (const [k, v] of Object.entries(createFixture.request.headers)) expect(headers[k]).toBe(v);
    const data = createFixture.response.body.point_of_interaction.transaction_data;
    expect(charge).toEqual({ chargeId: '131313131313', url: data.ticket_url, brCode: data.qr_code });
  });

  it('maps the payment status and amount (approved -> paid, rejected -> failed) in centavos', async () => {
    const http = recorded([approvedFixture, rejectedFixture]);
    const p = provider(http.fetch);
    expect(await p.queryCharge('131313131313')).toEqual({
      chargeId: '131313131313',
      status: 'paid',
      amount: 10_000,
      orderId: 'D2026112210413912345678',
      payerDocType: 'CPF',
      payerCpf: '52998224725',
    });
    expect(await p.queryCharge('131313131314')).toMatchObject({ status: 'failed', amount: 5_050 });
  });

  it("reads the payer's document from payer.identification: its type, and the digits of a CPF", async () => {
    const variants = [
      { type: 'CPF', number: '529.982.247-25' },
      { type: 'CNPJ', number: '11222333000181' },
      { type: 'CPF', number: '123' },
      { type: 'DNI', number: '12345678' },
      { type: 'CPF', number: '' },
      null,
    ].map((identification) => {
      const e = structuredClone(approvedFixture) as { response: { body: Record<string, unknown> } };
      e.response.body.payer = identification ? { identification } : {};
      return e as Exchange;
    });
    const n = variants.length;
    const p = provider(recorded(variants).fetch);
    const payers = [];
    for (let i = 0; i < n; i++) {
      const { payerDocType, payerCpf } = await p.queryCharge('131313131313');
      payers.push([payerDocType, payerCpf]);
    }
    // A company's account, another kind of document and no document at all are told apart from a CPF.
    expect(payers).toEqual([
      ['CPF', '52998224725'],
      ['CNPJ', null],
      ['CPF', null],
      ['other', null],
      [null, null],
      [null, null],
    ]);
  });

  it('refunds the whole payment with the idempotency key and the in-process header', async () => {
    const refundFixture = fixture<Exchange & { request: { headers: Record<string, string>; body: unknown } }>(
      'refund-pix-payment',
    );
    const inProcess = structuredClone(refundFixture);
    (inProcess.response.body as { status: string }).status = 'in_process';
    const rejected = structuredClone(refundFixture);
    (rejected.response.body as { status: string }).status = 'rejected';
    const http = recorded([refundFixture, inProcess, rejected]);
    const p = provider(http.fetch);
    const input = {
      chargeId: '131313131313',
      amount: 10_000,
      idempotencyKey: 'deposit-return:D2026112210413912345678',
    };
    expect(await p.refundCharge(input)).toEqual({ refundId: '1242469925', status: 'done' });
    const sent = http.calls[0]!;
    expect(JSON.parse(String(sent.init.body))).toEqual(refundFixture.request.body);
    const headers = sent.init.headers as Record<string, string>;
    for (const [k, v] of Object.entries(refundFixture.request.headers)) expect(headers[k]).toBe(v);
    expect(await p.refundCharge(input)).toEqual({ refundId: '1242469925', status: 'pending' });
    await expect(p.refundCharge(input)).rejects.toBeInstanceOf(ProviderUnavailable);
    // A refund of another amount than asked is not taken as done.
    const partial = structuredClone(refundFixture);
    (partial.response.body as { amount: number }).amount = 50;
    await expect(provider(recorded([partial]).fetch).refundCharge(input)).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    await expect(p.refundCharge({ ...input, chargeId: '../v1/users/me' })).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
  });

  it('maps a charged-back or refunded payment to reversed (not cancelled: it had been paid)', async () => {
    const chargedBack = fixture('get-payment-charged-back');
    const refunded = structuredClone(chargedBack) as { response: { body: { status: string } } };
    refunded.response.body.status = 'refunded';
    const p = provider(recorded([chargedBack, refunded as Exchange]).fetch);
    expect(await p.queryCharge('131313131313')).toMatchObject({ status: 'reversed', amount: 10_000 });
    expect(await p.queryCharge('131313131313')).toMatchObject({ status: 'reversed' });
  });

  it('reports an error answer or a network failure as ProviderUnavailable', async () => {
    await expect(provider(recorded([errorFixture]).fetch).queryCharge('1')).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    const down = provider(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(down.queryCharge('1')).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(down.queryCharge('../v1/users/me')).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('accepts the recorded notification and asks for the state (the body carries only the id)', () => {
    const event = provider(recorded([]).fetch).parseWebhook(webhook());
    // The event id is made of signed parts only (body.id is not covered by the signature).
    expect(event).toEqual({
      eventId: '131313131313:bb56a2f1-6aae-46ac-982e-9dcd3581d08e:1795342210',
      chargeId: '131313131313',
      state: null,
    });
    const otherBodyId = { ...(webhookFixture.request.body as object), id: 1 };
    expect(
      provider(recorded([]).fetch).parseWebhook(
        webhook({ rawBody: Buffer.from(JSON.stringify(otherBodyId)) }),
      )?.eventId,
    ).toBe(event?.eventId);
  });

  it('refuses a forged signature, another payment id, a missing header, and a stale timestamp', () => {
    const p = provider(recorded([]).fetch);
    const rejected = (input: WebhookInput) => {
      try {
        p.parseWebhook(input);
        return 'accepted';
      } catch (err) {
        return err instanceof WebhookRejected ? err.reason : 'other';
      }
    };
    const sig = webhookFixture.request.headers['x-signature'];
    const forged = sig.replace(/v1=./, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0'));
    expect(rejected(webhook({ headers: { ...webhookFixture.request.headers, 'x-signature': forged } }))).toBe(
      'signature',
    );
    expect(rejected(webhook({ query: { 'data.id': '131313131399', type: 'payment' } }))).toBe('signature');
    expect(rejected(webhook({ headers: { 'content-type': 'application/json' } }))).toBe('signature');
    const { 'x-request-id': _r, ...noRequestId } = webhookFixture.request.headers;
    expect(rejected(webhook({ headers: noRequestId }))).toBe('signature');
    // The signed request id moved into the unsigned data.id: the same manifest, yet another event id (a
    // replay that the event ids would not catch). A ';' is never part of an id: refused.
    const requestId = webhookFixture.request.headers['x-request-id'];
    const dataId = webhook().query['data.id'];
    const moved = webhook({
      headers: noRequestId,
      query: { ...webhook().query, 'data.id': `${dataId};request-id:${requestId}` },
    });
    expect(rejected(moved)).toBe('signature');
    const late = provider(recorded([]).fetch, new Date(Date.parse(webhookFixture.receivedAt) + 10 * 60_000));
    expect(() => late.parseWebhook(webhook())).toThrow(WebhookRejected);
  });

  it('acknowledges a genuine notification of another topic without acting on it', () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const v1 = crypto
      .createHmac('sha256', webhookFixture.secret)
      .update(`id:555;request-id:r;ts:${ts};`)
      .digest('hex');
    const event = provider(recorded([]).fetch, new Date()).parseWebhook({
      rawBody: Buffer.from(JSON.stringify({ type: 'merchant_order', data: { id: '555' } })),
      headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'r' },
      query: { 'data.id': '555', type: 'merchant_order' },
    });
    expect(event).toBeNull();
  });

  it('signs the manifest as documented (a signature we compute the documented way is accepted)', () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const manifest = `id:987654321;request-id:req-1;ts:${ts};`;
    const v1 = crypto.createHmac('sha256', webhookFixture.secret).update(manifest).digest('hex');
    const event = createMercadoPago({
      accessToken: 'x',
      webhookSecret: webhookFixture.secret,
      fetch: recorded([]).fetch,
    }).parseWebhook({
      rawBody: Buffer.from(JSON.stringify({ type: 'payment', data: { id: '987654321' } })),
      headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'req-1' },
      query: { 'data.id': '987654321' },
    });
    expect(event).toMatchObject({ chargeId: '987654321', eventId: `987654321:req-1:${ts}` });
  });
});
