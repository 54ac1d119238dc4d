import { ROUND_RTP } from '@aposta/fairness';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../lib/app-state';
import type { LiveState } from '../api/rounds';
import { useCountdown } from '../hooks/useLiveRound';
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
          {t('rtp', { rtp })}
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
  const toClose = useCountdown(state?.closesAt, offset);
  const toResult = useCountdown(state?.resultAt, offset);
  let text = t('phase.loading');
  let share = 0;
  if (state) {
    const length = Date.parse(state.closesAt) - Date.parse(state.opensAt);
    if (state.void) text = t('phase.void');
    else if (state.phase === 'betting') {
      text = t('phase.betting', { seconds: secondsLeft(toClose) });
      share = length > 0 ? toClose / length : 0;
    } else if (state.phase === 'running')
      text = state.resultAt && toResult > 0 ? t('phase.closed', { seconds: secondsLeft(toResult) }) : running;
    else text = t('phase.result');
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
      <div className="mt-6 h-4 overflow-hidden rounded-full bg-raised" aria-hidden="true">
        <div
          className="h-full rounded-full bg-gold transition-[width] duration-100"
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
