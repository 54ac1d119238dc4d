import type { SportsBet } from '@aposta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { useAppState } from '../../../lib/app-state';
import { displayDateTime, displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { useMySportsBets } from '../api/sports';
import { useCashoutPushes } from '../hooks/useCashoutPushes';
import { formatPrice, marketTitle, selectionLabel } from '../logic/markets';
import { CashoutActions } from './Cashout';
import { SportsShell, useLocale } from './SportsShell';

/** Result codes' colours: won (10, 21) green, lost (20, 11) red, refunded (90) neutral, open gold. */
const tone = (code: number) =>
  code === 10 || code === 21
    ? 'bg-mint/15 text-mint'
    : code === 20 || code === 11
      ? 'bg-rose/15 text-rose'
      : code === 90
        ? 'bg-raised text-muted'
        : 'bg-gold/15 text-gold';

/** A result code as a sports bet reads it: 0 is a bet still running ("Em aberto"), not the spec's lottery draw. */
const resultLabel = (code: number, t: (k: string) => string) =>
  code === 0 ? t('myBets.pending') : t(`bet:result.${code}`);

/** My bets (`/footballPage/bets`): open and settled, each leg with its result and the final score. */
export function MyBetsPage() {
  const { t } = useTranslation('sports');
  const token = useSession((s) => s.token);
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const query = useMySportsBets(token, status);
  useCashoutPushes();
  if (!token)
    return (
      <LoginFirst
        title={t('myBets.title')}
        text={t('slip.loginToBet')}
        action={t('slip.loginToBet')}
        onAction={() => openOverlay('login')}
      />
    );
  return (
    <SportsShell>
      <header className="flex items-end justify-between">
        <h1 className="text-xl font-extrabold">{t('myBets.title')}</h1>
        <Link to="/footballPage" className="text-sm font-semibold text-gold">
          {t('title')}
        </Link>
      </header>
      <div role="tablist" className="grid grid-cols-2 rounded-xl border border-line bg-deep/70 p-4">
        {(['open', 'settled'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={status === k}
            onClick={() => setStatus(k)}
            className={`min-h-40 rounded-lg text-sm font-semibold ${status === k ? 'bg-raised text-text' : 'text-muted'}`}
          >
            {t(`myBets.${k}`)}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <p className="py-24 text-center text-sm text-muted">{t('loading')}</p>
      ) : query.isError ? (
        <p className="py-24 text-center text-sm text-muted" role="alert">
          {t('loadFailed')}
        </p>
      ) : query.data.length === 0 ? (
        <p className="py-24 text-center text-sm text-muted">{t('myBets.none')}</p>
      ) : (
        <ul className="flex flex-col gap-10">
          {query.data.map((b) => (
            <BetCard key={b.betId} bet={b} />
          ))}
        </ul>
      )}
    </SportsShell>
  );
}

/** The bet's kind as the card names it. */
function kindLabel(bet: SportsBet, t: (k: string, o?: Record<string, unknown>) => string) {
  if (bet.kind === 'builder') return t('myBets.builder', { count: bet.legs.length });
  return bet.kind === 'single' ? t('myBets.single') : t('myBets.parlay', { count: bet.legs.length });
}

function BetCard({ bet }: { bet: SportsBet }) {
  const { t } = useTranslation(['sports', 'bet']);
  const lang = useAppState((s) => s.lang);
  const locale = useLocale();
  const cashedOut = bet.status === 'cashedOut';
  const partial = !cashedOut && bet.cashedOut > 0 && bet.stake < bet.placedStake;
  return (
    <li
      className="rounded-xl border border-line bg-panel p-10"
      data-testid="my-bet"
      data-kind={bet.kind}
      data-status={bet.status}
      data-result={bet.result}
    >
      <div className="flex items-center justify-between gap-8">
        <p className="text-sm font-bold">{kindLabel(bet, t)}</p>
        <span
          className={`shrink-0 rounded-full px-8 py-2 text-2xs font-bold ${cashedOut ? 'bg-mint/15 text-mint' : tone(bet.result)}`}
          data-testid="bet-result"
        >
          {cashedOut ? t('cashout.full') : resultLabel(bet.result, t)}
        </span>
      </div>
      <p className="text-2xs text-muted">
        {t('myBets.placedAt', { date: displayDateTime(bet.placedAt, lang) })}
      </p>
      {bet.settlements > 1 ? (
        <p className="mt-4 text-2xs font-semibold text-gold" data-testid="bet-resettled">
          {t('myBets.resettled')}
        </p>
      ) : null}
      <ul className="mt-8 flex flex-col gap-6">
        {bet.legs.map((l) => (
          <li
            key={l.selectionId}
            className="flex items-start justify-between gap-8 border-t border-line/50 pt-6"
          >
            <div className="min-w-0">
              <p className="truncate text-xs font-semibold">
                {selectionLabel(l, l, l, t, locale)} @ {formatPrice(l.price, locale)}
              </p>
              <p className="truncate text-2xs text-muted">
                {marketTitle(l, t, locale)} · {l.home} × {l.away}
              </p>
              {l.score ? (
                <p className="text-2xs text-muted">
                  {t('myBets.final', { home: l.score.home, away: l.score.away })}
                </p>
              ) : null}
            </div>
            {/* A cashed-out bet is closed: its legs still running are no longer "open" for the player. */}
            {cashedOut && l.result === 0 ? null : (
              <span
                className={`shrink-0 rounded-full px-6 text-2xs ${tone(l.result)}`}
                data-testid="leg-result"
              >
                {resultLabel(l.result, t)}
              </span>
            )}
          </li>
        ))}
      </ul>
      <dl className="mt-8 grid grid-cols-3 gap-6 text-2xs">
        <div>
          <dt className="text-muted">{t('myBets.stake')}</dt>
          {/* Partly cashed out: the stake still running (what the odds and the win apply to), of the one placed. */}
          <dd className="font-semibold" data-testid="bet-stake">
            {displayMoney(partial ? bet.stake : bet.placedStake, lang)}
          </dd>
          {partial ? (
            <dd className="text-muted" data-testid="bet-placed-stake">
              {t('myBets.ofPlaced', { amount: displayMoney(bet.placedStake, lang) })}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-muted">{t('myBets.odds')}</dt>
          <dd className="font-semibold">{formatPrice(bet.price, locale)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-muted">{bet.status === 'open' ? t('myBets.potential') : t('myBets.payout')}</dt>
          <dd className={`font-bold ${bet.payout > 0 ? 'text-mint' : ''}`} data-testid="bet-payout">
            {displayMoney(bet.status === 'open' ? bet.potentialPayout : bet.payout, lang)}
          </dd>
        </div>
      </dl>
      {bet.cashedOut > 0 ? (
        <p className="mt-6 flex justify-between text-2xs" data-testid="cashed-out">
          <span className="text-muted">
            {cashedOut ? t('myBets.cashedOut') : `${t('cashout.partial')} · ${t('myBets.cashedOut')}`}
          </span>
          <b className="text-mint">{displayMoney(bet.cashedOut, lang)}</b>
        </p>
      ) : null}
      {bet.status === 'open' ? <CashoutActions bet={bet} /> : null}
    </li>
  );
}
