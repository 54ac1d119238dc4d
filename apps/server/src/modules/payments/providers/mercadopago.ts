import crypto from 'node:crypto';
import { toMajor, toMinor } from '@aposta/money';
import {
  hexEqual,
  signatureParts,
  ProviderUnavailable,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type Charge,
  type ChargeState,
  type ChargeStatus,
  type CreateChargeInput,
  type PixProvider,
  type RefundInput,
  type RefundResult,
  type WebhookEvent,
  type WebhookInput,
} from './provider';

/**
 * Mercado Pago, Payments API with PIX (developers docs: "Checkout API / Pix", "Payments", "Notifications").
 * - Charge: POST /v1/payments with payment_method_id 'pix' and the X-Idempotency-Key header; the answer's
 *   point_of_interaction.transaction_data holds qr_code (copia e cola) and ticket_url (the payment page).
 * - Status: GET /v1/payments/{id}; `payer.identification` {type, number} is the document of the account that
 *   paid (a PIX payment reports the payer's bank account holder), read as `payerDocType` (CPF, CNPJ, other;
 *   null without a document) and `payerCpf` when its type is CPF.
 * - Refund: POST /v1/payments/{id}/refunds with an empty body (the whole amount) and X-Idempotency-Key;
 *   `X-Render-In-Process-Refunds: true` makes a PIX refund still in process answer 201 with status
 *   in_process instead of a 400. Answer: {id, payment_id, amount, status: approved | in_process | rejected}.
 * - Webhook: header `x-signature: ts=<ts>,v1=<hex>`, v1 = HMAC-SHA256(secret, manifest) with the manifest
 *   `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (data.id from the query string, lower-cased; a part
 *   whose value is absent is left out). The notification carries only the payment id, so the state is
 *   always asked with GET /v1/payments/{id}.
 * Payouts are not part of this adapter: Mercado Pago's payouts are a separate product.
 */

export const MERCADOPAGO_API = 'https://api.mercadopago.com';

/** The HTTP boundary: the global fetch in production, a recorded exchange in tests. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

interface MpRefund {
  id: number;
  payment_id: number;
  amount: number;
  status: 'approved' | 'in_process' | 'rejected' | string;
}

interface MpPayment {
  id: number;
  status: string;
  transaction_amount: number;
  external_reference?: string | null;
  payer?: { identification?: { type?: string | null; number?: string | null } | null } | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string; ticket_url?: string } };
}

const STATUS: Record<string, ChargeStatus> = {
  pending: 'pending',
  approved: 'paid',
  authorized: 'processing',
  in_process: 'processing',
  in_mediation: 'processing',
  rejected: 'failed',
  cancelled: 'cancelled',
  refunded: 'reversed',
  charged_back: 'reversed',
};

/** Mercado Pago's date format: 2026-11-22T10:41:39.000-03:00 (Brasília has no DST since 2019). */
function mpDate(d: Date): string {
  const local = new Date(d.getTime() - 3 * 3600_000);
  return local.toISOString().replace('Z', '-03:00');
}

/**
 * The payer's document: its type (CPF, CNPJ, anything else 'other'; null when the payment names no document)
 * and, for a CPF, its 11 digits (null when malformed, which the Brazilian profile does not credit).
 */
function payerDoc(p: MpPayment): Pick<ChargeState, 'payerDocType' | 'payerCpf'> {
  const id = p.payer?.identification;
  if (!id?.number?.trim()) return { payerDocType: null, payerCpf: null };
  const type = (id.type ?? '').toUpperCase();
  if (type !== 'CPF') return { payerDocType: type === 'CNPJ' ? 'CNPJ' : 'other', payerCpf: null };
  const digits = id.number.replace(/\D/g, '');
  return { payerDocType: 'CPF', payerCpf: digits.length === 11 ? digits : null };
}

