/**
 * The ledger: the only module that moves money. It knows no other module. Every operation is a plain
 * function taking `database.db` (runs alone, atomically) or a `tx` (joins the caller's transaction).
 */
export { ledgerModule } from './ledger.module';
export {
  post,
  hold,
  settle,
  settleMany,
  resettle,
  balancesQuery,
  voidHold,
  stakeReturned,
  stakesReturned,
  settlementFigures,
  reverse,
  openPlayerAccounts,
  playerAccounts,
  lockPlayerAccount,
  systemBalance,
  rollUp,
  listEntries,
  sentSince,
  keyUsed,
  type Tagged,
  type Posted,
  type PlayerPosting,
  type SystemPosting,
  type PostInput,
  type HoldInput,
  type SettleInput,
  type ResettleInput,
  type PlayerAccount,
  type Entry,
  type EntryQuery,
} from './ledger.service';
export { accountLines, type AccountLine } from './ledger.lines';
export { transferLines, type TransferLine, type TransferLineQuery } from './ledger.transfers';
export { settledTurnover, type Turnover, type TurnoverQuery } from './ledger.turnover';
export { keyedTransactions, type KeyedTransaction } from './ledger.standing';
export { auditLedger, type AuditResult, type AuditCheck } from './ledger.audit';
export {
  productDays,
  promotionAndFeeDays,
  activityDays,
  systemBalances,
  playerTotals,
  playerStakesSince,
  playerResultSince,
  dayBounds,
  type DayRange,
  type ProductDay,
  type MoneyDay,
  type ActivityDay,
  type SystemAccountBalance,
  type PlayerTotals,
} from './ledger.reports';
export {
  PRODUCTS,
  playerAccountId,
  providerClearing,
  systemAccountId,
  type Book,
  type PlayerKind,
  type Product,
  type HoldProduct,
  type SystemKind,
} from './ledger.accounts';
export { parseAmount, parseCurrency, positiveMinor, requestHash } from './ledger.money';
export type { SettledFact, ReversedFact, VoidedFact } from './ledger.events';
