import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@aposta/contracts';
import { Button } from '../../../components/ui/Button';
import { FieldError } from '../../../components/ui/TextField';
import { useFieldErrors, type Placing } from '../../../lib/form-errors';
import { readJson, SessionKey } from '../../../lib/storage';
import { openOverlay } from '../../../lib/ui';
import { login } from '../api/auth';
import type { SignedIn } from '../types';
import { useCaptcha } from '../hooks/useCaptcha';
import { Captcha } from './Captcha';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

/** 'Mudar de conta' leaves the test account's credentials here to prefill the form. */
type LoginField = 'username' | 'pwd' | 'captCode';

/** Where the server's refusals of a sign-in go. */
const placing: Placing<LoginField> = {
  schema: () => import('@aposta/contracts').then((m) => m.loginRequest),
  codes: { [ErrorCode.CAPTCHA_INVALID]: 'captCode', [ErrorCode.LOGIN_FAILED]: 'pwd' },
};

function testAccountPrefill(): { username: string; pwd: string } {
  const saved = readJson<{ username?: string; pwd?: string }>('session', SessionKey.TESTACCOUNT);
  return { username: saved?.username ?? '', pwd: saved?.pwd ?? '' };
}

export function LoginForm({ onSignedIn }: { onSignedIn: SignedIn }) {
  const { t } = useTranslation('auth');
  const [prefill] = useState(testAccountPrefill);
  const [username, setUsername] = useState(prefill.username);
  const [pwd, setPwd] = useState(prefill.pwd);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();
  const { errors, show, clear } = useFieldErrors<LoginField>();
  const filled = Boolean(username && pwd && captcha.captCode);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!filled || busy) return;
    setBusy(true);
    const body = { username, pwd, codeId: captcha.codeId, captCode: captcha.captCode };
    try {
      await onSignedIn(await login(body));
    } catch (error) {
      captcha.reloadAfterFailure();
      await show(error, body, placing);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-14 p-16" aria-label={t('loginTab')} noValidate>
      <EmailField
        label={t('username')}
        value={username}
        error={errors.username}
        onChange={(v) => {
          setUsername(v);
          clear('username');
        }}
        autoFocus
      />
      <PasswordField
        label={t('password')}
        name="pwd"
        value={pwd}
        error={errors.pwd}
        onChange={(v) => {
          setPwd(v);
          clear('pwd');
        }}
        autoComplete="current-password"
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
      <button
        type="button"
        onClick={() => openOverlay('forgot')}
        className="-my-4 self-end min-h-44 px-4 text-sm text-gold underline-offset-4 hover:underline"
      >
        {t('forgot')}
      </button>
      <FieldError message={errors.form} />
      <Button type="submit" disabled={!filled || busy} className="w-full text-lg">
        {t('submitLogin')}
      </Button>
    </form>
  );
}
