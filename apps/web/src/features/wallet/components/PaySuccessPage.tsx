import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BalanceFigure } from '../../../components/ui/BalanceFigure';
import { Icon } from '../../../components/ui/Icon';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { PAID_DEPOSIT } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';

/**
 * /paySuccess: where a paid deposit lands; the balance shown is live (updateUserInfo). Opened any other way (a
 * bookmark, the back button, a reload) it claims no payment: the balance, and where deposits are listed.
 */
export function PaySuccessPage() {
  const { t } = useTranslation('wallet');
  const user = useSession((s) => s.user);
  const stale = useSession((s) => s.balanceStale);
  const lang = useAppState((s) => s.lang);
  const location = useLocation();
  const navigate = useNavigate();
  const claimed = (location.state as typeof PAID_DEPOSIT | null)?.paid === true;
  // Kept while the page stays open (a deposit paid while it was open claims too), and taken off the history
  // entry: coming back to it (the back button, a reload) claims no payment a second time.
  const [paid, setPaid] = useState(claimed);
  if (claimed && !paid) setPaid(true);
  useEffect(() => {
    if (claimed) void navigate(location, { replace: true, state: null });
  }, [claimed, location, navigate]);
  // The start mask waits while this page shows (opened any way), and opens once the player leaves it.
  useEffect(() => {
    useUi.setState({ maskHeld: true });
    return () => useUi.setState({ maskHeld: false });
  }, []);
  return (
    <section
      className="flex flex-col items-center px-24 py-48 text-center"
      aria-labelledby="pay-success-title"
    >
      <div
        className={`mb-16 size-80 items-center justify-center rounded-full border border-mint/50 bg-mint/10 text-mint ${paid ? 'flex' : 'hidden'}`}
        aria-hidden="true"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-40"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h1 id="pay-success-title" className="text-2xl font-bold">
        {t(paid ? 'paySuccess.title' : 'paySuccess.idleTitle')}
      </h1>
      <p className="mt-8 max-w-300 text-sm text-muted">
        {t(paid ? 'paySuccess.text' : 'paySuccess.idleText')}
      </p>
      {user ? (
        <div className="mt-20 w-full rounded-xl border border-line bg-panel p-14">
          <p className="text-xs text-muted">{t('paySuccess.balance')}</p>
          <BalanceFigure className="text-2xl font-bold text-gold" testId="pay-success-balance" />
          {user.freeBalance > 0 && !stale ? (
            <p className="mt-4 text-sm text-mint" data-testid="pay-success-bonus">
              {t('conta.bonus')}: {displayMoney(user.freeBalance, lang)}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-24 grid w-full grid-cols-2 gap-10">
        <Link
          to="/registros"
          className="flex min-h-44 items-center justify-center gap-6 rounded-xl border border-line text-sm"
        >
          <Icon name="record" className="size-16" />
          {t('paySuccess.records')}
        </Link>
        <Link
          to="/home"
          className="btn-gold flex min-h-44 items-center justify-center rounded-xl text-sm font-bold"
        >
          {t('paySuccess.home')}
        </Link>
      </div>
    </section>
  );
}
