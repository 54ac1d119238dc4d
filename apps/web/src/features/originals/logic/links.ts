import type { OriginalBet, OriginalParams } from '@aposta/contracts';

/** The verifier's address for a bet: the game, the seeds, the nonce and what the player chose. */
export function verifyHref(
  seeds: { serverSeed: string; clientSeed: string; nonce: number; serverSeedHash?: string },
  params: OriginalParams,
): string {
  const q = new URLSearchParams({
    game: params.game,
    serverSeed: seeds.serverSeed,
    clientSeed: seeds.clientSeed,
    nonce: String(seeds.nonce),
  });
  if (seeds.serverSeedHash) q.set('serverSeedHash', seeds.serverSeedHash);
  for (const [k, v] of Object.entries(params)) if (k !== 'game') q.set(k, String(v));
  return `/fairness?${q.toString()}`;
}

/** A bet's verify link, once its server seed has been revealed. */
export function betVerifyHref(bet: OriginalBet): string | null {
  return bet.serverSeed ? verifyHref({ ...bet, serverSeed: bet.serverSeed }, bet.params) : null;
}