export function createMercadoPago(deps: {
  accessToken: string;
  webhookSecret: string;
  fetch?: Fetch;
  now?: () => Date;
  baseUrl?: string;
}): PixProvider {
  const http = deps.fetch ?? ((url, init) => fetch(url, init));
  const now = deps.now ?? (() => new Date());
  const base = deps.baseUrl ?? MERCADOPAGO_API;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    key?: string,
    extra: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await http(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${deps.accessToken}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...(key ? { 'X-Idempotency-Key': key } : {}),
          ...extra,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new ProviderUnavailable(`mercadopago ${method} ${path} failed`, { cause: err });
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new ProviderUnavailable(
        `mercadopago ${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`,
      );
    }
    return (await res.json()) as T;
  }

  const toState = (p: MpPayment): ChargeState => ({
    chargeId: String(p.id),
    status: STATUS[p.status] ?? 'processing',
    amount: toMinor(p.transaction_amount),
    orderId: p.external_reference ?? null,
    ...payerDoc(p),
  });

  return {
    name: 'mercadopago',

    async createCharge(input: CreateChargeInput): Promise<Charge> {
      const [firstName, ...rest] = input.payer.name.trim().split(/\s+/);
      const payment = await call<MpPayment>(
        'POST',
        '/v1/payments',
        {
          transaction_amount: toMajor(input.amount),
          description: input.description,
          payment_method_id: 'pix',
          external_reference: input.orderId,
          notification_url: input.notificationUrl,
          date_of_expiration: mpDate(input.expiresAt),
          payer: {
            email: input.payer.email,
            first_name: firstName ?? '',
            last_name: rest.join(' '),
            identification: { type: 'CPF', number: input.payer.cpf },
          },
        },
        input.idempotencyKey,
      );
      const data = payment.point_of_interaction?.transaction_data;
      if (!data?.qr_code || !data.ticket_url) {
        throw new ProviderUnavailable('mercadopago answered a payment without PIX transaction data');
      }
      return { chargeId: String(payment.id), url: data.ticket_url, brCode: data.qr_code };
    },

    parseWebhook({ rawBody, headers, query }: WebhookInput): WebhookEvent | null {
      const signature = headers['x-signature'];
      const requestId = headers['x-request-id'];
      if (typeof signature !== 'string') throw new WebhookRejected('signature');
      const parts = signatureParts(signature);
      const ts = parts.ts;
      if (!ts || !/^\d{1,15}$/.test(ts) || !parts.v1) throw new WebhookRejected('signature');
      let body: { id?: unknown; type?: string; data?: { id?: unknown } };
      try {
        body = JSON.parse(rawBody.toString('utf8')) as typeof body;
      } catch {
        throw new WebhookRejected('malformed');
      }
      const rawId = query['data.id'] ?? (body.data?.id != null ? String(body.data.id) : undefined);
      // ';' ends a manifest part: in an unsigned id it would carry a signed part over (the request id moved
      // into data.id gives the same manifest and another event id). No genuine id or request id holds one.
      if (rawId?.includes(';') || (typeof requestId === 'string' && requestId.includes(';')))
        throw new WebhookRejected('signature');
      const dataId = rawId && /^[a-z0-9]+$/i.test(rawId) ? rawId.toLowerCase() : rawId;
      let manifest = '';
      if (dataId) manifest += `id:${dataId};`;
      if (typeof requestId === 'string') manifest += `request-id:${requestId};`;
      manifest += `ts:${ts};`;
      const expected = crypto.createHmac('sha256', deps.webhookSecret).update(manifest).digest('hex');
      if (!hexEqual(parts.v1, expected)) throw new WebhookRejected('signature');
      // ts is in seconds or milliseconds depending on the notification's age of the docs; accept both.
      const tsSeconds = ts.length > 11 ? Number(ts) / 1000 : Number(ts);
      if (Math.abs(now().getTime() / 1000 - tsSeconds) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookRejected('stale');
      }
      if (body.type && body.type !== 'payment') return null;
      if (!dataId) throw new WebhookRejected('malformed');
      // Only signed parts: body.id is not covered by the signature, so a forger could vary it to replay.
      const eventId = `${dataId}:${typeof requestId === 'string' ? requestId : ''}:${ts}`;
      return { eventId, chargeId: dataId, state: null };
    },

    async queryCharge(chargeId: string): Promise<ChargeState> {
      if (!/^\d{1,20}$/.test(chargeId)) throw new ProviderUnavailable('not a Mercado Pago payment id');
      return toState(await call<MpPayment>('GET', `/v1/payments/${chargeId}`));
    },

    async refundCharge({ chargeId, amount, idempotencyKey }: RefundInput): Promise<RefundResult> {
      if (!/^\d{1,20}$/.test(chargeId)) throw new ProviderUnavailable('not a Mercado Pago payment id');
      // An empty body refunds the whole amount; the key makes a repeated call answer the same refund.
      const refund = await call<MpRefund>('POST', `/v1/payments/${chargeId}/refunds`, {}, idempotencyKey, {
        'X-Render-In-Process-Refunds': 'true',
      });
      if (refund.status === 'rejected') {
        throw new ProviderUnavailable(`mercadopago rejected the refund of payment ${chargeId}`);
      }
      if (toMinor(refund.amount) !== amount) {
        throw new ProviderUnavailable(
          `mercadopago refunded ${refund.amount} of payment ${chargeId}, ${toMajor(amount)} was expected`,
        );
      }
      return { refundId: String(refund.id), status: refund.status === 'approved' ? 'done' : 'pending' };
    },
  };
}
