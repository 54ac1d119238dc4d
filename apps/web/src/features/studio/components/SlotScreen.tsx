import type { StudioSession, StudioSpin, StudioStep } from '@aposta/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { readAmount, toMajor, toMinor } from '@aposta/money';
import { displayMoney } from '../../../lib/format';
import { ErrorCode } from '@aposta/contracts';
import { GAME_CHANNEL, noticeOf, type GameFrameMessage } from '../../../lib/game-frame';
import { queryClient } from '../../../lib/query';
import { roundsKey, spin } from '../api/studio';
import { StudioError } from '../api/client';
import { restingGrid, sleep, timing, winTier } from '../logic/timing';
import { symbolNamer } from '../../../lib/slot-symbols';
import { THEMES } from '../logic/themes';
import { bestWin, winCaption } from '../logic/wins';
import { BigWin } from './BigWin';
import { GameInfoSheet } from './GameInfoSheet';
import { cellKey, Reels, type Highlight } from './Reels';
import { RoundsSheet } from './RoundsSheet';

const AUTO_CHOICES = [10, 25, 50, 100];

function defaultBet(bets: number[]): number {
  return bets.find((b) => b >= 1) ?? bets[0] ?? 1;
}

/** Tells the app framing the game (lib/game-frame): the balance after a spin, a refusal, a message. */
function postToApp(message: GameFrameMessage) {
  if (window.parent === window) return;
  window.parent.postMessage(message, window.location.origin);
}

/**
 * A studio slot: the reels stop one after another on the server's grid, winning lines and clusters light up,
 * cascades drop in, free spins count down, a big win has its moment; bet size, turbo and auto spin. The
 * balance and the win show together once the round has played; every figure comes from the answer.
 */
