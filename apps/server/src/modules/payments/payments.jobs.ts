import type { Jobs } from '../../platform/jobs';
import {
  CHECK_DEPOSIT_JOB,
  RETURN_DEPOSIT_JOB,
  type CheckDepositJob,
  type DepositsService,
  type ReturnDepositJob,
} from './deposits.service';
import type { PaymentsDeps } from './payments.deps';
import type { WithdrawalsService } from './withdrawals.service';

/**
 * The payments' background work, one node per due job: the delayed provider check of each unpaid deposit
 * (a lost webhook is credited within a minute or two), and a minute sweep that expires overdue deposits
 * (asking the provider first) and settles withdrawals left PAYING by the rail's word; under br, the return
 * of deposits paid from another CPF; every ten minutes, the payout of self-excluded players' cash.
 */
export function registerPaymentJobs(
  jobs: Jobs,
  { deposits, withdrawals }: { deposits: DepositsService; withdrawals: WithdrawalsService },
  rg: Pick<NonNullable<PaymentsDeps['rg']>, 'selfExcludedAccounts'>,
) {
  jobs.work<CheckDepositJob>(
    CHECK_DEPOSIT_JOB,
    async (data) => {
      await deposits.checkPending(data);
    },
    // One queued check per order; a provider error is retried 30 s, 60 s, 120 s … later.
    { policy: 'short', retryLimit: 5, retryDelay: 30 },
  );
  jobs.work<ReturnDepositJob>(
    RETURN_DEPOSIT_JOB,
    async (data) => {
      await deposits.returnForeign(data);
    },
    // Brazil's foreign-CPF deposits: a refused refund is retried 30 s, 60 s … (about 15 minutes of tries) and
    // listed on the operators' jobs view meanwhile; the minute sweep queues it again 30 minutes later.
    { policy: 'short', retryLimit: 5, retryDelay: 30 },
  );
  jobs.work(
    'payments.returnDeposits',
    async () => {
      await deposits.returnDue();
    },
    { policy: 'short' },
  );
  jobs.schedule('payments.returnDeposits', '* * * * *');
  jobs.work(
    'payments.expireDeposits',
    async () => {
      // 100 per batch; a bounded number of batches per run, the next minute takes the rest.
      for (let batch = 0; batch < 10 && (await deposits.expireDue()) === 100; batch++);
    },
    { policy: 'short' },
  );
  jobs.schedule('payments.expireDeposits', '* * * * *');
  jobs.work(
    'payments.reconcileWithdrawals',
    async () => {
      await withdrawals.reconcileDue();
    },
    { policy: 'short' },
  );
  jobs.schedule('payments.reconcileWithdrawals', '* * * * *');
  // Self-excluded players cannot sign in to withdraw: their cash goes to their own CPF's PIX key, after review.
  jobs.work(
    'payments.exclusionPayouts',
    async () => {
      await withdrawals.payOutExcluded(await rg.selfExcludedAccounts());
    },
    { policy: 'short' },
  );
  jobs.schedule('payments.exclusionPayouts', '*/10 * * * *');
  // Brazil: prizes paid within 120 minutes; operators hear of an unpaid one before the deadline.
  jobs.work('payments.payoutAlerts', () => withdrawals.alertOverdue().then(() => undefined), {
    policy: 'short',
  });
  jobs.schedule('payments.payoutAlerts', '* * * * *');
}
