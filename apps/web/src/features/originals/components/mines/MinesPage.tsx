import type { OriginalBet } from '@aposta/contracts';
import { MINES_COUNT, minesMultiplier, payout } from '@aposta/fairness';
import { toMajor, toMinor } from '@aposta/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { ApiError } from '../../../../lib/api';
import { languageEntry, useAppState } from '../../../../lib/app-state';
import { displayMoney } from '../../../../lib/format';
import { newIdempotencyKey, submissionKeys } from '../../../../lib/idempotency';
import { setMoneyInPlay } from '../../../../lib/low-balance';
import { useSession } from '../../../../lib/session';
import { useActiveMines } from '../../api/get-active-mines';
import { cashoutMines } from '../../api/mines-cashout';
import { revealMine } from '../../api/mines-reveal';
import { startMines } from '../../api/mines-start';
import { applyBet } from '../../hooks/apply-bet';
import { useAnimations } from '../../hooks/settings';
import { useBetting } from '../../hooks/useBetting';
import { useStake } from '../../hooks/useStake';
import { multiplierLabel, multiplierOf } from '../../logic/format';
import { randomHiddenTile, tileStates, type TileState } from '../../logic/mines';
import { BetPanel } from '../BetPanel';
import { GameShell } from '../GameShell';
import { SelectField } from '../SelectField';

