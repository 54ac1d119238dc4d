import { idempotencyKey } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, submissionKeys } from './idempotency';

describe('idempotency keys', () => {
  it('are valid keys for the server and unique', () => {
    const a = newIdempotencyKey();
    expect(idempotencyKey.safeParse(a).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('keep one key per submission: a retry of the same body reuses it, another body or a settled one does not', () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ username: 'a@b.co', amount: 10 });
    expect(keys.keyFor({ username: 'a@b.co', amount: 10 })).toBe(first);
    const other = keys.keyFor({ username: 'a@b.co', amount: 11 });
    expect(other).not.toBe(first);
    keys.settle();
    expect(keys.keyFor({ username: 'a@b.co', amount: 11 })).not.toBe(other);
  });
});
