import type { EventBus } from '../../platform/bus';
import type { Outbox } from '../../platform/outbox';

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /**
     * A deposit was credited (cash `amount` and bonus `gift` in minor units), written in the crediting
     * transaction. czflag 0 on the player's first deposit; payTime in epoch milliseconds.
     */
    'payment.credited': {
      userId: number;
      orderId: string;
      /** The package paid and its group (`curreny`): an EXPPAY deposit gets the game bonus's multiple. */
      pkgId?: number | null;
      group?: string | null;
      amount: number;
      gift: number;
      czflag: 0 | 1;
      payTime: number;
    };
    /**
     * A withdrawal was paid out by the rail (its hold settled), written in that transaction. `amount` is what
     * the player asked for in minor units (the fee included), `fee` the part kept.
     */
    'withdrawal.paid': {
      userId: number;
      orderId: string;
      amount: number;
      fee: number;
    };
  }
}

/**
 * The player's pushes follow the delivery of the credit (at least once; the gateway's figures are a fresh
 * read, so a repeat is harmless).
 */
export function registerPaymentEvents(outbox: Outbox, bus: EventBus) {
  outbox.on('payment.credited', 'payments.push', async ({ userId, czflag, payTime }) => {
    await bus.publish('balance.changed', { userId });
    await bus.publish('payment.succeeded', { userId, czflag, payTime });
  });
}
