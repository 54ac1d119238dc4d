import { ErrorCode, type TransferAnswer } from '@aposta/contracts';
import { isCurrency, MoneyError, parseMoney, toMajor } from '@aposta/money';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { FieldError, TextField } from '../../../components/ui/TextField';
import { refreshUserInfo } from '../../../lib/user-info';
import { ApiError } from '../../../lib/api';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { useJurisdictionAnswer } from '../../../lib/jurisdiction';
import { displayMoney, UNKNOWN_BALANCE } from '../../../lib/format';
import { submissionKeys } from '../../../lib/idempotency';
import { knownBalance, useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { checkTransfer, sendTransfer } from '../api/transfer';
import { useFieldErrors, type Placing } from '../../../lib/form-errors';

type Step = 'form' | 'confirm' | 'done';
type Field = 'username' | 'amount';

/**
 * Where a refusal of the check or the transfer goes: the receiver (unknown, look-up limit) beside the e-mail;
 * the amount (over the balance, limits: 400s the contract schema does not place) beside the amount; the
 * sender's own state (KYC, test account, transfers off) and a lost connection above the button.
 */
const PLACING: Placing<Field> = {
  schema: () => import('@aposta/contracts').then((m) => m.transferRequest),
  codes: {
    [ErrorCode.NOT_FOUND]: 'username',
    [ErrorCode.RATE_LIMITED]: 'username',
    [ErrorCode.INSUFFICIENT_BALANCE]: 'amount',
    [ErrorCode.FORBIDDEN]: 'form',
    0: 'form',
  },
  fallback: 'amount',
};

/**
 * Transfer to another player by username: form, confirmation step, then one request whose Idempotency-Key is
 * kept while the same submission is retried after a lost answer. Under the Brazilian profile (transfers between
 * players forbidden; the server refuses them too) the page says so and shows no form.
 */
export function TransferPage() {
  const jurisdiction = useJurisdictionAnswer();
  if (jurisdiction === 'default') return <TransferForm />;
  return jurisdiction === 'br' ? <TransfersOff /> : null;
}

function TransfersOff() {
  const { t } = useTranslation('transfer');
  return (
    <section
      className="flex flex-col items-center gap-16 px-24 py-56 text-center"
      aria-labelledby="transfer-off"
    >
      <h1 id="transfer-off" className="text-xl font-bold">
        {t('offTitle')}
      </h1>
      <p className="text-sm text-muted">{t('offText')}</p>
      <Link to="/conta" className="font-semibold text-gold underline-offset-4 hover:underline">
        {t('offBack')}
      </Link>
    </section>
  );
}

function TransferForm() {
  const { t } = useTranslation('transfer');
  const token = useSession((s) => s.token);
  // The stored copy of a previous visit is not shown as the money there: "R$ —" until the server answers.
  const balance = useSession(knownBalance);
  const lang = useAppState((s) => s.lang);
  const [username, setUsername] = useState('');
  const [amountText, setAmountText] = useState('');
  const [amount, setAmount] = useState(0);
  const [step, setStep] = useState<Step>('form');
  const [lost, setLost] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TransferAnswer | null>(null);
  const [receiver, setReceiver] = useState('');
  const keys = useRef(submissionKeys());
  const { errors, show, clear, place } = useFieldErrors<Field>();
  const entry = languageEntry(lang);
  const money = (major: number) => displayMoney(major, lang);

  if (!token) {
    return (
      <LoginFirst
        title={t('title')}
        text={t('loginFirst')}
        action={t('login')}
        onAction={() => openOverlay('login')}
      />
    );
  }

  /** Client checks, then the server's check of the receiver and the amount before the confirm step. */
  async function review(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!username.trim()) return place('username', t('usernamePrompt'));
    let minor = 0;
    try {
      minor = parseMoney(amountText, isCurrency(entry.currency) ? entry.currency : 'BRL', entry.locale);
    } catch (err) {
      if (!(err instanceof MoneyError)) throw err;
      // Something typed that is no amount ("0,001", "10,5,0"): said as such, not as a missing amount.
      if (amountText.trim()) return place('amount', t('amountInvalid'));
    }
    if (!(minor > 0)) return place('amount', t('amountPrompt'));
    // Over the balance is the server's to say: its message names the cash the player can send.
    const body = { username: username.trim().toLowerCase(), amount: toMajor(minor) };
    setBusy(true);
    try {
      setReceiver((await checkTransfer(body)).name);
      setAmount(body.amount);
      setStep('confirm');
    } catch (err) {
      await show(err, body, PLACING);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (busy) return;
    const body = { username: username.trim().toLowerCase(), amount };
    const key = keys.current.keyFor(body);
    setBusy(true);
    try {
      setResult(await sendTransfer(body, key));
      keys.current.settle();
      setLost(false);
      setStep('done');
      void refreshUserInfo();
    } catch (err) {
      // No answer: the same submission may be retried under the same key. A refusal ends it.
      const noAnswer = err instanceof ApiError && err.status === 0;
      setLost(noAnswer);
      if (!noAnswer) {
        keys.current.settle();
        setStep('form');
        // An unknown receiver, a refused amount: beside the field it concerns (the receiver by default).
        await show(err, body, PLACING);
      }
    } finally {
      setBusy(false);
    }
  }

  function again() {
    setUsername('');
    setAmountText('');
    setResult(null);
    setStep('form');
  }

  return (
    <section className="flex flex-col gap-14 p-16" aria-labelledby="transfer-title">
      <h1 id="transfer-title" className="text-xl font-bold">
        {t('title')}
      </h1>
      {step === 'form' ? (
        <form onSubmit={(e) => void review(e)} noValidate className="flex flex-col gap-14">
          <p className="text-sm text-muted">{t('text')}</p>
          <p className="text-sm" aria-busy={balance === null}>
            {t('available', { amount: balance === null ? UNKNOWN_BALANCE : money(balance) })}
          </p>
          <TextField
            label={t('username')}
            name="username"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            maxLength={254}
            placeholder={t('usernamePrompt')}
            value={username}
            error={errors.username}
            onChange={(e) => {
              setUsername(e.target.value.toLowerCase());
              clear('username');
            }}
          />
          <TextField
            label={t('amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('amountPrompt')}
            value={amountText}
            error={errors.amount}
            onChange={(e) => {
              setAmountText(e.target.value.replace(/[^\d.,]/g, ''));
              clear('amount');
            }}
          />
          <FieldError message={errors.form} />
          <Button type="submit" className="w-full text-lg" disabled={busy}>
            {t('next')}
          </Button>
        </form>
      ) : null}
      {step === 'confirm' ? (
        <div className="flex flex-col gap-14" role="group" aria-labelledby="transfer-confirm">
          <h2 id="transfer-confirm" className="text-lg font-semibold">
            {t('confirmTitle')}
          </h2>
          {/* One row per line: the e-mail gets the card's width instead of the column the longest label leaves. */}
          <dl className="flex flex-col gap-8 rounded-xl border border-line bg-deep/70 p-14">
            <div className="flex items-baseline justify-between gap-12">
              <dt className="shrink-0 text-muted">{t('to')}</dt>
              <dd className="min-w-0 break-all text-right font-semibold" data-testid="transfer-receiver">
                {receiver}
                <span className="block text-xs font-normal text-muted">{username.trim().toLowerCase()}</span>
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-12">
              <dt className="text-muted">{t('amount')}</dt>
              <dd className="text-right text-lg font-bold text-gold">{money(amount)}</dd>
            </div>
          </dl>
          <div className="grid grid-cols-2 gap-10">
            <Button variant="outline" onClick={() => setStep('form')} disabled={busy}>
              {t('back')}
            </Button>
            <Button onClick={() => void confirm()} disabled={busy}>
              {lost ? t('retry') : t('confirm')}
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'done' && result ? (
        <div className="flex flex-col gap-14" role="status">
          <p className="rounded-xl border border-mint/40 bg-mint/10 p-14 text-center text-base text-mint">
            {t('success', { amount: money(result.amount), user: result.username })}
          </p>
          <Button variant="outline" onClick={again} className="w-full">
            {t('again')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
