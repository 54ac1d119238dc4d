import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Sheet } from '../../../components/ui/Sheet';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { useTestAccount } from './AccountPanel';

/** A test account's credentials, shown once after sign-in (spec section 4). */
export function TestAccountPopup() {
  const { t } = useTranslation('account');
  const user = useSession((s) => s.user);
  const lang = useAppState((s) => s.lang);
  const test = useTestAccount(user?.testFlag, user?.extendInfo);
  const close = () => useUi.setState({ testPopup: false });
  if (!test) return null;
  return (
    <Sheet title={t('testPopupTitle')} onClose={close} side="center" className="z-50">
      <div className="flex flex-col gap-10 p-16">
        <p className="text-sm text-muted">{t('testPopupText')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-10 gap-y-4 rounded-xl bg-deep p-12 text-sm">
          <dt className="text-muted">{t('testUser')}</dt>
          <dd className="break-all">{test.username}</dd>
          <dt className="text-muted">{t('testPwd')}</dt>
          <dd className="break-all">{test.pwd}</dd>
          <dt className="text-muted">{t('testBalance')}</dt>
          <dd>{displayMoney(test.balance, lang)}</dd>
        </dl>
        <Button onClick={close}>{t('translation:common.ok')}</Button>
      </div>
    </Sheet>
  );
}
