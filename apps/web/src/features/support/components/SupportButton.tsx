import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { setPanel } from '../../../lib/ui';
import { useSupport, watchSupport } from '../store';

/** The floating customer-service button, above the tab bar, with the count of unread answers. */
export function SupportButton() {
  const { t } = useTranslation('support');
  const unread = useSupport((s) => s.thread?.unread ?? 0);
  useEffect(() => watchSupport(), []);
  return (
    <button
      type="button"
      onClick={() => setPanel('chatOpen', true)}
      aria-label={unread ? t('openUnread', { count: unread }) : t('open')}
      className="btn-gold fixed bottom-[calc(0.76rem+env(safe-area-inset-bottom))] right-[max(0.12rem,calc(50%-1.845rem))] z-30 flex size-52 items-center justify-center rounded-full shadow-lg"
    >
      <Icon name="headset" className="size-24" />
      {unread ? (
        <span
          data-testid="support-unread"
          className="absolute -right-2 -top-2 flex min-w-20 items-center justify-center rounded-full bg-red-500 px-4 text-xs font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}
