import { ErrorCode, type OriginalBet, type OriginalGameName } from '@aposta/contracts';
import { toMajor, toMinor } from '@aposta/money';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { displayMoney } from '../../../lib/format';
import { useFieldErrors, type FieldCheck, type Placing } from '../../../lib/form-errors';
import { i18n } from '../../../lib/i18n';
import { submissionKeys } from '../../../lib/idempotency';
import { useAppState } from '../../../lib/app-state';
import { useSession } from '../../../lib/session';
import { withhold } from '../../../lib/withheld';
import { alertMessage, openGameDeposit, openOverlay, useUi } from '../../../lib/ui';
import { afterBet, startRun, type AutoRun, type AutoSettings, type StopReason } from '../logic/auto-bet';
import { applyBet } from './apply-bet';
import type { Stake } from './useStake';

/** Pause between automatic bets: enough to see each result, never waiting for an animation. */
export const AUTO_PAUSE_MS = 300;

export interface BettingOptions<F extends string> {
  game: OriginalGameName;
  stake: Stake;
  /** The request body of a bet of this amount (what the idempotency key is tied to). */
  body: (amountMinor: number) => Record<F | 'amount', unknown>;
  /** Sends one bet; the key is the attempt's. */
  send: (body: Record<F | 'amount', unknown>, key: string) => Promise<OriginalBet>;
  /** An automatic bet, when it is more than one call (mines: start, reveal the picked tiles, cash out). */
  sendAuto?: (body: Record<F | 'amount', unknown>, key: string) => Promise<OriginalBet>;
  /** The contract schema the server checks the body with (places a 400 beside its field). */
  schema: () => Promise<FieldCheck>;
  /** A game field holds a value out of its range (its message is beside it): no bet until it is corrected. */
  blocked?: () => boolean;
  /** Why an automatic run cannot start (mines: no tile picked), shown as the form's message; null when it can. */
  autoRefusal?: () => string | null;
  /** A result to show (the animation starts here; the result itself is already on screen). */
  onResult?: (bet: OriginalBet) => void;
  /**
   * The result is told by an animation (the game's `falling` bets in GameShell): the header leaves the payout
   * out of the balance until it ends, so the balance does not give the result away.
   */
  withholdsPayout?: () => boolean;
}

export type BetField<F extends string> = F | 'amount';

/** An automatic run after one of its bets (`betId`; null before the first): what its progress line says then. */
export interface AutoStep {
  run: AutoRun;
  stop: StopReason;
  betId: string | null;
}

/** Steps kept per run: more than the balls a game lets fall at once, so the one on screen is always among them. */
const AUTO_STEPS_KEPT = 32;

const amountMinorOf = (bet: OriginalBet) => toMinor(bet.amount);

/**
 * Places bets, by hand or automatically, the same way: one Idempotency-Key per bet attempt, kept only when
 * the answer was lost (the retry of that attempt answers the first result, never a second stake); the
 * answer's balance and the bet are applied at once; a refusal is shown beside the control it concerns, and
 * insufficient balance opens the game deposit.
 */
