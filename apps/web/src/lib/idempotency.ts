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
