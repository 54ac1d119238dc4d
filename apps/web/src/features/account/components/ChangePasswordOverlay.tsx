import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Sheet } from '../../../components/ui/Sheet';
import { TextField } from '../../../components/ui/TextField';
import { useFieldErrors } from '../../../lib/form-errors';
import { alertMessage, closeOverlay } from '../../../lib/ui';
import { changePassword } from '../api/account';

/** Change password; success signs out everywhere, which also closes the panels (spec section 4). */
export function ChangePasswordOverlay({ onLogout }: { onLogout: () => Promise<void> }) {
  const { t } = useTranslation('account');
  const [form, setForm] = useState({ oldPwd: '', nPwd: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const { errors, show, clear, placeAll } = useFieldErrors<'oldPwd' | 'nPwd' | 'confirm'>();
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    clear(field);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // Every problem beside its field at once: the contract's checks, an empty field, a confirmation that differs.
    const { changePasswordRequest } = await import('@aposta/contracts');
    const checked = changePasswordRequest.safeParse({ oldPwd: form.oldPwd, nPwd: form.nPwd });
    const found: Partial<Record<'oldPwd' | 'nPwd' | 'confirm', string>> = {};
    for (const issue of checked.error?.issues ?? []) {
      const field = issue.path[0] as 'oldPwd' | 'nPwd';
      found[field] ??= t(`translation:validation.${issue.message}`, {
        defaultValue: t('translation:errors.checkTheInput'),
      });
    }
    if (!form.confirm) found.confirm = t('translation:errors.pleaseFill');
    else if (form.nPwd !== form.confirm) found.confirm = t('translation:validation.passwordMismatch');
    if (Object.keys(found).length) return placeAll(found);
    setBusy(true);
    try {
      const message = await changePassword(form.oldPwd, form.nPwd);
      closeOverlay();
      await alertMessage(message);
      await onLogout();
    } catch (error) {
      // A wrong current password is refused without a field name: it goes beside the current password.
      await show(
        error,
        { oldPwd: form.oldPwd, nPwd: form.nPwd, confirm: form.confirm },
        {
          schema: () => import('@aposta/contracts').then((m) => m.changePasswordRequest),
          fallback: 'oldPwd',
        },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet title={t('changePassword')} onClose={closeOverlay} side="bottom">
      <form onSubmit={submit} className="flex flex-col gap-14 p-16" noValidate>
        <TextField
          label={t('oldPassword')}
          type="password"
          name="oldPwd"
          autoComplete="current-password"
          value={form.oldPwd}
          error={errors.oldPwd}
          onChange={set('oldPwd')}
        />
        <TextField
          label={t('newPassword')}
          type="password"
          name="nPwd"
          autoComplete="new-password"
          value={form.nPwd}
          error={errors.nPwd}
          onChange={set('nPwd')}
        />
        <TextField
          label={t('confirmNewPassword')}
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={form.confirm}
          error={errors.confirm}
          onChange={set('confirm')}
        />
        <Button type="submit" disabled={busy} className="w-full text-lg">
          {t('translation:common.confirm')}
        </Button>
      </form>
    </Sheet>
  );
}
