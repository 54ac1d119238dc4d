import { parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/helpers';
import type { Database } from '../../../platform/db';
import { ProviderUnavailable, WebhookRejected } from './provider';
import { createSandboxPix, sandboxBrCode, signSandboxWebhook, SANDBOX_SIGNATURE_HEADER } from './sandbox';
import { createSandboxPayoutRail } from './sandbox-payout';

const SECRET = 'sandbox-secret-for-tests';

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), the EMV QR checksum, written here independently. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMV TLV fields at the top level. */
function tlv(code: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < code.length;) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    out.set(id, code.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

describe('sandbox BR Code', () => {
  it('is a valid EMV PIX code: right CRC, BRL, the amount and the order as txid', () => {
    const code = sandboxBrCode('D2026112210413912345678', 10_050);
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    const fields = tlv(code);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('100.50');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('26')).toContain('br.gov.bcb.pix');
    expect(fields.get('62')).toContain('D2026112210413912345678');
    const parsed = parsePix(code);
    expect(parsed).toMatchObject({
      type: 'STATIC',
      transactionAmount: 100.5,
      txid: 'D2026112210413912345678',
    });
    // One changed character breaks the checksum.
    expect(crc16(code.replace('100.50', '100.51').slice(0, -4))).not.toBe(code.slice(-4));
  });
});

