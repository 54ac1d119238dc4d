import type { ActivitySummary } from '@aposta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/ui';
import { refreshUserInfo } from '../../../lib/user-info';

/**
 * The claim of one activity and its outcome: the amount paid (and the balance read again at once), or the
 * server's refusal under the button.
 */
export function ClaimButton({ a, available }: { a: ActivitySummary; available: boolean }) {
  const { t } = useTranslation('activities');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const money = (v: number) => displayMoney(v, lang);

  async function claim() {
    setBusy(true);
    setError('');
    try {
      // The claim parses its answer with the contract (zod): loaded with the first claim, not with home.
      const { claimActivity } = await import('../api/activities');
      const { paid } = await claimActivity(token, a.id);
      toast(t('claimed', { amount: money(paid) }));
      void refreshUserInfo();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('claimFailed'));
    } finally {
      setBusy(false);
    }
  }

  const errorId = `activity-claim-error-${a.id}`;
  const state =
    a.claimed !== null ? (
      <p className="text-sm font-semibold text-emerald-400" data-testid="activity-claimed">
        ✓ {t('claimedAlready', { amount: money(a.claimed) })}
      </p>
    ) : !available ? (
      <p className="text-sm text-muted">{t('unavailable')}</p>
    ) : a.status === 'ended' ? (
      <p className="text-sm text-muted">{t('ended')}</p>
    ) : (
      <Button
        disabled={busy || a.claimable <= 0}
        onClick={() => void claim()}
        aria-describedby={error ? errorId : undefined}
        data-testid="activity-claim"
      >
        {a.claimable > 0 ? t('claim', { amount: money(a.claimable) }) : t('notYet')}
      </Button>
    );
  // The refusal stays under what the server says now (e.g. claimed meanwhile on another device).
  return (
    <div className="flex flex-col gap-6">
      {state}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-rose">
          {error}
        </p>
      ) : null}
    </div>
  );
}
