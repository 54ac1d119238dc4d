import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/ComingSoon';
import { Sheet } from '../../../components/ui/Sheet';
import { setPanel } from '../../../lib/ui';

/** The live-chat slide-in panel. The chat itself arrives with the support release; until then it says so. */
export function ChatPanel() {
  const { t } = useTranslation('support');
  return (
    <Sheet title={t('title')} onClose={() => setPanel('chatOpen', false)} side="bottom">
      <ComingSoon title={t('title')} icon="headset" compact />
      <p className="px-24 pb-24 text-center text-sm text-muted">{t('text')}</p>
    </Sheet>
  );
}
