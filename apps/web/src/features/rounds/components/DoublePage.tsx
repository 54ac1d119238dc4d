import type { RoundPublicBet } from '@aposta/contracts';
import { doubleColor, roundPickFigures, type DoubleColor } from '@aposta/fairness';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state';
import { placeRoundBet, useRoundHistory, useRoundState } from '../api/rounds';
import { useCountdown, useLiveRound } from '../hooks/useLiveRound';
import { useRoundBet } from '../hooks/useRoundBet';
import { colorClass, tileClass, WHEEL } from '../logic/rounds';
import { DEFAULT_STAKE, stakeBody, stakeText } from '../logic/stake';
import { MyRoundBets, PlacedInRound, RoundBets } from './BetLists';
import { RoundShell } from './RoundShell';
import { OddsLine } from './OddsLine';
import { RoundsVerifier } from './RoundsVerifier';
import { StakeField } from './StakeField';

const COLORS: DoubleColor[] = ['red', 'white', 'black'];
const COPIES = 5;
const TILE = 0.56; // rem: 56 design pixels with the gap

/** Double: a round every ~30 s for everybody; white pays 14×, red and black 2×. */
export function DoublePage() {
  const { t } = useTranslation('rounds');
  const { live } = useLiveRound('double');
  const state = useRoundState('double', live).data;
  const history = useRoundHistory('double').data ?? [];
  const [color, setColor] = useState<DoubleColor>('red');
  const lang = useAppState((s) => s.lang);
  const [amount, setAmount] = useState(() => stakeText(DEFAULT_STAKE, lang));
  const bet = useRoundBet('double');
  // Closed by the server's clock as soon as the countdown ends, whatever the last push said.
  const toClose = useCountdown(state?.closesAt, state?.offset ?? 0);
  const open = state?.phase === 'betting' && !state.void && toClose > 0;
  const tile = state?.phase === 'result' && state.result !== null ? state.result : null;
  const label = (b: { pick: string | null }) => (b.pick ? t(`colors.${b.pick as DoubleColor}`) : '');

  return (
    <RoundShell kind="double" state={state} running={t('phase.spinning')}>
      <div className="flex flex-col gap-10 rounded-2xl border border-line bg-gradient-to-b from-raised/60 to-night p-12">
        <Wheel
          tile={tile ?? history[0]?.result ?? null}
          current={tile !== null}
          spinning={state?.phase === 'running'}
          roundId={state?.roundId ?? ''}
        />
        <p className="text-center text-sm font-semibold" data-testid="double-result" aria-live="polite">
          {tile !== null ? t('result.double', { tile, color: t(`colors.${doubleColor(tile)}`) }) : '\u00a0'}
        </p>
        <ol className="flex gap-4 overflow-x-auto pb-2" aria-label={t('history')}>
          {history.map((h) => (
            <li
              key={h.roundId}
              data-testid="history-item"
              className={`flex size-24 shrink-0 items-center justify-center rounded-md text-2xs font-bold ${tileClass(h.result)}`}
            >
              {h.result}
            </li>
          ))}
        </ol>
      </div>

      <form
        className="flex flex-col gap-10 rounded-2xl border border-line bg-deep/70 p-12"
        onSubmit={(e) => {
          e.preventDefault();
          if (!state) return;
          const body = { roundId: state.roundId, amount: stakeBody(amount, lang), color };
          void bet.run((key) => placeRoundBet('double', body, key), body);
        }}
      >
        <StakeField
          value={amount}
          onChange={(v) => (setAmount(v), bet.clearError('amount'))}
          error={bet.errors.amount}
        />
        <div role="radiogroup" aria-label={t('betOn', { pick: '' })} className="grid grid-cols-3 gap-8">
          {COLORS.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={color === c}
              onClick={() => setColor(c)}
              className={`flex min-h-56 flex-col items-center justify-center rounded-xl border-2 text-sm font-bold ${
                color === c ? 'border-gold' : 'border-transparent opacity-70'
              } ${colorClass(c)}`}
            >
              {t(`colors.${c}`)}
              <span className="text-xs font-semibold opacity-80">
                {roundPickFigures({ kind: 'double', color: c }).payout}×
              </span>
            </button>
          ))}
        </div>
        {bet.errors.form ? (
          <p role="alert" className="text-sm text-rose" data-testid="bet-error">
            {bet.errors.form}
          </p>
        ) : null}
        <OddsLine {...roundPickFigures({ kind: 'double', color })} stake={amount} />
        <button
          type="submit"
          data-testid="bet-button"
          disabled={bet.busy || (bet.signedIn && !open)}
          className="min-h-48 rounded-xl bg-gradient-to-b from-gold to-gold-deep text-base font-extrabold text-night disabled:opacity-50"
        >
          {bet.signedIn ? t('betOn', { pick: t(`colors.${color}`) }) : t('loginToBet')}
        </button>
        <PlacedInRound game="double" roundId={state?.roundId} pickLabel={label} />
      </form>

      <RoundBets
        bets={state?.bets ?? []}
        count={state?.betCount ?? 0}
        pickLabel={(b: RoundPublicBet) => label(b)}
      />
      <MyRoundBets game="double" pickLabel={label} />
      <RoundsVerifier
        game="double"
        kind="double"
        history={history}
        format={(tile) => `${tile} · ${t(`colors.${doubleColor(tile)}`)}`}
      />
    </RoundShell>
  );
}

/**
 * The wheel as a row: it slides while the round spins and stops with the drawn tile under the marker (ringed
 * while it is this round's result); between rounds it rests on the last result.
 */
function Wheel({
  tile,
  current,
  spinning,
  roundId,
}: {
  tile: number | null;
  current: boolean;
  spinning: boolean;
  roundId: string;
}) {
  const index = tile === null ? 0 : WHEEL.indexOf(tile as (typeof WHEEL)[number]);
  const stopAt = (COPIES - 2) * WHEEL.length + index;
  return (
    <div
      className="relative overflow-hidden rounded-xl bg-night/70 py-10"
      aria-hidden="true"
      data-round={roundId}
    >
      <div
        className={`flex gap-6 will-change-transform ${spinning ? 'rounds-spin' : 'transition-transform duration-700 ease-out'}`}
        style={{
          width: 'max-content',
          position: 'relative',
          left: '50%',
          transform: spinning ? undefined : `translateX(-${(stopAt + 0.5) * TILE}rem)`,
        }}
      >
        {Array.from({ length: COPIES }, (_, copy) =>
          WHEEL.map((n, i) => (
            <span
              key={`${copy}-${i}`}
              className={`flex size-50 shrink-0 items-center justify-center rounded-lg text-base font-black ${tileClass(n)} ${
                current && copy * WHEEL.length + i === stopAt ? 'ring-2 ring-gold' : ''
              }`}
            >
              {n}
            </span>
          )),
        )}
      </div>
      <span className="absolute inset-y-0 left-1/2 w-2 -translate-x-1/2 bg-gold shadow-[0_0_0.08rem_#f8c94a]" />
    </div>
  );
}
