import type { EventBus } from '../../platform/bus';
import { pushFiguresOn, type Outbox } from '../../platform/outbox';

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /** Cash sent from one player to another (`amount` minor units), written in the transfer's transaction. */
    'wallet.transferred': { senderId: number; receiverId: number; txId: number; amount: number };
  }
}

/** Both players' figures follow the delivery of a transfer (once per delivery committed). */
export function registerWalletEvents(outbox: Outbox, bus: EventBus) {
  pushFiguresOn(outbox, bus, 'wallet.transferred', 'wallet.transferPush', (p) => [p.senderId, p.receiverId]);
}
