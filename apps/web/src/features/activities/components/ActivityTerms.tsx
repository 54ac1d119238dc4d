import type { ActivitySummary } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state';
import { displayDate, displayMoney } from '../../../lib/format';

/** What the reward is, in words the server's terms give (no figure the server did not send). */
export function RewardText({ a }: { a: ActivitySummary }) {
  const { t } = useTranslation('activities');
  const lang = useAppState((s) => s.lang);
  const money = (v: number) => displayMoney(v, lang);
  const reward =
    a.reward.type === 'amount'
      ? money(a.reward.value)
      : a.reward.cap === null
        ? t('percent', { percent: a.reward.value })
        : t('percentCapped', { percent: a.reward.value, cap: money(a.reward.cap) });
  return <>{t(`reward.${a.kind}`, { reward, target: money(a.progress.target) })}</>;
}

export function Period({ a }: { a: ActivitySummary }) {
  const { t } = useTranslation('activities');
  const lang = useAppState((s) => s.lang);
  return <>{t('period', { from: displayDate(a.startsAt, lang), to: displayDate(a.endsAt, lang) })}</>;
}

/** Progress towards what qualifies: a bar when there is a target, else what counted so far. */
export function Progress({ a }: { a: ActivitySummary }) {
  const { t } = useTranslation('activities');
  const lang = useAppState((s) => s.lang);
  const { current, target } = a.progress;
  const ratio = target > 0 ? Math.min(1, current / target) : current > 0 ? 1 : 0;
  return (
    <div>
      <div className="flex justify-between text-xs text-muted">
        <span>{t(`progress.${a.kind}`)}</span>
        <span data-testid="activity-progress">
          {target > 0
            ? t('ofTarget', { current: displayMoney(current, lang), target: displayMoney(target, lang) })
            : displayMoney(current, lang)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t(`progress.${a.kind}`)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        className="mt-6 h-8 overflow-hidden rounded-full bg-raised"
      >
        <div className="h-full rounded-full bg-gold" style={{ width: `${ratio * 100}%` }} />
      </div>
    </div>
  );
}
