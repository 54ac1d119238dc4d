import type { ReactNode } from 'react';
import { useJurisdiction } from '../../../lib/jurisdiction';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BalanceFigure } from '../../../components/ui/BalanceFigure';
import { Button } from '../../../components/ui/Button';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { openDeposit, openOverlay } from '../../../lib/ui';
import { refreshBalance } from '../../../lib/user-info';
import { useWithdrawLimits } from '../api/get-withdraw';

/**
 * /conta: the balance, and the ways in and out of it (top-up, withdrawal, records, transfer). `bonuses` is the
 * active-bonus panel, given by the app (it belongs to the rewards feature).
 */
export function ContaPage({ bonuses }: { bonuses?: ReactNode } = {}) {
  const { t } = useTranslation('wallet');
  const jurisdiction = useJurisdiction();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const lang = useAppState((s) => s.lang);
  const money = (major: number) => displayMoney(major, lang);
  // The withdrawable amount follows the balance: asked again whenever the balance changes.
  const balance = user?.balance;
  const limits = useWithdrawLimits(token, balance);

  if (!token) {
    return (
      <LoginFirst
        title={t('conta.title')}
        text={t('conta.loginFirst')}
        action={t('conta.login')}
        onAction={() => openOverlay('login')}
      />
    );
  }

  const links: { to: string; icon: IconName; label: string }[] = [
    { to: '/registros', icon: 'record', label: t('conta.records') },
    // The Brazilian profile forbids transfers between players.
    ...(jurisdiction === 'br'
      ? []
      : [{ to: '/transfer', icon: 'send' as const, label: t('conta.transfer') }]),
  ];

  return (
    <section className="flex flex-col gap-14 p-16" aria-labelledby="conta-title">
      <h1 id="conta-title" className="text-xl font-bold">
        {t('conta.title')}
      </h1>
      <div className="rounded-2xl border border-gold/30 bg-gradient-to-b from-raised to-panel p-16">
        <div className="flex items-start justify-between gap-8">
          <div>
            <p className="text-xs text-muted">{t('conta.balance')}</p>
            <BalanceFigure className="text-3xl font-black text-gold" testId="conta-balance" />
          </div>
          <button
            type="button"
            onClick={() => void refreshBalance().catch(() => undefined)}
            aria-label={t('conta.refresh')}
            className="flex size-44 items-center justify-center rounded-full border border-line text-muted"
          >
            <Icon name="refresh" className="size-18" />
          </button>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-8 border-t border-line pt-12">
          <div>
            <dt className="text-xs text-muted">{t('conta.bonus')}</dt>
            <dd className="text-base font-semibold text-mint" data-testid="conta-bonus">
              {money(user?.freeBalance ?? 0)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('conta.withdrawable')}</dt>
            <dd className="text-base font-semibold" data-testid="conta-withdrawable">
              {limits.data ? money(limits.data.wdAmount) : '—'}
            </dd>
            {limits.data && limits.data.wagerDue > 0 ? (
              <dd className="text-xs text-muted" data-testid="conta-wager-due">
                {t('withdraw.wagerDue', { amount: money(limits.data.wagerDue) })}
              </dd>
            ) : null}
          </div>
        </dl>
        {limits.data && limits.data.wagerDue > 0 ? (
          <p className="mt-8 text-xs text-muted" data-testid="conta-wager-counts">
            {t('withdraw.wagerCounts')}
          </p>
        ) : null}
        <div className="mt-14 grid grid-cols-2 gap-10">
          <Button onClick={() => openDeposit()}>
            <Icon name="wallet" className="size-18" />
            {t('conta.deposit')}
          </Button>
          <Button variant="outline" onClick={() => openOverlay('withdraw')}>
            <Icon name="download" className="size-18" />
            {t('conta.withdraw')}
          </Button>
        </div>
      </div>
      {bonuses}
      <ul className="flex flex-col gap-8">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="flex min-h-52 items-center gap-12 rounded-xl border border-line bg-raised/40 px-14 text-base hover:border-gold/60"
            >
              <Icon name={l.icon} className="size-20 text-gold" />
              <span className="flex-1">{l.label}</span>
              <Icon name="chevron" className="size-16 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
      <ul className="flex flex-col gap-4 text-xs text-muted">
        <li>{t('conta.hours')}</li>
        <li>{t('conta.fastest')}</li>
        <li>{t('conta.arrival')}</li>
      </ul>
    </section>
  );
}
