import {
  normalizeCpf,
  PAY_CARD_BANKS,
  type GetWithdrawAnswer,
  type PayCardBank,
  type WithdrawRequest,
} from '@aposta/contracts';
import { formatAmount, isCurrency, mulDiv, readAmount, toMajor, toMinor } from '@aposta/money';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { useFieldErrors } from '../../../lib/form-errors';
import { refreshUserInfo } from '../../../lib/user-info';
import { ApiError } from '../../../lib/api';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney, UNKNOWN_BALANCE } from '../../../lib/format';
import { submissionKeys } from '../../../lib/idempotency';
import { go } from '../../../lib/navigation';
import { knownBalance, useSession } from '../../../lib/session';
import { alertMessage, closeOverlay } from '../../../lib/ui';
import { useWithdrawLimits } from '../api/get-withdraw';
import { requestWithdrawal } from '../api/withdraw';
import {
  payoutComplete,
  payoutKeyError,
  whatsappError,
  withdrawVerdict,
  type Payout,
} from './withdraw-rules';
import { useJurisdiction } from '../../../lib/jurisdiction';

const EMPTY: Payout = { payCardNo: '', name: '', whatsapp: '' };

function fromCardInfo(limits: GetWithdrawAnswer | undefined, type: PayCardBank): Payout {
  const entry = limits?.cardInfo[type];
  return entry ? { payCardNo: entry.payCardNo, name: entry.name, whatsapp: entry.whatsapp } : EMPTY;
}

