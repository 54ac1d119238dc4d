import type { TransferAnswer } from '@aposta/contracts';
import { isCurrency, MoneyError, parseMoney, toMajor, toMinor } from '@aposta/money';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { TextField } from '../../../components/ui/TextField';
import { refreshUserInfo } from '../../../lib/user-info';
import { ApiError } from '../../../lib/api';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { submissionKeys } from '../../../lib/idempotency';
import { useSession } from '../../../lib/session';
import { alertMessage, openOverlay } from '../../../lib/ui';
import { sendTransfer } from '../api/transfer';
import { useFieldErrors } from '../../../lib/form-errors';

type Step = 'form' | 'confirm' | 'done';

/**
 * Transfer to another player by username: form, confirmation step, then one request whose Idempotency-Key is
 * kept while the same submission is retried after a lost answer.
 */
export function TransferPage() {
  const { t } = useTranslation('wallet');
  const token = useSession((s) => s.token);
  const balance = useSession((s) => s.user?.balance ?? 0);
  const lang = useAppState((s) => s.lang);
  const [username, setUsername] = useState('');
  const [amountText, setAmountText] = useState('');
  const [amount, setAmount] = useState(0);
  const [step, setStep] = useState<Step>('form');
  const [lost, setLost] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TransferAnswer | null>(null);
  const keys = useRef(submissionKeys());
  const { errors, show, clear } = useFieldErrors<'username' | 'amount'>();
  const entry = languageEntry(lang);
  const money = (major: number) => displayMoney(major, lang);

  if (!token) {
    return (
      <LoginFirst
        title={t('transfer.title')}
        text={t('conta.loginFirst')}
        action={t('conta.login')}
        onAction={() => openOverlay('login')}
      />
    );
  }

  function review(e: FormEvent) {
    e.preventDefault();
    if (!username.trim()) return void alertMessage(t('transfer.usernamePrompt'));
    let minor = 0;
    try {
      minor = parseMoney(amountText, isCurrency(entry.currency) ? entry.currency : 'BRL', entry.locale);
    } catch (err) {
      if (!(err instanceof MoneyError)) throw err;
    }
    if (!(minor > 0)) return void alertMessage(t('transfer.amountPrompt'));
    if (minor > toMinor(Math.max(0, balance))) return void alertMessage(t('transfer.checkInput'));
    setAmount(toMajor(minor));
    setStep('confirm');
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
        await show(err, body, {
          schema: () => import('@aposta/contracts').then((m) => m.transferRequest),
          fallback: 'username',
        });
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
        {t('transfer.title')}
      </h1>
      {step === 'form' ? (
        <form onSubmit={review} noValidate className="flex flex-col gap-14">
          <p className="text-sm text-muted">{t('transfer.text')}</p>
          <p className="text-sm">{t('transfer.available', { amount: money(balance) })}</p>
          <TextField
            label={t('transfer.username')}
            name="username"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            maxLength={254}
            placeholder={t('transfer.usernamePrompt')}
            value={username}
            error={errors.username}
            onChange={(e) => {
              setUsername(e.target.value.toLowerCase());
              clear('username');
            }}
          />
          <TextField
            label={t('transfer.amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('transfer.amountPrompt')}
            value={amountText}
            error={errors.amount}
            onChange={(e) => {
              setAmountText(e.target.value.replace(/[^\d.,]/g, ''));
              clear('amount');
            }}
          />
          <Button type="submit" className="w-full text-lg">
            {t('transfer.next')}
          </Button>
        </form>
      ) : null}
      {step === 'confirm' ? (
        <div className="flex flex-col gap-14" role="group" aria-labelledby="transfer-confirm">
          <h2 id="transfer-confirm" className="text-lg font-semibold">
            {t('transfer.confirmTitle')}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-12 gap-y-8 rounded-xl border border-line bg-deep/70 p-14">
            <dt className="text-muted">{t('transfer.to')}</dt>
            <dd className="break-all text-right font-semibold">{username.trim().toLowerCase()}</dd>
            <dt className="text-muted">{t('transfer.amount')}</dt>
            <dd className="text-right text-lg font-bold text-gold">{money(amount)}</dd>
          </dl>
          <div className="grid grid-cols-2 gap-10">
            <Button variant="outline" onClick={() => setStep('form')} disabled={busy}>
              {t('transfer.back')}
            </Button>
            <Button onClick={() => void confirm()} disabled={busy}>
              {lost ? t('transfer.retry') : t('transfer.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'done' && result ? (
        <div className="flex flex-col gap-14" role="status">
          <p className="rounded-xl border border-mint/40 bg-mint/10 p-14 text-center text-base text-mint">
            {t('transfer.success', { amount: money(result.amount), user: result.username })}
          </p>
          <Button variant="outline" onClick={again} className="w-full">
            {t('transfer.again')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
