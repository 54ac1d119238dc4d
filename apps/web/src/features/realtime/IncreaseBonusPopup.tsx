import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { useAppState } from '../../lib/app-state';
import { displayMoney, displayMultiple } from '../../lib/format';
import { openOverlay } from '../../lib/ui';
import { useRealtimeWallet } from './bonus-store';

const close = () => useRealtimeWallet.setState({ bonusOffer: null });

/**
 * The increase-bonus full-screen popup (userBetAmount: bet `amount` more to unlock the multiple `bouns`; 0 when
 * it is unlocked). Its action opens the EXPPAY packages, whose gift the multiple applies to.
 */
export function IncreaseBonusPopup({ bouns, amount }: { bouns: number; amount: number }) {
  const { t } = useTranslation('realtime');
  const lang = useAppState((s) => s.lang);
  const times = displayMultiple(bouns, lang);
  return (
    <Sheet title={t('bonus.title')} onClose={close} side="full">
      <div className="flex flex-col items-center gap-16 px-24 py-40 text-center">
        <p className="text-gold-gradient text-[0.64rem] font-black leading-none" aria-hidden="true">
          {times}x
        </p>
        <p className="text-lg">
          {amount > 0
            ? t('bonus.text', { amount: displayMoney(amount, lang), bouns: times })
            : t('bonus.unlocked', { bouns: times })}
        </p>
        <Button
          onClick={() => {
            close();
            // The EXPPAY packages: the ones whose gift the unlocked multiple applies to.
            openOverlay('bonusDeposit');
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
