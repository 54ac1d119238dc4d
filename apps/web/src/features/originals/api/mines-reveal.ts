import { ORIGINALS_PATH, originalBet, type OriginalBet } from '@aposta/contracts';
import { request } from '../../../lib/api';
import { GAME_CALL } from './options';

/** Reveals one tile of the open round: 'open' (safe), 'lost' (a mine), or 'won' when no safe tile is left. */
export async function revealMine(tile: number, idempotencyKey: string): Promise<OriginalBet> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/mines/reveal`, {
    json: { tile },
    idempotencyKey,
    ...GAME_CALL,
  });
  return originalBet.parse(data);
}
