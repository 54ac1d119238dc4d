import {
  RG_COOLOFF_DAYS,
  RG_KINDS,
  RG_MAX_AMOUNT,
  RG_MAX_BETS,
  RG_MAX_MINUTES,
  RG_NATIONAL_SELF_EXCLUSION_URL,
  RG_PERIODS,
  RG_REALITY_MINUTES,
  type RgExclusion,
  type RgExclusionRequest,
  type RgKind,
  type RgLimitsRequest,
  type RgPeriod,
} from '@aposta/contracts';
import { isCurrency, MoneyError, parseMoney, readAmount, toMajor, toMinor } from '@aposta/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayDateTime, displayMoney, UNKNOWN_BALANCE } from '../../../lib/format';
import { knownBalance, useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { keepLimits, saveLimits, startExclusion, useRgLimits } from '../api/rg';

/** A limit field's key, `kind.period`; the reality check's field is 'reality'. */
type FieldKey = `${RgKind}.${RgPeriod}`;
const REALITY = 'reality';

const SELF_LENGTHS = [
  { key: 'months6', days: 180 },
  { key: 'year1', days: 365 },
  { key: 'years2', days: 730 },
  { key: 'forever', days: null },
] as const;

const fieldId = (key: string) => `rg-${key.replace('.', '-')}`;

/** A whole number typed as digits alone ("10 minutos", "2.5", "-3" and "😀" are not), else NaN. */
function wholeNumber(text: string): number {
  const raw = text.trim();
  return /^\d+$/.test(raw) ? Number(raw) : NaN;
}

/**
 * "Jogo responsável" (/jogoResponsavel): deposit, loss, stake, time and number-of-bets limits per day, week and
 * month (a lower limit at once; a higher one shown as waiting 24 hours, and cancellable until then), the
 * reality-check interval, a cool-off or self-exclusion after a confirmation (the server signs the player out
 * everywhere; `onExcluded` gets the exclusion, says until when and clears this device), and the national
 * self-exclusion platform (its link as the server answers it: the operators' setting `rg.nationalSelfExclusionUrl`).
 */
export function ResponsibleGamingPage({
  onExcluded,
}: {
  onExcluded: (exclusion: RgExclusion) => void | Promise<void>;
}) {
  const { t } = useTranslation('rg');
  const { t: tc } = useTranslation();
  const token = useSession((s) => s.token);
  // Null until the server has told the balance ("R$ —"): the offer to withdraw stands, without a past visit's figure.
  const balance = useSession(knownBalance);
  // Only a verified CPF is paid out during a self-exclusion (the payout goes to that CPF's PIX key).
  const verified = useSession((s) => s.user?.kyc === 1);
  const lang = useAppState((s) => s.lang);
  const limits = useRgLimits(token);
  /**
   * Only what the player typed, by field: the other fields show the limits in force as the server answers
   * them, so nothing typed before they loaded (or before a refresh) can send an old or empty value.
   */
  const [edited, setEdited] = useState<ReadonlyMap<FieldKey, string>>(new Map());
  /** The fields the player must correct, by key: each message on its own field. */
  const [bad, setBad] = useState<ReadonlyMap<string, string>>(new Map());
  const [reality, setReality] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<'cooloff' | 'self'>('cooloff');
  const [days, setDays] = useState('7');
  const [daysError, setDaysError] = useState('');
  const [selfLength, setSelfLength] = useState<(typeof SELF_LENGTHS)[number]['key']>('months6');
  const [confirming, setConfirming] = useState(false);
  const [exclusionNote, setExclusionNote] = useState('');

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

  const data = limits.data;
  const entry = languageEntry(lang);
  const currency = isCurrency(entry.currency) ? entry.currency : 'BRL';
  // The limits in force as the player would type them: the locale's decimal sign, no grouping.
  const plain = new Intl.NumberFormat(entry.locale, { useGrouping: false, maximumFractionDigits: 2 });
  const count = (n: number) => new Intl.NumberFormat(entry.locale).format(n);
  const textOf = (kind: RgKind, period: RgPeriod) => {
    const typed = edited.get(`${kind}.${period}`);
    if (typed !== undefined) return typed;
    const v = data?.[kind][period].value;
    return v == null ? '' : plain.format(v);
  };
  const realityText = reality ?? (data?.realityCheckMinutes ? String(data.realityCheckMinutes) : '');
  const time = (iso: string) => displayDateTime(iso, lang);
  const amount = (kind: RgKind, v: number | null) =>
    v === null
      ? t('none')
      : kind === 'time'
        ? `${v} min`
        : kind === 'bets'
          ? count(v)
          : displayMoney(v, lang);

  /** '' = no limit (null); otherwise a limit the server accepts, or the message for its field. */
  function readLimit(
    text: string,
    kind: RgKind,
    period: RgPeriod,
  ): { value: number | null } | { error: string } {
    const raw = text.trim();
    if (!raw) return { value: null };
    if (kind === 'time') {
      const max = RG_MAX_MINUTES[period];
      const n = wholeNumber(raw);
      return n >= 1 && n <= max ? { value: n } : { error: t('minutesRange', { max: count(max) }) };
    }
    if (kind === 'bets') {
      const n = wholeNumber(raw);
      return n >= 1 && n <= RG_MAX_BETS
        ? { value: n }
        : { error: t('countRange', { max: count(RG_MAX_BETS) }) };
    }
    const tooLarge = { error: t('tooLarge', { max: displayMoney(RG_MAX_AMOUNT, lang) }) };
    const minor = readAmount(raw, currency, entry.locale);
    if (minor === null) return beyondMoney(raw) ? tooLarge : { error: t('invalid') };
    return minor > toMinor(RG_MAX_AMOUNT, currency) ? tooLarge : { value: toMajor(minor, currency) };
  }

  /**
   * A shorter period's limit above a longer one's (R$ 500 a day, R$ 200 a week) is allowed but never binds: the
   * lower one stops first. Said under the kind, from what is typed or else in force, so the player is not misled.
   */
  function overlap(kind: RgKind): 'dayWeek' | 'dayMonth' | 'weekMonth' | null {
    const v = (period: RgPeriod) => {
      const typed = edited.get(`${kind}.${period}`);
      if (typed === undefined) return data?.[kind][period].value ?? null;
      const read = readLimit(typed, kind, period);
      return 'value' in read ? read.value : null;
    };
    const [day, week, month] = RG_PERIODS.map(v);
    if (day !== null && week !== null && day > week) return 'dayWeek';
    if (day !== null && month !== null && day > month) return 'dayMonth';
    if (week !== null && month !== null && week > month) return 'weekMonth';
    return null;
  }

  /** The reality check's interval: null when empty (none), NaN when out of range or not whole minutes. */
  function readReality(text: string): number | null {
    const n = wholeNumber(text);
    return text.trim() === '' ? null : n >= RG_REALITY_MINUTES.min && n <= RG_REALITY_MINUTES.max ? n : NaN;
  }

  /** An amount too large for money itself (R$ 100 billion and more) is still "too large", not "invalid". */
  function beyondMoney(raw: string): boolean {
    try {
      parseMoney(raw, currency, entry.locale);
      return false;
    } catch (err) {
      return err instanceof MoneyError && err.reason === 'tooLarge';
    }
  }

  function refused(err: unknown) {
    // A refusal about one limit (above the operator's) goes on its field; any other under the form.
    const about = err instanceof ApiError ? (err.data as { kind?: string; period?: string } | null) : null;
    if (err instanceof ApiError && about?.kind && about.period) {
      setBad(new Map([[`${about.kind}.${about.period}`, err.message]]));
      setNote('');
    } else setNote(err instanceof ApiError ? err.message : String(err));
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy || !data) return;
    const body: RgLimitsRequest = {};
    const wrong = new Map<string, string>();
    for (const kind of RG_KINDS) {
      for (const period of RG_PERIODS) {
        const typed = edited.get(`${kind}.${period}`);
        if (typed === undefined) continue;
        const read = readLimit(typed, kind, period);
        if ('error' in read) wrong.set(`${kind}.${period}`, read.error);
        // An unchanged value is not sent: the server would read it as cancelling a pending change.
        else if (read.value !== data[kind][period].value)
          body[kind] = { ...body[kind], [period]: read.value };
      }
    }
    if (reality !== null) {
      const r = readReality(reality);
      if (Number.isNaN(r)) wrong.set(REALITY, t('realityInvalid', RG_REALITY_MINUTES));
      else if (r !== data.realityCheckMinutes) body.realityCheckMinutes = r;
    }
    setBad(wrong);
    if (wrong.size) {
      setNote('');
      document.getElementById(fieldId([...wrong.keys()][0]!))?.focus();
      return;
    }
    if (!Object.keys(body).length) {
      setEdited(new Map());
      setReality(null);
      setNote(t('unchanged'));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveLimits(body);
      keepLimits(token, saved);
      setEdited(new Map());
      setReality(null);
      setNote(t('saved'));
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  /** Sending the limit in force again cancels the change waiting for its 24 hours (the server's rule). */
  async function cancelPending(kind: RgKind, period: RgPeriod) {
    if (busy || !data) return;
    const key: FieldKey = `${kind}.${period}`;
    const body: RgLimitsRequest = {};
    body[kind] = { [period]: data[kind][period].value };
    setBusy(true);
    try {
      const saved = await saveLimits(body);
      keepLimits(token, saved);
      setEdited((m) => new Map([...m].filter(([k]) => k !== key)));
      setBad((m) => new Map([...m].filter(([k]) => k !== key)));
      setNote(t('pendingCancelled'));
      // The button is gone with the pending change: keep the focus on its limit.
      document.getElementById(fieldId(key))?.focus();
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  /** The request the confirmation is about; a cool-off's days are checked before it opens. */
  function exclusionRequest(): RgExclusionRequest | null {
    if (kind === 'self') {
      const length = SELF_LENGTHS.find((l) => l.key === selfLength)!;
      return length.days === null ? { kind } : { kind, days: length.days };
    }
    const n = wholeNumber(days);
    return n >= RG_COOLOFF_DAYS.min && n <= RG_COOLOFF_DAYS.max ? { kind, days: n } : null;
  }

  function openConfirmation() {
    if (!exclusionRequest()) {
      setDaysError(t('daysRange', RG_COOLOFF_DAYS));
      document.getElementById('rg-days')?.focus();
      return;
    }
    setExclusionNote('');
    setConfirming(true);
  }

  /** Any change to what is being confirmed closes the confirmation: it is asked again for the new choice. */
  function rechoose(change: () => void) {
    change();
    setConfirming(false);
  }

  async function exclude() {
    const request = exclusionRequest();
    if (busy || !request) return;
    setBusy(true);
    let answer: RgExclusion;
    try {
      answer = await startExclusion(request);
    } catch (err) {
      setConfirming(false);
      setExclusionNote(err instanceof ApiError ? err.message : String(err));
      setBusy(false);
      return;
    }
    // Still busy while `onExcluded` tells the player until when: nothing here is to be pressed again.
    await onExcluded(answer);
    setBusy(false);
  }

  const selfText = t(selfLength);
  const confirmedDays = wholeNumber(days);
  return (
    <section className="flex flex-col gap-16 px-16 py-16" aria-labelledby="rg-title">
      <h1 id="rg-title" className="text-xl font-bold">
        {t('title')}
      </h1>
      <p className="text-sm text-muted">{t('intro')}</p>
      {data?.exclusion ? (
        <p role="status" className="rounded-xl border border-rose/50 p-12 text-sm text-rose">
          {data.exclusion.endsAt
            ? t('excludedUntil', { time: time(data.exclusion.endsAt) })
            : t('excludedForever')}
        </p>
      ) : null}

      {data ? null : limits.isError ? (
        <div role="alert" className="flex items-center gap-8 text-sm text-rose">
          {tc('common.loadFailed')}
          <Button variant="outline" onClick={() => void limits.refetch()}>
            {tc('common.retry')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted">
          {tc('common.loading')}
        </p>
      )}

      <form onSubmit={(e) => void save(e)} className="flex flex-col gap-16" noValidate>
        {RG_KINDS.map((kind) => (
          <fieldset key={kind} className="rounded-xl border border-line p-12">
            <legend className="px-4 font-semibold">{t(`kind.${kind}`)}</legend>
            <div className="grid grid-cols-3 gap-8">
              {RG_PERIODS.map((period) => {
                const limit = data?.[kind][period];
                const key: FieldKey = `${kind}.${period}`;
                const name = `${t(`kind.${kind}`)} · ${t(`period.${period}`)}`;
                return (
                  <div key={period}>
                    <TextField
                      // The fieldset's legend names the kind: the visible label is the period alone (three
                      // columns on a phone), the accessible name both.
                      label={t(`period.${period}`)}
                      aria-label={name}
                      id={fieldId(key)}
                      inputMode={kind === 'time' || kind === 'bets' ? 'numeric' : 'decimal'}
                      disabled={!data}
                      value={textOf(kind, period)}
                      error={bad.get(key)}
                      onChange={(e) => {
                        const text = e.target.value;
                        setEdited((m) => new Map(m).set(key, text));
                        if (bad.has(key)) setBad(new Map([...bad].filter(([k]) => k !== key)));
                      }}
                      // Said when the field is left, not only when the form is sent.
                      onBlur={() => {
                        const typed = edited.get(key);
                        const read = typed === undefined ? null : readLimit(typed, kind, period);
                        if (read && 'error' in read) setBad((m) => new Map(m).set(key, read.error));
                      }}
                    />
                    {limit ? (
                      <p className="mt-4 text-xs text-muted">
                        {t('used', { used: amount(kind, limit.used) })}
                        {limit.operatorValue != null ? (
                          <span className="block text-gold" data-testid="operator-limit">
                            {t('operator', { value: amount(kind, limit.operatorValue) })}
                          </span>
                        ) : null}
                        {limit.pending ? (
                          <>
                            <span className="block text-gold">
                              {t('pending', {
                                value: amount(kind, limit.pending.value),
                                time: time(limit.pending.effectiveAt),
                              })}
                            </span>
                            <button
                              type="button"
                              className="mt-2 min-h-32 text-left text-xs text-text underline disabled:opacity-45"
                              // Several may show at once: the accessible name says which limit.
                              aria-label={`${t('cancelPending')} · ${name}`}
                              disabled={busy}
                              onClick={() => void cancelPending(kind, period)}
                            >
                              {t('cancelPending')}
                            </button>
                          </>
                        ) : null}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
            <OverlapNote kind={kind} which={overlap(kind)} />
          </fieldset>
        ))}
        <TextField
          label={t('reality')}
          hint={t('realityHint')}
          id={fieldId(REALITY)}
          inputMode="numeric"
          disabled={!data}
          value={realityText}
          error={bad.get(REALITY)}
          onChange={(e) => {
            setReality(e.target.value);
            if (bad.has(REALITY)) setBad(new Map([...bad].filter(([k]) => k !== REALITY)));
          }}
          onBlur={() => {
            if (reality !== null && Number.isNaN(readReality(reality)))
              setBad((m) => new Map(m).set(REALITY, t('realityInvalid', RG_REALITY_MINUTES)));
          }}
        />
        {note ? (
          <p role="status" className="text-sm">
            {note}
          </p>
        ) : null}
        <Button type="submit" disabled={busy || !data}>
          {t('save')}
        </Button>
      </form>

      <section className="flex flex-col gap-12 rounded-xl border border-line p-12" aria-labelledby="rg-pause">
        <h2 id="rg-pause" className="font-semibold">
          {t('pauseTitle')}
        </h2>
        <div className="flex gap-16 text-sm">
          <label className="flex items-center gap-6">
            <input
              type="radio"
              name="rg-kind"
              checked={kind === 'cooloff'}
              onChange={() => rechoose(() => setKind('cooloff'))}
            />
            {t('cooloff')}
          </label>
          <label className="flex items-center gap-6">
            <input
              type="radio"
              name="rg-kind"
              checked={kind === 'self'}
              onChange={() =>
                rechoose(() => {
                  setKind('self');
                  setDaysError('');
                })
              }
            />
            {t('self')}
          </label>
        </div>
        {kind === 'cooloff' ? (
          <TextField
            label={t('days')}
            id="rg-days"
            inputMode="numeric"
            value={days}
            error={daysError || undefined}
            onChange={(e) => {
              const text = e.target.value;
              rechoose(() => {
                setDays(text);
                setDaysError('');
              });
            }}
          />
        ) : (
          <label className="flex flex-col gap-4 text-sm text-muted">
            {t('selfLength')}
            <select
              className="min-h-44 rounded-xl border border-line bg-deep/80 px-8 text-text"
              value={selfLength}
              onChange={(e) => {
                const length = e.target.value as typeof selfLength;
                rechoose(() => setSelfLength(length));
              }}
            >
              {SELF_LENGTHS.map((l) => (
                <option key={l.key} value={l.key}>
                  {t(l.key)}
                </option>
              ))}
            </select>
          </label>
        )}
        {exclusionNote ? (
          <p role="alert" className="text-sm text-rose">
            {exclusionNote}
          </p>
        ) : null}
        {confirming ? (
          <div role="alertdialog" aria-labelledby="rg-confirm" className="flex flex-col gap-8">
            <h3 id="rg-confirm" className="font-semibold">
              {t('confirmTitle')}
            </h3>
            <p className="text-sm">
              {kind === 'cooloff'
                ? t('confirmCooloff', { days: confirmedDays })
                : t('confirmSelf', { length: selfText })}
            </p>
            {balance === null || balance > 0 ? (
              // Signed out during the pause, the player cannot come back to withdraw: offer it now.
              <div
                className="flex flex-col gap-8 rounded-xl border border-gold/50 p-8 text-sm"
                data-testid="rg-balance"
              >
                <p>
                  {t(
                    kind === 'cooloff'
                      ? 'balanceCooloff'
                      : verified
                        ? 'balanceSelf'
                        : 'balanceSelfUnverified',
                    {
                      balance: balance === null ? UNKNOWN_BALANCE : displayMoney(balance, lang),
                    },
                  )}
                </p>
                <Button variant="outline" onClick={() => openOverlay('withdraw')}>
                  {t('withdrawNow')}
                </Button>
              </div>
            ) : null}
            <div className="flex gap-8">
              <Button variant="danger" disabled={busy} onClick={() => void exclude()}>
                {t('confirm')}
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline" onClick={openConfirmation}>
            {t('start')}
          </Button>
        )}
      </section>

      <section className="text-sm">
        <a
          href={data?.nationalSelfExclusionUrl ?? RG_NATIONAL_SELF_EXCLUSION_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-44 items-center text-gold underline"
        >
          {t('national')}
        </a>
        <p className="text-muted">{t('nationalText')}</p>
      </section>
    </section>
  );
}

/** The note under a kind whose shorter period's limit is above a longer one's (see `overlap`). */
function OverlapNote({ kind, which }: { kind: RgKind; which: 'dayWeek' | 'dayMonth' | 'weekMonth' | null }) {
  const { t } = useTranslation('rg');
  if (!which) return null;
  return (
    <p className="mt-8 text-xs text-gold" data-testid={`rg-overlap-${kind}`}>
      {t(`overlap.${which}`)}
    </p>
  );
}
