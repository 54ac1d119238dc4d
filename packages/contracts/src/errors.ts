/**
 * Body status codes of the envelope. The spec's catalogue keeps its codes (40101, 9999, 1403); the rest are ours.
 * The HTTP status is honest (decisions.md); the client keys off the body code.
 */
export const ErrorCode = {
  OK: 0,
  BAD_REQUEST: 40000,
  CAPTCHA_INVALID: 40001,
  UNAUTHORIZED: 40100,
  SESSION_INVALID: 40101,
  LOGIN_FAILED: 40102,
  BLOCKED: 1403,
  FORBIDDEN: 40300,
  /** A responsible-gambling limit (stake, loss, deposit, time) would be passed. */
  LIMIT_REACHED: 40310,
  /** The player is in a cool-off or self-exclusion. */
  SELF_EXCLUDED: 40311,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  IDEMPOTENCY_CONFLICT: 40901,
  INSUFFICIENT_BALANCE: 9999,
  UNPROCESSABLE: 42200,
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
  UNAVAILABLE: 50300,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status used for each body code. */
export const httpStatusOf: Record<ErrorCode, number> = {
  [ErrorCode.OK]: 200,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.CAPTCHA_INVALID]: 400,
  [ErrorCode.UNAUTHORIZED]: 401,
  [ErrorCode.SESSION_INVALID]: 401,
  // Not 401: the client signs out on any 401, which would wipe the language and invitation code.
  [ErrorCode.LOGIN_FAILED]: 400,
  [ErrorCode.BLOCKED]: 403,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.LIMIT_REACHED]: 403,
  [ErrorCode.SELF_EXCLUDED]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.IDEMPOTENCY_CONFLICT]: 409,
  [ErrorCode.INSUFFICIENT_BALANCE]: 409,
  [ErrorCode.UNPROCESSABLE]: 422,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.UNAVAILABLE]: 503,
};
