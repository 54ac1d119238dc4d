import crypto from 'node:crypto';
import { toMajor } from '@aposta/money';
import { and, eq, isNull } from 'drizzle-orm';
import { createStaticPix, hasError } from 'pix-utils';
import type { Database } from '../../../platform/db';
import { paymentSandboxCharges } from '../payments.tables';
import {
  hexEqual,
  signatureParts,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type Charge,
  type ChargeState,
  type ChargeStatus,
  type CreateChargeInput,
  type PayerDocType,
  type PixProvider,
  ProviderUnavailable,
  type RefundInput,
  type RefundResult,
  type WebhookEvent,
  type WebhookInput,
} from './provider';

/**
 * The sandbox PIX provider (decisions.md, "Outside parties"): charges with a real BR Code, a hosted page at
 * /sandbox/pix/<chargeId> whose Pay and Cancel buttons send a signed webhook, as a real provider would.
 *
 * Webhook signature: header `x-sandbox-signature: t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256(secret, `${t}.${rawBody}`); refused when t is more than 5 minutes away from now.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const PIX_KEY = 'pix@aposta.sandbox';

export interface SandboxWebhookBody {
  id: string;
  type: 'charge.paid' | 'charge.cancelled' | 'charge.reversed';
  created: number;
  /** `payerCpf`: the payer's document digits, read with `sandboxPayer` (a CNPJ too; null none). */
  data: { chargeId: string; orderId: string; amount: number; status: ChargeStatus; payerCpf?: string | null };
}

/** The sandbox's payer document (its digits): 11 a CPF, 14 a CNPJ, anything else 'other', null none. */
export function sandboxPayer(digits: string | null): Pick<ChargeState, 'payerDocType' | 'payerCpf'> {
  if (!digits) return { payerDocType: null, payerCpf: null };
  const type: PayerDocType = digits.length === 11 ? 'CPF' : digits.length === 14 ? 'CNPJ' : 'other';
  return { payerDocType: type, payerCpf: type === 'CPF' ? digits : null };
}

