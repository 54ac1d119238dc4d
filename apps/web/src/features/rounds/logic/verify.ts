import type { RoundChain, RoundHistoryItem } from '@aposta/contracts';
import { chainNext, roundResult, roundValue, type RoundGameKind } from '@aposta/fairness';

/**
 * Voided rounds (refunded before their draw) are not in the history, but they used their chain link: a round's
 * hash reaches the next older shown round's within this many steps.
 */
const MAX_GAP = 64;

export interface CheckedRound {
  roundId: string;
  hash: string;
  /** The result the server shows, in the game's unit (crash: hundredths). */
  shown: number;
  /** Recomputed here from the round's hash and the chain's salt; null when the chain has no salt yet. */
  computed: number | null;
  /** Its hash leads to the next older shown round's (or to the chain's commitment); null: the oldest shown. */
  linked: boolean | null;
}

/** Steps from `hash` to `target` along the chain (SHA-256 of the hex text), or -1 beyond `max`. */
function stepsTo(hash: string, target: string, max: number): number {
  let h = hash;
  for (let i = 1; i <= max; i++) {
    h = chainNext(h);
    if (h === target) return i;
  }
  return -1;
}

/**
 * Recomputes every round of a history (newest first) without trusting the server: each result from
 * HMAC-SHA256(round hash, salt) by the game's rule, and each hash's link to the round before it in its chain.
 */
export function checkRounds(
  kind: RoundGameKind,
  history: readonly RoundHistoryItem[],
  chains: ReadonlyMap<string, RoundChain>,
): CheckedRound[] {
  return history.map((item, i) => {
    const chain = chains.get(item.chainId);
    const shown = kind === 'crash' ? Math.round(item.result * 100) : item.result;
    const computed = chain?.salt ? roundResult(kind, roundValue(item.hash, chain.salt)) : null;
    const older = history.slice(i + 1).find((h) => h.chainId === item.chainId);
    let linked: boolean | null = null;
    if (older) linked = stepsTo(item.hash, older.hash, MAX_GAP) > 0;
    else if (chain) {
      // The oldest shown round of its chain: linked when it reaches the published commitment.
      const reach = Math.min(chain.used, MAX_GAP * 4);
      linked = stepsTo(item.hash, chain.commitment, reach) > 0 ? true : chain.used <= reach ? false : null;
    }
    return { roundId: item.roundId, hash: item.hash, shown, computed, linked };
  });
}

export const roundOk = (r: CheckedRound) => r.computed === r.shown && r.linked !== false;
