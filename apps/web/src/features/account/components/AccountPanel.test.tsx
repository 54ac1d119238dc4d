import type { UserInfo } from '@aposta/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUser, useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { AccountPanel } from './AccountPanel';
import { TestAccountPopup } from './TestAccountPopup';
import { logout } from '../../../app/flows';

afterEach(() => vi.unstubAllGlobals());

const user = (over: Partial<UserInfo> = {}) =>
  ({
    uId: 7,
    name: 'Ana Souza',
    username: 'ana@mail.com',
    email: 'ana@mail.com',
    level: 3,
    header: 5,
    balance: 1234.5,
    time: '2026-01-05T10:00:00Z',
    testFlag: '0',
    extendInfo: '',
    kyc: 0,
    ...over,
  }) as UserInfo;

describe('account panel', () => {
  it("shows no balance from a past visit's stored copy until the server answers it", () => {
    useSession.setState({ token: 't', user: user(), balanceStale: true });
    renderWithApp(<AccountPanel onLogout={logout} />);
    expect(screen.getByTestId('account-balance')).toHaveTextContent('R$ —');
    act(() => setUser(user({ balance: 12 })));
    expect(screen.getByTestId('account-balance')).toHaveTextContent('R$ 12,00');
  });

  it('shows avatar, VIP level, balance and e-mail; copying shows the exact toast', async () => {
    useSession.setState({ token: 't', user: user() });
    const u = userEvent.setup(); // provides a clipboard stand-in
    renderWithApp(<AccountPanel onLogout={logout} />);
    expect(screen.getByRole('dialog', { name: 'Minha conta' })).toBeInTheDocument();
    expect(screen.getByText('VIP 3')).toBeInTheDocument();
    expect(screen.getByTestId('account-balance')).toHaveTextContent('R$ 1.234,50');
    await u.click(screen.getByRole('button', { name: 'Copiar e-mail' }));
    expect(await navigator.clipboard.readText()).toBe('ana@mail.com');
    expect(await screen.findByText('A cópia foi bem-sucedida')).toBeInTheDocument();
    for (const name of ['Depositar', 'Sacar', 'Conta', 'Nível VIP', 'Registros', 'Alterar senha', 'Sair']) {
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    }
  });

  it('deposit opens the deposit overlay (the app puts KYC first) and closes the panel', async () => {
    useSession.setState({ token: 't', user: user({ kyc: 0 }) });
    useUi.setState({ accountOpen: true, menuOpen: true });
    renderWithApp(<AccountPanel onLogout={logout} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Depositar/ }));
    expect(useUi.getState()).toMatchObject({
      overlay: 'deposit',
      accountOpen: false,
      menuOpen: false,
    });
  });

  it('shows the test-account box; "Mudar de conta" keeps the credentials and signs out', async () => {
    const f = fakeFetch(() => ({ body: envelope(null) }));
    vi.stubGlobal('fetch', f.fn);
    useSession.setState({
      token: 't',
      user: user({
        testFlag: '1',
        extendInfo: JSON.stringify({ username: 'demo7@aposta.test', pwd: 'demo-pass', balance: 1000 }),
      }),
    });
    renderWithApp(<AccountPanel onLogout={logout} />);
    const box = screen.getByRole('region', { name: 'Conta de teste' });
    expect(box).toHaveTextContent('demo7@aposta.test');
    expect(box).toHaveTextContent('R$ 1.000,00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mudar de conta' }));
    await waitFor(() => expect(useSession.getState().token).toBe(''));
    expect(JSON.parse(sessionStorage.getItem('TESTACCOUNT')!)).toEqual({
      username: 'demo7@aposta.test',
      pwd: 'demo-pass',
    });
    expect(f.calls.some((c) => c.url.endsWith('/api/auth/user/logout'))).toBe(true);
    expect(useUi.getState().overlay).toBe('login');
  });

  it('without extendInfo asks getUserTest once for the popup and the panel together', async () => {
    const f = fakeFetch((url) =>
      url.endsWith('/api/app/user/getUserTest')
        ? { body: envelope({ username: 'demo9@aposta.test', pwd: 'pass-9', balance: 500 }) }
        : { body: envelope(null) },
    );
    vi.stubGlobal('fetch', f.fn);
    useSession.setState({ token: 't', user: user({ testFlag: '1', extendInfo: '' }) });
    useUi.setState({ testPopup: true });
    renderWithApp(
      <>
        <TestAccountPopup />
        <AccountPanel onLogout={logout} />
      </>,
    );
    const box = await screen.findByRole('region', { name: 'Conta de teste' });
    expect(box).toHaveTextContent('demo9@aposta.test');
    expect(box).toHaveTextContent('R$ 500,00');
    expect(screen.getAllByText('pass-9').length).toBeGreaterThanOrEqual(2);
    // One answer shared through the query cache (each hook used to ask for itself).
    expect(f.calls.filter((c) => c.url.endsWith('/getUserTest'))).toHaveLength(1);
  });

  it('asks nothing for a real-money account', async () => {
    const f = fakeFetch(() => ({ body: envelope(null) }));
    vi.stubGlobal('fetch', f.fn);
    useSession.setState({ token: 't', user: user() });
    renderWithApp(<AccountPanel onLogout={logout} />);
    await screen.findByRole('dialog', { name: 'Minha conta' });
    expect(screen.queryByRole('region', { name: 'Conta de teste' })).not.toBeInTheDocument();
    expect(f.calls.filter((c) => c.url.endsWith('/getUserTest'))).toHaveLength(0);
  });
});