describe('sandbox PIX provider', () => {
  let database: Database;
  let now = new Date();
  let sandbox: ReturnType<typeof createSandboxPix>;

  beforeAll(async () => {
    database = await createTestDatabase();
    sandbox = createSandboxPix({
      database,
      publicUrl: 'http://localhost:3500',
      secret: SECRET,
      now: () => now,
    });
  });
  afterAll(() => database.close());

  const charge = (amount = 10_000, minutes = 30) =>
    sandbox.createCharge({
      orderId: `D${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      amount,
      description: 'test',
      payer: { email: 'a@b.c', name: 'A', cpf: '52998224725' },
      expiresAt: new Date(now.getTime() + minutes * 60_000),
      idempotencyKey: 'k',
      notificationUrl: 'http://localhost/api/payments/webhook/sandbox',
    });

  const reason = (fn: () => unknown) => {
    try {
      fn();
      return 'accepted';
    } catch (err) {
      return err instanceof WebhookRejected ? err.reason : String(err);
    }
  };

  it('pays once: the signed webhook parses back to the charge, a second pay does nothing', async () => {
    const c = await charge(12_345);
    expect(c.url).toBe(`http://localhost:3500/sandbox/pix/${c.chargeId}`);
    const hook = await sandbox.settle(c.chargeId, 'paid');
    expect(hook).not.toBeNull();
    const event = sandbox.parseWebhook({
      rawBody: Buffer.from(hook!.rawBody),
      headers: hook!.headers,
      query: {},
    });
    expect(event?.chargeId).toBe(c.chargeId);
    expect(event?.state).toMatchObject({ status: 'paid', amount: 12_345 });
    expect(await sandbox.settle(c.chargeId, 'paid')).toBeNull();
    expect(await sandbox.queryCharge(c.chargeId)).toMatchObject({ status: 'paid' });
  });

  it("reports the payer's document: the player's own CPF, another CPF, a company's CNPJ or none", async () => {
    const payers = [];
    for (const payer of [undefined, '11144477735', '11222333000181', null]) {
      const c = await charge();
      const hook = (await sandbox.settle(c.chargeId, 'paid', payer))!;
      const event = sandbox.parseWebhook({
        rawBody: Buffer.from(hook.rawBody),
        headers: hook.headers,
        query: {},
      });
      const { payerDocType, payerCpf } = await sandbox.queryCharge(c.chargeId);
      // The notice and the status call tell the same.
      expect(event?.state).toMatchObject({ payerDocType, payerCpf });
      payers.push([payerDocType, payerCpf]);
    }
    expect(payers).toEqual([
      ['CPF', '52998224725'],
      ['CPF', '11144477735'],
      ['CNPJ', null],
      [null, null],
    ]);
  });

  it('refunds a paid charge once per charge: a repeated key answers the same refund, another key is refused', async () => {
    const c = await charge(5_000);
    const input = { chargeId: c.chargeId, amount: 5_000, idempotencyKey: 'deposit-return:D1' };
    // Not paid yet: nothing to return.
    await expect(sandbox.refundCharge(input)).rejects.toBeInstanceOf(ProviderUnavailable);
    await sandbox.settle(c.chargeId, 'paid', '11144477735');
    sandbox.setRefundMode('fail');
    await expect(sandbox.refundCharge(input)).rejects.toBeInstanceOf(ProviderUnavailable);
    sandbox.setRefundMode('ok');
    const [a, b] = await Promise.all([sandbox.refundCharge(input), sandbox.refundCharge(input)]);
    expect(a).toEqual({ refundId: expect.stringMatching(/^sbxr_/), status: 'done' });
    expect(b).toEqual(a);
    await expect(sandbox.refundCharge({ ...input, idempotencyKey: 'other' })).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    expect(await sandbox.queryCharge(c.chargeId)).toMatchObject({
      status: 'reversed',
      payerDocType: 'CPF',
      payerCpf: '11144477735',
    });
  });

  it('refuses forged, tampered, unsigned and stale webhooks', async () => {
    const c = await charge();
    const hook = (await sandbox.settle(c.chargeId, 'cancelled'))!;
    const parse = (body: string, headers: Record<string, string>) => () =>
      sandbox.parseWebhook({ rawBody: Buffer.from(body), headers, query: {} });
    expect(reason(parse(hook.rawBody, hook.headers))).toBe('accepted');
    const t = Math.floor(now.getTime() / 1000);
    const forged = {
      [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook('another-secret-entirely', hook.rawBody, t),
    };
    expect(reason(parse(hook.rawBody, forged))).toBe('signature');
    expect(reason(parse(hook.rawBody.replace('"cancelled"', '"paid"'), hook.headers))).toBe('signature');
    expect(reason(parse(hook.rawBody, {}))).toBe('signature');
    expect(reason(parse(hook.rawBody, { [SANDBOX_SIGNATURE_HEADER]: 't=abc,v1=00' }))).toBe('signature');
    const stale = { [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(SECRET, hook.rawBody, t - 301) };
    expect(reason(parse(hook.rawBody, stale))).toBe('stale');
    const future = { [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(SECRET, hook.rawBody, t + 301) };
    expect(reason(parse(hook.rawBody, future))).toBe('stale');
    const fresh = { [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(SECRET, hook.rawBody, t - 299) };
    expect(reason(parse(hook.rawBody, fresh))).toBe('accepted');
    const junk = 'not json';
    expect(reason(parse(junk, { [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(SECRET, junk, t) }))).toBe(
      'malformed',
    );
  });

  it('cannot pay an expired charge, and reports it cancelled', async () => {
    const c = await charge(10_000, 1);
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await sandbox.settle(c.chargeId, 'paid')).toBeNull();
    expect(await sandbox.queryCharge(c.chargeId)).toMatchObject({ status: 'cancelled' });
  });
});

describe('sandbox payout rail', () => {
  it('pays, fails when told to, and answers a repeated order with its first result', async () => {
    const rail = createSandboxPayoutRail();
    const payout = { orderId: 'W1', amount: 5_000, method: 'CPF' as const, key: '52998224725', name: 'Ana' };
    expect(await rail.createPayout(payout)).toMatchObject({ status: 'paid' });
    rail.setMode('fail');
    expect(await rail.createPayout({ ...payout, orderId: 'W2' })).toMatchObject({ status: 'failed' });
    expect(await rail.createPayout(payout)).toMatchObject({ status: 'paid' });
    expect(rail.list().map((p) => p.orderId)).toEqual(['W2', 'W1']);
  });
});
