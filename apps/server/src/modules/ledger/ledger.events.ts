/**
 * The ledger's facts, written by its SQL functions into `outbox_events` in the transaction that settles,
 * resettles or reverses (see the custom migration `ledger_products_resettle`), for modules that count
 * turnover and totals (wagering). Delivered after commit by the outbox relay.
 */
/** A settled or resettled stake, or a paid withdrawal, as the ledger's settle/resettle functions write it. */
export interface SettledFact {
  txId: number;
  holdId: number;
  userId: number;
  book: string;
  currency: string;
  product: string;
  reference: string;
  /** The captured stake's cash and bonus parts. */
  cash: number;
  bonus: number;
  payout: number;
  payoutBonus: number;
  /** Turnover this fact adds: the capture, or for a resettlement the change of capture (may be negative). */
  turnover: number;
  /** A resettlement: the settlement it replaces. */
  supersedes: number | null;
}

/** A stake's hold released whole (a cancelled round, a provider's rollback), as `ledger_void` writes it. */
export interface VoidedFact {
  txId: number;
  holdId: number;
  userId: number;
  book: string;
  currency: string;
  product: string;
  reference: string;
  /** The whole stake given back (cash and bonus). */
  amount: number;
}

export interface ReversedFact {
  txId: number;
  reversalId: number;
  userId: number;
  /** When the reversed transaction was itself a reversal: the transaction it had reversed. */
  reverses: number | null;
}

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /** A stake was settled or resettled. */
    'ledger.stakeSettled': SettledFact;
    /** A stake's hold was voided (given back whole). */
    'ledger.stakeVoided': VoidedFact;
    /** A withdrawal's hold was settled (paid out). */
    'ledger.withdrawalPaid': SettledFact;
    /** A transaction was reversed. */
    'ledger.reversed': ReversedFact;
  }
}
