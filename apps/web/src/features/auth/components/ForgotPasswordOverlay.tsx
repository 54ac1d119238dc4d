import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Sheet } from '../../../components/ui/Sheet';
import { TextField } from '../../../components/ui/TextField';
import { useFieldErrors } from '../../../lib/form-errors';
import { alertMessage, closeOverlay, openOverlay, toast } from '../../../lib/ui';
import { checkResetCode, sendResetCode, setNewPassword } from '../api/auth';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

type RecoverField = 'email' | 'code' | 'nPwd';
/** The field each step sends: a refusal of the step shows beside it (the server's message, quiet calls). */
const STEP_FIELD: Record<1 | 2 | 3, RecoverField> = { 1: 'email', 2: 'code', 3: 'nPwd' };

/**
 * Password recovery in three steps (spec section 4): send code, check code, set the new password. An empty
 * field is the spec's alert; the server's refusal (an e-mail or code it does not take, a weak password) shows
 * beside the field. Step 2 can send the code again or go back to change the e-mail.
 */
export function ForgotPasswordOverlay() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [chkId, setChkId] = useState('');
  const [nPwd, setNPwd] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFieldErrors<RecoverField>();

  async function run(action: () => Promise<void>, field: RecoverField = STEP_FIELD[step]) {
    setBusy(true);
    clear();
    try {
      await action();
    } catch (error) {
      await show(error, { email, code, nPwd }, { fallback: field });
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    run(async () => {
      toast((await sendResetCode(email)) || t('translation:common.sentSuccessfully'));
      setStep(2);
    }, 'email');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (step === 1) {
      if (!email) return void alertMessage(t('translation:errors.pleaseFill'));
      void sendCode();
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
            error={errors.email}
            onChange={(v) => {
              setEmail(v);
              clear('email');
            }}
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
            error={errors.code}
            data-autofocus
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              clear('code');
            }}
          />
        ) : null}
        {step === 2 ? (
          <div className="flex justify-between gap-8 text-sm">
            <button
              type="button"
              disabled={busy}
              onClick={() => void sendCode()}
              className="min-h-44 font-semibold text-gold disabled:opacity-50"
            >
              {t('recover.resend')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                clear();
                setCode('');
                setStep(1);
              }}
              className="min-h-44 font-semibold text-muted"
            >
              {t('recover.changeEmail')}
            </button>
          </div>
        ) : null}
        {step === 3 ? (
          <PasswordField
            label={t('recover.newPassword')}
            name="nPwd"
            value={nPwd}
            error={errors.nPwd}
            onChange={(v) => {
              setNPwd(v);
              clear('nPwd');
            }}
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
