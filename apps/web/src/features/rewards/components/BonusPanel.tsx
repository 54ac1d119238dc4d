import { useTranslation } from 'react-i18next';
import { Progress } from '../../../components/ui/Progress';
import { useAppState } from '../../../lib/app-state';
import { displayDate, displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useActiveBonuses } from '../api/rewards';

/**
 * The active bonuses on /conta: each with its wagering progress, most cash it becomes and expiry, and what a
 * withdrawal does while one is active (the withdrawal panel says it again before the player confirms).
 */
export function BonusPanel() {
  const { t } = useTranslation('rewards');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token);
  // Cash and bonus: a bet with either changes one of them.
  const balance = useSession((s) => `${s.user?.balance}:${s.user?.freeBalance}`);
  const bonuses = useActiveBonuses(token, balance);
  const money = (v: number) => displayMoney(v, lang);
  const list = bonuses.data?.list ?? [];
  if (!token || !bonuses.data) return null;

  return (
    <section className="flex flex-col gap-8" aria-labelledby="bonus-panel-title" data-testid="bonus-panel">
      <h2 id="bonus-panel-title" className="text-base font-semibold">
        {t('bonuses.title')}
      </h2>
      {list.length === 0 ? (
        <p className="text-sm text-muted">{t('bonuses.none')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-8">
            {list.map((b) => (
              <li
                key={b.id}
                className="rounded-xl border border-line bg-panel p-12"
                data-testid={`active-bonus-${b.id}`}
              >
                <p className="mb-6 font-semibold text-mint">
                  {t('bonuses.amount', { amount: money(b.amount) })}
                </p>
                <Progress
                  label={t('bonuses.wagering')}
                  value={b.progress}
                  text={`${money(b.wagered)} / ${money(b.required)}`}
                  testId={`active-bonus-progress-${b.id}`}
                />
                <p className="mt-6 flex justify-between gap-8 text-xs text-muted">
                  <span>
                    {b.maxConversion === null ? '' : t('bonuses.cap', { amount: money(b.maxConversion) })}
                  </span>
                  <span>{t('bonuses.expires', { time: displayDate(b.expiresAt, lang) })}</span>
                </p>
              </li>
            ))}
          </ul>
          <p role="note" className="rounded-xl border border-gold/30 bg-gold/10 p-10 text-xs">
            {t('bonuses.withdraw')}
          </p>
        </>
      )}
    </section>
  );
}
