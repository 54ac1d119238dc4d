import { AVATAR_COUNT } from '@aposta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { patchUser, useSession } from '../../../lib/session';
import { setPanel, toast } from '../../../lib/ui';
import { setAvatar } from '../api/account';
import { Avatar } from './Avatar';

/** The avatar picker: 36 drawn avatars; the choice is saved with setHeader/{index}. */
export function AvatarPicker() {
  const { t } = useTranslation('account');
  const current = useSession((s) => s.user?.header ?? 0);
  const [busy, setBusy] = useState(false);
  const close = () => setPanel('avatarOpen', false);

  async function choose(index: number) {
    if (busy) return;
    setBusy(true);
    try {
      await setAvatar(index);
      patchUser({ header: index });
      toast(t('translation:common.done'));
      close();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet title={t('chooseAvatar')} onClose={close} side="bottom" className="z-50">
      <ul className="grid grid-cols-6 gap-8 p-16" aria-label={t('chooseAvatar')}>
        {Array.from({ length: AVATAR_COUNT }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => void choose(i)}
              aria-pressed={i === current}
              aria-label={t('avatar', { n: i + 1 })}
              className={`flex aspect-square w-full items-center justify-center rounded-full p-2 ${i === current ? 'bg-gold' : 'bg-transparent'}`}
            >
              <Avatar index={i} size={48} />
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
