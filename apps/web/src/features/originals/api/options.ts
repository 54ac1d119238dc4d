import { ErrorCode } from '@aposta/contracts';
import type { RequestOptions } from '../../../lib/api';

/**
 * The games' money calls are quiet: a refusal is shown beside the control that caused it (useFieldErrors),
 * and insufficient balance (9999) is the game's to answer (the game-deposit overlay), whichever call it was.
 * No global loading bar either: the bet button shows that a bet is in flight.
 */
export const GAME_CALL: Pick<RequestOptions, 'quiet' | 'handles' | 'loading'> = {
  quiet: true,
  handles: [ErrorCode.INSUFFICIENT_BALANCE],
  loading: false,
};
