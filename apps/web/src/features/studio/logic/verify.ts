import type { StudioRound } from '@aposta/contracts';
import { hashServerSeed, spinSlot, studioSlot } from '@aposta/fairness';

export type Verdict = 'hidden' | 'verified' | 'mismatch';

/**
 * Replays a round in the browser from its seeds (games.md, @aposta/fairness): the server seed must hash to the
 * hash shown before the round, and the spin it gives must have the recorded steps (reel stops and grids) and
 * win, under the game's rules the round was played by. Until the seed pair is rotated the server seed is secret,
 * and nothing can be checked yet.
 */
export function verifyRound(round: StudioRound): Verdict {
  if (!round.serverSeed) return 'hidden';
  const game = studioSlot(round.gameCode, round.rules);
  if (!game || hashServerSeed(round.serverSeed) !== round.serverSeedHash) return 'mismatch';
  const outcome = spinSlot(game, {
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
  });
  if (outcome.steps.length !== round.steps.length) return 'mismatch';
  const same = outcome.steps.every((step, i) => {
    const rec = round.steps[i]!;
    return (
      step.kind === rec.kind &&
      JSON.stringify(step.stops) === JSON.stringify(rec.stops) &&
      JSON.stringify(step.grid) === JSON.stringify(rec.grid)
    );
  });
  const win = Math.round((outcome.units * Math.round(round.bet * 100)) / game.unitsPerBet);
  return same && win === Math.round(round.win * 100) ? 'verified' : 'mismatch';
}
