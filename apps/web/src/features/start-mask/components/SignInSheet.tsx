import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/ComingSoon';
import { Sheet } from '../../../components/ui/Sheet';
import { closeOverlay } from '../../../lib/ui';

/** The daily sign-in sheet: the promotions release fills it; until then it says so. */
export function SignInSheet() {
  const { t } = useTranslation('start-mask');
  return (
    <Sheet title={t('signIn.title')} onClose={closeOverlay} side="bottom">
      <ComingSoon title={t('signIn.title')} icon="calendar" compact />
    </Sheet>
  );
}
