import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Sheet } from '../../../components/ui/Sheet';
import { TextField } from '../../../components/ui/TextField';
import { alertMessage, closeOverlay, openOverlay, toast } from '../../../lib/ui';
import { checkResetCode, sendResetCode, setNewPassword } from '../api/auth';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

/** Password recovery in three steps (spec section 4): send code, check code, set the new password. */
export function ForgotPasswordOverlay() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [chkId, setChkId] = useState('');
  const [nPwd, setNPwd] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch {
      // The request client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (step === 1) {
      if (!email) return void alertMessage(t('translation:errors.pleaseFill'));
      void run(async () => {
        toast((await sendResetCode(email)) || t('translation:common.sentSuccessfully'));
        setStep(2);
      });
    } else if (step === 2) {
      if (!email || !code) return void alertMessage(t('translation:errors.pleaseFill'));
      void run(async () => {
        setChkId(await checkResetCode(email, code));
        setStep(3);
      });
    } else {
      if (!nPwd) return void alertMessage(t('translation:errors.pleaseFill'));
      void run(async () => {
        const message = await setNewPassword(nPwd, chkId);
        closeOverlay();
        await alertMessage(message);
        openOverlay('login');
      });
    }
  }

  return (
    <Sheet title={t('recover.title')} onClose={closeOverlay} side="bottom">
      <form onSubmit={submit} className="flex flex-col gap-14 p-16" noValidate>
        <ol className="flex gap-6" aria-label={t('recover.step', { n: step })}>
          {[1, 2, 3].map((n) => (
            <li
              key={n}
              className={`h-4 flex-1 rounded-full ${n <= step ? 'bg-gold' : 'bg-line'}`}
              aria-current={n === step ? 'step' : undefined}
            />
          ))}
        </ol>
        <p className="text-sm text-muted">{t('recover.step', { n: step })}</p>
        {step < 3 ? (
          <EmailField
            label={t('recover.email')}
            name="email"
            value={email}
            onChange={setEmail}
            autoFocus={step === 1}
          />
        ) : null}
        {step === 2 ? (
          <TextField
            label={t('recover.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            data-autofocus
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        ) : null}
        {step === 3 ? (
          <PasswordField
            label={t('recover.newPassword')}
            name="nPwd"
            value={nPwd}
            onChange={setNPwd}
            autoComplete="new-password"
          />
        ) : null}
        <Button type="submit" disabled={busy} className="w-full text-lg">
          {step === 1 ? t('recover.sendCode') : step === 2 ? t('recover.check') : t('recover.submit')}
        </Button>
      </form>
    </Sheet>
  );
}
