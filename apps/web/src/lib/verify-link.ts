/**
 * The address of the /fairness verifier for a bet or a slot round: the game (an original's name or a studio
 * slot's code), the seeds, the nonce and what the player chose (a slot round: the version of the rules it was
 * played under). Shared by the originals and the studio, whose
 * round recalls both link to the one verifier.
 */
export function verifyHref(
  seeds: { serverSeed: string; clientSeed: string; nonce: number; serverSeedHash?: string },
  params: { game: string; [choice: string]: string | number },
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
