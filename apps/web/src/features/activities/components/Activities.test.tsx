import type { ActivityDetail } from '@aposta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateDepositState, queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { ActiveAwardOverlay } from './ActiveAwardOverlay';
import { ActivityPage } from './ActivityPage';
import { activitySummary } from '../test/fixtures';

const detail = (patch: Partial<ActivityDetail> = {}): ActivityDetail => ({
  ...activitySummary(patch),
  body: '<p>Regras</p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
  available: true,
  ...patch,
});

let current: ActivityDetail;
let fetcher: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  queryClient.clear();
  current = detail();
  fetcher = fakeFetch((url) => {
    if (url.endsWith('/promo/activities/7/claim')) {
      if (current.claimed !== null)
        return { status: 409, body: envelope(null, 40900, 'Você já resgatou esta recompensa.') };
      current = { ...current, claimable: 0, claimed: 20, joined: true };
      return { body: envelope({ paid: 20, activity: current }) };
    }
    if (url.endsWith('/promo/activities/7')) return { body: envelope(current) };
    if (url.endsWith('/promo/activities')) return { body: envelope({ available: true, list: [current] }) };
    if (url.includes('/userInfo')) return { body: envelope({ uId: 1, balance: 120 }) };
    return { body: envelope(null) };
  });
  vi.stubGlobal('fetch', fetcher.fn);
  useSession.setState({ token: 't', user: { uId: 1, balance: 100 } as never });
  useUi.setState({ overlay: null, startMask: false, menuOpen: false, accountOpen: false });
});
afterEach(() => vi.unstubAllGlobals());

const claims = () => fetcher.calls.filter((c) => c.url.endsWith('/claim') && c.init.method === 'POST');

describe('activity page', () => {
  it('shows banner, sanitised body, period and progress, and claims once', async () => {
    const user = userEvent.setup();
    renderWithApp(<ActivityPage id="7" />);
    expect(await screen.findByRole('heading', { name: 'Primeiro depósito em dobro' })).toBeInTheDocument();
    expect(screen.getByTestId('activity-banner')).toHaveAttribute('src', 'https://cdn.example.com/b.png');
    expect(screen.getByText('Bônus de 50% (até R$ 20,00) no seu primeiro depósito')).toBeInTheDocument();
    expect(screen.getByText(/De .*20 de nov.* até .*20 de dez/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const body = screen.getByTestId('activity-body');
    expect(body.innerHTML).toBe('<p>Regras</p><img>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Resgatar R$\u00a020,00' }));
    expect(await screen.findByTestId('activity-claimed')).toHaveTextContent('Resgatado: R$ 20,00');
    expect(screen.queryByTestId('activity-claim')).not.toBeInTheDocument();
    expect(claims()).toHaveLength(1);
    expect(JSON.parse(String(claims()[0]!.init.body))).toEqual({});
    // The balance is read again at once.
    await waitFor(() => expect(fetcher.calls.some((c) => c.url.includes('/userInfo'))).toBe(true));
  });

  it('shows the server’s refusal next to the button', async () => {
    const user = userEvent.setup();
    renderWithApp(<ActivityPage id="7" />);
    const button = await screen.findByRole('button', { name: 'Resgatar R$\u00a020,00' });
    current = { ...current, claimed: 20 }; // claimed meanwhile on another device
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Você já resgatou esta recompensa.');
  });

  it('says what is missing: nothing claimable yet, promotions off, not found', async () => {
    current = detail({ kind: 'turnover', claimable: 0, progress: { current: 6, target: 10 } });
    const view = renderWithApp(<ActivityPage id="7" />);
    expect(await screen.findByRole('button', { name: 'Cumpra as condições para resgatar' })).toBeDisabled();
    expect(screen.getByTestId('activity-progress')).toHaveTextContent('R$ 6,00 de R$ 10,00');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    view.unmount();

    queryClient.clear();
    current = detail({ available: false });
    const off = renderWithApp(<ActivityPage id="7" />);
    expect(await screen.findByText('As promoções não estão disponíveis na sua conta.')).toBeInTheDocument();
    expect(screen.queryByTestId('activity-claim')).not.toBeInTheDocument();
    off.unmount();

    renderWithApp(<ActivityPage id="abc" />);
    expect(await screen.findByRole('heading', { name: 'Atividade não encontrada' })).toBeInTheDocument();
  });
});

describe('active-award overlay', () => {
  it('lists the unclaimed rewards and claims from the overlay', async () => {
    const user = userEvent.setup();
    renderWithApp(<ActiveAwardOverlay />);
    const dialog = await screen.findByRole('dialog', { name: 'Recompensas para resgatar' });
    expect(within(dialog).getByText('Você tem R$ 20,00 em bônus esperando por você.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resgatar R$\u00a020,00' }));
    expect(await within(dialog).findByTestId('activity-claimed')).toHaveTextContent('Resgatado: R$ 20,00');
    expect(claims()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Depois' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens when a paid deposit makes a reward claimable', async () => {
    // Another activity than the one closed above (a closed overlay stays closed for its rewards).
    current = detail({ id: 9, claimable: 0 });
    renderWithApp(<ActiveAwardOverlay />);
    await waitFor(() => expect(fetcher.calls.some((c) => c.url.endsWith('/promo/activities'))).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    current = detail({ id: 9 });
    await invalidateDepositState(); // what the realtime paySuccess does
    expect(await screen.findByRole('dialog', { name: 'Recompensas para resgatar' })).toBeInTheDocument();
  });

  it('waits while another overlay is open, and shows nothing without a claimable reward', async () => {
    useUi.setState({ overlay: 'deposit' });
    const view = renderWithApp(<ActiveAwardOverlay />);
    await waitFor(() => expect(fetcher.calls.some((c) => c.url.endsWith('/promo/activities'))).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    view.unmount();

    queryClient.clear();
    useUi.setState({ overlay: null });
    current = detail({ id: 8, claimable: 0 });
    renderWithApp(<ActiveAwardOverlay />);
    await waitFor(() =>
      expect(fetcher.calls.filter((c) => c.url.endsWith('/promo/activities'))).toHaveLength(2),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
