import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { useAppState } from '../../lib/app-state';
import { displayMoney } from '../../lib/format';
import { openDeposit } from '../../lib/ui';
import { useRealtimeWallet } from './bonus-store';

const close = () => useRealtimeWallet.setState({ bonusOffer: null });

/** The increase-bonus full-screen popup (userBetAmount: bouns multiplier and amount). */
export function IncreaseBonusPopup({ bouns, amount }: { bouns: number; amount: number }) {
  const { t } = useTranslation('realtime');
  const lang = useAppState((s) => s.lang);
  return (
    <Sheet title={t('bonus.title')} onClose={close} side="full">
      <div className="flex flex-col items-center gap-16 px-24 py-40 text-center">
        <p className="text-gold-gradient text-[0.64rem] font-black leading-none" aria-hidden="true">
          {bouns}x
        </p>
        <p className="text-lg">{t('bonus.text', { amount: displayMoney(amount, lang), bouns })}</p>
        <Button
          onClick={() => {
            close();
            openDeposit();
          }}
          className="w-full text-lg"
        >
          {t('bonus.cta')}
        </Button>
        <Button variant="ghost" onClick={close} className="w-full">
          {t('bonus.later')}
        </Button>
      </div>
    </Sheet>
  );
}
