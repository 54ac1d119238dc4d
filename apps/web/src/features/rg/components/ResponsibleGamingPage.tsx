import {
  RG_KINDS,
  RG_NATIONAL_SELF_EXCLUSION_URL,
  RG_PERIODS,
  type RgKind,
  type RgLimits,
  type RgLimitsRequest,
  type RgPeriod,
} from '@aposta/contracts';
import { parseMoney, toMajor } from '@aposta/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { limitsKey, saveLimits, startExclusion, useRgLimits } from '../api/rg';

type Texts = Record<RgKind, Record<RgPeriod, string>>;

const SELF_LENGTHS = [
  { key: 'months6', days: 180 },
  { key: 'year1', days: 365 },
  { key: 'years2', days: 730 },
  { key: 'forever', days: null },
] as const;

/** The form's texts from the limits in force (money with a decimal comma, time in minutes). */
function textsOf(limits: RgLimits | undefined): Texts {
  const texts = {} as Texts;
  for (const kind of RG_KINDS) {
    texts[kind] = {} as Record<RgPeriod, string>;
    for (const period of RG_PERIODS) {
      const v = limits?.[kind][period].value;
      texts[kind][period] = v === null || v === undefined ? '' : String(v).replace('.', ',');
    }
  }
  return texts;
}

/**
 * '' = no limit (null); otherwise a positive number: whole minutes, or money as a Brazilian writes it (1.234,56
 * is a thousand and more, read by `parseMoney`: never 1,23).
 */
function valueOf(text: string, kind: RgKind): number | null | 'bad' {
  const raw = text.trim();
  if (!raw) return null;
  if (kind === 'time') return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : 'bad';
  try {
    const minor = parseMoney(raw); // negative for "-5": refused below
    return minor > 0 ? toMajor(minor) : 'bad';
  } catch {
    return 'bad';
  }
}

/**
 * "Jogo responsável" (/jogoResponsavel): deposit, loss, stake and time limits per day, week and month (a lower
 * limit at once; a higher one shown as waiting 24 hours), the reality-check interval, a cool-off or
 * self-exclusion after a confirmation (the server signs the player out everywhere; `onExcluded` clears this
 * device), and the national self-exclusion platform (its link as the server answers it: the operators' setting
 * `rg.nationalSelfExclusionUrl`).
 */
