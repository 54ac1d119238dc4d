import type { SigninSheet } from '@aposta/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { SignInSheet } from './SignInSheet';

const REWARDS = [1, 2, 3, 4, 5, 7, 10];
const sheetOf = (streak: number, claimedToday: boolean, available = true): SigninSheet => ({
  days: REWARDS.map((reward, i) => ({ day: i + 1, reward, claimed: i < streak })),
  streak,
  claimedToday,
  available,
  today: '2026-11-24',
});

let current: SigninSheet;
let fetcher: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  queryClient.clear();
  current = sheetOf(0, false);
  fetcher = fakeFetch((url, init) => {
    if (url.includes('/promo/signin') && init.method === 'POST') {
      if (current.claimedToday)
        return {
          status: 409,
          body: envelope(null, 409, 'A recompensa de hoje já foi resgatada. Volte amanhã.'),
        };
      current = sheetOf(current.streak + 1, true);
      return { body: envelope(current) };
    }
    if (url.includes('/promo/signin')) return { body: envelope(current) };
    return { body: envelope(null) };
  });
  vi.stubGlobal('fetch', fetcher.fn);
  useSession.setState({ token: 't', user: { uId: 1, balance: 100 } as never });
});
afterEach(() => vi.unstubAllGlobals());

const posts = () =>
  fetcher.calls.filter((c) => c.url.endsWith('/api/app/promo/signin') && c.init.method === 'POST');

describe('daily sign-in sheet', () => {
  it('shows the 7-day cycle and claims day 1 once: marked, the button then waits for tomorrow', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignInSheet />);
    const claim = await screen.findByRole('button', { name: 'Resgatar dia 1' });
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByTestId('signin-day-7')).toHaveTextContent(/10,00/);
    expect(screen.getByTestId('signin-day-1')).toHaveAttribute('aria-current', 'date');
    expect(screen.getByTestId('signin-streak')).toHaveTextContent('Sequência: 0 de 7 dias');

    await user.click(claim);
    const wait = await screen.findByRole('button', { name: 'Volte amanhã' });
    expect(wait).toBeDisabled();
    expect(screen.getByTestId('signin-day-1')).toHaveAttribute('data-claimed', 'true');
    expect(screen.getByTestId('signin-day-2')).toHaveAttribute('data-claimed', 'false');
    expect(screen.getByTestId('signin-streak')).toHaveTextContent('Sequência: 1 de 7 dias');
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]!.init.body))).toEqual({});
  });

  it('a refusal from the server (claimed on another device) shows what the server now says', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignInSheet />);
    const claim = await screen.findByRole('button', { name: 'Resgatar dia 1' });
    current = sheetOf(1, true); // another device claimed meanwhile
    await user.click(claim);
    expect(await screen.findByRole('button', { name: 'Volte amanhã' })).toBeDisabled();
    expect(screen.getByTestId('signin-day-1')).toHaveAttribute('data-claimed', 'true');
  });

  it('says when promotions are not available, and asks a visitor to sign in', async () => {
    current = sheetOf(0, false, false);
    const view = renderWithApp(<SignInSheet />);
    expect(await screen.findByText('Promoções não estão disponíveis na sua conta.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resgatar/ })).not.toBeInTheDocument();
    view.unmount();

    useSession.setState({ token: null, user: null } as never);
    const user = userEvent.setup();
    renderWithApp(<SignInSheet />);
    await user.click(screen.getByRole('button', { name: 'Entre para resgatar' }));
    await waitFor(() => expect(useUi.getState().overlay).toBe('login'));
  });
});
