import { idempotencyKey } from '@aposta/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * The `Idempotency-Key` header of a call that moves money (decisions.md): required, 8-128 characters of
 * [A-Za-z0-9_.:-] (a missing header and a malformed one each get their own message). Scope it to the caller (`scopedKey`) before storing it, so that two players can never
 * collide on the same key.
 */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const given = req.headers['idempotency-key'];
  const parsed = idempotencyKey.safeParse(given);
  if (!parsed.success)
    throw badRequest(given === undefined ? 'idempotencyKeyRequired' : 'idempotencyKeyInvalid');
  return parsed.data;
}

/** A key namespaced by operation and caller: `transfer:42:<key>`. */
export const scopedKey = (operation: string, callerId: number | string, key: string) =>
  `${operation}:${callerId}:${key}`;
