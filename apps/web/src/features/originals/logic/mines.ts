import type { OriginalBet } from '@aposta/contracts';
import { MINES_TILES } from '@aposta/fairness';

/**
 * What a tile shows: `hidden` (not played), `picked` (chosen for auto bet), `gem` (revealed safe), `mine`
 * (shown at the end), `hit` (the mine that ended the round), `gemDim` (a safe tile left unrevealed at the end).
 */
export type TileState = 'hidden' | 'picked' | 'gem' | 'mine' | 'hit' | 'gemDim';

/** The 25 tiles of a round (or of no round yet), row by row from the top left. */
export function tileStates(round: OriginalBet | null, picks: readonly number[]): TileState[] {
  const tiles: TileState[] = Array.from({ length: MINES_TILES }, (_, i) =>
    picks.includes(i) ? 'picked' : 'hidden',
  );
  const o = round?.outcome;
  if (!round || !o || !('revealed' in o)) return tiles;
  if (round.state === 'open') {
    for (const t of o.revealed) tiles[t] = 'gem';
    return tiles;
  }
  const mines = new Set(o.mines ?? []);
  for (let i = 0; i < MINES_TILES; i++) tiles[i] = mines.has(i) ? 'mine' : 'gemDim';
  for (const t of o.revealed) tiles[t] = 'gem';
  // The server keeps the mine opened (`hit`); a round lost before it did shows its mines alike.
  if (round.state === 'lost' && o.hit !== undefined && mines.has(o.hit)) tiles[o.hit] = 'hit';
  return tiles;
}

/** A tile not yet revealed, at random (the "random pick" button). */
export function randomHiddenTile(round: OriginalBet | null, random = Math.random): number | null {
  const o = round?.outcome;
  const revealed = new Set(o && 'revealed' in o ? o.revealed : []);
  const left = Array.from({ length: MINES_TILES }, (_, i) => i).filter((i) => !revealed.has(i));
  return left.length ? left[Math.floor(random() * left.length)]! : null;
}
