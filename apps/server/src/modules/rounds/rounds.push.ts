import type { EventBus } from '../../platform/bus';
import type { Outbox } from '../../platform/outbox';
import type { RoundsService } from './rounds.service';
import './rounds.events';

/**
 * What follows the delivery of a settled round (at least once; each push is a fresh read, so a repeat is
 * harmless): the new balance of every player paid and the round's final state. The service pushed both at
 * once already; this repeats them should the node have stopped in between.
 */
export function registerRoundEvents(outbox: Outbox, bus: EventBus, rounds: RoundsService) {
  outbox.on('rounds.settled', 'rounds.paid', async ({ game, roundId, paid }, tx) => {
    for (const userId of paid) await bus.publish('balance.changed', { userId });
    const state = await rounds.stateById(roundId, tx);
    if (state) await bus.publish('rounds.push', { game, event: 'roundState', payload: state });
  });
}
