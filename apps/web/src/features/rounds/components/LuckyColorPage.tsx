import { LUCKY_GAMES, type LuckyPickName, type RoundGame, type RoundHistoryItem } from '@aposta/contracts';
import { luckyColors, roundPickFigures } from '@aposta/fairness';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state';
import { placeRoundBet, useRoundHistory, useRoundState } from '../api/rounds';
import { useCountdown, useLiveRound } from '../hooks/useLiveRound';
import { useRoundBet } from '../hooks/useRoundBet';
import { colorClass, digitClass } from '../logic/rounds';
import { DEFAULT_STAKE, stakeBody, stakeText } from '../logic/stake';
import { MyRoundBets, PlacedInRound, RoundBets } from './BetLists';
import { RoundShell } from './RoundShell';
import { OddsLine } from './OddsLine';
import { RoundsVerifier } from './RoundsVerifier';
import { StakeField } from './StakeField';

type LuckyGame = (typeof LUCKY_GAMES)[number];
const LENGTHS: Record<LuckyGame, string> = {
  'luckyColor-30s': '30s',
  'luckyColor-1m': '1m',
  'luckyColor-3m': '3m',
  'luckyColor-5m': '5m',
};
const COLOR_PICKS = ['green', 'violet', 'red'] as const;
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** Lucky colour: a digit 0–9 per period; four period lengths, each its own game and history. */
export function LuckyColorPage() {
  const { t } = useTranslation('rounds');
  const [game, setGame] = useState<LuckyGame>('luckyColor-30s');
  return (
    <>
      <div role="tablist" aria-label={t('lucky.periods')} className="grid grid-cols-4 gap-6 px-12 pt-12">
        {LUCKY_GAMES.map((g) => (
          <button
            key={g}
            type="button"
            role="tab"
            aria-selected={g === game}
            onClick={() => setGame(g)}
            className={`min-h-40 rounded-xl text-sm font-bold ${g === game ? 'bg-gold text-night' : 'bg-raised text-muted'}`}
          >
            {LENGTHS[g]}
          </button>
        ))}
      </div>
      <LuckyGameView key={game} game={game} />
    </>
  );
}

