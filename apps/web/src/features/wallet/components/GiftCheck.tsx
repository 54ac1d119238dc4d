import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Sheet } from '../../../components/ui/Sheet';
import { env } from '../../../lib/env';
import { useSession } from '../../../lib/session';
import { openDeposit, useUi } from '../../../lib/ui';
import { useUserGift } from '../api/user-gift';

/** The spec's gift check delay after home loads. */
export const GIFT_CHECK_DELAY_MS = 1000;

/** Nothing else on screen: the gift popup never covers an overlay, a panel or an alert. */
function screenIsFree(): boolean {
  const ui = useUi.getState();
  return (
    !ui.overlay &&
    !ui.startMask &&
    !ui.menuOpen &&
    !ui.accountOpen &&
    !ui.avatarOpen &&
    !ui.chatOpen &&
    !ui.testPopup &&
    ui.alerts.length === 0
  );
}

/**
 * The gift popup (spec section 4): 1 s after home loads and on a token change, on home only, when userGift
 * answers 1. Players whose messaging-app support link names a 'manager' get no check.
 */
export function GiftCheck() {
  const { t } = useTranslation('wallet');
  const token = useSession((s) => s.token);
  const onHome = useLocation().pathname === '/home';
  const [open, setOpen] = useState(false);
  const eligible = Boolean(token) && onHome && !env.messagingUrl?.includes('manager');
  // When the check became due: the spec's delay after home shows (again after each token change).
  const [dueAt, setDueAt] = useState<number | null>(null);

  useEffect(() => {
    if (!eligible) return;
    const timer = setTimeout(() => setDueAt(Date.now()), GIFT_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setDueAt(null);
    };
  }, [eligible, token]);

  const gift = useUserGift(token, dueAt !== null);
  // Only an answer given since the check became due opens the popup, and only on a free screen then.
  const fresh = dueAt !== null && gift.isSuccess && gift.dataUpdatedAt >= dueAt ? gift.dataUpdatedAt : 0;
  useEffect(() => {
    if (fresh && gift.data === 1 && screenIsFree()) setOpen(true);
  }, [fresh, gift.data]);

  if (!open || !onHome || !token) return null;
  return (
    <Sheet title={t('gift.title')} onClose={() => setOpen(false)} side="center">
      <div className="flex flex-col items-center gap-12 p-20 text-center">
        <div
          className="flex size-64 items-center justify-center rounded-full border border-gold/40 bg-gold/10 text-gold"
          aria-hidden="true"
        >
          <Icon name="gift" className="size-32" />
        </div>
        <p className="text-base">{t('gift.text')}</p>
        <Button
          className="w-full text-lg"
          onClick={() => {
            setOpen(false);
            openDeposit();
          }}
        >
          {t('gift.cta')}
        </Button>
      </div>
    </Sheet>
  );
}
