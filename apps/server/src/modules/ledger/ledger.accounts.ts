import { assertCurrency, type Currency } from '@aposta/money';

/** Real money, or the play money of test accounts. */
export type Book = 'real' | 'play';
export type PlayerKind = 'cash' | 'bonus';

export const PRODUCTS = ['sports', 'casino', 'originals'] as const;
export type Product = (typeof PRODUCTS)[number];

/** The operator's side of every movement. */
export type SystemKind =
  | `house.${Product}`
  | 'payment_clearing'
  | 'payouts_pending'
  | 'fees'
  | 'promotions'
  | 'provider_clearing'
  /** Where play money comes from. */
  | 'play_bank';

export interface PlayerRef {
  userId: number;
  kind?: PlayerKind;
}

export function playerAccountId(userId: number, kind: PlayerKind, currency: Currency): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new TypeError(`bad user id ${userId}`);
  return `u${userId}:${kind}:${assertCurrency(currency)}`;
}

export function systemAccountId(book: Book, kind: SystemKind, currency: Currency): string {
  return `${book}:${kind}:${assertCurrency(currency)}`;
}

/** Player account ids start with `u`; everything else is a system account. */
export const isPlayerAccount = (id: string) => id.startsWith('u');
