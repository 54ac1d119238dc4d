import { exactRtp, type RtpMode } from '@aposta/fairness';
import { toMajor, toMinor } from '@aposta/money';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { FieldError } from '../../../components/ui/TextField';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useOriginalsConfig } from '../api/get-config';
import { percentLabel } from '../logic/format';
import type { Betting } from '../hooks/useBetting';
import type { Stake } from '../hooks/useStake';
import { AmountField } from './AmountField';
import { AutoFields, DEFAULT_AUTO_TEXTS, toSettings, type AutoTexts } from './AutoFields';
import { Segmented } from './Segmented';

/**
 * The controls every game shares: manual or auto, the stake, the game's own fields (children), the payout
 * shown before the bet ("Ganho potencial"), and the bet button (or the auto bet's start and stop).
 */
export function BetPanel({
  betting,
  stake,
  potential,
  upTo = false,
  rtp,
  children,
  action,
  locked = false,
  capped = false,
  onMode,
  falling = [],
}: {
  betting: Betting;
  stake: Stake;
  /** Stake × multiplier in minor units (null while the amount is not one); `upTo`: the most it can pay. */
  potential: number | null;
  upTo?: boolean;
  /**
   * The player's choice, whose exact RTP is shown beside the payout: the rules' rounding puts some choices a
   * little under the game's declared figure (limbo's highest targets by several points), and the player is told.
   */
  rtp?: RtpMode;
  children?: ReactNode;
  /** Replaces the manual bet button (mines: start, then cash out). */
  action?: ReactNode;
  /** The game holds the controls (an open mines round). */
  locked?: boolean;
  /** The game stops paying at the maximum payout by itself (mines cashes out there): no bet is refused for it. */
  capped?: boolean;
  /** Told when the player switches between manual and auto (mines' board picks tiles only for auto bet). */
  onMode?: (mode: 'manual' | 'auto') => void;
  /**
   * Bets whose animation still runs (GameShell's `falling`): the auto bet's line counts them once they land, as
   * the header's balance does; before, it would tell a profit (or a stop on it) the screen has not shown yet.
   */
  falling?: string[];
}) {
  const { t } = useTranslation('originals');
  const lang = useAppState((s) => s.lang);
  const choiceRtp = rtp ? exactRtp(rtp) : null; // a few microseconds: counted, not simulated
  const token = useSession((s) => s.token);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [texts, setTexts] = useState<AutoTexts>(DEFAULT_AUTO_TEXTS);
  const [autoError, setAutoError] = useState<{ field: keyof AutoTexts; message: string } | null>(null);
  const { auto } = betting;
  const panel = useRef<HTMLDivElement>(null);
  const disabled = auto.running || locked;
  // A stake outside the limits wins nothing: no payout is promised for it.
  const { min, max } = stake.bounds;
  const outOfBounds = stake.minor < min || (max > 0 && stake.minor > max);
  // Said before the tap: the server refuses a bet that could pay more than the maximum payout.
  const maxPayout = useOriginalsConfig().data?.maxPayout;
  const overMaxPayout =
    !capped && !outOfBounds && potential !== null && !!maxPayout && potential > toMinor(maxPayout);
  // The line below the payout is the one message: the bet is not sent to be refused a second time beside the
  // amount (a visitor's tap still asks to sign in). An auto run whose next stake passes the maximum stops before
  // that bet (its pause between bets outlasts this render).
  const payoutBlocks = overMaxPayout && !!token;
  const { running: autoRunning, stop: stopAuto } = auto;
  useEffect(() => {
    if (autoRunning && payoutBlocks) stopAuto();
  }, [autoRunning, payoutBlocks, stopAuto]);
  // Said beside the amount before the tap, as the sportsbook's slip does; the tap still asks the server, whose
  // refusal opens the game deposit. Not while the game holds the stake (an open mines round, an auto run).
  // The figure is cash and bonus together; the header shows them apart, so the sum is named.
  const withBonus = useSession((s) => (s.user?.freeBalance ?? 0) > 0);
  const overBalance =
    stake.aboveBalance !== null && !disabled
      ? t(withBonus ? 'bet.overBalanceBonus' : 'bet.overBalance', {
          amount: displayMoney(toMajor(stake.aboveBalance), lang),
        })
      : undefined;

  function startAuto() {
    if (payoutBlocks) return;
    const read = toSettings(texts, stake);
    if ('field' in read) {
      setAutoError({ field: read.field, message: t(read.decimals ? 'errors.decimals' : 'errors.autoField') });
      // The auto fields sit below the amount, on a phone under the fold or the bottom bar: the field refused is
      // brought to the middle of the screen and focused, or the start button would seem to do nothing.
      const field = panel.current?.querySelector<HTMLInputElement>(`input[name="${read.field}"]`);
      field?.scrollIntoView?.({ block: 'center' });
      field?.focus({ preventScroll: true });
      return;
    }
    setAutoError(null);
    void auto.start(read.settings);
  }

  // The last step whose bet has landed (the run's start while every bet of it is still falling).
  const landed = auto.steps.findLast((s) => s.betId === null || !falling.includes(s.betId)) ?? auto.steps[0];
  const progress = landed ? (
    <p className="text-center text-sm text-muted" role="status" data-testid="auto-progress">
      {t('auto.progress', {
        placed: landed.run.placed,
        profit: displayMoney(toMajor(landed.run.profit), lang),
      })}
      {landed.stop && !auto.running ? ` · ${t(`auto.stopped.${landed.stop}`)}` : ''}
    </p>
  ) : null;

  return (
    <div ref={panel} className="flex flex-col gap-12 rounded-2xl border border-line bg-panel p-12">
      <Segmented
        label={t('bet.mode')}
        value={mode}
        disabled={disabled}
        onChange={(m) => {
          setMode(m);
          onMode?.(m);
        }}
        options={[
          { value: 'manual', label: t('bet.manual') },
          { value: 'auto', label: t('bet.auto') },
        ]}
      />
      {mode === 'manual' ? (
        (action ?? (
          <Button
            className="w-full text-lg"
            onClick={() => void betting.bet()}
            disabled={betting.busy || locked || payoutBlocks}
            data-testid="bet-button"
          >
            {!token ? t('bet.loginToBet') : betting.lost ? t('bet.retry') : t('bet.place')}
          </Button>
        ))
      ) : auto.running ? (
        <Button variant="danger" className="w-full text-lg" onClick={auto.stop} data-testid="auto-stop">
          {t('auto.stop')}
        </Button>
      ) : (
        <Button
          className="w-full text-lg"
          onClick={startAuto}
          disabled={locked || payoutBlocks}
          data-testid="auto-start"
        >
          {!token ? t('bet.loginToBet') : t('auto.start')}
        </Button>
      )}
      {mode === 'auto' ? progress : null}
      <FieldError message={betting.errors.form} />
      <AmountField
        stake={stake}
        error={betting.errors.amount ?? overBalance}
        disabled={disabled}
        onEdit={() => betting.clearError('amount')}
      />
      {children}
      <div className="flex items-center justify-between rounded-xl bg-night/60 px-12 py-8 text-sm">
        <span className="text-muted">{t('bet.potential')}</span>
        <span className="font-bold text-mint" data-testid="potential-payout">
          {potential === null || outOfBounds
            ? '—'
            : upTo
              ? t('bet.upTo', { amount: displayMoney(toMajor(potential), lang) })
              : displayMoney(toMajor(potential), lang)}
        </span>
      </div>
      {overMaxPayout ? (
        <p className="-mt-4 text-right text-xs text-rose" data-testid="over-max-payout">
          {t('bet.overMaxPayout', { amount: displayMoney(maxPayout!, lang) })}
        </p>
      ) : null}
      {choiceRtp === null ? null : (
        <p className="-mt-4 text-right text-xs text-muted" data-testid="choice-rtp">
          {t('bet.choiceRtp', { rtp: percentLabel(choiceRtp, languageEntry(lang).locale) })}
        </p>
      )}
      {mode === 'auto' ? (
        <AutoFields texts={texts} onChange={setTexts} error={autoError} disabled={disabled} stake={stake} />
      ) : null}
    </div>
  );
}
