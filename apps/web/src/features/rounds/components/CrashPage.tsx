import type { RoundBet, RoundPublicBet } from '@aposta/contracts';
import { CRASH_GROWTH, crashMultiplierAt, ROUND_RTP } from '@aposta/fairness';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/TextField';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney, displayTimes } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { cashoutCrash, placeRoundBet, useMyRoundBets, useRoundHistory, useRoundState } from '../api/rounds';
import { msUntil, useLiveRound, useServerNow } from '../hooks/useLiveRound';
import { useRoundBet } from '../hooks/useRoundBet';
import { DEFAULT_STAKE, stakeBody, stakeText } from '../logic/stake';
import { MyRoundBets, RoundBets } from './BetLists';
import { RoundShell } from './RoundShell';
import { OddsLine } from './OddsLine';
import { RoundsVerifier } from './RoundsVerifier';
import { StakeField } from './StakeField';

/** The automatic cash-out typed (1.01× or more), or null: the payout is then wherever the player cashes out. */
function autoTarget(text: string): number | null {
  const n = Number(text.replace(',', '.'));
  return text.trim() && Number.isFinite(n) && n >= 1.01 ? n : null;
}

/** Crash: the multiplier rises from 1.00× for everybody; cash out before it crashes, by hand or at a target. */
export function CrashPage() {
  const { t } = useTranslation('rounds');
  const lang = useAppState((s) => s.lang);
  const locale = languageEntry(lang).locale;
  const times = (n: number) => displayTimes(n, locale);
  const token = useSession((s) => s.token);
  const { tick, live } = useLiveRound('crash');
  const state = useRoundState('crash', live).data;
  const history = useRoundHistory('crash').data ?? [];
  const mine = useMyRoundBets(token, 'crash').data ?? [];
  const [amount, setAmount] = useState(() => stakeText(DEFAULT_STAKE, lang));
  const [auto, setAuto] = useState('');
  const bet = useRoundBet('crash');

  const roundId = state?.roundId ?? '';
  // Closed by the server's clock as soon as the countdown ends, whatever the last push said.
  // One clock for the countdown and the curve: one re-render per tenth of a second, not two.
  const now = useServerNow(state?.offset ?? 0);
  const toClose = msUntil(state?.closesAt, now);
  const open = state?.phase === 'betting' && toClose > 0;
  const myBet = mine.find((b) => b.roundId === roundId);
  const crashed = state?.phase === 'result';
  const rising = state?.phase === 'running';
  // The server's ticks while they come; without them (a visitor has no socket, a tick may be late) the same
  // curve by the server's clock from the round's start. The crash itself comes with the round's state.
  const sinceStart = state?.startedAt ? Math.max(0, now - Date.parse(state.startedAt)) : 0;
  const ticking = rising && tick?.roundId === roundId;
  const elapsedMs = ticking ? tick.elapsedMs : sinceStart;
  const multiplier =
    crashed && state.result !== null
      ? state.result
      : ticking
        ? tick.multiplier
        : rising
          ? crashMultiplierAt(sinceStart) / 100
          : 1;
  // The round's list may know first that my bet cashed out (an automatic cash-out is pushed to everyone).
  const listed = state?.bets.find((b) => b.id === myBet?.betId);
  const canCashout =
    state?.phase === 'running' && myBet?.state === 'open' && myBet.cashout === null && !listed?.cashout;

  function submit() {
    if (!state) return;
    if (canCashout) {
      void bet.run((key) => cashoutCrash(state.roundId, key));
      return;
    }
    const target = auto.trim() ? Number(auto.replace(',', '.')) : undefined;
    const body = {
      roundId: state.roundId,
      amount: stakeBody(amount, lang),
      ...(target !== undefined ? { autoCashout: target } : {}),
    };
    void bet.run((key) => placeRoundBet('crash', body, key), body);
  }

  const playerLabel = (b: RoundPublicBet | RoundBet) => (b.cashout !== null ? times(b.cashout) : '—');
  return (
    <RoundShell kind="crash" state={state} running={t('phase.rising')}>
      <div className="relative flex h-200 flex-col items-center justify-center overflow-hidden rounded-2xl border border-line bg-gradient-to-b from-raised/60 to-night">
        <Curve
          elapsedMs={rising ? elapsedMs : crashed ? Math.log(multiplier) / CRASH_GROWTH : 0}
          crashed={crashed}
        />
        <p
          className={`relative text-3xl font-black ${crashed ? 'text-rose' : rising ? 'text-mint' : 'text-text'}`}
          data-testid="crash-multiplier"
          aria-live="off"
        >
          {times(multiplier)}
        </p>
        <p className="relative text-sm font-semibold" data-testid="crash-result" aria-live="polite">
          {crashed && state.result !== null ? t('result.crash', { point: times(state.result) }) : '\u00a0'}
        </p>
        {myBet?.cashout !== null && myBet?.cashout !== undefined ? (
          <p className="relative text-sm font-bold text-mint" data-testid="my-cashout">
            {t('crash.cashedOut', { point: times(myBet.cashout) })} · {displayMoney(myBet.payout, lang)}
          </p>
        ) : null}
        {/* A bust said where the player looks, not only in my bets below the fold. */}
        {crashed && myBet?.state === 'lost' ? (
          <p className="relative text-sm font-bold text-rose" data-testid="my-loss">
            {t('crash.lost', { amount: displayMoney(myBet.amount, lang) })}
          </p>
        ) : null}
      </div>
      <ol className="flex gap-4 overflow-x-auto pb-2" aria-label={t('history')}>
        {history.map((h) => (
          <li
            key={h.roundId}
            data-testid="history-item"
            className={`shrink-0 rounded-md px-6 py-2 text-2xs font-bold ${h.result >= 2 ? 'bg-mint/20 text-mint' : 'bg-raised text-muted'}`}
          >
            {times(h.result)}
          </li>
        ))}
      </ol>

      <form
        className="flex flex-col gap-10 rounded-2xl border border-line bg-deep/70 p-12"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <StakeField
          value={amount}
          onChange={(v) => (setAmount(v), bet.clearError('amount'))}
          error={bet.errors.amount}
          disabled={canCashout}
        />
        <TextField
          label={t('crash.auto')}
          name="autoCashout"
          inputMode="decimal"
          placeholder={t('crash.autoHint')}
          value={auto}
          disabled={canCashout}
          error={bet.errors.autoCashout}
          onChange={(e) => (setAuto(e.target.value), bet.clearError('autoCashout'))}
        />
        {bet.errors.form ? (
          <p role="alert" className="text-sm text-rose" data-testid="bet-error">
            {bet.errors.form}
          </p>
        ) : null}
        {canCashout ? null : <OddsLine rtp={ROUND_RTP.crash} payout={autoTarget(auto)} stake={amount} />}
        <button
          type="submit"
          data-testid="bet-button"
          disabled={bet.busy || (bet.signedIn && !canCashout && (!open || !!myBet))}
          className={`min-h-48 rounded-xl text-base font-extrabold disabled:opacity-50 ${
            canCashout ? 'bg-mint text-night' : 'bg-gradient-to-b from-gold to-gold-deep text-night'
          }`}
        >
          {!bet.signedIn
            ? t('loginToBet')
            : canCashout
              ? t('crash.cashout', {
                  // Integer centavos × hundredths, as the server pays.
                  amount: displayMoney(
                    Math.floor((Math.round(myBet!.amount * 100) * Math.round(multiplier * 100)) / 100) / 100,
                    lang,
                  ),
                })
              : // The bet is in, waiting for the curve: said on the button the player just pressed.
                myBet && myBet.state === 'open' && myBet.cashout === null
                ? t('placed', { amount: displayMoney(myBet.amount, lang) })
                : t('place')}
        </button>
      </form>

      <RoundBets bets={state?.bets ?? []} count={state?.betCount ?? 0} pickLabel={playerLabel} />
      <MyRoundBets game="crash" pickLabel={playerLabel} />
      <RoundsVerifier game="crash" kind="crash" history={history} format={(p) => times(p / 100)} />
    </RoundShell>
  );
}

/** The curve known to all: e^(growth × t) up to now, drawn in a box that grows with it. */
function Curve({ elapsedMs, crashed }: { elapsedMs: number; crashed: boolean }) {
  const span = Math.max(elapsedMs, 8_000);
  const top = Math.max(Math.exp(CRASH_GROWTH * elapsedMs), 2);
  const points = Array.from({ length: 41 }, (_, i) => {
    const at = (elapsedMs * i) / 40;
    const m = Math.exp(CRASH_GROWTH * at);
    return `${(at / span) * 100},${100 - ((m - 1) / (top - 1)) * 95}`;
  }).join(' ');
  return (
    <svg
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      className="absolute inset-0 size-full"
      aria-hidden="true"
    >
      {elapsedMs > 0 ? (
        <polyline
          points={points}
          fill="none"
          stroke={crashed ? '#ff5f7e' : '#33e0a1'}
          strokeWidth="1.6"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
    </svg>
  );
}
