/**
 * The outside parties of payments, one interface each (decisions.md, "Outside parties"): a PIX pay-in
 * provider and a payout rail. The sandbox implementations run in this process; real adapters sit behind the
 * same interfaces and are tested against recorded answers. Amounts are integer centavos.
 */

import crypto from 'node:crypto';

/** Webhooks older or newer than this are refused (replays outside the window cannot pass). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** Constant-time comparison of two hex digests (unequal lengths are refused before comparing). */
export function hexEqual(a: string, b: string): boolean {
  if (!/^[0-9a-f]+$/i.test(a)) return false;
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

/** `a=1,b=2` signature headers (Stripe-style, Mercado Pago's x-signature) as a record. */
export function signatureParts(header: string): Record<string, string> {
  return Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
}

/** 'reversed': money paid was taken back (refund, chargeback); what to do about it is an operator's call. */
export type ChargeStatus = 'pending' | 'processing' | 'paid' | 'cancelled' | 'failed' | 'reversed';

export interface CreateChargeInput {
  /** Our order id; providers echo it back (external reference / txid). */
  orderId: string;
  amount: number;
  description: string;
  payer: { email: string; name: string; cpf: string };
  expiresAt: Date;
  /** Sent as the provider's idempotency key so a retried creation makes no second charge. */
  idempotencyKey: string;
  /** Where the provider posts its notifications. */
  notificationUrl: string;
}

export interface Charge {
  chargeId: string;
  /** The page the player pays on (opened in a full-screen frame). */
  url: string;
  /** The PIX "copia e cola" (EMV BR Code). */
  brCode: string;
}

export interface ChargeState {
  chargeId: string;
  status: ChargeStatus;
  amount: number;
  /** Our order id as the provider recorded it. */
  orderId: string | null;
  /**
   * The kind of document of the account that paid, as the provider reports it: 'CPF' (its digits in
   * `payerCpf`), 'CNPJ' (a company), 'other', or null when the payment names no payer document. The
   * Brazilian profile credits only a CPF equal to the player's own; anything else is returned.
   */
  payerDocType?: PayerDocType | null;
  /** The CPF (11 digits) of the account that paid, when `payerDocType` is 'CPF'. */
  payerCpf?: string | null;
}

export type PayerDocType = 'CPF' | 'CNPJ' | 'other';

/** What the webhook route hands over: the raw bytes (signatures cover them), headers and query. */
export interface WebhookInput {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
}

export interface WebhookEvent {
  /** Unique per notification: a replay carries the same id and is refused. */
  eventId: string;
  chargeId: string;
  /**
   * The charge's state when the signed body carries it; otherwise (Mercado Pago sends only an id) the
   * service asks the provider with `queryCharge`.
   */
  state: ChargeState | null;
}

/** Why a webhook is refused; the route answers 401 (signature), 400 (stale, malformed). */
export class WebhookRejected extends Error {
  constructor(readonly reason: 'signature' | 'stale' | 'malformed') {
    super(`webhook rejected: ${reason}`);
    this.name = 'WebhookRejected';
  }
}

/** A provider could not be reached or answered an error; nothing was changed on our side. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

export interface PixProvider {
  readonly name: string;
  createCharge(input: CreateChargeInput): Promise<Charge>;
  /**
   * Verifies the signature and freshness, then parses. Throws WebhookRejected; null for a genuine
   * notification of something payments does not act on (acknowledged so the provider stops sending it).
   */
  parseWebhook(input: WebhookInput): WebhookEvent | null;
  queryCharge(chargeId: string): Promise<ChargeState>;
  /**
   * Returns a paid charge's full amount to the account that paid it. Idempotent by `idempotencyKey` (a
   * repeated call answers the same refund, never a second one). Throws ProviderUnavailable when the
   * provider cannot be reached or refuses; the caller retries later with the same key.
   */
  refundCharge(input: RefundInput): Promise<RefundResult>;
}

export interface RefundInput {
  chargeId: string;
  /** Centavos: the charge's whole amount. */
  amount: number;
  idempotencyKey: string;
}

/** 'pending': the provider accepted it and finishes it later (Mercado Pago's in_process). */
export interface RefundResult {
  refundId: string;
  status: 'done' | 'pending';
}

export interface PayoutInput {
  /** Our withdrawal order id; the rail's idempotency key. */
  orderId: string;
  /** Centavos the player receives. */
  amount: number;
  method: 'CPF' | 'CNPJ' | 'USDT';
  /** PIX key (CPF/CNPJ digits) or TRON address. */
  key: string;
  name: string;
  /** USDT withdrawals: the USDT amount in micro-units (6 decimals, as on TRON). */
  usdtMicro?: number;
}

export interface PayoutResult {
  status: 'paid' | 'failed' | 'processing';
  reference: string;
  reason?: string;
}

/** What the rail knows of a payout asked for under our order id; 'none' when it never received it. */
export interface PayoutState {
  status: PayoutResult['status'] | 'none';
  reference?: string;
  reason?: string;
}

export interface PayoutRail {
  readonly name: string;
  /**
   * Idempotent by `input.orderId`. A throw means the outcome is unknown (the rail may have paid): the
   * caller keeps the hold and asks `queryPayout` later. Once `signal` aborts (the caller stopped waiting) the
   * adapter must not send the payout any more: abort its request, never retry it.
   */
  createPayout(input: PayoutInput, signal?: AbortSignal): Promise<PayoutResult>;
  /** The rail's state of the payout made under our order id (reconciliation after a throw or a crash). */
  queryPayout(orderId: string): Promise<PayoutState>;
}
