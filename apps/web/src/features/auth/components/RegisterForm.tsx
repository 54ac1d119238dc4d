import { useJurisdiction } from '../../../lib/jurisdiction';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, PLAYER_NAME_MAX, TERMS_VERSION } from '@aposta/contracts';
import { readAmount, toMajor } from '@aposta/money';
import { Button } from '../../../components/ui/Button';
import { LengthNote } from '../../../components/ui/LengthNote';
import { FieldError, TextField } from '../../../components/ui/TextField';
import { useFieldErrors, type Placing } from '../../../lib/form-errors';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { LocalKey, readText } from '../../../lib/storage';
import { alertMessage } from '../../../lib/ui';
import { register } from '../api/auth';
import type { SignedIn } from '../types';
import { useCaptcha } from '../hooks/useCaptcha';
import { Captcha } from './Captcha';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

/** Phone prefixes offered in the country list; Brazil first (spec: prefix +55). */
const COUNTRIES = [
  ['BR', '+55'],
  ['PT', '+351'],
  ['AO', '+244'],
  ['MZ', '+258'],
  ['NG', '+234'],
  ['US', '+1'],
  ['ID', '+62'],
  ['VN', '+84'],
  ['JP', '+81'],
  ['KR', '+82'],
  ['CN', '+86'],
  ['RU', '+7'],
] as const;

type RegisterField =
  | 'name'
  | 'cardNo'
  | 'birthDate'
  | 'lossLimit'
  | 'timeLimit'
  | 'username'
  | 'phone'
  | 'pwd'
  | 'pwd1'
  | 'regcode'
  | 'captCode';

/** Where the server's refusals of a registration go. */
const placing: Placing<RegisterField> = {
  schema: () => import('@aposta/contracts').then((m) => m.registerRequest),
  codes: { [ErrorCode.CAPTCHA_INVALID]: 'captCode', [ErrorCode.CONFLICT]: 'username' },
};

