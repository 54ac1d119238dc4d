import { refreshUserInfo } from './account';
import { i18n } from './i18n';
import { go } from './navigation';
import { alertMessage, closeOverlay, useUi } from './ui';

/**
 * A deposit was paid (the realtime paySuccess event or the order status '10'): the deposit overlay closes and
 * the balance is refreshed; a game deposit says 'Recarga bem-sucedida, continue fazendo apostas' and the
 * player stays in the game, a page deposit goes to /paySuccess.
 */
export function depositPaid() {
  const { overlay } = useUi.getState();
  if (overlay !== 'deposit' && overlay !== 'gameDeposit') return;
  closeOverlay();
  void refreshUserInfo({ loading: false });
  if (overlay === 'gameDeposit') void alertMessage(i18n.t('deposit.success', { ns: 'wallet' }));
  else go('/paySuccess');
}