export function ResponsibleGamingPage({ onExcluded }: { onExcluded: () => void }) {
  const { t } = useTranslation('rg');
  const token = useSession((s) => s.token);
  const lang = useAppState((s) => s.lang);
  const limits = useRgLimits(token);
  const [texts, setTexts] = useState<Texts | null>(null);
  /** The limits the player must correct, by `kind.period`: each message on its own field. */
  const [bad, setBad] = useState<ReadonlyMap<string, string>>(new Map());
  const [reality, setReality] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<'cooloff' | 'self'>('cooloff');
  const [days, setDays] = useState('7');
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
  const shown = texts ?? textsOf(data);
  const realityText = reality ?? (data?.realityCheckMinutes ? String(data.realityCheckMinutes) : '');
  const time = (iso: string) => new Date(iso).toLocaleString(lang.replace('_', '-'));
  const amount = (kind: RgKind, v: number | null) =>
    v === null ? t('none') : kind === 'time' ? `${v} min` : displayMoney(v, lang);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy || !data) return;
    const body: RgLimitsRequest = {};
    const wrong = new Map<string, string>();
    for (const kind of RG_KINDS) {
      for (const period of RG_PERIODS) {
        const v = valueOf(shown[kind][period], kind);
        if (v === 'bad') wrong.set(`${kind}.${period}`, t('invalid'));
        else if (v !== data[kind][period].value) body[kind] = { ...body[kind], [period]: v };
      }
    }
    setBad(wrong);
    if (wrong.size) {
      setNote('');
      document.getElementById(`rg-${[...wrong.keys()][0]!.replace('.', '-')}`)?.focus();
      return;
    }
    const r = realityText.trim() ? Number(realityText) : null;
    if (r !== data.realityCheckMinutes) body.realityCheckMinutes = r;
    setBusy(true);
    try {
      const saved = await saveLimits(body);
      queryClient.setQueryData(limitsKey(token), saved);
      setTexts(null);
      setReality(null);
      setNote(t('saved'));
    } catch (err) {
      // A refusal about one limit (above the operator's) goes on its field; any other under the form.
      const about = err instanceof ApiError ? (err.data as { kind?: string; period?: string } | null) : null;
      if (err instanceof ApiError && about?.kind && about.period) {
        setBad(new Map([[`${about.kind}.${about.period}`, err.message]]));
        setNote('');
      } else setNote(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function exclude() {
    setBusy(true);
    try {
      const length = SELF_LENGTHS.find((l) => l.key === selfLength)!;
      await startExclusion(
        kind === 'cooloff'
          ? { kind, days: Number(days) }
          : length.days === null
            ? { kind }
            : { kind, days: length.days },
      );
      onExcluded();
    } catch (err) {
      setConfirming(false);
      setExclusionNote(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const selfText = t(selfLength);
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

      <form onSubmit={(e) => void save(e)} className="flex flex-col gap-16" noValidate>
        {RG_KINDS.map((kind) => (
          <fieldset key={kind} className="rounded-xl border border-line p-12">
            <legend className="px-4 font-semibold">{t(`kind.${kind}`)}</legend>
            <div className="grid grid-cols-3 gap-8">
              {RG_PERIODS.map((period) => {
                const limit = data?.[kind][period];
                return (
                  <div key={period}>
                    <TextField
                      // The fieldset's legend names the kind: the visible label is the period alone (three
                      // columns on a phone), the accessible name both.
                      label={t(`period.${period}`)}
                      aria-label={`${t(`kind.${kind}`)} · ${t(`period.${period}`)}`}
                      id={`rg-${kind}-${period}`}
                      inputMode="decimal"
                      value={shown[kind][period]}
                      error={bad.get(`${kind}.${period}`)}
                      onChange={(e) => {
                        setTexts({ ...shown, [kind]: { ...shown[kind], [period]: e.target.value } });
                        if (bad.has(`${kind}.${period}`))
                          setBad(new Map([...bad].filter(([k]) => k !== `${kind}.${period}`)));
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
                          <span className="block text-gold">
                            {t('pending', {
                              value: amount(kind, limit.pending.value),
                              time: time(limit.pending.effectiveAt),
                            })}
                          </span>
                        ) : null}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        <TextField
          label={t('reality')}
          hint={t('realityHint')}
          inputMode="numeric"
          value={realityText}
          onChange={(e) => setReality(e.target.value)}
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
              onChange={() => setKind('cooloff')}
            />
            {t('cooloff')}
          </label>
          <label className="flex items-center gap-6">
            <input type="radio" name="rg-kind" checked={kind === 'self'} onChange={() => setKind('self')} />
            {t('self')}
          </label>
        </div>
        {kind === 'cooloff' ? (
          <TextField
            label={t('days')}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        ) : (
          <label className="flex flex-col gap-4 text-sm text-muted">
            {t('selfLength')}
            <select
              className="min-h-44 rounded-xl border border-line bg-deep/80 px-8 text-text"
              value={selfLength}
              onChange={(e) => setSelfLength(e.target.value as typeof selfLength)}
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
              {kind === 'cooloff' ? t('confirmCooloff', { days }) : t('confirmSelf', { length: selfText })}
            </p>
            <div className="flex gap-8">
              <Button variant="danger" disabled={busy} onClick={() => void exclude()}>
                {t('confirm')}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            {t('start')}
          </Button>
        )}
      </section>

      <section className="text-sm">
        <a
          href={data?.nationalSelfExclusionUrl ?? RG_NATIONAL_SELF_EXCLUSION_URL}
          target="_blank"
          rel="noreferrer"
          className="text-gold underline"
        >
          {t('national')}
        </a>
        <p className="text-muted">{t('nationalText')}</p>
      </section>
    </section>
  );
}
