import crypto from 'node:crypto';
import { ErrorCode } from '@aposta/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * Guard of `/api/operator/*` until the back office exists: the `X-Operator-Key` header must equal
 * OPERATOR_KEY (constant-time). With no OPERATOR_KEY set, operator calls are refused.
 */
export function operatorGuard(config: Config) {
  const expected = config.operatorKey
    ? crypto.createHash('sha256').update(config.operatorKey).digest()
    : undefined;
  return async (req: FastifyRequest) => {
    const given = req.headers['x-operator-key'];
    if (!expected || typeof given !== 'string') throw new AppError(ErrorCode.FORBIDDEN, 'forbidden');
    const digest = crypto.createHash('sha256').update(given).digest();
    if (!crypto.timingSafeEqual(digest, expected)) throw new AppError(ErrorCode.FORBIDDEN, 'forbidden');
  };
}
