/**
 * Wagering: requirements (per credit, so a promotion can add its own), deposit and withdrawal totals and
 * turnover, fed by credits in the crediting transaction and by the ledger's outbox facts.
 */
export { wageringModule } from './wagering.module';
export {
  createWageringService,
  recordCredit,
  creditBonus,
  type BonusCredit,
  onStakeSettled,
  onWithdrawalPaid,
  onReversed,
  wageringHandlers,
  deliverLedgerFacts,
  totalsQuery,
  totals,
  totalsOfPlayers,
  requirements,
  activeBonuses,
  playerGrants,
  type BonusGrant,
  forfeitGrant,
  expiredGrants,
  type ActiveBonus,
  type Contribution,
  type ContributionResolver,
  type UncountedResolver,
  type WageringService,
  type CreditFact,
  type Multipliers,
  type Requirement,
  type WageringTotals,
} from './wagering.service';
export { auditWagering } from './wagering.audit';
export { totalsFactsDue, type BonusGrantedFact, type TotalsChangedFact } from './wagering.events';
