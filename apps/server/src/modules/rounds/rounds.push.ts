import type { EventBus } from '../../platform/bus';
import { pushAfterDelivery, type Outbox } from '../../platform/outbox';
import type { RoundsService } from './rounds.service';
import './rounds.events';

/**
 * What follows the delivery of a settled round, once per delivery committed: the new balance of every player
 * paid (pushed only from here) and the round's final state (pushed at once by the service too; a repeat is a
 * fresh read, so harmless).
 */
export function registerRoundEvents(outbox: Outbox, bus: EventBus, rounds: RoundsService) {
  outbox.on('rounds.settled', 'rounds.paid', async ({ game, roundId, paid }, tx) => {
    for (const userId of paid) pushAfterDelivery(bus, 'balance.changed', { userId });
    const state = await rounds.stateById(roundId, tx);
    if (state) pushAfterDelivery(bus, 'rounds.push', { game, event: 'roundState', payload: state });
  });
}
