import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadLanguage } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { useSession } from '../lib/session';
import { useUi } from '../lib/ui';
import { envelope, fakeFetch } from '../test/render';
import { activitySummary } from '../features/activities/test/fixtures';
import { routes } from './router';

afterEach(() => vi.unstubAllGlobals());

function start(path: string) {
  vi.stubGlobal(
    'fetch',
    fakeFetch(() => ({ body: envelope({ uId: 1, username: 'a@b.co', header: 0, yqm: 'AB12CD' }) })).fn,
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  it('redirects / and /main to /home, and unknown paths to /', async () => {
    for (const path of ['/', '/main', '/no/such/page']) {
      const router = start(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    }
  });

  it.each(['/share', '/gameMess', '/dice'])(
    'guards %s: alert, then home, then the login overlay',
    async (path) => {
      const router = start(path);
      const alert = await screen.findByRole('alertdialog');
      expect(alert).toHaveTextContent('Por favor, faça login primeiro');
      expect(useUi.getState().overlay).toBeNull();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Eu entendi' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      expect(useUi.getState().overlay).toBe('login');
    },
  );

  it('shows the terms of service signed out, linked from the home footer', async () => {
    const router = start('/home');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Termos de serviço' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/termos'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de serviço' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("names the browser tab after the page, in the player's language", async () => {
    const router = start('/home');
    await waitFor(() => expect(document.title).toBe('Aposta — Esportes e cassino'));
    await act(() => router.navigate('/limbo'));
    await waitFor(() => expect(document.title).toBe('Limbo — Aposta'));
    await act(() => router.navigate('/registros'));
    await waitFor(() => expect(document.title).toBe('Registros — Aposta'));
    try {
      await act(() => loadLanguage('en'));
      await waitFor(() => expect(document.title).toBe('Records — Aposta'));
      await act(() => router.navigate('/fairness'));
      await waitFor(() => expect(document.title).toBe('Fairness verifier — Aposta'));
      // A page the shared dictionary does not name keeps the app's title.
      await act(() => router.navigate('/jogoResponsavel'));
      await waitFor(() => expect(document.title).toBe('Aposta — Sports and casino'));
    } finally {
      await act(() => loadLanguage('pt_BR'));
    }
  });

  it('shows the floating support button on home, not over a game screen', async () => {
    const router = start('/home');
    expect(await screen.findByRole('button', { name: 'Abrir atendimento' })).toBeInTheDocument();
    for (const game of ['/mines', '/crash', '/fairness']) {
      await act(() => router.navigate('/home'));
      expect(await screen.findByRole('button', { name: 'Abrir atendimento' })).toBeInTheDocument();
      await act(() => router.navigate(game));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Abrir atendimento' })).toBeNull());
    }
  });

  it('lets a signed-in player into /share with the invitation link', async () => {
    useSession.setState({ token: 't', user: null });
    start('/share');
    // The user info arrives through the lazily loaded session sync.
    await waitFor(() => expect(screen.getByTestId('share-link')).toHaveTextContent('/yAB12CD'), {
      timeout: 5000,
    });
  });

  it('/y{yqm} keeps the invitation code and opens registration on home', async () => {
    const router = start('/yQWE123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('YQM')).toBe('QWE123');
    expect(useUi.getState().overlay).toBe('register');
  });

  it('/active{id} shows the activity page (signed out: the way in); /ladderBonus is the ladder, not "Em breve"', async () => {
    const router = start('/active42');
    expect(await screen.findByRole('heading', { name: 'Atividade' })).toBeInTheDocument();
    expect(
      screen.getByText('Entre na sua conta para ver a atividade e o seu progresso.'),
    ).toBeInTheDocument();
    await act(() => router.navigate('/ladderBonus'));
    expect(await screen.findByRole('heading', { name: 'Bônus escada', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Em breve')).not.toBeInTheDocument();
  });

  it('the promotions tab (/vip) lists the live activities under its links, each a door to its page', async () => {
    useSession.setState({ token: 't', user: null });
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url.includes('/api/app/promo/activities')
          ? {
              body: envelope({
                available: true,
                list: [activitySummary({ bannerUrl: '', claimable: 0, progress: { current: 0, target: 0 } })],
              }),
            }
          : { body: envelope({ uId: 1, username: 'a@b.co', header: 0, yqm: 'AB12CD' }) },
      ).fn,
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/vip'] });
    render(<RouterProvider router={router} />);
    const page = await screen.findByRole('heading', { name: 'Clube VIP' }, { timeout: 5000 });
    const link = await within(page.closest('section')!).findByRole('link', {
      name: /Primeiro depósito em dobro/,
    });
    expect(link).toHaveAttribute('href', '/active7');
  });

  it('keeps home mounted while another screen shows', async () => {
    const router = start('/home');
    const home = await screen.findByTestId('home-view');
    await act(() => router.navigate('/vip'));
    expect(screen.getByTestId('home-view')).toBe(home);
    expect(home).not.toBeVisible();
    await act(() => router.navigate('/home'));
    expect(screen.getByTestId('home-view')).toBe(home);
    expect(home).toBeVisible();
  });
});
