import { assertCurrency, type Currency } from '@aposta/money';

/** Real money, or the play money of test accounts. */
export type Book = 'real' | 'play';
export type PlayerKind = 'cash' | 'bonus';

/** The products that take stakes; each has its own house account. */
export const PRODUCTS = ['sports', 'casino', 'originals', 'lottery'] as const;
export type Product = (typeof PRODUCTS)[number];
/** What a hold is for: a product's bet or round, or a withdrawal. */
export type HoldProduct = Product | 'withdrawal';

/** The operator's side of every movement. */
export type SystemKind =
  | `house.${Product}`
  | 'payment_clearing'
  | 'payouts_pending'
  | 'fees'
  | 'promotions'
  /** The other side of operators' manual adjustments (two-person rule). */
  | 'adjustments'
  /** One per game provider (`providerClearing(code)`): what the operator and that provider owe each other. */
  | `provider_clearing.${string}`
  /** Where play money comes from. */
  | 'play_bank';

const PROVIDER_CODE = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const FIXED_KINDS = new Set<string>([
  ...PRODUCTS.map((p) => `house.${p}`),
  'payment_clearing',
  'payouts_pending',
  'fees',
  'promotions',
  'adjustments',
  'play_bank',
]);

/** The clearing account kind of a game provider; the code is lower-case letters, digits, `_` and `-`. */
export function providerClearing(code: string): SystemKind {
  if (!PROVIDER_CODE.test(code)) throw new TypeError(`bad provider code ${JSON.stringify(code)}`);
  return `provider_clearing.${code}`;
}

/** A system kind checked at run time (it becomes part of an account id). */
export function assertSystemKind(kind: string): SystemKind {
  if (FIXED_KINDS.has(kind)) return kind as SystemKind;
  if (kind.startsWith('provider_clearing.')) return providerClearing(kind.slice('provider_clearing.'.length));
  throw new TypeError(`unknown system account kind ${JSON.stringify(kind)}`);
}

export interface PlayerRef {
  userId: number;
  kind?: PlayerKind;
}

export function playerAccountId(userId: number, kind: PlayerKind, currency: Currency): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new TypeError(`bad user id ${userId}`);
  return `u${userId}:${kind}:${assertCurrency(currency)}`;
}

export function systemAccountId(book: Book, kind: SystemKind, currency: Currency): string {
  return `${book}:${assertSystemKind(kind)}:${assertCurrency(currency)}`;
}

/** Player account ids start with `u`; everything else is a system account. */
export const isPlayerAccount = (id: string) => id.startsWith('u');