export function signSandboxWebhook(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A PIX "copia e cola" for the charge: static EMV BR Code with amount and txid, CRC16 by pix-utils. */
export function sandboxBrCode(orderId: string, amount: number): string {
  const pix = createStaticPix({
    merchantName: 'APOSTA SANDBOX',
    merchantCity: 'SAO PAULO',
    pixKey: PIX_KEY,
    // txid: up to 25 letters and digits.
    txid: orderId.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
    transactionAmount: toMajor(amount),
  });
  if (hasError(pix)) throw new Error(`pix-utils refused the charge: ${pix.message}`);
  return pix.toBRCode();
}

export interface SandboxPix extends PixProvider {
  /** The charge as the hosted page shows it, or null. */
  find(chargeId: string): Promise<(ChargeState & { brCode: string; expiresAt: Date }) | null>;
  /**
   * Pays or cancels a pending charge and returns the signed webhook to deliver; null when the charge is
   * not pending any more (or expired, for paying). `payer`: pay from another account, its document's digits
   * (a CPF, a 14-digit CNPJ) or null for a payment that names no document (the player's own CPF, given
   * when the charge was made, when undefined).
   */
  settle(
    chargeId: string,
    outcome: 'paid' | 'cancelled',
    payer?: string | null,
  ): Promise<{ rawBody: string; headers: Record<string, string> } | null>;
  /** 'fail': refunds are refused (as a provider that is down), to show the retries; 'ok' by default. */
  setRefundMode(mode: SandboxRefundMode): void;
  readonly refundMode: SandboxRefundMode;
}

export const SANDBOX_REFUND_MODES = ['ok', 'fail'] as const;
export type SandboxRefundMode = (typeof SANDBOX_REFUND_MODES)[number];

export function createSandboxPix(deps: {
  database: Database;
  publicUrl: string;
  secret: string;
  now?: () => Date;
}): SandboxPix {
  const { database, publicUrl, secret } = deps;
  const now = deps.now ?? (() => new Date());
  let refundMode: SandboxRefundMode = 'ok';

  const toState = (row: typeof paymentSandboxCharges.$inferSelect) => ({
    chargeId: row.chargeId,
    status: row.status as ChargeStatus,
    amount: row.amount,
    orderId: row.orderId,
    ...sandboxPayer(row.payerCpf),
    brCode: row.brCode,
    expiresAt: row.expiresAt,
  });

  async function find(chargeId: string) {
    const [row] = await database.db
      .select()
      .from(paymentSandboxCharges)
      .where(eq(paymentSandboxCharges.chargeId, chargeId));
    return row ? toState(row) : null;
  }

  return {
    name: 'sandbox',
    find,
    get refundMode() {
      return refundMode;
    },
    setRefundMode(mode) {
      refundMode = mode;
    },

    async refundCharge({ chargeId, amount, idempotencyKey }: RefundInput): Promise<RefundResult> {
      if (refundMode === 'fail')
        throw new ProviderUnavailable('sandbox refused the refund (refund mode fail)');
      const refundId = `sbxr_${crypto.randomBytes(12).toString('hex')}`;
      // One refund per charge: the first call sets it, a repeated key answers it; the charge becomes reversed.
      const [made] = await database.db
        .update(paymentSandboxCharges)
        .set({ refundId, refundKey: idempotencyKey, status: 'reversed' })
        .where(
          and(
            eq(paymentSandboxCharges.chargeId, chargeId),
            eq(paymentSandboxCharges.status, 'paid'),
            eq(paymentSandboxCharges.amount, amount),
            isNull(paymentSandboxCharges.refundId),
          ),
        )
        .returning();
      if (made) return { refundId, status: 'done' };
      const charge = await database.db
        .select()
        .from(paymentSandboxCharges)
        .where(eq(paymentSandboxCharges.chargeId, chargeId));
      const row = charge[0];
      if (row?.refundId && row.refundKey === idempotencyKey)
        return { refundId: row.refundId, status: 'done' };
      throw new ProviderUnavailable(`sandbox cannot refund charge ${chargeId}`);
    },

    async createCharge(input: CreateChargeInput): Promise<Charge> {
      const chargeId = `sbx_${crypto.randomBytes(12).toString('hex')}`;
      const brCode = sandboxBrCode(input.orderId, input.amount);
      await database.db.insert(paymentSandboxCharges).values({
        chargeId,
        orderId: input.orderId,
        amount: input.amount,
        status: 'pending',
        brCode,
        expiresAt: input.expiresAt,
        payerCpf: input.payer.cpf || null,
      });
      return { chargeId, brCode, url: `${publicUrl}/sandbox/pix/${chargeId}` };
    },

    parseWebhook({ rawBody, headers }: WebhookInput): WebhookEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string') throw new WebhookRejected('signature');
      const parts = signatureParts(header);
      const t = Number(parts.t);
      if (!/^\d{1,12}$/.test(parts.t ?? '') || typeof parts.v1 !== 'string') {
        throw new WebhookRejected('signature');
      }
      const expected = crypto
        .createHmac('sha256', secret)
        .update(`${parts.t}.`)
        .update(rawBody)
        .digest('hex');
      if (!hexEqual(parts.v1, expected)) throw new WebhookRejected('signature');
      if (Math.abs(now().getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookRejected('stale');
      }
      let body: SandboxWebhookBody;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as SandboxWebhookBody;
      } catch {
        throw new WebhookRejected('malformed');
      }
      const d = body?.data;
      if (
        typeof body?.id !== 'string' ||
        typeof d?.chargeId !== 'string' ||
        !Number.isSafeInteger(d.amount) ||
        !['paid', 'cancelled', 'reversed'].includes(d.status)
      ) {
        throw new WebhookRejected('malformed');
      }
      return {
        eventId: body.id,
        chargeId: d.chargeId,
        state: {
          chargeId: d.chargeId,
          status: d.status,
          amount: d.amount,
          orderId: d.orderId ?? null,
          ...sandboxPayer(typeof d.payerCpf === 'string' ? d.payerCpf : null),
        },
      };
    },

    async queryCharge(chargeId: string): Promise<ChargeState> {
      const charge = await find(chargeId);
      if (!charge) return { chargeId, status: 'failed', amount: 0, orderId: null };
      const { brCode: _b, expiresAt, ...state } = charge;
      if (state.status === 'pending' && expiresAt <= now()) return { ...state, status: 'cancelled' };
      return state;
    },

    async settle(chargeId, outcome, payerDoc) {
      const payable = outcome === 'cancelled' ? undefined : now();
      const changed = await database.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(paymentSandboxCharges)
          .where(eq(paymentSandboxCharges.chargeId, chargeId))
          .for('update');
        if (!row || row.status !== 'pending') return null;
        if (payable && row.expiresAt <= payable) return null;
        const payer = outcome === 'paid' && payerDoc !== undefined ? payerDoc : row.payerCpf;
        await tx
          .update(paymentSandboxCharges)
          .set({ status: outcome, payerCpf: payer })
          .where(eq(paymentSandboxCharges.chargeId, chargeId));
        return { ...row, payerCpf: payer };
      });
      if (!changed) return null;
      const created = Math.floor(now().getTime() / 1000);
      const body: SandboxWebhookBody = {
        id: `evt_${crypto.randomBytes(12).toString('hex')}`,
        type: outcome === 'paid' ? 'charge.paid' : 'charge.cancelled',
        created,
        data: {
          chargeId,
          orderId: changed.orderId,
          amount: changed.amount,
          status: outcome,
          payerCpf: changed.payerCpf,
        },
      };
      const rawBody = JSON.stringify(body);
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(secret, rawBody, created),
        },
      };
    },
  };
}
