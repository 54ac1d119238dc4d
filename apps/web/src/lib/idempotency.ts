import { ApiError } from './api';

/** A fresh Idempotency-Key (contracts `idempotencyKey`: 8-128 of [\w.:-]). Works outside secure contexts too. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per submission of a money-moving form: a retry of the same body (after a lost answer) reuses the
 * key, so the server answers the first result instead of moving money twice; another body gets a new key.
 */
export function submissionKeys() {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: newIdempotencyKey() };
      return last.key;
    },
    /** The server answered (success or refusal): the next submission is a new one. */
    settle() {
      last = null;
    },
  };
}

/**
 * A refused submission, once its key is settled: `refusal` is the server's answer (its message, code, `data`),
 * null when no answer came (the key is kept, so the next try of the same body answers the first result).
 */
export function refusalOf(err: unknown): ApiError | null {
  return err instanceof ApiError && err.status !== 0 ? err : null;
}

/** Sends one submission with its key: an answer (success or refusal) settles the key, a lost one keeps it. */
export async function sendOnce<T>(
  keys: ReturnType<typeof submissionKeys>,
  body: unknown,
  send: (key: string) => Promise<T>,
): Promise<T> {
  const key = keys.keyFor(body);
  try {
    const answer = await send(key);
    keys.settle();
    return answer;
  } catch (err) {
    if (refusalOf(err)) keys.settle();
    throw err;
  }
}
