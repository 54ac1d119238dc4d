import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../lib/session';
import { openOverlay, useUi } from '../lib/ui';
import { setNavigator } from '../lib/navigation';
import { PaySuccessPage } from '../features/wallet';
import { envelope, fakeFetch, renderWithApp } from '../test/render';
import { depositPaid } from './flows';
import { OverlayHost } from './OverlayHost';

let kycSaved = false;

beforeEach(() => {
  kycSaved = false;
  useSession.setState({ token: 't', user: { uId: 1, balance: 0, freeBalance: 0, kyc: 0, lx: '' } as never });
  vi.stubGlobal(
    'fetch',
    fakeFetch((url) => {
      if (url.includes('/updateKyc')) {
        kycSaved = true;
        return { body: envelope(null, 0, 'Terminar') };
      }
      if (url.includes('/userInfo'))
        return { body: envelope({ ...useSession.getState().user, kyc: kycSaved ? 1 : 0 }) };
      if (url.includes('/getPrices')) return { body: envelope([]) };
      return { body: envelope(null) };
    }).fn,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('deposit after KYC (composed by the app)', () => {
  it.each(['deposit', 'gameDeposit'] as const)(
    '%s without KYC diverts to editBank; saving it continues to the same deposit',
    async (kind) => {
      useUi.setState({ overlay: kind, depositMode: 'secondDeposit', depositFor: 8_000 });
      renderWithApp(<OverlayHost />);
      await waitFor(() => expect(useUi.getState()).toMatchObject({ overlay: 'editBank', afterKyc: kind }));
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Nome completo'), 'Ana Souza');
      await user.type(screen.getByLabelText('CPF'), '52998224725');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() =>
        expect(useUi.getState()).toMatchObject({
          overlay: kind,
          afterKyc: null,
          depositMode: 'secondDeposit',
          // The game deposit still knows the stake it was opened for.
          depositFor: kind === 'gameDeposit' ? 8_000 : null,
        }),
      );
      expect(useSession.getState().user?.kyc).toBe(1);
    },
  );
});

describe('the start mask', () => {
  /** The overlays over the app's routes, with 'Pagamento recebido' as its own page. */
  function App() {
    return (
      <>
        <OverlayHost />
        {useLocation().pathname === '/paySuccess' ? <PaySuccessPage /> : null}
      </>
    );
  }

  /** Every name of the start mask's dialog that was ever in the document, from now on. */
  function watchMask() {
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (screen.queryByRole('dialog', { name: 'Presença diária' })) seen.push(window.location.pathname);
    });
    observer.observe(document.body, { subtree: true, childList: true });
    return { seen, stop: () => observer.disconnect() };
  }

  it("waits while 'Pagamento recebido' shows, then opens on the next page", async () => {
    useUi.setState({ overlay: null, startMask: true });
    const { router } = renderWithApp(<App />, '/paySuccess');
    // The lazy chunks load on the next page: give them the time they take before saying it is absent.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog', { name: 'Presença diária' })).toBeNull();
    await router.navigate('/home');
    expect(await screen.findByRole('dialog', { name: 'Presença diária' })).toBeInTheDocument();
  });

  it('does not show for a moment between a paid deposit and its page', async () => {
    useSession.setState({ user: { ...useSession.getState().user!, kyc: 1 } });
    // The mask's code is already in (it showed before the deposit), so nothing delays a wrong render of it.
    useUi.setState({ overlay: null, startMask: true });
    const { router } = renderWithApp(<App />, '/home');
    expect(await screen.findByRole('dialog', { name: 'Presença diária' })).toBeInTheDocument();
    setNavigator((to, options) => void router.navigate(to, options));
    act(() => openOverlay('deposit'));
    expect(await screen.findByRole('dialog', { name: 'Depositar' })).toBeInTheDocument();

    const mask = watchMask();
    // Outside act: the store and the router update as they do in the browser, each on its own schedule.
    depositPaid();
    expect(await screen.findByRole('heading', { name: 'Pagamento recebido' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    mask.stop();
    expect(mask.seen).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Depositar' })).toBeNull();
    // Leaving the page lets it open.
    await act(() => router.navigate('/home'));
    expect(await screen.findByRole('dialog', { name: 'Presença diária' })).toBeInTheDocument();
  });
});

describe("the phone's back button", () => {
  const layer = () => (window.history.state as Record<string, unknown> | null)?.apostaLayer;

  it('closes the open menu at the same address; the menu closed by its own button leaves no entry', async () => {
    useUi.setState({ menuOpen: true });
    renderWithApp(<OverlayHost />);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    const address = window.location.href;
    const entries = window.history.length;
    const menu = layer();
    expect(menu).toEqual(expect.any(Number));

    act(() => window.history.back());
    await waitFor(() => expect(useUi.getState().menuOpen).toBe(false));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(window.location.href).toBe(address);
    expect(layer()).not.toBe(menu);

    // Opened again and closed by its button: the entry it pushed goes, so the next back press is not spent on it.
    act(() => useUi.setState({ menuOpen: true }));
    await waitFor(() => expect(layer()).toBeGreaterThan(menu as number));
    const again = layer();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(layer()).not.toBe(again));
    expect(useUi.getState().menuOpen).toBe(false);
    expect(window.history.length).toBe(entries);
  });

  it('closes an overlay opened over a panel, and the panel with it', async () => {
    useUi.setState({ accountOpen: true, overlay: 'language' });
    renderWithApp(<OverlayHost />);
    expect(await screen.findByRole('dialog', { name: 'Idioma' })).toBeInTheDocument();
    act(() => window.history.back());
    await waitFor(() => expect(useUi.getState()).toMatchObject({ overlay: null, accountOpen: false }));
  });
});
