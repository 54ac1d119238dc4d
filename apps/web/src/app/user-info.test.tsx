import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../lib/navigation';
import { storedSession, useSession } from '../lib/session';
import { envelope, fakeFetch } from '../test/render';
import { routes } from './router';

// The server's figures; the test changes them to see whether the app asks again.
let serverBalance = 16;
let serverBonus = 0;
let userInfoCalls = 0;

beforeEach(() => {
  serverBalance = 16;
  serverBonus = 0;
  userInfoCalls = 0;
  vi.stubGlobal(
    'fetch',
    fakeFetch((url) => {
      if (url.includes('/api/app/user/userInfo')) {
        userInfoCalls++;
        return {
          body: envelope({
            uId: 1,
            username: 'a@b.co',
            header: 0,
            kyc: 1,
            balance: serverBalance,
            freeBalance: serverBonus,
          }),
        };
      }
      return { body: envelope(null) };
    }).fn,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A session as a previous visit left it in storage (TOKEN_B, USERINFO), read as the app reads it at start. */
function storedVisit(user: object) {
  localStorage.setItem('TOKEN_B', 'tok');
  localStorage.setItem('USERINFO', JSON.stringify(user));
  useSession.setState(storedSession());
}

function openApp() {
  const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
  setNavigator((to, options) => void router.navigate(to, options));
  render(<RouterProvider router={router} />);
}

const headerBalance = () => screen.getByTestId('header-balance').textContent?.replace(/\u00a0/g, ' ');

describe('user info freshness (the header balance)', () => {
  it('is asked on start: the stored R$ 15,00 is never shown, a placeholder until the server’s R$ 16,00', async () => {
    // The copy a previous visit left in storage (USERINFO), its bonus too.
    storedVisit({ uId: 1, balance: 15, freeBalance: 5, kyc: 1, header: 0 });
    expect(useSession.getState().user?.balance).toBe(15);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const shown = screen.queryByTestId('header-balance')?.textContent?.replace(/\u00a0/g, ' ');
      if (shown) seen.push(shown);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      openApp();
      expect(headerBalance()).toBe('R$ —');
      expect(screen.getByTestId('header-balance')).toHaveAttribute('aria-busy', 'true');
      expect(screen.queryByTestId('header-bonus')).toBeNull();
      await waitFor(() => expect(headerBalance()).toBe('R$ 16,00'), { timeout: 4000 });
    } finally {
      observer.disconnect();
    }
    expect(seen).not.toContain('R$ 15,00');
    expect(screen.getByTestId('header-balance')).toHaveAttribute('aria-busy', 'false');
    expect(userInfoCalls).toBe(1);
  });

  it('is a placeholder, not R$ 0,00, until the first answer when no copy was stored', async () => {
    useSession.setState({ token: 'tok', user: null });
    openApp();
    expect(headerBalance()).toBe('R$ —');
    await waitFor(() => expect(headerBalance()).toBe('R$ 16,00'), { timeout: 4000 });
  });

  it('is asked again when the player comes back to the tab, however recent the last answer', async () => {
    useSession.setState({ token: 'tok', user: { uId: 1, balance: 15, kyc: 1, header: 0 } as never });
    openApp();
    await waitFor(() => expect(headerBalance()).toBe('R$ 16,00'), { timeout: 4000 });
    serverBalance = 17;
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(headerBalance()).toBe('R$ 17,00'));
    expect(userInfoCalls).toBe(2);
  });
});

describe('bonus money beside the cash', () => {
  it('is named under the cash while there is some, and goes with it', async () => {
    serverBonus = 20;
    useSession.setState({ token: 'tok', user: { uId: 1, balance: 16, kyc: 1, header: 0 } as never });
    openApp();
    await waitFor(() =>
      expect(screen.getByTestId('header-bonus').textContent?.replace(/\u00a0/g, ' ')).toBe(
        '+R$ 20,00 em bônus',
      ),
    );
    expect(headerBalance()).toBe('R$ 16,00');
    serverBonus = 0;
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(screen.queryByTestId('header-bonus')).toBeNull());
  });
});