export function useBetting<F extends string>(options: BettingOptions<F>) {
  const { t } = useTranslation('originals');
  const token = useSession((s) => s.token);
  const lang = useAppState((s) => s.lang);
  const keys = useRef(submissionKeys());
  const fields = useFieldErrors<BetField<F>>();
  const [busy, setBusy] = useState(false);
  const [lost, setLost] = useState(false);
  const [last, setLast] = useState<OriginalBet | null>(null);
  // The run's steps, newest last: a game whose result is told by an animation shows the last step landed.
  const [auto, setAuto] = useState<AutoStep[] | null>(null);
  const [autoRunning, setAutoRunning] = useState(false);
  const running = useRef(false);
  const opts = useRef(options);
  opts.current = options;
  // The server's refusal of a bet placed beside the amount (a payout over the maximum, say) is about the whole
  // bet: a change of the game's own fields answers it as well as a new amount does.
  const refusedBet = useRef(false);

  const placing = (): Placing<BetField<F>> => ({
    schema: opts.current.schema,
    codes: {
      [ErrorCode.INSUFFICIENT_BALANCE]: 'amount',
      [ErrorCode.CONFLICT]: 'form',
      [ErrorCode.IDEMPOTENCY_CONFLICT]: 'form',
      [ErrorCode.RATE_LIMITED]: 'form',
      0: 'form',
    },
    fallback: 'amount',
  });

  /** Client checks the server would refuse anyway, said at once in the player's language. */
  const checkAmount = (minor: number): string | null => {
    const { bounds, subMinor } = opts.current.stake;
    if (!Number.isFinite(minor) || minor <= 0) return t(subMinor ? 'errors.decimals' : 'errors.amount');
    if (minor < bounds.min) return t('errors.belowMin', { amount: displayMoney(toMajor(bounds.min), lang) });
    if (bounds.max > 0 && minor > bounds.max)
      return t('errors.aboveMax', { amount: displayMoney(toMajor(bounds.max), lang) });
    return null;
  };

  /** One attempt; answers the bet, or null when it was refused or lost (the message is placed). */
  const attempt = async (amountMinor: number, automatic = false): Promise<OriginalBet | null> => {
    const { body: makeBody, onResult } = opts.current;
    const send = (automatic && opts.current.sendAuto) || opts.current.send;
    const body = makeBody(amountMinor);
    const key = keys.current.keyFor(body);
    try {
      const bet = await send(body, key);
      keys.current.settle();
      setLost(false);
      if (opts.current.withholdsPayout?.()) withhold(bet.betId, toMinor(bet.payout));
      applyBet(bet);
      setLast(bet);
      onResult?.(bet);
      return bet;
    } catch (err) {
      const noAnswer = err instanceof ApiError && err.status === 0;
      setLost(noAnswer);
      if (!noAnswer) keys.current.settle();
      // The spec: an insufficient balance on a bet opens the game deposit (which says whether the balance is
      // low or only short of this stake); the refusal stays beside the amount.
      if (err instanceof ApiError && err.status === ErrorCode.INSUFFICIENT_BALANCE)
        openGameDeposit(amountMinor);
      await fields.show(err, body, placing());
      refusedBet.current = err instanceof ApiError && err.status !== ErrorCode.INSUFFICIENT_BALANCE;
      // An automatic run stops on it, and its button is the way back ("Tentar de novo" belongs to a manual bet).
      if (noAnswer) fields.place('form', t(automatic ? 'errors.lostAnswerAuto' : 'errors.lostAnswer'));
      return null;
    }
  };

  const askLogin = () =>
    void alertMessage(i18n.t('translation:errors.pleaseLogin')).then(() => openOverlay('login'));

  /** The bet button. */
  const bet = async () => {
    if (!useSession.getState().token) return askLogin();
    if (busy || running.current || opts.current.blocked?.()) return;
    const minor = opts.current.stake.minor;
    const problem = checkAmount(minor);
    if (problem) {
      refusedBet.current = false;
      return fields.place('amount', problem);
    }
    fields.clear();
    setBusy(true);
    try {
      await attempt(minor);
    } finally {
      setBusy(false);
    }
  };

  const stopAuto = useCallback(() => {
    running.current = false;
  }, []);

  /** Auto bet: bets until a stop rule says so, the player stops it, a bet fails or an overlay opens. */
  const startAuto = async (settings: AutoSettings) => {
    if (!useSession.getState().token) return askLogin();
    if (running.current || busy || opts.current.blocked?.()) return;
    const refusal = opts.current.autoRefusal?.();
    if (refusal) return fields.place('form', refusal);
    const base = opts.current.stake.minor;
    const problem = checkAmount(base);
    if (problem) return fields.place('amount', problem);
    fields.clear();
    running.current = true;
    setAutoRunning(true);
    let state = { run: startRun(base), stop: null as StopReason };
    setAuto([{ ...state, betId: null }]);
    try {
      while (running.current) {
        setBusy(true);
        const placed = await attempt(state.run.amount, true);
        setBusy(false);
        if (!placed) break;
        state = afterBet(state.run, toMinor(placed.payout), settings);
        const step = { ...state, betId: placed.betId };
        setAuto((steps) => [...(steps ?? []), step].slice(-AUTO_STEPS_KEPT));
        if (state.run.amount !== amountMinorOf(placed)) opts.current.stake.set(state.run.amount);
        if (state.stop) break;
        const problemNext = checkAmount(state.run.amount);
        if (problemNext) {
          fields.place('amount', problemNext);
          break;
        }
        await new Promise((r) => setTimeout(r, AUTO_PAUSE_MS));
      }
    } finally {
      running.current = false;
      setBusy(false);
      setAutoRunning(false);
    }
  };

  // An overlay (the game deposit after a low balance, the login) stops an automatic run; so does leaving.
  useEffect(() => useUi.subscribe((s, prev) => s.overlay && !prev.overlay && stopAuto()), [stopAuto]);
  useEffect(() => stopAuto, [stopAuto]);
  // Signing out ends whatever was in flight.
  useEffect(() => {
    if (!token) stopAuto();
  }, [token, stopAuto]);

  return {
    bet,
    busy,
    lost,
    last,
    errors: fields.errors,
    /** The player edited `field`: its message goes, and the bet's refusal when it was the server's. */
    clearError: (field: BetField<F>) => {
      fields.clear(field);
      if (field !== 'amount' && refusedBet.current) fields.clear('amount');
      refusedBet.current = false;
    },
    placeError: fields.place,
    auto: {
      state: auto ? auto[auto.length - 1]! : null,
      steps: auto ?? [],
      running: autoRunning,
      start: startAuto,
      stop: stopAuto,
    },
  };
}

/** What the shared controls need of any game's betting (method syntax: any game's fields fit). */
export interface Betting {
  bet(): Promise<void>;
  busy: boolean;
  lost: boolean;
  errors: { amount?: string; form?: string };
  clearError(field: 'amount'): void;
  auto: {
    state: { run: AutoRun; stop: StopReason } | null;
    /** Every step of the run (the last is `state`). */
    steps: AutoStep[];
    running: boolean;
    start(settings: AutoSettings): Promise<void>;
    stop(): void;
  };
}
