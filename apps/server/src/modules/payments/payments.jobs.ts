import type { Jobs } from '../../platform/jobs';
import { CHECK_DEPOSIT_JOB, type CheckDepositJob, type DepositsService } from './deposits.service';
import type { WithdrawalsService } from './withdrawals.service';

/**
 * The payments' background work, one node per due job: the delayed provider check of each unpaid deposit
 * (a lost webhook is credited within a minute or two), and a minute sweep that expires overdue deposits
 * (asking the provider first) and settles withdrawals left PAYING by the rail's word.
 */
export function registerPaymentJobs(
  jobs: Jobs,
  { deposits, withdrawals }: { deposits: DepositsService; withdrawals: WithdrawalsService },
) {
  jobs.work<CheckDepositJob>(
    CHECK_DEPOSIT_JOB,
    async (data) => {
      await deposits.checkPending(data);
    },
    // One queued check per order; a provider error is retried 30 s, 60 s, 120 s … later.
    { policy: 'short', retryLimit: 5, retryDelay: 30 },
  );
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
}
