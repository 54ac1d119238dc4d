import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { readJson, SessionKey } from '../../../lib/storage';
import { openOverlay } from '../../../lib/ui';
import { login } from '../api/auth';
import type { SignedIn } from '../types';
import { useCaptcha } from '../hooks/useCaptcha';
import { Captcha } from './Captcha';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

/** 'Mudar de conta' leaves the test account's credentials here to prefill the form. */
function testAccountPrefill(): { username: string; pwd: string } {
  const saved = readJson<{ username?: string; pwd?: string }>('session', SessionKey.TESTACCOUNT);
  return { username: saved?.username ?? '', pwd: saved?.pwd ?? '' };
}

export function LoginForm({ onSignedIn }: { onSignedIn: SignedIn }) {
  const { t } = useTranslation();
  const [prefill] = useState(testAccountPrefill);
  const [username, setUsername] = useState(prefill.username);
  const [pwd, setPwd] = useState(prefill.pwd);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();
  const filled = Boolean(username && pwd && captcha.captCode);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!filled || busy) return;
    setBusy(true);
    try {
      const token = await login({ username, pwd, codeId: captcha.codeId, captCode: captcha.captCode });
      await onSignedIn(token);
    } catch {
      captcha.reloadAfterFailure();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-14 p-16" aria-label={t('auth.loginTab')} noValidate>
      <EmailField label={t('auth.username')} value={username} onChange={setUsername} autoFocus />
      <PasswordField
        label={t('auth.password')}
        name="pwd"
        value={pwd}
        onChange={setPwd}
        autoComplete="current-password"
      />
      <Captcha
        codeId={captcha.codeId}
        value={captcha.captCode}
        onChange={captcha.setCaptCode}
        onRefresh={captcha.refresh}
      />
      <button
        type="button"
        onClick={() => openOverlay('forgot')}
        className="-my-4 self-end min-h-44 px-4 text-sm text-gold underline-offset-4 hover:underline"
      >
        {t('auth.forgot')}
      </button>
      <Button type="submit" disabled={!filled || busy} className="w-full text-lg">
        {t('auth.submitLogin')}
      </Button>
    </form>
  );
}