const COUNTS = Array.from({ length: MINES_COUNT.max }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** Mines: 5×5 tiles hide the mines; reveal safe tiles to raise the multiplier, cash out before a mine. */
export function MinesPage() {
  const { t } = useTranslation('originals');
  const lang = useAppState((s) => s.lang);
  const locale = languageEntry(lang).locale;
  const token = useSession((s) => s.token);
  const animate = useAnimations();
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<OriginalBet | null>(null);
  // Tiles chosen for auto bet: the board picks only in auto mode (in manual, a tile is played once a round is on).
  const [picks, setPicks] = useState<number[]>([]);
  const [autoMode, setAutoMode] = useState(false);
  const [stepBusy, setStepBusy] = useState(false);
  const [stepError, setStepError] = useState('');
  const stepKeys = useRef(submissionKeys());
  const active = useActiveMines(token);
  // Until the server says whether a round is open, a bet would be refused for it (409): the board and the
  // controls wait.
  const checking = !!token && active.isPending;
  const stake = useStake();

  // An open round holds the player's money: no low-balance game deposit then (lib/low-balance). Kept when the
  // player leaves the page, as the round stays open.
  const track = (bet: OriginalBet | null) => {
    setMoneyInPlay(bet?.state === 'open');
    setRound(bet);
  };

  // A round left open (reload, lost connection, restart) is picked up where it was, its stake in the field.
  const setStake = stake.set;
  useEffect(() => {
    if (active.data && active.data.state === 'open') {
      setMoneyInPlay(true);
      setRound(active.data);
      setStake(toMinor(active.data.amount));
      if (active.data.params.game === 'mines') setMines(active.data.params.mines);
    }
  }, [active.data, setStake]);

  const show = (bet: OriginalBet) => {
    applyBet(bet);
    track(bet);
  };

  /** Starts a round; its stake's low-balance push may come before the answer, so the round counts from here. */
  async function startRound(body: Record<string, unknown>, key: string): Promise<OriginalBet> {
    setMoneyInPlay(true);
    try {
      return await startMines(body as never, key);
    } catch (err) {
      setMoneyInPlay(false);
      throw err;
    }
  }

  /** Auto bet: one whole round per bet: start, reveal the picked tiles in order, cash out if all were safe. */
  async function playRound(body: Record<string, unknown>, key: string): Promise<OriginalBet> {
    let bet = await startRound(body, key);
    show(bet);
    for (const tile of picks) {
      bet = await revealMine(tile, newIdempotencyKey());
      if (bet.state !== 'open') return bet;
      show(bet);
    }
    return cashoutMines(newIdempotencyKey());
  }

  const betting = useBetting<'mines'>({
    game: 'mines',
    stake,
    body: (amount) => ({ amount: toMajor(amount), mines }),
    send: startRound,
    sendAuto: playRound,
    blocked: () => checking,
    // An automatic round reveals the picked tiles: with none, it would stake and have nothing to open.
    autoRefusal: () => (picks.length ? null : t('mines.pickForAuto')),
    schema: () => import('@aposta/contracts').then((m) => m.minesStartRequest),
    onResult: track,
  });

  const open = round?.state === 'open';
  // An ended round's board and line belong to its number of mines: another number shows the hint for it (as
  // plinko's rows and risk do), and the old board again if the player goes back to it.
  const shown =
    round && (open || (round.params.game === 'mines' && round.params.mines === mines)) ? round : null;
  const auto = betting.auto.running;

  /** Reveal and cash out: each its own money call with its own key (kept only when the answer was lost). */
  async function step(body: { tile?: number }, call: (key: string) => Promise<OriginalBet>) {
    if (stepBusy) return;
    setStepBusy(true);
    const key = stepKeys.current.keyFor({ betId: round?.betId, ...body });
    try {
      const bet = await call(key);
      stepKeys.current.settle();
      setStepError('');
      show(bet);
    } catch (err) {
      const noAnswer = err instanceof ApiError && err.status === 0;
      if (!noAnswer) stepKeys.current.settle();
      setStepError(
        noAnswer
          ? t('errors.lostAnswer')
          : err instanceof ApiError && err.message
            ? err.message
            : t('errors.load'),
      );
      if (!noAnswer) void active.refetch();
    } finally {
      setStepBusy(false);
    }
  }

  function onTile(tile: number) {
    if (open) return void step({ tile }, (key) => revealMine(tile, key));
    if (auto || !autoMode) return;
    // A finished round's board gives way to the picks; a tile touched then is picked (not dropped).
    if (shown) {
      track(null);
      setPicks((p) => (p.includes(tile) || p.length >= 25 - mines ? p : [...p, tile]));
      return;
    }
    // Before a round: tiles chosen for auto bet.
    setPicks((p) =>
      p.includes(tile) ? p.filter((x) => x !== tile) : p.length < 25 - mines ? [...p, tile] : p,
    );
  }

  const stakeMinor = open && round ? toMinor(round.amount) : stake.minor;
  const safe = round && 'revealed' in round.outcome ? round.outcome.revealed.length : 0;
  const currentE4 = open && round ? Math.round(round.multiplier * 10_000) : 0;
  // Auto bet opens the picked tiles: its payout is theirs; a manual round is priced at its first tile.
  const planned = autoMode ? Math.max(picks.length, 1) : 1;
  const nextE4 =
    open && round ? Math.round((round.nextMultiplier ?? 0) * 10_000) : minesMultiplier(mines, planned);
  const potential = Number.isFinite(stakeMinor)
    ? payout(stakeMinor, open ? currentE4 || nextE4 : nextE4)
    : null;
  // Before the first safe tile the round stands at 1,00× (as the stage says): its cash-out, not yet offered, is
  // the stake, never R$ 0,00.
  const cashoutAmount = open && round ? payout(toMinor(round.amount), currentE4 || 10_000) : 0;
  const states = tileStates(shown, autoMode ? picks : []);

  const action = open ? (
    <div className="flex flex-col gap-8">
      <Button
        className="w-full text-lg"
        disabled={stepBusy || safe === 0}
        onClick={() => void step({}, (key) => cashoutMines(key))}
        data-testid="mines-cashout"
      >
        <span className="flex flex-col leading-tight">
          {t('mines.cashout', { amount: displayMoney(toMajor(cashoutAmount), lang) })}
          {nextE4 > 0 ? (
            <span className="text-xs font-semibold opacity-75">
              {t('mines.next', { multiplier: multiplierLabel(nextE4, locale) })}
            </span>
          ) : null}
        </span>
      </Button>
      <Button
        variant="outline"
        disabled={stepBusy}
        onClick={() => {
          const tile = randomHiddenTile(round);
          if (tile !== null) void step({ tile }, (key) => revealMine(tile, key));
        }}
      >
        {t('mines.random')}
      </Button>
    </div>
  ) : undefined;

  return (
    <GameShell
      game="mines"
      stage={
        <div className="flex flex-col gap-10">
          {/* Two lines' height whatever it says, so the board does not move when a round starts or ends. */}
          <div
            className="flex min-h-34 items-center justify-between gap-8 text-xs text-muted"
            aria-live="polite"
            data-testid="mines-status"
          >
            <span data-testid="mines-current">
              {checking ? (
                t('mines.loading')
              ) : open ? (
                t('mines.current', { multiplier: multiplierLabel(currentE4 || 10_000, locale) })
              ) : shown ? (
                <RoundEnd round={shown} />
              ) : (
                t('mines.hint')
              )}
            </span>
            {/* An ended round's line says how it ended; the next tile is of the next round, not of that one. */}
            {!checking && (open || !shown) ? (
              <span className="shrink-0 text-right" data-testid="mines-next">
                {t('mines.next', { multiplier: multiplierLabel(nextE4, locale) })}
              </span>
            ) : null}
          </div>
          <Grid
            states={states}
            onTile={onTile}
            disabled={checking || stepBusy || auto || (!open && (!token || !autoMode))}
            animate={animate}
            playing={open}
            busy={checking}
            // Numbers only once play rests: an auto run's rounds end and the next starts 0.3 s later, and numbers
            // flashing on and off between them would be noise. They come with the run's last board.
            numbered={!!shown && !open && !auto}
          />
          {stepError ? (
            <p role="alert" className="text-center text-sm text-rose">
              {stepError}
            </p>
          ) : null}
          {!open && autoMode && picks.length > 0 ? (
            <p className="text-center text-xs text-muted">{t('mines.picked', { n: picks.length })}</p>
          ) : null}
        </div>
      }
      controls={
        <BetPanel
          betting={betting}
          stake={stake}
          potential={potential}
          rtp={{ game: 'mines', mines, safe: open ? Math.max(safe, 1) : planned }}
          action={action}
          locked={(open && !auto) || checking}
          capped
          onMode={(m) => setAutoMode(m === 'auto')}
        >
          <SelectField
            label={t('mines.countLabel')}
            name="mines"
            value={mines}
            options={COUNTS}
            disabled={open || auto || checking}
            error={betting.errors.mines}
            onChange={(n) => {
              setMines(n);
              setPicks((p) => p.slice(0, 25 - n));
              betting.clearError('mines');
            }}
          />
        </BetPanel>
      }
    />
  );
}

function RoundEnd({ round }: { round: OriginalBet }) {
  const { t } = useTranslation('originals');
  const lang = useAppState((s) => s.lang);
  const locale = languageEntry(lang).locale;
  return round.state === 'won' ? (
    <span className="font-bold text-mint">
      {t('mines.wonRound', {
        amount: displayMoney(round.payout, lang),
        multiplier: multiplierOf(round.multiplier, locale),
      })}
    </span>
  ) : (
    <span className="text-rose">{t('mines.lostRound')}</span>
  );
}

const tileLook: Record<TileState, string> = {
  hidden: 'bg-raised hover:bg-[#2a3366] shadow-[inset_0_-0.04rem_0_rgb(0_0_0_/_0.35)]',
  picked: 'bg-violet/50 ring-2 ring-violet',
  gem: 'bg-[#0c3a32] ring-1 ring-mint/60',
  gemDim: 'bg-night/60 opacity-50',
  mine: 'bg-night/60 opacity-70',
  hit: 'bg-rose/40 ring-2 ring-rose',
};

function Grid({
  states,
  onTile,
  disabled,
  animate,
  playing,
  numbered,
  busy,
}: {
  states: TileState[];
  onTile: (tile: number) => void;
  disabled: boolean;
  animate: boolean;
  playing: boolean;
  /** The open round, if any, is not known yet: the board is a placeholder. */
  busy: boolean;
  /** The round is over: each tile shows its number, as bet details and the verifier name tiles (0–24). */
  numbered: boolean;
}) {
  const { t } = useTranslation('originals');
  return (
    <div
      className={`mx-auto grid w-full max-w-320 grid-cols-5 gap-6 ${busy && animate ? 'animate-pulse' : ''}`}
      role="grid"
      aria-label={t('mines.board')}
      aria-busy={busy}
    >
      {states.map((state, i) => {
        const shown = state === 'gem' || state === 'gemDim' || state === 'mine' || state === 'hit';
        return (
          <button
            key={i}
            type="button"
            role="gridcell"
            data-testid="mines-tile"
            data-state={state}
            aria-label={t(`mines.tile.${state}`, { n: i })}
            disabled={disabled || (playing && state !== 'hidden')}
            onClick={() => onTile(i)}
            className={`relative flex aspect-square min-h-44 items-center justify-center rounded-lg text-2xl transition-colors ${tileLook[state]} ${
              shown && animate ? 'animate-[flip-in_220ms_ease-out]' : ''
            } disabled:cursor-default`}
          >
            {numbered ? (
              // Out of the symbol's way; the label already says the number.
              <span
                aria-hidden="true"
                className="absolute top-3 left-5 text-2xs leading-none font-semibold text-text"
                data-testid="mines-tile-number"
              >
                {i}
              </span>
            ) : null}
            {state === 'gem' || state === 'gemDim' ? (
              <Gem />
            ) : state === 'mine' || state === 'hit' ? (
              <Mine />
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

function Gem() {
  return (
    <svg viewBox="0 0 24 24" className="size-[60%]" aria-hidden="true">
      <path d="M6 3h12l4 6-10 12L2 9z" fill="#33e0a1" />
      <path d="M2 9h20M8.5 3 12 21M15.5 3 12 21" stroke="#0a6b4b" strokeWidth="1" fill="none" />
    </svg>
  );
}

function Mine() {
  return (
    <svg viewBox="0 0 24 24" className="size-[60%]" aria-hidden="true">
      <circle cx="12" cy="13" r="7" fill="#ff5f7e" />
      <path d="M12 2v4M4 5l3 3M20 5l-3 3" stroke="#ffb3c1" strokeWidth="2" strokeLinecap="round" />
      <circle cx="9.5" cy="10.5" r="1.8" fill="#ffd6de" />
    </svg>
  );
}
