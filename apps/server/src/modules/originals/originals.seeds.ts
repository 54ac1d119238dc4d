import crypto from 'node:crypto';
import { hashServerSeed } from '@aposta/fairness';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { createSecretBox } from '../../platform/secret-box';

/**
 * The per-player seed pairs (games.md "Per-player seeds"): the server seed is 32 CSPRNG bytes as 64 hex
 * characters, kept encrypted at rest when ORIGINALS_SEED_KEY is set and never answered while its pair is
 * active; its SHA-256 is shown before any bet.
 */
export interface SeedVault {
  seal(serverSeed: string): string;
  open(stored: string): string;
}

const PLAIN = /^[0-9a-f]{64}$/;

/** AES-256-GCM with the configured key (the platform's secret box); without one, seeds are stored as they are. */
export function createSeedVault(keyHex: string | undefined): SeedVault {
  const box = keyHex ? createSecretBox(Buffer.from(keyHex, 'hex')) : null;
  return {
    seal(serverSeed) {
      return box ? box.seal(serverSeed) : serverSeed;
    },
    open(stored) {
      // Seeds stored before a key was configured stay readable.
      if (PLAIN.test(stored)) return stored;
      if (!box) throw new Error('an encrypted server seed needs ORIGINALS_SEED_KEY');
      return box.open(stored);
    },
  };
}

export const newServerSeed = () => crypto.randomBytes(32).toString('hex');
/** The default client seed: 16 random URL-safe characters (the player may set their own). */
export const randomClientSeed = () => crypto.randomBytes(12).toString('base64url');

export interface SeedRow {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Opens a player's first pair, or a new one after a rotation; does nothing when one is active. */
export async function openPair(exec: Executor, vault: SeedVault, userId: number, clientSeed?: string) {
  const seed = newServerSeed();
  await exec.execute(sql`
    insert into originals_seeds (user_id, server_seed, server_seed_hash, client_seed)
    values (${userId}, ${vault.seal(seed)}, ${hashServerSeed(seed)}, ${clientSeed ?? randomClientSeed()})
    on conflict (user_id) where active do nothing`);
}

/**
 * The active pair, opened on first use. Given the database rather than a transaction, the read is a prepared
 * statement: it is every fairness read and a bet's first, and planning it cost twice its run (measured).
 */
export async function activePair(
  exec: Executor | Database,
  vault: SeedVault,
  userId: number,
): Promise<SeedRow> {
  const query = sql`select id, server_seed, server_seed_hash, client_seed, nonce from originals_seeds
    where user_id = ${userId} and active`;
  const read = () =>
    'prepared' in exec ? exec.prepared<SeedRow>('originals_active_pair', query) : rows<SeedRow>(exec, query);
  let [pair] = await read();
  if (!pair) {
    await openPair('prepared' in exec ? exec.db : exec, vault, userId);
    [pair] = await read();
  }
  return pair!;
}
