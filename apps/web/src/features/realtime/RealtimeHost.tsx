import type { ClientToServerEvents, ServerEventPayloads, ServerToClientEvents } from '@aposta/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Socket } from 'socket.io-client';
import { useAppState } from '../../lib/app-state';
import { displayMoney } from '../../lib/format';
import { isGameScreen } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/ui';
import { createAnalytics } from './analytics';
import { useRealtimeWallet } from './bonus-store';
import { attachWalletHandlers, type EventSource } from './handlers';
import { IncreaseBonusPopup } from './IncreaseBonusPopup';

const analytics = createAnalytics();

function isEventSource(value: unknown): value is EventSource {
  return typeof (value as Partial<EventSource> | null)?.on === 'function';
}

/**
 * Adds the wallet's events to the session's realtime connection whenever one opens, resets the bonus popup on
 * a login change, shows the increase-bonus popup, and toasts an automatic sports cash-out's payment and a bonus
 * released to the balance.
 */
export function RealtimeHost({ onPaid }: { onPaid: () => void }) {
  const realtime = useSession((s) => s.realtime);
  const token = useSession((s) => s.token);
  const offer = useRealtimeWallet((s) => s.bonusOffer);
  const { pathname } = useLocation();
  const { t } = useTranslation('realtime');
  const lang = useAppState((s) => s.lang);

  useEffect(() => {
    if (isEventSource(realtime)) return attachWalletHandlers(realtime, analytics, onPaid);
  }, [realtime, onPaid]);

  // An automatic sports cash-out pays while the player may be anywhere in the app: say so wherever they are.
  useEffect(() => {
    if (!isEventSource(realtime)) return;
    const socket = realtime as unknown as Socket<ServerToClientEvents, ClientToServerEvents>;
    const onCashout = (u: ServerEventPayloads['sportsCashout']) => {
      if (u.paid !== undefined) toast(t('autoCashout', { amount: displayMoney(u.paid, lang) }));
    };
    // A bonus converting to cash raises the header's balance: the player hears why.
    const onReleased = ({ amount }: ServerEventPayloads['bonusReleased']) =>
      toast(t('bonusReleased', { amount: displayMoney(amount, lang) }));
    socket.on('sportsCashout', onCashout);
    socket.on('bonusReleased', onReleased);
    return () => {
      socket.off('sportsCashout', onCashout);
      socket.off('bonusReleased', onReleased);
    };
  }, [realtime, t, lang]);

  useEffect(() => {
    useRealtimeWallet.setState({ bonusOffer: null });
  }, [token]);

  // A full-screen popup must not cover a game being played (a crash round's window runs out under it): it waits
  // until the player leaves the game's screen.
  return offer && !isGameScreen(pathname) ? (
    <IncreaseBonusPopup bouns={offer.bouns} amount={offer.amount} />
  ) : null;
}
