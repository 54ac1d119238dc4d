import crypto from 'node:crypto';
import { ErrorCode } from '@aposta/contracts';
import { assertCurrency, assertMinor, MoneyError, toMinor, type Currency, type Minor } from '@aposta/money';
import { AppError, badRequest } from '../../platform/errors';

const moneyKeys = {
  notANumber: 'invalidAmount',
  notFinite: 'invalidAmount',
  malformed: 'invalidAmount',
  subMinor: 'amountSubMinor',
  tooLarge: 'amountTooLarge',
  unknownCurrency: 'unknownCurrency',
} as const;

/** Runs `fn`, turning a MoneyError into a 400 with a message the player can read. */
function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof MoneyError) throw badRequest(moneyKeys[err.reason]);
    throw err;
  }
}

/** A strictly positive amount of minor units, or a 400. */
export function positiveMinor(amount: number): Minor {
  const minor = guarded(() => assertMinor(amount));
  if (minor <= 0) throw badRequest('amountNotPositive');
  return minor;
}

/** A major-unit amount as sent by a client ("12.34" or 12.34), as strictly positive minor units. */
export function parseAmount(major: number | string, currency: Currency): Minor {
  return positiveMinor(guarded(() => toMinor(major, currency)));
}

export function parseCurrency(value: unknown): Currency {
  return guarded(() => assertCurrency(value));
}

export const insufficientBalance = () => new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'insufficientBalance');
/** A credit that would take a player's account past MAX_MINOR (the `ledger_accounts_player_ceiling` CHECK). */
export const balanceCeiling = () => new AppError(ErrorCode.UNPROCESSABLE, 'amountTooLarge');
export const idempotencyConflict = () => new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'idempotencyConflict');

/** SHA-256 of an operation and its arguments, with object keys sorted so equal requests hash equal. */
export function requestHash(operation: string, body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return crypto
    .createHash('sha256')
    .update(`${operation}\n${JSON.stringify(canonical(body))}`)
    .digest('hex');
}
