import { cashoutQuote, type SportsBet } from '@aposta/contracts';
import { isCurrency, readAmount, toMajor, toMinor } from '@aposta/money';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { TextField } from '../../../components/ui/TextField';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { refusalOf, sendOnce, submissionKeys } from '../../../lib/idempotency';
import { queryClient } from '../../../lib/query';
import { toast } from '../../../lib/ui';
import { applyBalance } from '../../../lib/user-info';
import {
  cashOutBet,
  refreshMyBets,
  setAutoCashout,
  sportsKeys,
  useCashoutQuote,
  type CashoutQuote,
} from '../api/sports';
import { cashoutPaid, SHARE_MAX, SHARE_MIN, SHARE_STEP, stakeLeft } from '../logic/cashout';

const useMoney = () => {
  const lang = useAppState((s) => s.lang);
  return (minor: number) => displayMoney(toMajor(minor), lang);
};

/**
 * An open bet's cash out: its live value on a button (disabled while suspended) opening the confirm sheet, and
 * the automatic cash-out's target (set, changed or removed in place).
 */
export function CashoutActions({ bet }: { bet: SportsBet }) {
  const { t } = useTranslation('sports');
  const money = useMoney();
  const quote = useCashoutQuote(bet.betId);
  const [sheet, setSheet] = useState(false);
  const [auto, setAuto] = useState(false);
  const q = quote.data;
  const available = !!q?.available && q.value > 0;
  return (
    <div className="mt-8 flex flex-col gap-6" data-testid="cashout">
      <div className="flex gap-6">
        <button
          type="button"
          disabled={!available}
          onClick={() => setSheet(true)}
          data-testid="cashout-button"
          className={`min-h-44 flex-1 rounded-xl px-10 text-sm font-bold ${available ? 'btn-gold' : 'border border-line bg-raised text-muted'}`}
        >
          {!q
            ? t('cashout.loading')
            : available
              ? t('cashout.button', { amount: money(toMinor(q.value)) })
              : t('cashout.suspended')}
        </button>
        <button
          type="button"
          aria-expanded={auto}
          onClick={() => setAuto((a) => !a)}
          className={`min-h-44 shrink-0 rounded-xl border px-10 text-xs font-semibold ${bet.autoCashout !== null ? 'border-gold/60 text-gold' : 'border-line text-muted'}`}
        >
          {t('cashout.auto')}
        </button>
      </div>
      {bet.autoCashout !== null ? (
        <p className="text-2xs text-gold" data-testid="auto-target">
          {t('cashout.autoAt', { amount: money(toMinor(bet.autoCashout)) })}
        </p>
      ) : null}
      {auto ? <AutoCashoutForm bet={bet} current={q} onDone={() => setAuto(false)} /> : null}
      {sheet && q ? <CashoutSheet bet={bet} quote={q} onClose={() => setSheet(false)} /> : null}
    </div>
  );
}

/**
 * The confirm sheet: a slider for the share of the stake (10–100 %), what that pays (share × the value shown)
 * and the stake that stays running. Each confirmation carries one Idempotency-Key (kept only when the answer
 * was lost); a value that moved comes back (409) and is shown for the player to confirm again.
 */
