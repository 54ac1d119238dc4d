import type { UserInfo } from '@aposta/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { testBet as bet } from '../testing';
import { MyBetsPage } from './MyBetsPage';

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
});
afterEach(() => vi.unstubAllGlobals());

const posts = (calls: { url: string; init: RequestInit }[]) =>
  calls.filter((c) => c.init.method === 'POST' && c.url.includes('/cashout'));

describe('cash out on my bets', () => {
  it('shows the live value; the slider pays share × value and keeps the rest of the stake running', async () => {
    const server = fakeFetch((url, init) => {
      if (url.includes('/bets/41/cashout') && init.method === 'POST')
        return {
          body: envelope({ betId: '41', paid: 6.17, stake: 5, status: 'open', balance: 106.17, auto: false }),
        };
      if (url.includes('/bets/41/cashout')) return { body: envelope({ value: 12.34, available: true }) };
      if (url.includes('/sports/bets')) return { body: envelope([bet()]) };
      return { status: 404, body: envelope(null, 40400, 'not found') };
    });
    vi.stubGlobal('fetch', server.fn);
    const user = userEvent.setup();
    renderWithApp(<MyBetsPage />);
    const button = await screen.findByRole('button', { name: /Cash out R\$\s12,34/ });
    await user.click(button);
    expect(screen.getByTestId('cashout-paid')).toHaveTextContent(/R\$\s12,34/);
    expect(screen.getByTestId('cashout-running')).toHaveTextContent(/R\$\s0,00/);
    // Half: ⌊1234 × 0,5⌋ = 617 centavos paid, 5,00 of the 10,00 stake still running.
    fireEvent.change(screen.getByRole('slider'), { target: { value: '50' } });
    expect(screen.getByTestId('cashout-percent')).toHaveTextContent('50%');
    expect(screen.getByTestId('cashout-paid')).toHaveTextContent(/R\$\s6,17/);
    expect(screen.getByTestId('cashout-running')).toHaveTextContent(/R\$\s5,00/);
    // 35 %: ⌊1234 × 0,35⌋ = 431; the stake keeps 10,00 − 3,50.
    fireEvent.change(screen.getByRole('slider'), { target: { value: '35' } });
    expect(screen.getByTestId('cashout-paid')).toHaveTextContent(/R\$\s4,31/);
    expect(screen.getByTestId('cashout-running')).toHaveTextContent(/R\$\s6,50/);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '50' } });
    await user.click(screen.getByTestId('cashout-confirm'));

    // The toast, over the header's balance for a moment, says the new balance itself.
    expect(await screen.findByText(/^Cash out feito: R\$\s6,17 · Saldo: R\$\s106,17$/)).toBeInTheDocument();
    const [post] = posts(server.calls);
    expect(JSON.parse(String(post!.init.body))).toEqual({ value: 12.34, share: 0.5 });
    expect((post!.init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(useSession.getState().user?.balance).toBe(106.17);
    expect(screen.queryByTestId('cashout-sheet')).not.toBeInTheDocument();
  });

  it('a moved value (409) shows the new one; confirming again sends it with a new key', async () => {
    let tries = 0;
    const server = fakeFetch((url, init) => {
      if (url.includes('/bets/41/cashout') && init.method === 'POST') {
        tries++;
        if (tries === 1)
          return {
            status: 409,
            body: envelope({ value: 11.5, available: true }, 40900, 'O valor do cash out mudou'),
          };
        return {
          body: envelope({
            betId: '41',
            paid: 11.5,
            stake: 0,
            status: 'cashedOut',
            balance: 111.5,
            auto: false,
          }),
        };
      }
      if (url.includes('/bets/41/cashout')) return { body: envelope({ value: 12.34, available: true }) };
      if (url.includes('/sports/bets')) return { body: envelope([bet()]) };
      return { status: 404, body: envelope(null, 40400, 'not found') };
    });
    vi.stubGlobal('fetch', server.fn);
    const user = userEvent.setup();
    renderWithApp(<MyBetsPage />);
    await user.click(await screen.findByRole('button', { name: /Cash out R\$\s12,34/ }));
    await user.click(screen.getByTestId('cashout-confirm'));

    expect(await screen.findByText(/O valor mudou para R\$\s11,50/)).toBeInTheDocument();
    expect(screen.getByTestId('cashout-value')).toHaveTextContent(/R\$\s11,50/);
    expect(screen.getByTestId('cashout-confirm')).toHaveTextContent(/Receber R\$\s11,50/);
    await user.click(screen.getByTestId('cashout-confirm'));

    expect(await screen.findByText(/Cash out feito: R\$\s11,50/)).toBeInTheDocument();
    const sent = posts(server.calls);
    expect(sent.map((c) => JSON.parse(String(c.init.body)).value)).toEqual([12.34, 11.5]);
    const keys = sent.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(useSession.getState().user?.balance).toBe(111.5);
  });

  it('is disabled while suspended, and shows what a partly cashed bet has paid and its auto target', async () => {
    const server = fakeFetch((url) => {
      if (url.includes('/bets/41/cashout')) return { body: envelope({ value: 8, available: false }) };
      if (url.includes('/sports/bets'))
        return { body: envelope([bet({ cashedOut: 3.2, stake: 6, placedStake: 10, autoCashout: 20 })]) };
      return { status: 404, body: envelope(null, 40400, 'not found') };
    });
    vi.stubGlobal('fetch', server.fn);
    renderWithApp(<MyBetsPage />);
    const button = await screen.findByRole('button', { name: 'Cash out suspenso' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('cashed-out')).toHaveTextContent(/^Cash out parcial · RecebidoR\$\s3,20$/);
    // The stake cell shows what still runs (the odds and the possible win apply to it), of the stake placed.
    expect(screen.getByTestId('bet-stake')).toHaveTextContent(/^R\$\s6,00$/);
    expect(screen.getByTestId('bet-placed-stake')).toHaveTextContent(/^de R\$\s10,00$/);
    expect(screen.getByTestId('auto-target')).toHaveTextContent(/Cash out automático em R\$\s20,00/);
    expect(posts(server.calls)).toEqual([]);
  });

  it('sets an automatic target above the value, typed as money', async () => {
    const server = fakeFetch((url, init) => {
      if (url.includes('/autoCashout'))
        return { body: envelope({ betId: '41', autoCashout: JSON.parse(String(init.body)).value }) };
      if (url.includes('/bets/41/cashout')) return { body: envelope({ value: 12.34, available: true }) };
      if (url.includes('/sports/bets')) return { body: envelope([bet()]) };
      return { status: 404, body: envelope(null, 40400, 'not found') };
    });
    vi.stubGlobal('fetch', server.fn);
    const user = userEvent.setup();
    renderWithApp(<MyBetsPage />);
    await screen.findByRole('button', { name: /Cash out R\$\s12,34/ });
    await user.click(screen.getByRole('button', { name: 'Automático' }));
    const field = screen.getByLabelText('Encerrar tudo quando o valor chegar a');
    await user.type(field, '10');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Digite um valor acima do atual \(R\$\s12,34\)/)).toBeInTheDocument();
    // The win itself (R$ 25,00) or more: a cash-out never reaches it.
    await user.clear(field);
    await user.type(field, '25');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(/O cash out automático precisa ficar abaixo do ganho possível \(R\$\s25,00\)/),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '20,50');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Cash out automático em R\$\s20,50/)).toBeInTheDocument();
    const puts = server.calls.filter((c) => c.url.includes('/autoCashout'));
    expect(puts).toHaveLength(1);
    const put = puts[0];
    expect(put?.init.method).toBe('PUT');
    expect(JSON.parse(String(put!.init.body))).toEqual({ value: 20.5 });
  });

  it('follows the sportsCashout pushes of the realtime connection', async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const socket = {
      connected: true,
      on: (name: string, fn: (payload: unknown) => void) => handlers.set(name, fn),
      off: (name: string) => handlers.delete(name),
      emit: () => undefined,
      disconnect: () => undefined,
    };
    useSession.setState({ realtime: socket });
    const server = fakeFetch((url) => {
      if (url.includes('/bets/41/cashout')) return { body: envelope({ value: 12.34, available: true }) };
      if (url.includes('/sports/bets')) return { body: envelope([bet()]) };
      return { status: 404, body: envelope(null, 40400, 'not found') };
    });
    vi.stubGlobal('fetch', server.fn);
    const { unmount } = renderWithApp(<MyBetsPage />);
    await screen.findByRole('button', { name: /Cash out R\$\s12,34/ });
    act(() => handlers.get('sportsCashout')!({ betId: '41', value: 15.2, available: true }));
    expect(await screen.findByRole('button', { name: /Cash out R\$\s15,20/ })).toBeEnabled();
    act(() => handlers.get('sportsCashout')!({ betId: '41', value: 14, available: false }));
    expect(await screen.findByRole('button', { name: 'Cash out suspenso' })).toBeDisabled();
    // Another player's bet id changes nothing on this card.
    act(() => handlers.get('sportsCashout')!({ betId: '99', value: 50, available: true }));
    expect(screen.getByRole('button', { name: 'Cash out suspenso' })).toBeDisabled();
    unmount();
    expect(handlers.has('sportsCashout')).toBe(false);
    useSession.setState({ realtime: null });
  });
});
