import { ROUND_RTP } from '@aposta/fairness';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../lib/app-state';
import type { LiveState } from '../api/rounds';
import { msUntil, useServerNow } from '../hooks/useLiveRound';
import { secondsLeft } from '../logic/rounds';

/** A shared-round game's screen: title with its RTP, the round's phase and countdown, then the game. */
export function RoundShell({
  kind,
  state,
  running,
  children,
}: {
  kind: keyof typeof ROUND_RTP;
  state: LiveState | undefined;
  /** What the running phase says (the spin, the rise, the wait for the draw). */
  running: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('rounds');
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const rtp = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    ROUND_RTP[kind],
  );
  return (
    <section className="flex flex-col gap-12 px-12 pb-24 pt-12" aria-labelledby="game-title">
      <header className="flex items-end justify-between gap-8">
        <h1 id="game-title" className="text-xl font-extrabold">
          {t(`games.${kind}`)}
        </h1>
        <p className="text-xs text-muted" data-testid="rtp">
          {/* Lucky colour's picks return less than its figure (the violet digits pay less): a bound. */}
          {t(kind === 'luckyColor' ? 'rtpUpTo' : 'rtp', { rtp })}
        </p>
      </header>
      <PhaseBar state={state} running={running} />
      {children}
    </section>
  );
}

function PhaseBar({ state, running }: { state: LiveState | undefined; running: string }) {
  const { t } = useTranslation('rounds');
  const offset = state?.offset ?? 0;
  const now = useServerNow(offset);
  const toClose = msUntil(state?.closesAt, now);
  const toResult = msUntil(state?.resultAt, now);
  let text = t('phase.loading');
  // The bar: the betting window running out (gold), then the wait for the draw (mint); a crash round rises
  // with no end known in advance (its end would tell the crash point), so its bar sweeps instead.
  let share = 0;
  let sweeping = false;
  if (state) {
    if (state.void) text = t('phase.void');
    else if (state.phase === 'betting') {
      text = t('phase.betting', { seconds: secondsLeft(toClose) });
      share = part(toClose, state.opensAt, state.closesAt);
    } else if (state.phase === 'running' && state.resultAt && toResult > 0) {
      text = t('phase.closed', { seconds: secondsLeft(toResult) });
      share = part(toResult, state.closesAt, state.resultAt);
    } else if (state.phase === 'running') {
      text = running;
      sweeping = !state.resultAt;
    } else text = t('phase.result');
  }
  return (
    <div className="rounded-xl border border-line bg-deep/80 p-10" aria-live="polite">
      <p
        className="flex justify-between text-sm font-semibold"
        data-testid="round-phase"
        data-phase={state?.phase ?? ''}
      >
        <span>{text}</span>
        {state ? (
          <span className="text-xs text-muted">{state.period ?? t('round', { id: state.roundId })}</span>
        ) : null}
      </p>
      <div
        className="mt-6 h-4 overflow-hidden rounded-full bg-raised"
        aria-hidden="true"
        data-testid="round-phase-bar"
        data-bar={sweeping ? 'sweep' : share > 0 ? 'countdown' : 'empty'}
      >
        {sweeping ? (
          <div className="loading-bar h-full w-2/5 rounded-full bg-mint" />
        ) : (
          <div
            className={`h-full rounded-full transition-[width] duration-100 ${state?.phase === 'betting' ? 'bg-gold' : 'bg-mint'}`}
            style={{ width: `${share * 100}%` }}
          />
        )}
      </div>
    </div>
  );
}

/** The share of the span from `from` to `to` still left, `left` ms before `to`. */
function part(left: number, from: string, to: string) {
  const length = Date.parse(to) - Date.parse(from);
  return length > 0 ? Math.min(1, left / length) : 0;
}
