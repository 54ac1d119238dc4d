import {
  ORIGINALS_PATH,
  originalBet,
  type DiceBetRequest,
  type LimboBetRequest,
  type OriginalBet,
  type PlinkoBetRequest,
  type RowDoubleBetRequest,
} from '@aposta/contracts';
import { request } from '../../../lib/api';
import { GAME_CALL } from './options';

export type InstantBetRequest =
  | { game: 'dice'; body: DiceBetRequest }
  | { game: 'limbo'; body: LimboBetRequest }
  | { game: 'plinko'; body: PlinkoBetRequest }
  | { game: 'rowDouble'; body: RowDoubleBetRequest };

/** One bet of a one-step game; the key makes a retry of the same attempt answer the first result. */
export async function placeBet(bet: InstantBetRequest, idempotencyKey: string): Promise<OriginalBet> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/${bet.game}/bet`, {
    json: bet.body,
    idempotencyKey,
    ...GAME_CALL,
  });
  return originalBet.parse(data);
}
