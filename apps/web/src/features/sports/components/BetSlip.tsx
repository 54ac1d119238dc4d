import { parseMoney, readAmount } from '@aposta/money';
import { ErrorCode, priceChangedData, type PlaceBetAnswer } from '@aposta/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api';
import { useAppState } from '../../../lib/app-state';
import { useBackButton } from '../../../lib/back-button';
import { displayMoney } from '../../../lib/format';
import { knownBalance, playableMinor, useSession } from '../../../lib/session';
import { openGameDeposit, openOverlay, toast } from '../../../lib/ui';
import { applyBalance } from '../../../lib/user-info';
import { notFound, placeSportsBet, refreshMyBets, useSlipEvent, useSportsConfig } from '../api/sports';
import { useBuilder } from '../logic/builder';
import { formatPrice, marketTitle, selectionLabel } from '../logic/markets';
import {
  applyPriceChange,
  clearSlip,
  confirmPrices,
  dropPending,
  keptLegs,
  legOver,
  PARLAY,
  parlayProblem,
  removeLeg,
  removeOverLegs,
  setPending,
  slipFigures,
  syncEvent,
  useSlip,
  type PendingBet,
  type SlipLeg,
} from '../logic/slip';
import { RemoveButton } from './RemoveButton';
import { SlipBar } from './SlipBar';
import { useLocale } from './SportsShell';

/**
 * A stake as a person types it ("10,50", "10.5", "1.000", "R$ 1.000,00") → minor units, read by `parseMoney`;
 * null for anything that is not a positive amount in centavos.
 */
export function parseStake(text: string): number | null {
  const minor = readAmount(text);
  return minor !== null && minor < 1e11 ? minor : null;
}

/** Whether a stake typed is an amount, but zero or less ("0", "-3"): below the minimum, not unreadable. */
function notPositive(text: string): boolean {
  try {
    return parseMoney(text) <= 0;
  } catch {
    return false;
  }
}

/** Where a figure would count a closed leg's price, or has too few legs left to mean anything. */
const NO_FIGURE = '—';

/** A bet left in flight by a reload is asked again within this time; older, it is let go (its key expired). */
const RESUME_WITHIN_MS = 10 * 60_000;
/** The keys sent by this page load: any other key still pending was left by an earlier one. */
const sentHere = new Set<string>();

/**
 * Whether the server answered (a refusal): with no answer (status 0: offline, the timeout) or a server error,
 * the bet may have been placed, so its key is kept for the next try.
 */
const answered = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.httpStatus > 0 && err.httpStatus < 500;

/**
 * Sends one bet under its key, kept on the device until an answer comes: the answer's balance shows and its
 * selections leave the slip; a refusal is thrown (the key let go), no answer is thrown as is (the key kept).
 */
async function send(target: string, attempt: PendingBet): Promise<PlaceBetAnswer> {
  sentHere.add(attempt.key);
  setPending(target, attempt);
  try {
    const answer = await placeSportsBet(attempt.body, attempt.key);
    dropPending(target);
    applyBalance(answer.balance);
    for (const l of attempt.body.selections) removeLeg(l.selectionId);
    return answer;
  } catch (err) {
    if (answered(err)) dropPending(target);
    throw err;
  }
}

/**
 * While the slip is open, each of its legs' events is read from the server (one request per event, the event
 * page's query) and its state written into the legs: a leg whose match ended, whose market closed or which no
 * longer exists shows as closed, with its price as last seen, until the player removes it. Closed, the slip
 * follows what the event's page reads (`fetch` false), so the bar's odds move with the prices on screen.
 */
function LegEvent({ eventId, fetch }: { eventId: string; fetch: boolean }) {
  const { data, error, dataUpdatedAt, errorUpdatedAt } = useSlipEvent(eventId, fetch);
  // Closed, only what is read from now on: a copy left in the cache by an earlier visit would put an old price
  // (or an old clock, a leg closed) over what the lists have brought since.
  const [since] = useState(() => (fetch ? 0 : Date.now()));
  const gone = notFound(error) && errorUpdatedAt >= since;
  const fresh = data && dataUpdatedAt >= since ? data : undefined;
  useEffect(() => {
    if (fresh) syncEvent(eventId, fresh);
    else if (gone) syncEvent(eventId, null);
  }, [eventId, fresh, gone]);
  return null;
}

