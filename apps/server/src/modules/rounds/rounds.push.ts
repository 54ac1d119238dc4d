import { afterCommit } from '../../platform/db';
import type { Outbox } from '../../platform/outbox';
import type { RoundsService } from './rounds.service';
import './rounds.events';

/**
 * The delivery of a settled round, once committed, pushes again what its settlement pushed at once: the round's
 * final state (read after the commit) and the new balance of every player paid — for a push lost there (a
 * crash between the settlement's commit and its push).
 */
export function registerRoundEvents(outbox: Outbox, rounds: RoundsService) {
  outbox.on('rounds.settled', 'rounds.paid', async ({ roundId, paid }) => {
    afterCommit(() => void rounds.pushSettled(roundId, paid));
  });
}
