import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/navigation';
import { usePwa } from '../lib/pwa';
import { registerServiceWorker } from '../lib/pwa-worker';
import { renderWithApp } from '../test/render';
import { UpdateToast } from './hosts';

// The worker is registered by production builds only; jsdom cannot reload a page.
vi.mock('../lib/env', async (importOriginal) => {
  const { env } = await importOriginal<typeof import('../lib/env')>();
  return { env: { ...env, dev: false } };
});
vi.mock('../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/navigation')>()),
  reloadPage: vi.fn(),
}));

const SCRIPT = new URL('/sw.js', window.location.href).href;

/** A service worker as the browser shows it to a page: its script, its state, what the page posts to it. */
class FakeWorker extends EventTarget {
  readonly scriptURL = SCRIPT;
  readonly messages: unknown[] = [];
  constructor(
    public state: ServiceWorkerState,
    private readonly onMessage: (w: FakeWorker, data: unknown) => void = () => {},
  ) {
    super();
  }
  postMessage(data: unknown, transfer: Transferable[] = []) {
    this.messages.push(data);
    // workbox-window waits on a reply port; our worker never answers, so it is closed.
    for (const port of transfer) (port as MessagePort).close?.();
    this.onMessage(this, data);
  }
  to(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/**
 * The browser's side of an update, for the app's real registration (lib/pwa-worker.ts with workbox-window): the
 * page is controlled by the current version; an update check finds a new `sw.js`, which installs and waits;
 * told SKIP_WAITING (what the app's worker does on that message: skipWaiting), it activates and takes control.
 */
function fakeBrowser() {
  const current = new FakeWorker('activated');
  const container = Object.assign(new EventTarget(), { controller: current as FakeWorker | null });
  const registration = Object.assign(new EventTarget(), {
    scope: new URL('/', window.location.href).href,
    installing: null as FakeWorker | null,
    waiting: null as FakeWorker | null,
    active: current as FakeWorker | null,
    update: vi.fn(async () => {
      const next = new FakeWorker('installing', (w, data) => {
        if ((data as { type?: string } | null)?.type !== 'SKIP_WAITING') return;
        registration.waiting = null;
        registration.active = w;
        w.to('activating');
        container.controller = w;
        container.dispatchEvent(new Event('controllerchange'));
        w.to('activated');
      });
      registration.installing = next;
      registration.dispatchEvent(new Event('updatefound'));
      registration.installing = null;
      registration.waiting = next;
      next.to('installed');
      return registration;
    }),
  });
  const register = vi.fn(async () => registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: Object.assign(container, { register }),
  });
  return { registration, register };
}

describe('the app updates itself: a new version waits until the player takes it', () => {
  beforeAll(() => vi.useFakeTimers({ toFake: ['setInterval'] }));
  afterAll(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('shows "Nova versão disponível" for a waiting worker; its button makes it take over and reloads', async () => {
    const browser = fakeBrowser();
    renderWithApp(<UpdateToast />);
    registerServiceWorker();
    await waitFor(() => expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' }));
    expect(screen.queryByText('Nova versão disponível')).toBeNull();

    // The hourly check finds a new version: it installs and waits (nothing reloads under the player).
    await act(async () => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
    // (after workbox-window's 200 ms check that the installed worker still waits)
    expect(await screen.findByText('Nova versão disponível')).toBeVisible();
    const waiting = browser.registration.waiting!;
    expect(waiting.messages).toEqual([]);
    expect(reloadPage).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Atualizar' }));
    // The waiting worker is told to skip waiting; once it controls the page, the page reloads, once.
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(navigator.serviceWorker.controller).toBe(waiting);
    expect(screen.queryByText('Nova versão disponível')).toBeNull();
    expect(usePwa.getState().updateReady).toBe(false);
  });
});
