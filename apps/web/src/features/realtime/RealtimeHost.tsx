import { useEffect } from 'react';
import { useSession } from '../../lib/session';
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
 * a login change, and shows the increase-bonus popup.
 */
export function RealtimeHost({ onPaid }: { onPaid: () => void }) {
  const realtime = useSession((s) => s.realtime);
  const token = useSession((s) => s.token);
  const offer = useRealtimeWallet((s) => s.bonusOffer);

  useEffect(() => {
    if (isEventSource(realtime)) return attachWalletHandlers(realtime, analytics, onPaid);
  }, [realtime, onPaid]);

  useEffect(() => {
    useRealtimeWallet.setState({ bonusOffer: null });
  }, [token]);

  return offer ? <IncreaseBonusPopup bouns={offer.bouns} amount={offer.amount} /> : null;
}
