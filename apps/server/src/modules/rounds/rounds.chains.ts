import crypto from 'node:crypto';
import { chainNext, chainWalk } from '@aposta/fairness';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { SeedVault } from '../originals';
import { rows } from './rounds.sql';

/**
 * The games' reverse hash chains (games.md "Shared rounds"): h₀ a secret random start, hₖ = SHA-256(hₖ₋₁'s
 * text), h_length published as the commitment. Round j uses h_{length − j}. Only h₀ is stored (sealed); a node
 * that runs a clock keeps every CHECKPOINT-th hash in memory, so a round's hash costs fewer than CHECKPOINT
 * hashings. Hashing yields to the event loop every few hundred links, so a long chain never blocks requests.
 */
const CHECKPOINT = 1_000;
/** About 5 ms of hashing: the event loop (requests, signals) is never held longer. */
const YIELD_EVERY = 500;

export interface ChainRow {
  id: string;
  game: string;
  seed: string;
  length: number;
  commitment: string;
  committed_at: string | Date;
  salt: string | null;
  salt_set_at: string | Date | null;
  used: number;
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every CHECKPOINT-th link from h₀ and the last one (the commitment). */
async function walk(seed: string, length: number): Promise<{ checkpoints: string[]; last: string }> {
  const checkpoints = [seed];
  let h = seed;
  for (let k = 1; k <= length; k++) {
    h = chainNext(h);
    if (k % CHECKPOINT === 0) checkpoints.push(h);
    if (k % YIELD_EVERY === 0) await pause();
  }
  return { checkpoints, last: h };
}

export function createChains(vault: SeedVault) {
  const cache = new Map<string, Promise<string[]>>();

  const checkpointsOf = (chain: ChainRow) => {
    let entry = cache.get(chain.id);
    if (!entry) {
      entry = walk(vault.open(chain.seed), chain.length).then(({ checkpoints, last }) => {
        if (last !== chain.commitment)
          throw new Error(`rounds: chain ${chain.id} does not end in its commitment`);
        return checkpoints;
      });
      entry.catch(() => cache.delete(chain.id));
      cache.set(chain.id, entry);
    }
    return entry;
  };

  return {
    /** The hash of round `j` (1 … length) of a chain. */
    async roundHash(chain: ChainRow, j: number): Promise<string> {
      const i = chain.length - j;
      const cps = await checkpointsOf(chain);
      const c = Math.floor(i / CHECKPOINT);
      return chainWalk(cps[c]!, i - c * CHECKPOINT);
    },

    /**
     * A new chain for `game`, retiring the active one (its rounds stay verifiable). The commitment is published
     * now; the salt is fixed by `fixSalt` afterwards, before the chain's first round.
     */
    async create(exec: Executor, game: string, length: number, salt?: string): Promise<ChainRow> {
      const seed = crypto.randomBytes(32).toString('hex');
      const { checkpoints, last } = await walk(seed, length);
      await exec.execute(sql`update round_chains set active = false where game = ${game} and active`);
      const [row] = await rows<ChainRow>(
        exec,
        sql`insert into round_chains (game, seed, length, commitment, salt)
            values (${game}, ${vault.seal(seed)}, ${length}, ${last}, ${salt ?? null})
            returning *`,
      );
      cache.set(String(row!.id), Promise.resolve(checkpoints));
      return { ...row!, id: String(row!.id) };
    },

    /**
     * Fixes a chain's salt once its commitment is published (strictly later, by the database's clock): 32
     * random bytes, or the value an operator announced for it (a future public beacon value).
     */
    async fixSalt(exec: Executor, chainId: string): Promise<void> {
      const salt = crypto.randomBytes(32).toString('hex');
      await exec.execute(
        sql`update round_chains set salt = coalesce(salt, ${salt}), salt_set_at = now()
            where id = ${chainId}::bigint and salt_set_at is null and committed_at < now()`,
      );
    },
  };
}

export type Chains = ReturnType<typeof createChains>;
