import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Sheet } from '../../../components/ui/Sheet';
import { TextField } from '../../../components/ui/TextField';
import { refreshUserInfo } from '../../../lib/user-info';
import { useSession } from '../../../lib/session';
import { toast, useUi } from '../../../lib/ui';
import { updateKyc } from '../api/account';

/** KYC (editBank): name and CPF. `onSaved` is the app's next step (the deposit, when that was the way in). */
export function KycOverlay({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [name, setName] = useState(user?.name ?? '');
  const [cardNo, setCardNo] = useState(user?.cardNo ?? '');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const message = await updateKyc(name, cardNo);
    setBusy(false);
    if (message === null) return; // a failed save is ignored (spec section 8)
    toast(message || t('common.done'));
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
          maxLength={80}
          value={name}
          data-autofocus
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t('kyc.cpf')}
          name="cardNo"
          inputMode="numeric"
          maxLength={20}
          value={cardNo}
          onChange={(e) => setCardNo(e.target.value.replace(/[^\d.-]/g, ''))}
        />
        <Button type="submit" disabled={busy} className="w-full text-lg">
          {t('common.save')}
        </Button>
      </form>
    </Sheet>
  );
}
