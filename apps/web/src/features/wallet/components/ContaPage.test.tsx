import type { GetWithdrawAnswer } from '@aposta/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { ContaPage } from './ContaPage';

let limits: GetWithdrawAnswer;

beforeEach(() => {
  limits = {
    limitAmount: 50,
    number: 1,
    lock: false,
    wdAmount: 0,
    wagerDue: 0,
    usdtRate: 5.5,
    serviceAmount: 0.03,
    maxAmount: 10_000,
    cardInfo: {},
  };
  useSession.setState({
    token: 't',
    user: { uId: 1, balance: 100, freeBalance: 0, kyc: 1, lx: '' } as never,
  });
  vi.stubGlobal(
    'fetch',
    fakeFetch((url) =>
      url.includes('/getWithdraw')
        ? { body: envelope(limits) }
        : { status: 404, body: envelope(null, 40400, 'no') },
    ).fn,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
});

const text = (el: HTMLElement) => el.textContent!.replace(/\u00a0/g, ' ');

describe('/conta withdrawable amount', () => {
  it('says how much more must be wagered when the withdrawable amount is held back', async () => {
    limits = { ...limits, wagerDue: 100 };
    renderWithApp(<ContaPage />, '/conta');
    expect(text(await screen.findByTestId('conta-wager-due'))).toBe(
      'Aposte mais R$ 100,00 para liberar o saque',
    );
    expect(text(screen.getByTestId('conta-wager-counts'))).toMatch(/^Contam as apostas já resolvidas: /);
    expect(text(screen.getByTestId('conta-withdrawable'))).toBe('R$ 0,00');
  });

  it('follows the wagering counted after the bet that moved the balance (asked again while shown)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    limits = { ...limits, wdAmount: 51, wagerDue: 49 };
    renderWithApp(<ContaPage />, '/conta');
    expect(text(await screen.findByTestId('conta-wager-due'))).toBe(
      'Aposte mais R$ 49,00 para liberar o saque',
    );
    // The relay counts the bet's stake: the balance does not move again, the figures do.
    limits = { ...limits, wdAmount: 52, wagerDue: 48 };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(text(screen.getByTestId('conta-wager-due'))).toBe('Aposte mais R$ 48,00 para liberar o saque');
    expect(text(screen.getByTestId('conta-withdrawable'))).toBe('R$ 52,00');
  });

  it('says nothing more when nothing is due', async () => {
    limits = { ...limits, wdAmount: 100 };
    renderWithApp(<ContaPage />, '/conta');
    await screen.findByText(
      (_, el) =>
        el?.getAttribute('data-testid') === 'conta-withdrawable' && text(el as HTMLElement) === 'R$ 100,00',
    );
    expect(screen.queryByTestId('conta-wager-due')).toBeNull();
  });

  it('links the transfer screen, except under the Brazilian profile', async () => {
    limits = { ...limits, wdAmount: 100 };
    const { unmount } = renderWithApp(<ContaPage />, '/conta');
    expect(await screen.findByRole('link', { name: /Transferir|Transfer/ })).toBeInTheDocument();
    unmount();
    queryClient.setQueryData(['rgProfile'], { jurisdiction: 'br', nationalSelfExclusionUrl: '' });
    try {
      renderWithApp(<ContaPage />, '/conta');
      await screen.findByTestId('conta-withdrawable');
      expect(screen.queryByRole('link', { name: /Transferir|Transfer/ })).toBeNull();
    } finally {
      queryClient.removeQueries({ queryKey: ['rgProfile'] });
    }
  });
});