export function SlotScreen({ session }: { session: StudioSession }) {
  const { t } = useTranslation('studio');
  const lang = useAppState((s) => s.lang);
  const game = session.game;
  const theme = THEMES[game.kind];
  const money = (n: number) => displayMoney(n, lang);
  const symbolIds = useMemo(() => game.symbols.map((s) => s.id), [game.symbols]);
  const symbolName = useMemo(() => symbolNamer(t, game.gameCode, game.symbols), [t, game]);

  const [bet, setBet] = useState(() => defaultBet(game.bets));
  const [balance, setBalance] = useState(session.balance);
  const [win, setWin] = useState<number | null>(null);
  const [grid, setGrid] = useState(() => restingGrid(symbolIds, game.rows, game.reels));
  const [previous, setPrevious] = useState(grid);
  const [spinKey, setSpinKey] = useState(0);
  const [dropKey, setDropKey] = useState(0);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(() => t('goodLuck'));
  const [error, setError] = useState('');
  const [freeSpins, setFreeSpins] = useState<{ left: number; played: number } | null>(null);
  const [multiplier, setMultiplier] = useState(1);
  const [turbo, setTurbo] = useState(false);
  const [autoLeft, setAutoLeft] = useState(0);
  const [autoMenu, setAutoMenu] = useState(false);
  // Auto spin's stops besides its count, as typed (R$): a loss since it started, a single win at or above.
  const [autoStops, setAutoStops] = useState({ loss: '', win: '' });
  const [big, setBig] = useState<{ amount: number; tier: 'bigWin' | 'megaWin' | 'superWin' } | null>(null);
  const [sheet, setSheet] = useState<'info' | 'rounds' | null>(null);
  const [notice, setNotice] = useState('');

  const live = useRef({
    balance: session.balance,
    bet,
    turbo,
    autoLeft,
    busy: false,
    alive: true,
    /** The auto run's start balance and its stops, minor units (0 = none). */
    auto: { from: 0, loss: 0, win: 0 },
  });
  live.current.bet = bet;
  live.current.turbo = turbo;
  live.current.autoLeft = autoLeft;
  const bigDone = useRef<(() => void) | null>(null);
  const gridRef = useRef(grid);

  useEffect(() => {
    const state = live.current;
    state.alive = true;
    return () => {
      state.alive = false;
    };
  }, []);

  // Notices relayed by the app (the marker prefix) scroll over the top of the game for a while.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const text = noticeOf(event.data);
      if (text === null) return;
      setNotice(text.replace(/<[^>]*>/g, ''));
      clearTimeout(timer);
      timer = setTimeout(() => setNotice(''), 8000);
    }
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, []);

  const show = useCallback((next: string[][], mode: 'spin' | 'drop') => {
    setPrevious(gridRef.current);
    gridRef.current = next;
    setGrid(next);
    if (mode === 'spin') setSpinKey((k) => k + 1);
    else setDropKey((k) => k + 1);
  }, []);

  const describe = useCallback(
    (step: StudioStep) => {
      const best = bestWin(step);
      return best ? winCaption(t, best, step.multiplier, symbolName, money) : '';
    },
    [symbolName, t, lang],
  );

  const play = useCallback(async () => {
    const state = live.current;
    if (state.busy) return;
    const stake = state.bet;
    if (stake > state.balance + 1e-9) {
      setError(t('notEnough'));
      setAutoLeft(0);
      // The last round's win and lines are not this tap's: left up, they read as its answer.
      setWin(null);
      setHighlight(null);
      // As the server's refusal would: a real-money player is offered the app's game deposit, not a dead end.
      if (!session.demo) postToApp({ channel: GAME_CHANNEL, type: 'insufficient' });
      return;
    }
    state.busy = true;
    setBusy(true);
    setError('');
    setWin(null);
    setHighlight(null);
    setMultiplier(1);
    setFreeSpins(null);
    setMessage(t('goodLuck'));
    // The stake leaves the balance on the tap, here and in the app's header; the rest waits for the answer.
    const staked = toMajor(toMinor(state.balance) - toMinor(stake));
    setBalance(staked);
    postToApp({ channel: GAME_CHANNEL, type: 'balance', balance: staked, demo: session.demo, staked: true });
    let answer: StudioSpin;
    try {
      answer = await spin(session.session, stake);
    } catch (err) {
      setBalance(state.balance);
      postToApp({ channel: GAME_CHANNEL, type: 'balance', balance: state.balance, demo: session.demo });
      const text = err instanceof StudioError && err.message ? err.message : t('spinFailed');
      setError(text);
      // A real-money bet refused for the balance opens the app's game deposit; an ended session ends play.
      if (err instanceof StudioError && err.status === ErrorCode.INSUFFICIENT_BALANCE && !session.demo)
        postToApp({ channel: GAME_CHANNEL, type: 'insufficient' });
      if (err instanceof StudioError && err.status === ErrorCode.SESSION_INVALID)
        postToApp({ channel: GAME_CHANNEL, type: 'message', text });
      setAutoLeft(0);
      state.busy = false;
      setBusy(false);
      return;
    }
    state.balance = answer.balance;
    const time = timing(state.turbo);
    let total = 0;
    let played = 0;
    let wins = 0;
    for (const [i, step] of answer.steps.entries()) {
      if (!state.alive) return;
      if (i > 0 && step.kind === 'cascade') {
        setHighlight(null);
        show(step.grid, 'drop');
        await sleep(time.cascade);
      } else {
        if (step.kind === 'freeSpin') {
          played++;
          setHighlight(null);
          setFreeSpins({ left: step.freeSpinsLeft, played });
        }
        show(step.grid, 'spin');
        await sleep(time.reel + (game.reels - 1) * time.stagger + 80);
      }
      if (step.kind === 'spin' && step.freeSpinsLeft > 0)
        setFreeSpins({ left: step.freeSpinsLeft, played: 0 });
      setMultiplier(step.multiplier);
      if (step.wins.length > 0) {
        total += step.win;
        wins += step.wins.length;
        setHighlight({
          cells: new Set(step.wins.flatMap((w) => w.cells.map(([r, c]) => cellKey(r, c)))),
          lines: step.wins.flatMap((w) => (w.line === null ? [] : [w.line])),
        });
        setMessage(describe(step));
        setWin(total);
        await sleep(time.winShow);
      }
    }
    if (!state.alive) return;
    // The round has played: its balance and its win, together. Its free spins and multiplier are over: left up,
    // "0 left" and ×2 would read as the next spin's.
    setBalance(answer.balance);
    setWin(answer.win);
    setFreeSpins(null);
    setMultiplier(1);
    if (answer.win === 0) setMessage(t('noWin'));
    // Several wins (lines, cascades): the caption adds them up, as the win box does.
    else if (wins > 1) setMessage(t('winsTotal', { count: wins, amount: money(answer.win) }));
    if (answer.steps.some((s) => s.kind === 'freeSpin'))
      setMessage(t('freeSpinsTotal', { amount: money(answer.win) }));
    postToApp({ channel: GAME_CHANNEL, type: 'balance', balance: answer.balance, demo: session.demo });
    void queryClient.invalidateQueries({ queryKey: roundsKey(session.session) });
    const tier = winTier(answer.win, stake);
    if (tier) {
      setBig({ amount: answer.win, tier });
      if (time.bigWin > 0) {
        await Promise.race([sleep(time.bigWin), new Promise<void>((resolve) => (bigDone.current = resolve))]);
        setBig(null);
      }
    }
    state.busy = false;
    setBusy(false);
    if (state.autoLeft > 0) {
      const { from, loss, win } = state.auto;
      const stop =
        loss > 0 && from - toMinor(answer.balance) >= loss
          ? 'autoStoppedLoss'
          : win > 0 && toMinor(answer.win) >= win
            ? 'autoStoppedWin'
            : null;
      if (stop) {
        state.autoLeft = 0;
        setAutoLeft(0);
        setMessage(t(stop));
        return;
      }
      const left = state.autoLeft - 1;
      setAutoLeft(left);
      state.autoLeft = left;
      if (left > 0) {
        await sleep(time.autoPause);
        if (state.alive && live.current.autoLeft > 0) void play();
      }
    }
  }, [session.session, session.demo, game.reels, show, describe, t]);

  const startAuto = (count: number) => {
    const minor = (text: string) => readAmount(text) ?? 0; // no stop for a field left empty or unreadable
    setAutoMenu(false);
    setAutoLeft(count);
    live.current.autoLeft = count;
    live.current.auto = {
      from: toMinor(live.current.balance),
      loss: minor(autoStops.loss),
      win: minor(autoStops.win),
    };
    void play();
  };

  const betIndex = game.bets.indexOf(bet);
  const changeBet = (delta: number) => {
    const next = game.bets[Math.min(game.bets.length - 1, Math.max(0, betIndex + delta))];
    if (next === undefined) return;
    setBet(next);
    // A refusal said of the last bet ("not enough for this bet") no longer speaks of this one.
    setError('');
  };

  return (
    <div className={`fixed inset-0 mx-auto flex max-w-393 flex-col overflow-hidden text-text ${theme.page}`}>
      <header className="flex items-center gap-6 px-10 pt-8">
        <div className="min-w-0 flex-1">
          <h1 className={`truncate text-lg font-black italic tracking-tight ${theme.accent}`}>{game.name}</h1>
          <p className="text-2xs text-white/70">
            {t('studio')} · RTP{' '}
            {game.rtp.toLocaleString(languageEntry(lang).locale, { maximumFractionDigits: 2 })}%
            {session.demo ? (
              <span className="ml-6 rounded bg-violet px-4 font-bold uppercase text-white">{t('demo')}</span>
            ) : null}
          </p>
        </div>
        <button
          type="button"
          onClick={() => setSheet('rounds')}
          className="min-h-40 rounded-full border border-white/25 bg-black/25 px-12 text-xs font-semibold"
        >
          {t('history')}
        </button>
        <button
          type="button"
          onClick={() => setSheet('info')}
          aria-label={t('info')}
          className="flex size-40 items-center justify-center rounded-full border border-white/25 bg-black/25 text-base font-black"
        >
          i
        </button>
      </header>

      {notice ? (
        <p
          role="status"
          className="mx-10 mt-6 truncate rounded-lg bg-black/40 px-10 py-4 text-xs"
          data-testid="studio-notice"
        >
          {notice}
        </p>
      ) : null}

      <div className="flex min-h-36 items-center justify-center gap-8 px-10 pt-8 text-sm font-bold">
        {freeSpins ? (
          <span
            className="slot-pop rounded-full bg-gradient-to-r from-fuchsia-500 to-violet-600 px-12 py-4 shadow"
            data-testid="free-spins"
          >
            {t('freeSpins')}: {t('freeSpinsLeft', { count: freeSpins.left })}
          </span>
        ) : null}
        {multiplier > 1 ? (
          <span
            className="slot-pop rounded-full bg-gradient-to-r from-amber-400 to-orange-600 px-12 py-4 text-[#2a1700] shadow"
            data-testid="multiplier"
          >
            ×{multiplier}
          </span>
        ) : null}
      </div>

      {/* The reels; a big win has its moment over them, the balance and the win stay in sight below. */}
      <div className="relative flex flex-1 flex-col items-center justify-center px-[5%]">
        {big ? (
          <BigWin
            amount={big.amount}
            title={t(big.tier)}
            hint={t('tapToContinue')}
            turbo={turbo}
            onClose={() => {
              setBig(null);
              bigDone.current?.();
            }}
          />
        ) : null}
        <div className={`w-full rounded-2xl border-4 p-[2%] ${theme.frame} ${theme.glow}`}>
          <div className="overflow-hidden rounded-xl bg-black/35">
            <Reels
              game={game}
              grid={grid}
              previous={previous}
              spinKey={spinKey}
              dropKey={dropKey}
              reelMs={timing(turbo).reel}
              staggerMs={timing(turbo).stagger}
              highlight={highlight}
            />
          </div>
        </div>
        <p
          className="mt-10 min-h-22 text-center text-sm font-semibold text-white/90"
          data-testid="slot-message"
        >
          {error ? <span className="text-rose">{error}</span> : message}
        </p>
      </div>

      <section className="safe-bottom rounded-t-2xl border-t border-white/10 bg-black/55 px-12 pb-12 pt-10 backdrop-blur">
        <div className="grid grid-cols-2 gap-8 text-center">
          <div className="rounded-xl bg-white/5 py-4">
            <p className="text-2xs uppercase tracking-wide text-white/60">
              {t(session.demo ? 'demoBalance' : 'balance')}
            </p>
            <p className="text-base font-black text-gold" data-testid="slot-balance">
              {money(balance)}
            </p>
          </div>
          <div className="rounded-xl bg-white/5 py-4">
            <p className="text-2xs uppercase tracking-wide text-white/60">{t('win')}</p>
            <p
              className={`text-base font-black ${win ? 'text-mint' : 'text-white/80'}`}
              data-testid="slot-win"
            >
              {win === null ? '—' : money(win)}
            </p>
          </div>
        </div>

        <div className="mt-10 flex items-center justify-between gap-6">
          <div className="flex flex-col items-center gap-4">
            <button
              type="button"
              role="switch"
              aria-checked={turbo}
              onClick={() => setTurbo(!turbo)}
              className={`flex size-48 items-center justify-center rounded-full border text-lg ${turbo ? 'border-gold bg-gold/20 text-gold' : 'border-white/20 bg-white/5 text-white/70'}`}
              aria-label={t('turbo')}
            >
              <svg viewBox="0 0 24 24" className="size-22" aria-hidden="true">
                <path d="M13 2L4 14h7l-1 8 9-12h-7z" fill="currentColor" />
              </svg>
            </button>
            <span className="text-2xs text-white/60">{t('turbo')}</span>
          </div>

          <div className="flex flex-col items-center">
            <span className="text-2xs uppercase tracking-wide text-white/60">{t('bet')}</span>
            <div className="flex items-center gap-4">
              <button
                type="button"
                onClick={() => changeBet(-1)}
                disabled={busy || betIndex <= 0}
                aria-label={t('betDown')}
                className="flex size-40 items-center justify-center rounded-full bg-white/10 text-xl font-bold disabled:opacity-35"
              >
                −
              </button>
              <span className="min-w-80 text-center text-base font-black" data-testid="slot-bet">
                {money(bet)}
              </span>
              <button
                type="button"
                onClick={() => changeBet(1)}
                disabled={busy || betIndex >= game.bets.length - 1}
                aria-label={t('betUp')}
                className="flex size-40 items-center justify-center rounded-full bg-white/10 text-xl font-bold disabled:opacity-35"
              >
                +
              </button>
            </div>
          </div>

          <div className="relative flex flex-col items-center gap-4">
            {autoMenu ? (
              <div className="absolute bottom-64 right-0 z-10 flex w-200 flex-col gap-4 rounded-xl border border-white/15 bg-[#140a2a] p-6 shadow-xl">
                <p className="px-6 text-2xs text-white/60">{t('autoTitle')}</p>
                {(['loss', 'win'] as const).map((k) => (
                  <label key={k} className="flex flex-col gap-2 px-6 text-2xs text-white/60">
                    {t(k === 'loss' ? 'autoStopLoss' : 'autoStopWin')}
                    <input
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder={t('autoNoStop')}
                      value={autoStops[k]}
                      onChange={(e) =>
                        setAutoStops((s) => ({ ...s, [k]: e.target.value.replace(/[^\d.,]/g, '') }))
                      }
                      className="min-h-36 rounded-md bg-white/10 px-8 text-sm text-white placeholder:text-white/40"
                    />
                  </label>
                ))}
                {AUTO_CHOICES.map((n) => (
                  <button
                    key={n}
                    type="button"
                    onClick={() => startAuto(n)}
                    className="min-h-40 rounded-lg px-14 text-left text-sm font-semibold whitespace-nowrap hover:bg-white/10"
                  >
                    {t('autoSpins', { count: n })}
                  </button>
                ))}
              </div>
            ) : null}
            <button
              type="button"
              onClick={() => (autoLeft > 0 ? setAutoLeft(0) : setAutoMenu(!autoMenu))}
              aria-label={autoLeft > 0 ? t('autoStop') : t('autoTitle')}
              aria-expanded={autoMenu}
              className={`flex size-48 items-center justify-center rounded-full border text-xs font-black ${autoLeft > 0 ? 'border-mint bg-mint/20 text-mint' : 'border-white/20 bg-white/5 text-white/80'}`}
              data-testid="auto-button"
            >
              {autoLeft > 0 ? autoLeft : 'AUTO'}
            </button>
            <span className="text-2xs text-white/60">{autoLeft > 0 ? t('autoStop') : t('auto')}</span>
          </div>
        </div>

        <button
          type="button"
          onClick={() => void play()}
          disabled={busy}
          className="btn-gold mx-auto mt-10 flex h-64 w-full max-w-300 items-center justify-center gap-8 rounded-full text-xl font-black uppercase tracking-wider shadow-[0_0.04rem_0.2rem_rgb(248_201_74/0.45)] disabled:opacity-80"
          data-testid="spin-button"
        >
          <svg
            viewBox="0 0 24 24"
            className={`size-24 ${busy ? 'slot-spinning-icon' : ''}`}
            aria-hidden="true"
          >
            <path
              d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t('spin')}
        </button>
      </section>

      {sheet === 'info' ? <GameInfoSheet game={game} onClose={() => setSheet(null)} /> : null}
      {sheet === 'rounds' ? (
        <RoundsSheet session={session.session} game={game} onClose={() => setSheet(null)} />
      ) : null}
    </div>
  );
}
