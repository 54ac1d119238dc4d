import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { setPanel } from '../../../lib/ui';

/** The floating customer-service button, above the tab bar. */
export function SupportButton() {
  const { t } = useTranslation('support');
  return (
    <button
      type="button"
      onClick={() => setPanel('chatOpen', true)}
      aria-label={t('open')}
      className="btn-gold fixed bottom-[calc(0.76rem+env(safe-area-inset-bottom))] right-[max(0.12rem,calc(50%-1.845rem))] z-30 flex size-52 items-center justify-center rounded-full shadow-lg"
    >
      <Icon name="headset" className="size-24" />
    </button>
  );
}