/**
 * The bet slip: a bar over the bottom navigation while it holds selections, opening a sheet with the single
 * and parlay tabs, a stake per leg (singles) or one (parlay), the odds-change setting and the potential payout.
 * A price that moved is shown against the old one; placing again accepts it. Each attempt carries its own
 * Idempotency-Key, kept only when the answer was lost, so a retry never places a bet twice.
 */
const closeSlip = () => useSlip.setState({ open: false });

export function BetSlip() {
  const { t } = useTranslation(['sports', 'bet']);
  const lang = useAppState((s) => s.lang);
  const locale = useLocale();
  const token = useSession((s) => s.token);
  const uId = useSession((s) => s.user?.uId);
  // What a stake can draw on (cash and bonus), once the server has answered it (not a previous visit's copy).
  const playable = useSession((s) => (knownBalance(s) !== null ? playableMinor(s) : null));
  // Cash and bonus together; the header shows them apart, so a refusal over it names the sum.
  const withBonus = useSession((s) => (s.user?.freeBalance ?? 0) > 0);
  const { legs, mode, stakes, parlayStake, acceptOdds, open } = useSlip();
  const config = useSportsConfig().data;
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const building = useBuilder((s) => s.active);
  const shown = open && legs.length > 0 && !building;
  // The phone's back button closes the open slip (its picks stay) rather than leaving the page.
  useBackButton(shown, closeSlip);

  // A reload (or a closed tab) during a bet: ask again under the same key, which answers the first result.
  useEffect(() => {
    if (!token || uId === undefined) return;
    for (const [target, attempt] of Object.entries(useSlip.getState().pending)) {
      if (sentHere.has(attempt.key) || attempt.uId !== uId) continue;
      if (Date.now() - attempt.at > RESUME_WITHIN_MS) {
        dropPending(target);
        continue;
      }
      send(target, attempt).then(
        () => {
          toast(t('slip.placed', { count: 1 }));
          void refreshMyBets();
        },
        (err: unknown) => setNotice(answered(err) ? err.message : t('slip.noAnswer')),
      );
    }
  }, [token, uId, t]);

  if (legs.length === 0 || building) return null;
  const money = (minor: number) => displayMoney(minor / 100, lang);
  // A parlay's problem is that of the legs it would be placed with, as its figures (closed legs go).
  const problem = mode === 'parlay' ? parlayProblem(keptLegs(legs), config?.maxLegs ?? 10) : null;
  const moved = legs.some((l) => l.previous !== null);
  const closed = legs.some((l) => l.status !== 'open');
  const over = legs.filter(legOver).length;
  const minStake = Math.round((config?.minStake ?? 1) * 100);
  const maxStake = config ? Math.round(config.maxStake * 100) : null;
  const textOf = (key: string) => (key === PARLAY ? parlayStake : (stakes[key] ?? ''));
  const stakeOf = (key: string) => parseStake(textOf(key));
  /** What is wrong with a stake typed, said beside it as it is typed; an empty one is said at the tap. */
  const stakeProblem = (key: string): string | null => {
    if (!textOf(key).trim()) return null;
    const stake = stakeOf(key);
    if (stake === null)
      return notPositive(textOf(key))
        ? t('slip.minStake', { amount: money(minStake) })
        : t('slip.unreadable');
    if (stake < minStake) return t('slip.minStake', { amount: money(minStake) });
    if (maxStake !== null && stake > maxStake) return t('slip.maxStake', { amount: money(maxStake) });
    return null;
  };
  /**
   * A stake over the balance, said as it is typed. It does not hold the tap back: the server's refusal opens the
   * game deposit for what is missing.
   */
  const overBalance = (key: string): string | null => {
    const stake = stakeOf(key);
    return playable !== null && stake !== null && stake > playable
      ? withBonus
        ? t('slip.overBalanceBonus', { amount: money(playable) })
        : t('slip.overBalance', { amount: money(playable) })
      : null;
  };
  /** A stake edited: what the last tap said of it no longer stands. */
  const edited = (key: string) =>
    setErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  const targets = mode === 'parlay' ? [PARLAY] : legs.map((l) => l.selectionId);
  // A stake that cannot be placed (below the minimum, say) adds nothing to the total return, as its line shows none.
  const figures = slipFigures(legs, mode, stakeOf, (k) => !stakeProblem(k));
  // Singles each within the balance may not be together: said before the tap, under their total.
  const togetherOver =
    mode === 'single' &&
    playable !== null &&
    figures.stake > playable &&
    !targets.some((k) => overBalance(k));
  const parlayOdds = figures.bets[PARLAY]?.price ?? null;
  /**
   * A stake's possible win: none for a stake, or a parlay, that cannot be placed (it has no price either); else
   * its figure, or a dash where none stands.
   */
  const payoutOf = (key: string) => {
    if ((key === PARLAY && problem) || stakeProblem(key) || !stakeOf(key)) return null;
    const payout = figures.bets[key]?.payout ?? null;
    return payout === null ? NO_FIGURE : money(payout);
  };
  const live = legs.some((l) => l.event.live) && (config?.acceptanceDelayMs ?? 0) > 0;

  async function place() {
    if (!token) {
      openOverlay('login');
      return;
    }
    if (moved) confirmPrices();
    const nextErrors: Record<string, string> = {};
    for (const k of targets) {
      const problem =
        stakeProblem(k) ?? (stakeOf(k) === null ? t('slip.minStake', { amount: money(minStake) }) : null);
      if (problem) nextErrors[k] = problem;
    }
    setErrors(nextErrors);
    setNotice('');
    if (Object.keys(nextErrors).length) return;
    setBusy(true);
    let placed = 0;
    let refusedStakes = 0;
    for (const k of targets) {
      const { legs: current, acceptOdds: accept } = useSlip.getState();
      const slipLegs = k === PARLAY ? current : current.filter((l) => l.selectionId === k);
      const before = useSlip.getState().pending[k];
      const key = before && before.uId === uId ? before.key : crypto.randomUUID();
      const body = {
        stake: (stakeOf(k)! / 100).toFixed(2),
        acceptOdds: accept,
        selections: slipLegs.map((l) => ({ selectionId: l.selectionId, price: l.price })),
      };
      try {
        await send(k, { uId: uId ?? 0, key, body, at: Date.now() });
        placed++;
      } catch (err) {
        if (!answered(err)) {
          // No answer: the same key on the next try answers the first result, if there was one. Nothing is
          // wrong with the stake: the slip says so above, not beside the field.
          setNotice(t('slip.noAnswer'));
          continue;
        }
        const changed = priceChangedData.safeParse(err.data);
        if (err.httpStatus === 409 && changed.success) {
          applyPriceChange(changed.data);
          setNotice(t('slip.priceChanged'));
        } else nextErrors[k] = err.message;
        if (err.status === ErrorCode.INSUFFICIENT_BALANCE) refusedStakes += stakeOf(k) ?? 0;
      }
    }
    // One game deposit for every single the balance refused: it offers what they lack together.
    if (refusedStakes) openGameDeposit(refusedStakes);
    setBusy(false);
    setErrors(nextErrors);
    if (placed) {
      toast(t('slip.placed', { count: placed }));
      void refreshMyBets();
    }
  }

  const bar = (
    <SlipBar
      count={legs.length}
      label={t('slip.open', { count: legs.length })}
      price={mode === 'parlay' && !problem ? parlayOdds : null}
      onClick={() => useSlip.setState({ open: true })}
      testId="slip-bar"
    />
  );
  // Remounted as the slip opens (the key), so opening asks the server again however fresh the copy.
  const events = [...new Set(legs.map((l) => l.eventId))].map((id) => (
    <LegEvent key={`${id}:${open}`} eventId={id} fetch={open} />
  ));
  if (!open)
    return (
      <>
        {events}
        {bar}
      </>
    );

  function clear() {
    clearSlip();
    setErrors({});
    setNotice('');
  }

  return (
    <Sheet title={t('bet:slip.betSlip')} onClose={closeSlip} side="bottom">
      {events}
      <div className="flex flex-col gap-10 p-14" data-testid="bet-slip">
        <div role="tablist" className="grid grid-cols-2 rounded-xl border border-line bg-deep/70 p-4">
          {(['single', 'parlay'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              disabled={m === 'parlay' && legs.length < 2}
              onClick={() => useSlip.setState({ mode: m })}
              className={`min-h-40 rounded-lg text-sm font-semibold disabled:opacity-40 ${mode === m ? 'bg-raised text-text' : 'text-muted'}`}
            >
              {t(`bet:slip.${m}`)}
            </button>
          ))}
        </div>
        {notice ? (
          <p className="rounded-lg border border-gold/40 bg-gold/10 p-8 text-xs text-gold" role="alert">
            {notice}
          </p>
        ) : null}
        <ul className="flex max-h-[45dvh] flex-col gap-8 overflow-y-auto">
          {legs.map((l) => (
            <LegItem key={l.selectionId} leg={l}>
              {mode === 'single' ? (
                <StakeInput
                  label={t('slip.stakeFor', { name: `${l.event.home} × ${l.event.away}` })}
                  value={stakes[l.selectionId] ?? ''}
                  onChange={(v) => {
                    useSlip.setState((s) => ({ stakes: { ...s.stakes, [l.selectionId]: v } }));
                    edited(l.selectionId);
                  }}
                  error={stakeProblem(l.selectionId) ?? errors[l.selectionId] ?? overBalance(l.selectionId)}
                  payout={payoutOf(l.selectionId)}
                />
              ) : null}
            </LegItem>
          ))}
        </ul>
        {mode === 'parlay' ? (
          <div className="flex flex-col gap-6 rounded-xl border border-line bg-deep/60 p-10">
            {/* A parlay that cannot be placed has no price to show. */}
            {problem ? null : (
              <p className="flex justify-between text-sm">
                <span className="text-muted">{t('bet:slip.odds')}</span>
                <b className="tabular-nums" data-testid="parlay-price">
                  {parlayOdds === null ? NO_FIGURE : formatPrice(parlayOdds, locale)}
                </b>
              </p>
            )}
            {problem ? (
              <p className="text-xs text-rose" role="alert">
                {problem === 'sameEvent'
                  ? t('slip.sameEvent')
                  : t('slip.parlayLimit', { count: config?.maxLegs })}
              </p>
            ) : null}
            <StakeInput
              label={t('slip.parlayStake')}
              value={parlayStake}
              onChange={(v) => {
                useSlip.setState({ parlayStake: v });
                edited(PARLAY);
              }}
              error={stakeProblem(PARLAY) ?? errors[PARLAY] ?? overBalance(PARLAY)}
              payout={payoutOf(PARLAY)}
            />
          </div>
        ) : null}
        <fieldset className="flex flex-col gap-6">
          <legend className="mb-4 text-xs text-muted">{t('slip.acceptOdds')}</legend>
          <div className="grid grid-cols-3 gap-6">
            {(['none', 'any', 'higher'] as const).map((a) => (
              <label
                key={a}
                className={`flex min-h-40 cursor-pointer items-center justify-center rounded-lg border px-4 text-center text-2xs font-semibold ${acceptOdds === a ? 'border-gold bg-gold/15 text-gold' : 'border-line text-muted'}`}
              >
                <input
                  type="radio"
                  name="acceptOdds"
                  className="sr-only"
                  checked={acceptOdds === a}
                  onChange={() => useSlip.setState({ acceptOdds: a })}
                />
                {t(`slip.accept.${a}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {live ? (
          <p className="text-2xs text-muted">
            {t('slip.delay', { seconds: Math.ceil((config?.acceptanceDelayMs ?? 0) / 1000) })}
          </p>
        ) : null}
        {mode === 'single' && legs.length > 1 && figures.payout > 0 ? (
          <p className="flex justify-between text-sm">
            <span className="text-muted">{t('bet:slip.potentialWin')}</span>
            <b className="text-mint tabular-nums" data-testid="total-payout">
              {money(figures.payout)}
            </b>
          </p>
        ) : null}
        {over ? (
          <div className="flex items-center justify-between gap-8 rounded-lg border border-rose/40 bg-rose/10 p-8">
            <p className="text-xs text-rose">{t('slip.overLegs')}</p>
            <button
              type="button"
              className="min-h-44 shrink-0 px-4 text-xs font-semibold text-text underline"
              onClick={removeOverLegs}
              data-testid="remove-closed"
            >
              {t('slip.removeClosed')}
            </button>
          </div>
        ) : null}
        {togetherOver ? (
          <p className="text-xs text-rose" data-testid="total-over-balance">
            {t('slip.totalOverBalance', { amount: money(playable ?? 0) })}
          </p>
        ) : null}
        <div className="flex items-center justify-between text-xs text-muted">
          <span>{t('slip.totalStake', { amount: money(figures.stake) })}</span>
          <button
            type="button"
            className="-mr-4 min-h-44 px-4 font-semibold text-muted underline"
            onClick={() => clear()}
          >
            {t('slip.clear')}
          </button>
        </div>
        <button
          type="button"
          onClick={() => void place()}
          disabled={
            busy || (mode === 'parlay' && !!problem) || closed || targets.some((k) => stakeProblem(k))
          }
          data-testid="place-bet"
          className="btn-gold min-h-48 rounded-xl font-bold disabled:opacity-50"
        >
          {!token
            ? t('slip.loginToBet')
            : busy
              ? t('slip.placing')
              : moved
                ? t('slip.acceptAndPlace')
                : t('slip.place', { amount: money(figures.stake) })}
        </button>
      </div>
    </Sheet>
  );
}

function LegItem({ leg, children }: { leg: SlipLeg; children?: React.ReactNode }) {
  const { t } = useTranslation(['sports', 'bet']);
  const locale = useLocale();
  const name = selectionLabel(leg.market, { name: leg.name }, leg.event, t, locale);
  return (
    <li
      className={`rounded-xl border bg-panel p-10 ${legOver(leg) ? 'border-rose/50' : 'border-line'}`}
      data-testid="slip-leg"
      data-status={legOver(leg) ? 'closed' : leg.status}
    >
      <div className="flex items-start gap-8">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="truncate text-2xs text-muted">{marketTitle(leg.market, t, locale)}</p>
          <p className="truncate text-2xs text-muted">
            {leg.event.home} × {leg.event.away}
          </p>
        </div>
        <div className="text-right">
          {leg.previous !== null ? (
            <p className="text-2xs text-muted line-through" data-testid="previous-price">
              {t('slip.moved', { price: formatPrice(leg.previous, locale) })}
            </p>
          ) : null}
          <p
            className={`font-bold tabular-nums ${legOver(leg) ? 'text-muted line-through' : leg.previous === null ? '' : leg.price > leg.previous ? 'text-mint' : 'text-rose'}`}
            data-testid="leg-price"
          >
            {formatPrice(leg.price, locale)}
          </p>
        </div>
        <RemoveButton name={name} onClick={() => removeLeg(leg.selectionId)} className="-my-8 -mr-8" />
      </div>
      {leg.status !== 'open' ? (
        <p className="mt-6 text-2xs text-rose" role="alert" data-testid="leg-state">
          {legOver(leg) ? t('slip.closed') : t('slip.notOpen')}
        </p>
      ) : null}
      {children}
    </li>
  );
}

function StakeInput({
  label,
  value,
  onChange,
  payout,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  payout: string | null;
  error?: string;
}) {
  const { t } = useTranslation(['sports', 'bet']);
  return (
    <div className="mt-8">
      <TextField
        label={label}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      {payout ? (
        <p className="mt-4 flex justify-between text-2xs">
          <span className="text-muted">{t('bet:slip.potentialWin')}</span>
          <b className="text-mint" data-testid="potential-payout">
            {payout}
          </b>
        </p>
      ) : null}
    </div>
  );
}
