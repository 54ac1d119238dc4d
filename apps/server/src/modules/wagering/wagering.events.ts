import { DEFAULT_CURRENCY } from '@aposta/money';
import type { EventBus } from '../../platform/bus';
import { pushAfterDelivery, type Outbox } from '../../platform/outbox';

/** The wagering module's outbox fact, inserted by its SQL with the change (see `totalsChanged`). */
export interface TotalsChangedFact {
  userId: number;
  currency: string;
}

/**
 * The frame of a set-based check (`runsNeeded`) over `wagering.totalsChanged` facts, which handlers act on in
 * the default currency only: `due` gets those players' ids and answers the ones a run would act for; the
 * answer is the indexes of their facts.
 */
export async function totalsFactsDue(
  facts: TotalsChangedFact[],
  due: (userIds: number[]) => Promise<Set<number>>,
): Promise<number[]> {
  const mine = (f: TotalsChangedFact) => f.currency === DEFAULT_CURRENCY;
  const ids = [...new Set(facts.filter(mine).map((f) => Number(f.userId)))];
  if (!ids.length) return [];
  const found = await due(ids);
  return facts.flatMap((f, i) => (mine(f) && found.has(Number(f.userId)) ? [i] : []));
}

/** A bonus credited and made a grant (`bonus_grants`), written in the crediting transaction. */
export interface BonusGrantedFact {
  userId: number;
  currency: string;
  grantId: number;
  /** The crediting ledger transaction (PROMOTION, or a deposit's gift). */
  txId: number;
  /** Bonus money credited and the wagering it requires, minor units. */
  amount: number;
  required: number;
  /** The caller's own event that pushes the player's figures (its delivery), or null: this one does. */
  pushedBy: string | null;
}

/** A grant converted: `amount` (minor units) went to cash, written in the converting transaction. */
export interface BonusReleasedFact {
  userId: number;
  currency: string;
  grantId: number;
  amount: number;
}

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /** A player's deposits or turnover changed (a credit, a settlement, a reversal): the VIP module's input. */
    'wagering.totalsChanged': TotalsChangedFact;
    /**
     * A bonus was granted (every promotion's reward through `creditBonus`, a deposit's gift through
     * `recordCredit`): once per grant, in the transaction of the credit.
     */
    'bonus.granted': BonusGrantedFact;
    /** A grant converted to cash (its wagering met): the player is told, once per grant. */
    'bonus.released': BonusReleasedFact;
  }
}

/**
 * The player's figures follow the delivery of the grant (once per delivery committed), unless the credit's own
 * event pushes them (one push per change).
 */
export function registerWageringEvents(outbox: Outbox, bus: EventBus) {
  outbox.on('bonus.granted', 'wagering.bonusPush', async ({ userId, pushedBy }) => {
    if (!pushedBy) pushAfterDelivery(bus, 'balance.changed', { userId });
  });
  // The balance jumps when a bonus converts: the player hears why, with the new figures. The conversion commits
  // after the settlement that met the wagering (this relay's handler of it), so the settlement's own push showed
  // the bonus still unconverted; without this one the header kept it until the next reload.
  outbox.on('bonus.released', 'wagering.releasedPush', async ({ userId, amount, currency }) => {
    pushAfterDelivery(bus, 'balance.changed', { userId });
    pushAfterDelivery(bus, 'bonus.released', { userId, amount, currency });
  });
}
