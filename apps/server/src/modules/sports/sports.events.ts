import type { EventBus } from '../../platform/bus';
import { pushFiguresOn, type Outbox } from '../../platform/outbox';

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /**
     * A sports bet was cashed out, whole or in part (`n`: its nth cash-out; `paid` minor units; `auto`: by the
     * player's target), written in the cash-out's transaction.
     */
    'sports.cashedOut': { userId: number; betId: string; n: number; paid: number; auto: boolean };
  }
}

/** The player's figures follow the delivery of a cash-out (once per delivery committed). */
export function registerSportsEvents(outbox: Outbox, bus: EventBus) {
  pushFiguresOn(outbox, bus, 'sports.cashedOut', 'sports.cashoutPush');
}
