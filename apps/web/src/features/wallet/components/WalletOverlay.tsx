import { INS_BALANCE_BELOW } from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { playableMinor, useSession } from '../../../lib/session';
import { closeOverlay, openDeposit, openOverlay, useUi } from '../../../lib/ui';
import { DepositPanel } from './DepositPanel';
import { WithdrawPanel } from './WithdrawPanel';

/** Deposit and withdraw (two tabs), and the low-balance game deposit (spec section 2, overlays). */
export function WalletOverlay({
  kind,
  onPaid,
}: {
  kind: 'deposit' | 'withdraw' | 'gameDeposit' | 'bonusDeposit';
  onPaid: () => void;
}) {
  const { t } = useTranslation('wallet');
  const lang = useAppState((s) => s.lang);
  const balance = useSession((s) => s.user?.balance ?? 0);
  const stake = useUi((s) => s.depositFor);
  // What the refused stake lacked when it was refused (none when the stake is unknown or the balance shown had
  // caught up): read with the stake, so a balance push meanwhile moves neither the text nor the package offered.
  const short = useMemo(
    () => (stake === null ? 0 : toMajor(Math.max(0, stake - playableMinor(useSession.getState())))),
    [stake],
  );
  if (kind === 'gameDeposit') {
    // Opened by a low balance (insBalance) or by a stake the balance does not cover (spec: status 9999 on a
    // bet): the second may come with a balance well above the low mark, and must not claim it is below.
    const low = balance < INS_BALANCE_BELOW;
    return (
      <Sheet
        title={t(low ? 'deposit.gameTitle' : 'deposit.notEnoughTitle')}
        onClose={closeOverlay}
        side="bottom"
      >
        <p className="px-16 pt-12 text-sm text-muted">
          {short > 0
            ? t('deposit.shortBy', { amount: displayMoney(short, lang) })
            : low
              ? t('deposit.lowBalance', { amount: displayMoney(INS_BALANCE_BELOW, lang) })
              : t('deposit.notEnough')}
        </p>
        <DepositPanel kind="gameDeposit" onPaid={onPaid} cover={short || undefined} />
      </Sheet>
    );
  }

  if (kind === 'bonusDeposit') {
    return (
      <Sheet title={t('deposit.bonusTitle')} onClose={closeOverlay} side="bottom">
        <p className="px-16 pt-12 text-sm text-muted">{t('deposit.bonusText')}</p>
        <DepositPanel kind="bonusDeposit" onPaid={onPaid} />
      </Sheet>
    );
  }

  const title = kind === 'deposit' ? t('tabs.deposit') : t('tabs.withdraw');
  return (
    <Sheet title={title} onClose={closeOverlay} side="bottom">
      <div
        role="tablist"
        aria-label={t('tabs.label')}
        className="mx-16 mt-12 grid grid-cols-2 rounded-xl bg-deep p-4"
      >
        {(['deposit', 'withdraw'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`wallet-tab-${tab}`}
            aria-selected={kind === tab}
            aria-controls="wallet-tabpanel"
            onClick={() => (tab === 'deposit' ? openDeposit() : openOverlay('withdraw'))}
            className={`min-h-44 rounded-lg font-semibold ${kind === tab ? 'btn-gold' : 'text-muted'}`}
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="wallet-tabpanel" aria-labelledby={`wallet-tab-${kind}`}>
        {kind === 'deposit' ? <DepositPanel kind="deposit" onPaid={onPaid} /> : <WithdrawPanel />}
      </div>
    </Sheet>
  );
}
