/** The wagering module's outbox fact, inserted by its SQL with the change (see `totalsChanged`). */
export interface TotalsChangedFact {
  userId: number;
  currency: string;
}

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /** A player's deposits or turnover changed (a credit, a settlement, a reversal): the VIP module's input. */
    'wagering.totalsChanged': TotalsChangedFact;
  }
}
