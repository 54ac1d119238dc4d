import { PLAYER_NAME_MAX } from '@aposta/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Sheet } from '../../../components/ui/Sheet';
import { LengthNote } from '../../../components/ui/LengthNote';
import { TextField } from '../../../components/ui/TextField';
import { refreshUserInfo } from '../../../lib/user-info';
import { useSession } from '../../../lib/session';
import { useFieldErrors } from '../../../lib/form-errors';
import { toast, useUi } from '../../../lib/ui';
import { updateKyc } from '../api/account';

/** KYC (editBank): name and CPF. `onSaved` is the app's next step (the deposit, when that was the way in). */
export function KycOverlay({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('account');
  const user = useSession((s) => s.user);
  const [name, setName] = useState(user?.name ?? '');
  const [cardNo, setCardNo] = useState(user?.cardNo ?? '');
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFieldErrors<'name' | 'cardNo'>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    let message: string;
    try {
      message = await updateKyc(name, cardNo);
    } catch (error) {
      await show(
        error,
        { name, cardNo },
        {
          schema: () => import('@aposta/contracts').then((m) => m.updateKycRequest),
          fallback: 'cardNo',
        },
      );
      return;
    } finally {
      setBusy(false);
    }
    toast(message || t('translation:common.done'));
    await refreshUserInfo();
    onSaved();
  }

  return (
    <Sheet
      title={t('kyc.title')}
      onClose={() => useUi.setState({ overlay: null, afterKyc: null })}
      side="bottom"
    >
      <form onSubmit={submit} className="flex flex-col gap-14 p-16" noValidate>
        <p className="text-sm text-muted">{t('kyc.hint')}</p>
        <TextField
          label={t('kyc.name')}
          name="name"
          autoComplete="name"
          maxLength={PLAYER_NAME_MAX}
          below={<LengthNote value={name} max={PLAYER_NAME_MAX} />}
          value={name}
          data-autofocus
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            clear('name');
          }}
        />
        <TextField
          label={t('kyc.cpf')}
          name="cardNo"
          inputMode="numeric"
          maxLength={20}
          value={cardNo}
          error={errors.cardNo}
          onChange={(e) => {
            setCardNo(e.target.value.replace(/[^\d.-]/g, ''));
            clear('cardNo');
          }}
        />
        <Button type="submit" disabled={busy} className="w-full text-lg">
          {t('translation:common.save')}
        </Button>
      </form>
    </Sheet>
  );
}
