import { ORIGINALS_PATH, originalBet, type MinesStartRequest, type OriginalBet } from '@aposta/contracts';
import { request } from '../../../lib/api';
import { GAME_CALL } from './options';

/** Stakes the amount and opens a mines round (state 'open'). */
export async function startMines(body: MinesStartRequest, idempotencyKey: string): Promise<OriginalBet> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/mines/start`, {
    json: body,
    idempotencyKey,
    ...GAME_CALL,
  });
  return originalBet.parse(data);
}