export function RegisterForm({ onSignedIn }: { onSignedIn: SignedIn }) {
  const { t } = useTranslation('auth');
  const lang = useAppState((s) => s.lang);
  const isApp = useAppState((s) => s.isApp);
  // The Brazilian profile requires CPF and birth date (18+) and asks the loss and time limits.
  const br = useJurisdiction() === 'br';
  const [extra, setExtra] = useState({ birthDate: '', lossLimit: '', timeLimit: '' });
  const regionNames = useMemo(
    () => new Intl.DisplayNames([languageEntry(lang).locale], { type: 'region' }),
    [lang],
  );
  const [form, setForm] = useState({
    name: '',
    cardNo: '',
    username: '',
    country: '+55',
    phone: '',
    pwd: '',
    pwd1: '',
    regcode: readText('local', LocalKey.YQM),
  });
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();
  const { errors, show, clear, place, placeAll } = useFieldErrors<RegisterField>();
  const set = (field: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field !== 'country') clear(field);
  };

  // A double tap's second submit lands while the first still loads the contract (before `busy` renders): one
  // registration at a time, or the second spends the used captcha and shows its refusal.
  const submitting = useRef(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || submitting.current) return;
    submitting.current = true;
    try {
      await send();
    } finally {
      submitting.current = false;
    }
  }

  async function send() {
    // Empty: no limit. Not readable: NaN, which the contract's check names beside its field.
    const money = (text: string) => {
      if (!text.trim()) return undefined;
      const minor = readAmount(text);
      return minor === null ? NaN : toMajor(minor);
    };
    // Whole minutes only: Number() would also read "0x3c" or "1e2".
    const minutes = (text: string) =>
      text.trim() ? (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : NaN) : undefined;
    const body = {
      ...form,
      ...(br
        ? {
            birthDate: extra.birthDate || undefined,
            lossLimit: money(extra.lossLimit),
            timeLimit: minutes(extra.timeLimit),
          }
        : {}),
      codeId: captcha.codeId,
      captCode: captcha.captCode,
      isapp: isApp ? 1 : 0,
      // The terms the box accepts (a registration is never sent without it): stored with the account.
      ...(terms ? { termsVersion: TERMS_VERSION } : {}),
    } as const;
    // The contract's schema (and zod) load with the first submit, not with the overlay.
    const { registerRequest } = await import('@aposta/contracts');
    const checked = registerRequest.safeParse(body);
    // The same check the server makes: its messages go beside their fields, as a refusal's would — every field
    // at once (an empty form shows all it needs), before the spec's alerts for the terms and the captcha.
    const issues = checked.success ? [] : checked.error.issues;
    const fieldOf = (path: PropertyKey | undefined): RegisterField | 'form' => {
      const field = String(path ?? '');
      return field in form || field in extra || field === 'captCode' ? (field as RegisterField) : 'form';
    };
    const messageOf = (issue: (typeof issues)[number]) =>
      t(`translation:validation.${issue.message}`, { defaultValue: t('translation:errors.checkTheInput') });
    const found: Partial<Record<RegisterField | 'form', string>> = {};
    for (const issue of issues) {
      const field = fieldOf(issue.path[0]);
      if (field !== 'captCode' && !(field in found)) found[field] = messageOf(issue);
    }
    if (Object.keys(found).length) return placeAll(found);
    if (!terms) return void alertMessage(t('translation:errors.acceptTerms'));
    if (!captcha.captCode) return void alertMessage(t('translation:errors.pleaseVerify'));
    if (issues[0]) return place(fieldOf(issues[0].path[0]), messageOf(issues[0]));
    setBusy(true);
    try {
      await onSignedIn(await register(body), { firstDeposit: true });
    } catch (error) {
      captcha.reloadAfterFailure();
      await show(error, { ...extra, ...body }, placing);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-12 p-16" aria-label={t('registerTab')} noValidate>
      <TextField
        label={t('name')}
        hint={t('optional')}
        name="name"
        autoComplete="name"
        value={form.name}
        maxLength={PLAYER_NAME_MAX}
        below={<LengthNote value={form.name} max={PLAYER_NAME_MAX} />}
        error={errors.name}
        onChange={(e) => set('name')(e.target.value)}
      />
      <TextField
        label={t('cardNo')}
        hint={br ? undefined : t('optional')}
        name="cardNo"
        inputMode="numeric"
        value={form.cardNo}
        maxLength={20}
        error={errors.cardNo}
        onChange={(e) => set('cardNo')(e.target.value.replace(/[^\d.-]/g, ''))}
      />
      {br ? (
        <>
          <TextField
            label={t('birthDate')}
            name="birthDate"
            type="date"
            autoComplete="bday"
            value={extra.birthDate}
            error={errors.birthDate}
            onChange={(e) => setExtra((x) => ({ ...x, birthDate: e.target.value }))}
          />
          <TextField
            label={t('lossLimit')}
            hint={t('optional')}
            name="lossLimit"
            inputMode="decimal"
            value={extra.lossLimit}
            error={errors.lossLimit}
            onChange={(e) => setExtra((x) => ({ ...x, lossLimit: e.target.value }))}
          />
          <TextField
            label={t('timeLimit')}
            hint={t('optional')}
            name="timeLimit"
            inputMode="numeric"
            value={extra.timeLimit}
            error={errors.timeLimit}
            onChange={(e) => setExtra((x) => ({ ...x, timeLimit: e.target.value }))}
          />
        </>
      ) : null}
      <EmailField
        label={t('username')}
        value={form.username}
        error={errors.username}
        onChange={set('username')}
        autoFocus
      />
      <div className="flex gap-8">
        <div className="w-130 shrink-0">
          <label htmlFor="register-country" className="mb-4 block text-sm text-muted">
            {t('country')}
          </label>
          <select
            id="register-country"
            name="country"
            value={form.country}
            onChange={(e) => set('country')(e.target.value)}
            className="min-h-46 w-full rounded-xl border border-line bg-deep/80 px-8 text-sm text-text"
          >
            {COUNTRIES.map(([region, prefix]) => (
              <option key={region} value={prefix}>
                {prefix} {regionNames.of(region)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          className="flex-1"
          label={t('phone')}
          hint={t('optional')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={form.phone}
          maxLength={20}
          error={errors.phone}
          onChange={(e) => set('phone')(e.target.value)}
        />
      </div>
      <PasswordField
        label={t('password')}
        name="pwd"
        value={form.pwd}
        error={errors.pwd}
        onChange={set('pwd')}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('confirmPassword')}
        name="pwd1"
        value={form.pwd1}
        error={errors.pwd1}
        onChange={set('pwd1')}
        autoComplete="new-password"
      />
      <TextField
        label={t('regcode')}
        hint={t('optional')}
        name="regcode"
        value={form.regcode}
        maxLength={16}
        autoCapitalize="none"
        error={errors.regcode}
        onChange={(e) => set('regcode')(e.target.value.trim())}
      />
      <Captcha
        codeId={captcha.codeId}
        value={captcha.captCode}
        error={errors.captCode}
        onChange={(v) => {
          captcha.setCaptCode(v);
          clear('captCode');
        }}
        onRefresh={captcha.refresh}
      />
      <label className="flex min-h-44 cursor-pointer items-center gap-10 text-sm text-muted">
        <input
          type="checkbox"
          name="terms"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          className="size-20 shrink-0 accent-[#f8c94a]"
        />
        {t('terms')}
      </label>
      {/* A tab of its own: the form stays as typed. Outside the label, so following it does not tick the box. */}
      <a
        href="/termos"
        target="_blank"
        rel="noopener"
        className="-mt-8 inline-flex min-h-44 items-center self-start text-sm text-gold underline"
      >
        {t('termsRead')}
      </a>
      <FieldError message={errors.form} />
      <Button type="submit" disabled={busy} className="w-full text-lg">
        {t('submitRegister')}
      </Button>
    </form>
  );
}
