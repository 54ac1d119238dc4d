import crypto from 'node:crypto';
import argon2 from 'argon2';

/**
 * The one password hasher of the platform (players and operators). OWASP's argon2id baseline (19 MiB,
 * 2 passes); hashing runs on libuv's pool, off the event loop.
 */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2);

// Unknown accounts are verified against this hash so that they take as long as real ones (made at load, on
// the thread pool, so that even the first unknown account takes no longer).
const dummyHash = hashPassword(crypto.randomBytes(32).toString('base64url'));

/** Whether `password` matches `hash`; with no hash (unknown account) it spends the same time and says no. */
export async function verifyPassword(hash: string | undefined | null, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await dummyHash, password);
    return false;
  }
  return argon2.verify(hash, password);
}
