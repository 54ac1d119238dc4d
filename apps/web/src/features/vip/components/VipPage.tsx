import type { ActiveBonus, VipLevelInfo } from '@aposta/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { Progress } from '../../../components/ui/Progress';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { useBonuses, useVip } from '../api/vip';

/**
 * The VIP area (/vip), where the promotions tab lands: links to the other rewards, the player's level and
 * progress bars to the next (deposits and turnover, both needed), every level with what it gives (one-off
 * reward, withdrawals a day, fee), and the active bonuses with their wagering progress. Everything comes from the server (every value is an operator setting).
 */
/** `promotions`: the live activities, which the app puts under the links (features do not import each other). */
export function VipPage({ promotions }: { promotions?: ReactNode }) {
  const { t } = useTranslation('vip');
  const { lang } = useAppState();
  const token = useSession((s) => s.token);
  const vip = useVip(token);
  const bonuses = useBonuses(token);

  if (!token)
    return (
      <LoginFirst
        title={t('title')}
        text={t('loginFirst')}
        action={t('login')}
        onAction={() => openOverlay('login')}
      />
    );

  const money = (v: number) => displayMoney(v, lang);
  const data = vip.data;
  const fee = (l: VipLevelInfo) => `${(l.withdrawFee * 100).toLocaleString(lang.replace('_', '-'))}%`;

  return (
    <section className="flex flex-col gap-16 p-16" aria-labelledby="vip-title">
      {/* The promotions tab lands here: the other rewards first, each a door to its page. */}
      <nav aria-label={t('translation:pages.promotions')} className="grid grid-cols-3 gap-8">
        {(['ladderBonus', 'gamebouns', 'agentJl'] as const).map((page) => (
          <Link
            key={page}
            to={`/${page}`}
            className="flex min-h-56 items-center justify-center rounded-xl border border-line bg-panel px-8 text-center text-xs font-semibold hover:border-gold/60"
          >
            {t(`translation:pages.${page}`)}
          </Link>
        ))}
      </nav>
      {promotions}
      <h1 id="vip-title" className="text-xl font-bold">
        {t('title')}
      </h1>
      {vip.isError && <p className="text-sm text-red-300">{t('error')}</p>}
      {!data && !vip.isError && <p className="text-sm text-muted">{t('loading')}</p>}
      {data && (
        <>
          <div className="rounded-xl border border-gold/30 bg-panel p-12" data-testid="vip-current">
            <p className="text-sm text-muted">{t('yourLevel')}</p>
            <p className="text-2xl font-bold text-gold">{t('level', { level: data.level })}</p>
            {data.progress.next === null ? (
              <p className="mt-8 text-sm">{t('top')}</p>
            ) : (
              <div className="mt-12 flex flex-col gap-10">
                <p className="text-sm">{t('toNext', { level: data.progress.next })}</p>
                <Progress
                  label={t('deposits')}
                  value={data.progress.pay}
                  text={`${money(data.progress.paySum)} / ${money(data.progress.needPaySum)}`}
                  testId="vip-progress-pay"
                />
                <Progress
                  label={t('turnover')}
                  value={data.progress.game}
                  text={`${money(data.progress.gameSum)} / ${money(data.progress.needGameSum)}`}
                  testId="vip-progress-game"
                />
              </div>
            )}
          </div>

          <h2 className="text-base font-semibold">{t('levels')}</h2>
          <ul className="flex flex-col gap-8" aria-label={t('levels')}>
            {data.levels.map((l) => (
              <li
                key={l.level}
                data-testid={`vip-level-${l.level}`}
                aria-current={l.level === data.level ? 'true' : undefined}
                className={`rounded-xl border p-12 ${l.level === data.level ? 'border-gold bg-gold/10' : 'border-line bg-panel'}`}
              >
                <div className="flex items-center justify-between">
                  <span className="font-semibold">{t('level', { level: l.level })}</span>
                  {l.rewarded && <span className="text-xs text-gold">{t('rewarded')}</span>}
                </div>
                <dl className="mt-6 grid grid-cols-2 gap-x-8 gap-y-2 text-xs">
                  <dt className="text-muted">{t('reward')}</dt>
                  <dd className="text-right">{money(l.reward)}</dd>
                  <dt className="text-muted">{t('needDeposits')}</dt>
                  <dd className="text-right">{money(l.paySum)}</dd>
                  <dt className="text-muted">{t('withdrawals')}</dt>
                  <dd className="text-right">{l.withdrawalsPerDay}</dd>
                  <dt className="text-muted">{t('fee')}</dt>
                  <dd className="text-right">{fee(l)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}

      <h2 className="text-base font-semibold">{t('bonuses')}</h2>
      {bonuses.data && bonuses.data.list.length === 0 && (
        <p className="text-sm text-muted">{t('noBonuses')}</p>
      )}
      {bonuses.data && bonuses.data.list.length > 0 && (
        <ul className="flex flex-col gap-8" aria-label={t('bonuses')}>
          {bonuses.data.list.map((b: ActiveBonus) => (
            <li
              key={b.id}
              className="rounded-xl border border-line bg-panel p-12"
              data-testid={`bonus-${b.id}`}
            >
              <p className="font-semibold">{t('bonusAmount', { amount: money(b.amount) })}</p>
              <Progress
                label={t('wagering')}
                value={b.progress}
                text={`${money(b.wagered)} / ${money(b.required)}`}
                testId={`bonus-progress-${b.id}`}
              />
              <p className="mt-6 text-xs text-muted">
                {t('expires', { time: new Date(b.expiresAt).toLocaleString(lang.replace('_', '-')) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
