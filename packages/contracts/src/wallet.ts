import { z } from 'zod';
import { BET_PRODUCTS, inServiceYears } from './backoffice';
import { OrderStatus, RECORD_CATEGORIES, type RecordCategory } from './codes';
import { moneyNumber } from './user';

/**
 * Wallet calls: records (`/registros`) and transfers between players. The spec names neither path, so:
 *   GET  /api/app/wallet/records   query `recordsQuery`   -> envelope of `recordsAnswer`
 *   POST /api/app/wallet/transfer  body `transferRequest` -> envelope of `transferAnswer`
 *        header `Idempotency-Key` (8-128 chars) required; a repeat answers the first answer, another body
 *        under the same key gets 409 / status 40901.
 *   POST /api/app/wallet/transfer/check  body `transferCheckRequest` -> envelope of `transferCheckAnswer`
 *        the receiver before the confirm step: the same checks as the transfer, in the same order, and the
 *        receiver's name masked (`Jo** S****`); moves nothing, needs no Idempotency-Key. Counts as a
 *        receiver look-up, like the transfer (a limit of different receivers per player and day).
 * Both need `Authorization`. Amounts are major units (at most 2 decimals) as JSON numbers.
 */

export const WALLET_RECORDS_PATH = '/api/app/wallet/records';
export const WALLET_TRANSFER_PATH = '/api/app/wallet/transfer';
export const WALLET_TRANSFER_CHECK_PATH = '/api/app/wallet/transfer/check';

export const recordCategory = z.enum(RECORD_CATEGORIES as [RecordCategory, ...RecordCategory[]]);

const orderStatusValues = Object.values(OrderStatus) as [OrderStatus, ...OrderStatus[]];
export const orderStatus = z.enum(orderStatusValues);

/** A date (`2026-11-22`, the whole day in UTC) or an ISO timestamp with an offset. */
const dateBound = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'invalidDate' })
  .refine(inServiceYears, 'invalidDate');

export const recordsQuery = z.strictObject({
  /** One group of the records screen; absent = all. */
  type: recordCategory.optional(),
  /** Order status code (spec section 4): '00' pending, '01' cancelled, '10' done. */
  status: orderStatus.optional(),
  /** Inclusive lower bound. */
  from: dateBound.optional(),
  /** Inclusive upper bound (a date means up to the end of that day). */
  to: dateBound.optional(),
  /** `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'invalidCursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  loading: z.string().optional(),
});
export type RecordsQuery = z.input<typeof recordsQuery>;

export const walletRecord = z.object({
  /** Ledger transaction id. */
  id: z.string(),
  /** Transaction type code (contracts `TxType`). */
  type: z.number().int(),
  category: recordCategory,
  /** Signed, from the player's side: a credit is positive, a debit negative. */
  amount: moneyNumber,
  currency: z.string(),
  /** Order status code: '00' pending, '01' cancelled, '10' done. */
  status: orderStatus,
  /** ISO 8601 timestamp. */
  time: z.string(),
  /** For a transfer: the other player's username. */
  counterparty: z.string().nullable(),
  /** The originating order, bet or game round, when there is one. */
  ref: z.string().nullable(),
  /**
   * For a stake and its winnings, what was bet on: the product; `game` an in-house game's code (`dice`,
   * `limbo`, `mines`, `plinko`, `rowDouble`, `double`, `crash`, `luckyColor`), a casino game's code or a sports
   * bet's kind (`single`, `parlay`), null when the product no longer knows the bet; `gameName` a casino game's
   * name as the catalogue gives it (the app names the others in the player's language). Null for any other
   * movement.
   */
  bet: z
    .object({
      product: z.enum(BET_PRODUCTS),
      game: z.string().nullable(),
      gameName: z.string().nullable(),
    })
    .nullable(),
  /**
   * A bet's settlement that gave back stake and won nothing (a void, a push, the other half of a half-lost
   * bet): a refund, not a prize, though its category is `prize`.
   */
  refund: z.boolean(),
  /** A sports bet's cash-out (full or partial): what it paid, in the category `prize`. */
  cashout: z.boolean(),
});
export type WalletRecord = z.infer<typeof walletRecord>;

export const recordsAnswer = z.object({
  list: z.array(walletRecord),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RecordsAnswer = z.infer<typeof recordsAnswer>;

/** Major units as typed (number or decimal string); the server checks sign, decimals and size. */
export const amountInput = z.union([z.number(), z.string().trim().max(32)], { error: 'invalidAmount' });

export const transferRequest = z.strictObject({
  /** The receiving player's username (e-mail). */
  username: z.string().trim().toLowerCase().min(1, 'transferUserRequired').max(254, 'transferUserUnknown'),
  amount: amountInput,
  /** Defaults to BRL. */
  currency: z.string().trim().max(8).optional(),
});
export type TransferRequest = z.input<typeof transferRequest>;

/** The receiver check takes exactly what the transfer will send (the app calls it before confirming). */
export const transferCheckRequest = transferRequest;
export type TransferCheckRequest = z.input<typeof transferCheckRequest>;

export const transferCheckAnswer = z.object({
  /** The receiver's KYC name, masked: two letters of the first word, one of each other word. */
  name: z.string(),
});
export type TransferCheckAnswer = z.infer<typeof transferCheckAnswer>;

export const transferAnswer = z.object({
  id: z.string(),
  username: z.string(),
  amount: moneyNumber,
  currency: z.string(),
  time: z.string(),
});
export type TransferAnswer = z.infer<typeof transferAnswer>;

/** Idempotency-Key header: what the app sends on every call that moves money (a fresh UUID per attempt). */
export const idempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[\w.:-]+$/);
