import { ORIGINALS_PATH, originalBet, type OriginalBet } from '@aposta/contracts';
import { request } from '../../../lib/api';
import { GAME_CALL } from './options';

/** Ends the open round and pays the current multiplier. */
export async function cashoutMines(idempotencyKey: string): Promise<OriginalBet> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/mines/cashout`, {
    json: {},
    idempotencyKey,
    ...GAME_CALL,
  });
  return originalBet.parse(data);
}
