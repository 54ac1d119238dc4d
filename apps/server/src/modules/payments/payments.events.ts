import type { EventBus } from '../../platform/bus';
import { pushAfterDelivery, pushFiguresOn, type Outbox } from '../../platform/outbox';

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
    /** A withdrawal was requested: its amount is held from the player's cash, in that transaction. */
    'withdrawal.requested': { userId: number; orderId: string; amount: number };
    /**
     * A withdrawal's hold was given back whole (the rail failed it, or an operator rejected it), written in
     * that transaction.
     */
    'withdrawal.released': {
      userId: number;
      orderId: string;
      amount: number;
      reason: 'failed' | 'rejected';
    };
  }
}

/**
 * The player's pushes follow the delivery of a credit or a withdrawal's step, once per delivery committed
 * (the gateway's figures are a fresh read).
 */
export function registerPaymentEvents(outbox: Outbox, bus: EventBus) {
  outbox.on('payment.credited', 'payments.push', async ({ userId, czflag, payTime }) => {
    pushAfterDelivery(bus, 'balance.changed', { userId });
    pushAfterDelivery(bus, 'payment.succeeded', { userId, czflag, payTime });
  });
  pushFiguresOn(outbox, bus, 'withdrawal.requested', 'payments.withdrawalHeldPush');
  pushFiguresOn(outbox, bus, 'withdrawal.released', 'payments.withdrawalReleasedPush');
  pushFiguresOn(outbox, bus, 'withdrawal.paid', 'payments.withdrawalPaidPush');
}