function LuckyGameView({ game }: { game: RoundGame }) {
  const { t } = useTranslation('rounds');
  const { live } = useLiveRound(game);
  const state = useRoundState(game, live).data;
  const history = useRoundHistory(game).data ?? [];
  const [pick, setPick] = useState<LuckyPickName>('green');
  const lang = useAppState((s) => s.lang);
  const [amount, setAmount] = useState(() => stakeText(DEFAULT_STAKE, lang));
  const bet = useRoundBet(game);
  // Closed by the server's clock as soon as the countdown ends, whatever the last push said.
  const toClose = useCountdown(state?.closesAt, state?.offset ?? 0);
  const open = state?.phase === 'betting' && !state.void && toClose > 0;
  // The draw shows until the next one: a period's round opens the moment the previous one is drawn.
  const drawn = state?.phase === 'result' && state.result !== null;
  const digit = drawn ? state.result : (history[0]?.result ?? null);
  // Whose draw it is: while the next period takes bets, the digit shown is the previous period's.
  const digitPeriod = drawn ? state.period : (history[0]?.period ?? null);
  const pickName = (p: string | null) =>
    p === null
      ? ''
      : /^\d$/.test(p)
        ? p
        : p === 'big' || p === 'small'
          ? t(`lucky.${p}`)
          : t(`colors.${p as 'green'}`);

  const choice = (p: LuckyPickName, label: string, className: string) => (
    <button
      key={p}
      type="button"
      role="radio"
      aria-checked={pick === p}
      aria-label={label}
      onClick={() => setPick(p)}
      className={`min-h-44 rounded-xl border-2 text-sm font-bold ${pick === p ? 'border-gold' : 'border-transparent opacity-90'} ${className}`}
    >
      {label}
    </button>
  );

  return (
    <RoundShell kind="luckyColor" state={state} running={t('phase.result')}>
      <div className="flex flex-col items-center gap-6 rounded-2xl border border-line bg-gradient-to-b from-raised/60 to-night p-12">
        {/* The card tells the last draw, under its own period: while the next period takes bets (its number on
            the phase bar above), the previous one's. */}
        {digitPeriod ? (
          <p className="text-xs text-muted" data-testid="period">
            {t('lucky.period', { number: digitPeriod })}
          </p>
        ) : null}
        <span
          className={`flex size-64 items-center justify-center rounded-full text-2xl font-black ${digit !== null ? digitClass(digit) : 'bg-raised text-muted'}`}
          data-testid="lucky-digit"
        >
          {digit ?? '?'}
        </span>
        <p className="text-sm font-semibold" aria-live="polite" data-testid="lucky-result">
          {digit !== null ? t('result.lucky', { digit }) : '\u00a0'}
        </p>
      </div>

      <form
        className="flex flex-col gap-10 rounded-2xl border border-line bg-deep/70 p-12"
        onSubmit={(e) => {
          e.preventDefault();
          if (!state) return;
          const body = { roundId: state.roundId, amount: stakeBody(amount, lang), pick };
          void bet.run((key) => placeRoundBet(game as never, body, key), body);
        }}
      >
        <StakeField
          value={amount}
          onChange={(v) => (setAmount(v), bet.clearError('amount'))}
          error={bet.errors.amount}
        />
        <div role="radiogroup" aria-label={t('betOn', { pick: '' })} className="flex flex-col gap-8">
          <div className="grid grid-cols-3 gap-8">
            {COLOR_PICKS.map((c) => choice(c, t(`colors.${c}`), colorClass(c)))}
          </div>
          <div className="grid grid-cols-5 gap-6">
            {DIGITS.map((d) => choice(d, d, digitClass(Number(d))))}
          </div>
          <div className="grid grid-cols-2 gap-8">
            {choice('big', t('lucky.big'), 'bg-[#f59e0b] text-night')}
            {choice('small', t('lucky.small'), 'bg-[#38bdf8] text-night')}
          </div>
        </div>
        <p className="text-2xs text-muted">{t('lucky.fee')}</p>
        <LuckyOdds pick={pick} stake={amount} />
        {bet.errors.form ? (
          <p role="alert" className="text-sm text-rose" data-testid="bet-error">
            {bet.errors.form}
          </p>
        ) : null}
        <button
          type="submit"
          data-testid="bet-button"
          disabled={bet.busy || (bet.signedIn && !open)}
          className="min-h-48 rounded-xl bg-gradient-to-b from-gold to-gold-deep text-base font-extrabold text-night disabled:opacity-50"
        >
          {bet.signedIn ? t('betOn', { pick: pickName(pick) }) : t('loginToBet')}
        </button>
        <PlacedInRound game={game} roundId={state?.roundId} pickLabel={(b) => pickName(b.pick)} />
      </form>

      <Trend history={history} />
      <section aria-labelledby="lucky-history" className="rounded-xl border border-line bg-deep/60 p-10">
        <h2 id="lucky-history" className="mb-6 text-sm font-bold">
          {t('history')}
        </h2>
        <table className="w-full text-xs">
          <tbody>
            {history.slice(0, 20).map((h) => (
              <tr key={h.roundId} data-testid="history-item" className="border-t border-line/50">
                <td className="py-4 text-muted">{h.period}</td>
                <td className="py-4 text-center font-bold">{h.result}</td>
                <td className="py-4 text-center">{t(h.result >= 5 ? 'lucky.big' : 'lucky.small')}</td>
                <td className="py-4">
                  <span className="flex justify-end gap-4">
                    {luckyColors(h.result).map((c) => (
                      <span
                        key={c}
                        className={`size-10 rounded-full ${colorClass(c)}`}
                        aria-label={t(`colors.${c}`)}
                      />
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <RoundBets bets={state?.bets ?? []} count={state?.betCount ?? 0} pickLabel={(b) => pickName(b.pick)} />
      <MyRoundBets game={game} pickLabel={(b) => pickName(b.pick)} />
      <RoundsVerifier game={game} kind="luckyColor" history={history} format={String} />
    </RoundShell>
  );
}

/** The last 100 digits, oldest to newest, as a line over the ten digits. */
function Trend({ history }: { history: RoundHistoryItem[] }) {
  const { t } = useTranslation('rounds');
  const draws = history.slice(0, 100).reverse();
  if (draws.length < 2) return null;
  const x = (i: number) => (i / (draws.length - 1)) * 100;
  const y = (d: number) => 95 - d * 10;
  return (
    <figure className="rounded-xl border border-line bg-deep/60 p-10">
      <figcaption className="mb-6 text-sm font-bold">{t('lucky.trend')}</figcaption>
      <svg
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        className="h-120 w-full"
        role="img"
        aria-label={t('lucky.trend')}
      >
        {DIGITS.map((d) => (
          <line
            key={d}
            x1="0"
            x2="100"
            y1={y(Number(d))}
            y2={y(Number(d))}
            stroke="#2c3466"
            strokeWidth="0.4"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <polyline
          points={draws.map((h, i) => `${x(i)},${y(h.result)}`).join(' ')}
          fill="none"
          stroke="#f8c94a"
          strokeWidth="1.4"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </figure>
  );
}

function LuckyOdds({ pick, stake }: { pick: LuckyPickName; stake: string }) {
  const { rtp, payout, varies } = roundPickFigures({ kind: 'luckyColor', pick });
  return <OddsLine rtp={rtp} payout={payout} upTo={varies} stake={stake} />;
}
