import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { PushToggle } from './PushToggle';

// The browser's side (permission, worker, push manager) is the browser's: stood in here. The server's side is
// the real contract through fetch; its behaviour is tested in apps/server (push.routes.test.ts).
const KEY = 'B' + 'A'.repeat(86);
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'B' + 'x'.repeat(86), auth: 'a'.repeat(22) },
};

let permission: NotificationPermission;
let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null;
const requestPermission = vi.fn(async () => permission);
const subscribe = vi.fn(async () => {
  current = {
    endpoint: SUBSCRIPTION.endpoint,
    toJSON: () => SUBSCRIPTION,
    unsubscribe: vi.fn(async () => true),
  };
  return current;
});

function serverFetch() {
  return fakeFetch((url) =>
    url.endsWith('/key') ? { body: envelope({ publicKey: KEY }) } : { body: envelope({ subscribed: true }) },
  );
}

beforeEach(() => {
  permission = 'granted';
  current = null;
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission === 'granted' && !current ? 'default' : permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => current, subscribe } }) },
  });
  useSession.setState({ token: 'tok' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  useSession.setState({ token: '' });
  useUi.setState({ overlay: null });
});

describe('notifications switch', () => {
  it('asks the permission only on the tap, then subscribes and sends the subscription to the server', async () => {
    const server = serverFetch();
    vi.stubGlobal('fetch', server.fn);
    renderWithApp(<PushToggle />);
    const toggle = await screen.findByRole('switch', { name: 'Notificações' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    await vi.waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const post = server.calls.find((c) => c.url.endsWith('/api/app/push/subscribe'))!;
    expect(post.init.method).toBe('POST');
    expect(JSON.parse(String(post.init.body))).toEqual(SUBSCRIPTION);
  });

  it('turning it off removes the subscription on the server and in the browser', async () => {
    const server = serverFetch();
    vi.stubGlobal('fetch', server.fn);
    await subscribe();
    const existing = current!;
    renderWithApp(<PushToggle />);
    const toggle = await screen.findByRole('switch', { name: 'Notificações' });
    await vi.waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    await userEvent.click(toggle);
    await vi.waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    const del = server.calls.find((c) => c.init.method === 'DELETE')!;
    expect(JSON.parse(String(del.init.body))).toEqual({ endpoint: SUBSCRIPTION.endpoint });
    expect(existing.unsubscribe).toHaveBeenCalled();
  });

  it('a refused permission subscribes nothing and says the browser blocks them', async () => {
    permission = 'denied';
    const server = serverFetch();
    vi.stubGlobal('fetch', server.fn);
    renderWithApp(<PushToggle />);
    expect(await screen.findByText('Bloqueadas nas configurações do navegador')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('without a session the tap opens the login, and asks nothing', async () => {
    useSession.setState({ token: '' });
    vi.stubGlobal('fetch', serverFetch().fn);
    renderWithApp(<PushToggle />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Notificações' }));
    expect(useUi.getState().overlay).toBe('login');
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('is hidden when the server has push off', async () => {
    const server = fakeFetch(() => ({ body: envelope({ publicKey: null }) }));
    vi.stubGlobal('fetch', server.fn);
    renderWithApp(<PushToggle />);
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
