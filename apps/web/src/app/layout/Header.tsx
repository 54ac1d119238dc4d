import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/Icon';
import { Avatar } from '../../features/account/components/Avatar';
import { useAppState } from '../../lib/app-state';
import { displayMoney, UNKNOWN_BALANCE } from '../../lib/format';
import { knownBalance, useSession } from '../../lib/session';
import { shownBalance, useWithheld } from '../../lib/withheld';
import { openOverlay, setPanel } from '../../lib/ui';

export function Logo() {
  return (
    <span className="flex items-center gap-6" aria-hidden="true">
      <svg viewBox="0 0 32 32" className="size-28">
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fff0b8" />
            <stop offset=".5" stopColor="#f8c94a" />
            <stop offset="1" stopColor="#e39a17" />
          </linearGradient>
        </defs>
        <path d="M16 2l12 7v14l-12 7L4 23V9z" fill="url(#logo-g)" />
        <path
          d="M11 21l5-11 5 11M12.8 17h6.4"
          stroke="#2a1700"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-xl font-black italic tracking-tight text-gold-gradient">Aposta</span>
    </span>
  );
}

export function Header() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  // The copy a previous visit stored is not the balance: it is not shown until the server answers.
  const known = useSession((s) => knownBalance(s) !== null);
  const lang = useAppState((s) => s.lang);
  const withheld = useWithheld((s) => s.byBet);
  return (
    <header className="safe-top sticky top-0 z-20 border-b border-line/70 bg-deep/95 backdrop-blur">
      <div className="flex min-h-56 items-center gap-4 px-6">
        <button
          type="button"
          onClick={() => setPanel('menuOpen', true)}
          aria-label={t('nav.menu')}
          className="flex size-44 items-center justify-center rounded-lg text-text"
        >
          <Icon name="menu" className="size-22" />
        </button>
        <Link
          to="/home"
          aria-label={`${t('common.brand')} — ${t('nav.home')}`}
          className="flex min-h-44 items-center"
        >
          <Logo />
        </Link>
        <div className="ml-auto flex items-center gap-6">
          {token ? (
            <>
              <div className="flex min-h-36 items-center rounded-full border border-line bg-panel pl-10">
                <span className="sr-only">{t('nav.balance')}</span>
                {/* Until the first answer the balance is not known: a placeholder, never a made-up R$ 0,00
                    that reads as money lost, nor the figure a previous visit stored (it may be long gone). */}
                <span className="flex flex-col items-end leading-tight">
                  <span
                    className="text-sm font-bold text-gold"
                    data-testid="header-balance"
                    aria-busy={!known}
                  >
                    {user && known ? (
                      displayMoney(shownBalance(user.balance, withheld), lang)
                    ) : (
                      // As wide as a balance of R$ 10,00 to R$ 99,99, so the pill hardly moves when it comes.
                      <span className="inline-block min-w-[7ch] text-right">{UNKNOWN_BALANCE}</span>
                    )}
                  </span>
                  {/* Bets draw on bonus money too: with cash alone shown, a stake above it would seem to come
                      from nowhere. */}
                  {user && known && user.freeBalance > 0 ? (
                    <span className="text-[10px] font-semibold text-muted" data-testid="header-bonus">
                      {t('nav.bonusBalance', { amount: displayMoney(user.freeBalance, lang) })}
                    </span>
                  ) : null}
                </span>
                <button
                  type="button"
                  onClick={() =>
                    void import('../../lib/user-info').then((m) => m.refreshBalance()).catch(() => undefined)
                  }
                  aria-label={t('nav.refreshBalance')}
                  className="-my-4 flex size-44 items-center justify-center text-muted"
                >
                  <Icon name="refresh" className="size-14" />
                </button>
              </div>
              <button
                type="button"
                onClick={() => setPanel('accountOpen', true)}
                aria-label={t('nav.openAccount')}
                className="flex size-44 items-center justify-center rounded-full"
              >
                <Avatar index={user?.header ?? 0} size={34} eager />
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                onClick={() => openOverlay('login')}
                className="min-h-44 rounded-xl border border-line px-12 text-sm font-semibold"
              >
                {t('nav.login')}
              </button>
              <button
                type="button"
                onClick={() => openOverlay('register')}
                className="btn-gold min-h-44 rounded-xl px-12 text-sm font-bold"
              >
                {t('nav.register')}
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
