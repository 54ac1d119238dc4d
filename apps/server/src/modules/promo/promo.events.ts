import type { EventBus } from '../../platform/bus';
import { pushFiguresOn, type Outbox } from '../../platform/outbox';

/** A day's referral commission paid to an inviter (or its correction), written in that transaction. */
export interface CommissionEarnedFact {
  /** The inviter paid. */
  userId: number;
  /** The São Paulo day of the turnover (`YYYY-MM-DD`) and the run's revision of it (0: the first payment). */
  day: string;
  revision: number;
  /** Bonus money paid, minor units (what the commission rose by, less what the inviter owed). */
  amount: number;
  /** The ledger transaction of the payment. */
  txId: number;
}

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /** A referral commission was paid (the daily job's `settleDay`), once per day and revision. */
    'referral.commissionEarned': CommissionEarnedFact;
  }
}

/** The inviter's figures (balance and commission per level) follow the delivery (once per delivery). */
export function registerPromoEvents(outbox: Outbox, bus: EventBus) {
  pushFiguresOn(outbox, bus, 'referral.commissionEarned', 'promo.commissionPush');
}
