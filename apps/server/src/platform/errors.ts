import { ErrorCode, httpStatusOf } from '@aposta/contracts';
import type { MessageKey, MessageParams } from './i18n';

/**
 * The one error type of domain code. `key` names a message of the server catalogue, translated into the
 * request's language by the error handler; `params` fill its placeholders.
 */
export class AppError extends Error {
  readonly httpStatus: number;
  /** What the envelope's `data` carries (null for most errors; e.g. the current prices of a moved slip). */
  readonly data: unknown;

  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    options?: { cause?: unknown; httpStatus?: number; data?: unknown },
  ) {
    super(key, options?.cause ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    this.httpStatus = options?.httpStatus ?? httpStatusOf[code];
    this.data = options?.data ?? null;
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) =>
  new AppError(ErrorCode.BAD_REQUEST, key, params);
export const notFound = (key: MessageKey = 'notFound') => new AppError(ErrorCode.NOT_FOUND, key);
export const conflict = (key: MessageKey) => new AppError(ErrorCode.CONFLICT, key);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(ErrorCode.FORBIDDEN, key);