export function CashoutSheet({
  bet,
  quote,
  onClose,
}: {
  bet: Pick<SportsBet, 'betId' | 'stake'>;
  quote: CashoutQuote;
  onClose: () => void;
}) {
  const { t } = useTranslation('sports');
  const money = useMoney();
  const [percent, setPercent] = useState(SHARE_MAX);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const keys = useRef(submissionKeys());
  const available = quote.available && quote.value > 0;
  const paid = cashoutPaid(quote.value, bet.stake, percent);
  const left = stakeLeft(bet.stake, percent);

  async function confirm() {
    if (!available || busy) return;
    const body = { value: quote.value, share: percent / 100 };
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const answer = await sendOnce(keys.current, { betId: bet.betId, ...body }, (key) =>
        cashOutBet(bet.betId, body, key),
      );
      applyBalance(answer.balance);
      // Over the header's balance for a moment: the toast says the new balance itself.
      toast(
        `${t('cashout.done', { amount: money(toMinor(answer.paid)) })} · ${t('balanceNow', { amount: money(toMinor(answer.balance)) })}`,
      );
      void refreshMyBets();
      void queryClient.invalidateQueries({ queryKey: sportsKeys.cashout(bet.betId) });
      onClose();
    } catch (e) {
      const err = refusalOf(e);
      if (!err) {
        // No answer: the same key on the next confirmation answers the first result, if there was one.
        setError(e instanceof Error ? e.message : String(e));
        return;
      }
      const now = cashoutQuote.safeParse(err.data);
      if (err.httpStatus === 409 && now.success) {
        queryClient.setQueryData(sportsKeys.cashout(bet.betId), now.data);
        setNotice(
          now.data.available
            ? t('cashout.changed', { amount: money(toMinor(now.data.value)) })
            : t('cashout.unavailable'),
        );
      } else if (err.httpStatus === 409) {
        // Settled or closed since the list was read: the list catches up and the sheet has nothing left to do.
        toast(err.message);
        void refreshMyBets();
        onClose();
      } else setError(err.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet title={t('cashout.title')} onClose={onClose} side="bottom">
      <div className="flex flex-col gap-12 p-14" data-testid="cashout-sheet">
        <p className="flex items-baseline justify-between">
          <span className="text-sm text-muted">{t('myBets.stake')}</span>
          <b className="tabular-nums">{money(toMinor(bet.stake))}</b>
        </p>
        <p className="flex items-baseline justify-between">
          <span className="text-sm text-muted">{t('cashout.value')}</span>
          <b className="text-lg tabular-nums" data-testid="cashout-value">
            {money(toMinor(quote.value))}
          </b>
        </p>
        {notice ? (
          <p className="rounded-lg border border-gold/40 bg-gold/10 p-8 text-xs text-gold" role="alert">
            {notice}
          </p>
        ) : null}
        <label className="flex flex-col gap-6">
          <span className="flex justify-between text-sm">
            <span className="text-muted">{t('cashout.share')}</span>
            <b className="tabular-nums" data-testid="cashout-percent">
              {percent}%
            </b>
          </span>
          <input
            type="range"
            min={SHARE_MIN}
            max={SHARE_MAX}
            step={SHARE_STEP}
            value={percent}
            onChange={(e) => setPercent(Number(e.target.value))}
            className="h-44 w-full accent-[var(--color-gold)]"
          />
        </label>
        <dl className="grid grid-cols-2 gap-8 rounded-xl border border-line bg-deep/60 p-10 text-sm">
          <div>
            <dt className="text-2xs text-muted">{t('cashout.paid')}</dt>
            <dd className="font-bold text-mint tabular-nums" data-testid="cashout-paid">
              {money(paid)}
            </dd>
          </div>
          <div className="text-right">
            <dt className="text-2xs text-muted">{t('cashout.running')}</dt>
            <dd className="font-bold tabular-nums" data-testid="cashout-running">
              {money(left)}
            </dd>
          </div>
        </dl>
        {error ? (
          <p className="text-xs text-rose" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={!available || busy}
          data-testid="cashout-confirm"
          className="btn-gold min-h-48 rounded-xl font-bold disabled:opacity-50"
        >
          {!available
            ? t('cashout.suspended')
            : busy
              ? t('slip.placing')
              : t('cashout.confirm', { amount: money(paid) })}
        </button>
      </div>
    </Sheet>
  );
}

/** The automatic cash-out's target (R$): set or changed with the amount typed, removed with one tap. */
function AutoCashoutForm({
  bet,
  current,
  onDone,
}: {
  bet: SportsBet;
  current: CashoutQuote | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('sports');
  const lang = useAppState((s) => s.lang);
  const money = useMoney();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const entry = languageEntry(lang);
  const currency = isCurrency(entry.currency) ? entry.currency : 'BRL';
  const now = current ? toMinor(current.value) : 0;

  const parse = () => readAmount(text, currency, entry.locale);

  async function save(target: number | null) {
    setBusy(true);
    setError('');
    try {
      const answer = await setAutoCashout(bet.betId, target === null ? null : toMajor(target));
      toast(
        answer.autoCashout === null
          ? t('cashout.autoCleared')
          : t('cashout.autoSet', { amount: money(toMinor(answer.autoCashout)) }),
      );
      void refreshMyBets();
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const target = parse();
    if (target === null || target <= now) {
      setError(t('cashout.autoInvalid', { amount: money(now) }));
      return;
    }
    // A cash-out is always worth less than the win: a target at it or above would never fire.
    const win = toMinor(bet.potentialPayout);
    if (target >= win) {
      setError(t('cashout.autoTooHigh', { amount: money(win) }));
      return;
    }
    void save(target);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-6 rounded-xl border border-line bg-deep/60 p-10">
      <TextField
        label={t('cashout.autoTarget')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value.replace(/[^\d.,]/g, ''))}
      />
      <div className="flex gap-6">
        <button
          type="submit"
          disabled={busy || !text.trim()}
          className="btn-gold min-h-44 flex-1 rounded-xl text-sm font-bold disabled:opacity-50"
        >
          {t('cashout.autoSave')}
        </button>
        {bet.autoCashout !== null ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void save(null)}
            className="min-h-44 flex-1 rounded-xl border border-line text-sm font-semibold text-muted"
          >
            {t('cashout.autoClear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