/** A CPF as people write it: 529.982.247-25. */
function cpfText(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

/** The request body: for CPF and CNPJ the ifsc field carries the key, for USDT the rate (spec section 5). */
function requestBody(type: PayCardBank, payout: Payout, amount: number, usdtRate: number): WithdrawRequest {
  const payCardNo = payout.payCardNo.trim();
  return {
    payCardBank: type,
    payCardNo,
    ifsc: type === 'USDT' ? String(usdtRate) : payCardNo,
    name: payout.name.trim(),
    amount: toMajor(amount),
    whatsapp: payout.whatsapp.trim(),
  };
}

/** What the player receives: amount less the fee, or for USDT amount / rate - 1 (the network fee). */
function receiveText(
  amount: number,
  limits: GetWithdrawAnswer,
  type: PayCardBank,
  money: (minor: number) => string,
  t: (k: string, o?: Record<string, unknown>) => string,
) {
  if (type === 'USDT') {
    if (!(limits.usdtRate > 0)) return '';
    const usdtCents = mulDiv(amount, 1_000_000, Math.round(limits.usdtRate * 1_000_000), 'down') - 100;
    return t('withdraw.receiveUsdt', {
      usdt: (Math.max(0, usdtCents) / 100).toFixed(2),
      rate: limits.usdtRate,
    });
  }
  const fee = mulDiv(amount, Math.round(limits.serviceAmount * 10_000), 10_000, 'down');
  return t('withdraw.receive', { amount: money(amount - fee) });
}

/**
 * The withdrawal tab: limits from getWithdraw, the amount capped to the balance, the payout type (USDT only
 * for lx '20'), the six checks in order, the payout-info panel, then the request with an Idempotency-Key.
 */
export function WithdrawPanel() {
  const { t } = useTranslation('wallet');
  const lang = useAppState((s) => s.lang);
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  // The same cache entry as the wallet page's: asked again whenever the balance changes.
  const limits = useWithdrawLimits(token, user?.balance);
  const [type, setType] = useState<PayCardBank>('CPF');
  const [edited, setEdited] = useState<Partial<Record<PayCardBank, Payout>>>({});
  const [draft, setDraft] = useState<Payout | null>(null);
  const [amountText, setAmountText] = useState('');
  const [busy, setBusy] = useState(false);
  // A refused amount (minimum, maximum) shows under the amount; a payout field's message under that field.
  const [amountError, setAmountError] = useState<string>();
  const { errors, clear, place } = useFieldErrors<keyof Payout>();
  const keys = useRef(submissionKeys());

  const entry = languageEntry(lang);
  const currency = isCurrency(entry.currency) ? entry.currency : 'BRL';
  const money = (minor: number) => displayMoney(toMajor(minor), lang);
  // Until the server answers the balance (only a previous visit's copy is stored) it is shown as "R$ —" and caps
  // nothing: the server refuses an amount over the balance anyway.
  const known = useSession(knownBalance);
  const balance = known === null ? null : toMinor(Math.max(0, known));
  // The Brazilian profile pays only by PIX to the player's own CPF: no CNPJ key, no USDT.
  const br = useJurisdiction() === 'br';
  const types = PAY_CARD_BANKS.filter((b) => (br ? b === 'CPF' : b !== 'USDT' || user?.lx === '20'));
  // Under br payouts go to the player's own CPF only: with KYC done, the key is the KYC CPF, not editable (the
  // spec's default profile lets the player edit the key, editBank).
  const ownCpf = br && type === 'CPF' ? normalizeCpf(user?.cardNo ?? '') : null;
  const stored = edited[type] ?? fromCardInfo(limits.data, type);
  const payout = ownCpf ? { ...stored, payCardNo: ownCpf } : stored;

  const parseAmount = (text: string) => readAmount(text, currency, entry.locale);
  const amount = parseAmount(amountText);

  /**
   * The amount typed is capped to the balance (spec section 5), and says so; the keys typed after the cap (the
   * rest of "1.000,00") leave it as it is rather than run on after it ("49,60,00").
   */
  function changeAmount(text: string) {
    setAmountError(undefined);
    const cleaned = text.replace(/[^\d.,]/g, '');
    if (balance === null) {
      setAmountText(cleaned);
      return;
    }
    const minor = parseAmount(cleaned);
    const capped = formatAmount(balance, currency, entry.locale);
    const typedOn = amountText === capped && cleaned.length > capped.length && cleaned.startsWith(capped);
    const over = typedOn || (minor !== null && minor > balance);
    if (over && cleaned) {
      setAmountText(capped);
      setAmountError(t('withdraw.cappedToBalance', { amount: money(balance) }));
    } else setAmountText(cleaned);
  }

  async function send(p: Payout) {
    const data = limits.data;
    if (!data || amount === null || busy) return;
    const body = requestBody(type, p, amount, data.usdtRate);
    const key = keys.current.keyFor(body);
    setBusy(true);
    try {
      await requestWithdrawal(body, key);
      keys.current.settle();
      closeOverlay();
      void refreshUserInfo();
      go('/home');
      void alertMessage(t('withdraw.success'));
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) keys.current.settle();
    } finally {
      setBusy(false);
    }
  }

  function openPanel(p: Payout) {
    clear();
    setDraft(p);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!limits.data) return;
    const verdict = withdrawVerdict(limits.data, amount, type, payout);
    if (verdict.kind === 'refuse') {
      // The amount's own refusals beside the amount; the account's state (locked, none left) in an alert.
      if ('amount' in verdict) {
        const shown = formatAmount(verdict.amount, 'BRL', entry.locale);
        setAmountError(t(`withdraw.${verdict.key}`, { amount: shown }));
      } else void alertMessage(t(`withdraw.${verdict.key}`));
    } else if (verdict.kind === 'panel') openPanel(payout);
    else void send(payout);
  }

  function confirmPayout(e: FormEvent) {
    e.preventDefault();
    if (!draft) return;
    if (!payoutComplete(type, draft)) {
      const missing = (['payCardNo', 'name', 'whatsapp'] as const).find(
        (f) => !draft[f].trim() && (f !== 'name' || type !== 'USDT'),
      );
      return place(missing ?? 'form', t('withdraw.fill'));
    }
    const keyError = payoutKeyError(type, draft.payCardNo);
    if (keyError) return place('payCardNo', t(`withdraw.${keyError}`));
    const phoneError = whatsappError(draft.whatsapp);
    if (phoneError) return place('whatsapp', t(`withdraw.${phoneError}`));
    setEdited((s) => ({ ...s, [type]: draft }));
    setDraft(null);
    const verdict = limits.data ? withdrawVerdict(limits.data, amount, type, draft) : null;
    if (verdict?.kind === 'send') void send(draft);
  }

  const accountLabel =
    type === 'CPF'
      ? t('withdraw.accountCpf')
      : type === 'CNPJ'
        ? t('withdraw.accountCnpj')
        : t('withdraw.accountUsdt');

  function editDraft(field: keyof Payout, value: string) {
    if (draft) setDraft({ ...draft, [field]: value });
    clear(field);
  }

  if (draft) {
    return (
      <form
        onSubmit={confirmPayout}
        noValidate
        className="flex flex-col gap-12 p-16"
        aria-labelledby="payout-title"
      >
        <h3 id="payout-title" className="text-lg font-semibold">
          {t('withdraw.payout')} · {t(`withdraw.${type.toLowerCase() as 'cpf' | 'cnpj' | 'usdt'}`)}
        </h3>
        {/* The request this step confirms: its amount and what arrives, as the form showed them. */}
        {amount !== null && limits.data ? (
          <p className="rounded-xl border border-line bg-deep/70 p-12 text-sm" data-testid="payout-amount">
            {t('withdraw.amount')} <b className="text-gold">{money(amount)}</b>
            <span className="block text-xs text-muted">
              {receiveText(amount, limits.data, type, money, t)}
            </span>
          </p>
        ) : null}
        <TextField
          label={accountLabel}
          name="payCardNo"
          aria-required
          autoComplete="off"
          maxLength={64}
          value={ownCpf ? cpfText(ownCpf) : draft.payCardNo}
          readOnly={Boolean(ownCpf)}
          aria-describedby={ownCpf ? 'payout-own-cpf' : undefined}
          data-autofocus={ownCpf ? undefined : true}
          error={errors.payCardNo}
          onChange={(e) => editDraft('payCardNo', e.target.value)}
          inputMode={type === 'USDT' ? 'text' : 'numeric'}
          className={ownCpf ? '[&_input]:text-muted' : ''}
          below={
            ownCpf ? (
              <p id="payout-own-cpf" className="mt-4 text-xs text-muted">
                {t('withdraw.ownCpf')}
              </p>
            ) : null
          }
        />
        {type === 'USDT' ? null : (
          <TextField
            label={t('withdraw.holder')}
            name="holder"
            aria-required
            autoComplete="name"
            maxLength={100}
            value={draft.name}
            data-autofocus={ownCpf ? true : undefined}
            error={errors.name}
            onChange={(e) => editDraft('name', e.target.value)}
          />
        )}
        <TextField
          label={t('withdraw.whatsapp')}
          name="whatsapp"
          type="tel"
          autoComplete="tel"
          maxLength={32}
          aria-required
          // The form it is read in (DDD and number): said before a wrong one is refused.
          placeholder="(11) 91234-5678"
          value={draft.whatsapp}
          error={errors.whatsapp ?? errors.form}
          onChange={(e) => editDraft('whatsapp', e.target.value.replace(/[^\d+ ()-]/g, ''))}
        />
        {/* Back takes its own width, the main action the rest: its label stays on one line. */}
        <div className="grid grid-cols-[auto_1fr] gap-10">
          <Button variant="outline" onClick={() => setDraft(null)}>
            {t('withdraw.back')}
          </Button>
          <Button type="submit" disabled={busy} className="whitespace-nowrap">
            {t('withdraw.confirmPayout')}
          </Button>
        </div>
      </form>
    );
  }

  const data = limits.data;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-12 p-16">
      <dl className="grid grid-cols-2 gap-8 rounded-xl border border-line bg-deep/70 p-12">
        <div>
          <dt className="text-xs text-muted">{t('withdraw.balance')}</dt>
          <dd
            className="text-lg font-bold text-gold"
            data-testid="withdraw-balance"
            aria-busy={balance === null}
          >
            {balance === null ? UNKNOWN_BALANCE : money(balance)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('withdraw.withdrawable')}</dt>
          <dd className="text-lg font-bold text-mint" data-testid="withdraw-wd">
            {data ? money(toMinor(data.wdAmount)) : '—'}
          </dd>
          {data && data.wagerDue > 0 ? (
            <dd className="text-xs text-muted" data-testid="withdraw-wager-due">
              {t('withdraw.wagerDue', { amount: money(toMinor(data.wagerDue)) })}
            </dd>
          ) : null}
          {/* An amount above zero but under the minimum cannot leave: said here, not only after "Sacar". */}
          {data && data.wdAmount > 0 && data.wdAmount < data.limitAmount ? (
            <dd className="text-xs text-muted" data-testid="withdraw-below-minimum">
              {t('withdraw.belowMinimum', { amount: money(toMinor(data.limitAmount)) })}
            </dd>
          ) : null}
        </div>
        {/* A sports bet placed now leaves the figure above unchanged until it is settled: said, so the player
            does not take it for a bet that did not count. */}
        {data && data.wagerDue > 0 ? (
          <p className="col-span-2 text-xs text-muted" data-testid="withdraw-wager-counts">
            {t('withdraw.wagerCounts')}
          </p>
        ) : null}
        {data ? (
          <p className="col-span-2 text-xs text-muted">
            {t('withdraw.left', { count: data.number })} ·{' '}
            {t('withdraw.fee', { percent: Math.round(data.serviceAmount * 10_000) / 100 })}
          </p>
        ) : null}
      </dl>

      <fieldset>
        <legend className="mb-6 text-sm text-muted">{t('withdraw.type')}</legend>
        <div
          role="radiogroup"
          aria-label={t('withdraw.type')}
          className={`grid gap-8 ${types.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}
        >
          {types.map((b) => (
            <button
              key={b}
              type="button"
              role="radio"
              aria-checked={type === b}
              onClick={() => setType(b)}
              className={`min-h-44 rounded-xl border px-6 text-sm font-semibold ${type === b ? 'border-gold bg-gold/15 text-gold' : 'border-line bg-raised/50 text-text'}`}
            >
              {t(`withdraw.${b.toLowerCase() as 'cpf' | 'cnpj' | 'usdt'}`)}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="flex min-h-56 items-center gap-10 rounded-xl border border-line bg-raised/40 px-12 py-8">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted">{t('withdraw.payout')}</p>
          {payout.payCardNo ? (
            <p className="truncate text-sm" data-testid="payout-summary">
              {type === 'CPF' ? cpfText(payout.payCardNo) : payout.payCardNo}
              {payout.name ? ` · ${payout.name}` : ''}
            </p>
          ) : (
            <p className="text-sm text-muted">{t('withdraw.payoutMissing')}</p>
          )}
          {ownCpf ? <p className="text-xs text-muted">{t('withdraw.ownCpf')}</p> : null}
        </div>
        <button
          type="button"
          onClick={() => openPanel(payout)}
          className="min-h-44 rounded-lg border border-line px-12 text-sm text-gold"
        >
          {t(payout.payCardNo ? 'withdraw.payoutEdit' : 'withdraw.payoutAdd')}
        </button>
      </div>

      <TextField
        label={t('withdraw.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        // The limits are a hint that stays visible (a placeholder this long was cut, and goes once typing starts).
        placeholder={formatAmount(0, currency, entry.locale)}
        aria-describedby={data ? 'withdraw-limits' : undefined}
        value={amountText}
        error={amountError}
        onChange={(e) => changeAmount(e.target.value)}
        trailing={
          <button
            type="button"
            onClick={() =>
              changeAmount(
                formatAmount(
                  Math.min(balance ?? Infinity, toMinor(data?.wdAmount ?? 0)),
                  currency,
                  entry.locale,
                ),
              )
            }
            className="min-h-44 px-12 text-sm font-semibold text-gold"
          >
            {t('withdraw.all')}
          </button>
        }
        below={
          data ? (
            <>
              <p id="withdraw-limits" className="mt-4 text-xs text-muted">
                {t('withdraw.amountHint', {
                  min: money(toMinor(data.limitAmount)),
                  max: money(toMinor(data.maxAmount)),
                })}
              </p>
              {/* What it pays only for an amount it can pay (within the withdrawable amount and the limits). */}
              {amount !== null &&
              amount <= toMinor(data.wdAmount) &&
              amount >= toMinor(data.limitAmount) &&
              amount <= toMinor(data.maxAmount) ? (
                <p className="mt-2 text-xs text-muted">{receiveText(amount, data, type, money, t)}</p>
              ) : null}
            </>
          ) : null
        }
      />

      {data?.bonus ? (
        <p
          role="note"
          className="rounded-xl border border-gold/30 bg-gold/10 p-10 text-xs"
          data-testid="withdraw-bonus"
        >
          {t('withdraw.bonusKept', {
            amount: money(toMinor(data.bonus.amount)),
            due: money(toMinor(data.bonus.wagerDue)),
          })}
        </p>
      ) : null}
      <Button type="submit" disabled={!data || busy} className="w-full text-lg" data-testid="withdraw-submit">
        {t('withdraw.submit')}
      </Button>
      <p className="text-center text-xs text-muted">{t('withdraw.fastest')}</p>
    </form>
  );
}
