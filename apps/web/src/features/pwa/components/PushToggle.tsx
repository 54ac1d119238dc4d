import { pushSubscribeRequest } from '@aposta/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { fetchPushKey, removeSubscription, saveSubscription } from '../api/push';

type State = 'hidden' | 'off' | 'on' | 'denied';

function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** base64url (the VAPID key) to the bytes `pushManager.subscribe` wants. */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const text = atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * The player's consent to notifications ("deposit credited", "withdrawal paid"), a switch in the settings
 * menu. The browser's permission is asked only when the player turns it on; turning it off removes the
 * subscription on the server and in the browser. Hidden where push cannot work (no worker, server off).
 */
export function PushToggle() {
  const { t } = useTranslation('pwa');
  const token = useSession((s) => s.token);
  const [state, setState] = useState<State>('hidden');
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    void (async () => {
      const publicKey = await fetchPushKey().catch(() => null);
      if (!live || !publicKey) return;
      setKey(publicKey);
      if (Notification.permission === 'denied') return setState('denied');
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (live) setState(subscription && token ? 'on' : 'off');
    })();
    return () => {
      live = false;
    };
  }, [token]);

  async function turnOn() {
    if (!token) return openOverlay('login');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key!),
      }));
    await saveSubscription(pushSubscribeRequest.parse(subscription.toJSON()));
    setState('on');
  }

  async function turnOff() {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await removeSubscription(subscription.endpoint).catch(() => undefined);
      await subscription.unsubscribe();
    }
    setState('off');
  }

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      await (state === 'on' ? turnOff() : turnOn());
    } catch {
      setState('off');
    } finally {
      setBusy(false);
    }
  }

  if (state === 'hidden') return null;
  const on = state === 'on';
  return (
    <div className="flex min-h-48 items-center gap-12 rounded-xl border border-line bg-deep/60 px-12">
      <Icon name="bell" className="size-20 text-muted" />
      <span className="flex-1">
        <span className="block text-base">{t('notifications')}</span>
        <span className="block text-xs text-muted">
          {state === 'denied' ? t('blocked') : t('notificationsHint')}
        </span>
      </span>
      {state === 'denied' ? null : (
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label={t('notifications')}
          disabled={busy}
          onClick={() => void toggle()}
          className={`relative h-44 w-56 shrink-0 rounded-full ${busy ? 'opacity-60' : ''}`}
        >
          <span
            className={`absolute inset-x-4 top-1/2 h-28 -translate-y-1/2 rounded-full ${on ? 'bg-gold' : 'bg-raised'}`}
          />
          <span
            className={`absolute top-1/2 size-22 -translate-y-1/2 rounded-full bg-text transition-all ${on ? 'left-30' : 'left-7'}`}
          />
        </button>
      )}
    </div>
  );
}
