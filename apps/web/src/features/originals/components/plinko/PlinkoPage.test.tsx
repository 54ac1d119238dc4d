import type { UserInfo } from '@aposta/contracts';
import { payout, playInstant, plinkoTable } from '@aposta/fairness';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppState } from '../../../../lib/app-state';
import { displayMoney } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { shownBalance, useWithheld } from '../../../../lib/withheld';
import { renderWithApp } from '../../../../test/render';
import { useGameSettings } from '../../hooks/settings';
import { firstBetHeld, oneAutoBetHeld } from '../../test/bet-held';
import { fakeOriginals } from '../../test/fake-originals';
import { PlinkoPage } from './PlinkoPage';

const SEED = '3'.repeat(64);
const seeds = (nonce: number) => ({ serverSeed: SEED, clientSeed: 'client-seed', nonce });
/** A multiplier (1e4) as the board writes it: pt-BR, one decimal at most. */
const shown = (m: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(m / 10_000);

afterEach(() => {
  vi.unstubAllGlobals();
  useGameSettings.setState({ animations: true });
});

describe('plinko', () => {
  it('the board shows the paytable of the rows and risk chosen, and the potential win its best slot', async () => {
    vi.stubGlobal('fetch', fakeOriginals({ serverSeed: SEED }).fetch);
    const user = userEvent.setup();
    renderWithApp(<PlinkoPage />);
    const slots = () => screen.getAllByTestId('plinko-slot').map((s) => s.textContent);
    // The default table: 16 rows, medium risk — 17 slots.
    expect(slots()).toEqual(plinkoTable(16, 'medium').map(shown));

    await user.selectOptions(screen.getByLabelText('Linhas'), '8');
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Risco' })).getByRole('radio', { name: 'Alto' }),
    );
    const high8 = plinkoTable(8, 'high');
    expect(slots()).toEqual(high8.map((m) => `${shown(m)}×`));
    const best = Math.max(...high8);
    expect(screen.getByText(`Maior prêmio nesta mesa: ${best / 10_000},00×`)).toBeInTheDocument();
    // R$ 1,00 (the default stake) times the best slot, "up to".
    const potential = (payout(100, best) / 100).toFixed(2).replace('.', ',');
    expect(screen.getByTestId('potential-payout')).toHaveTextContent(potential);
    // A best slot with decimals is written as Brazilians write it (5,60×, not 5.6×).
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Risco' })).getByRole('radio', { name: 'Baixo' }),
    );
    expect(Math.max(...plinkoTable(8, 'low'))).toBe(56_000);
    expect(screen.getByText('Maior prêmio nesta mesa: 5,60×')).toBeInTheDocument();
    // 16 rows, high risk: the narrow slots write a thousand as "1k" (the line below says 1.000,00×).
    await user.selectOptions(screen.getByLabelText('Linhas'), '16');
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Risco' })).getByRole('radio', { name: 'Alto' }),
    );
    expect(slots().slice(0, 3)).toEqual(['1k', '130', '27']);
    expect(screen.getByText('Maior prêmio nesta mesa: 1.000,00×')).toBeInTheDocument();
  });

  it('a bet lands where the seeds say, with its multiplier, and the balance it left at once', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 10_000 });
    vi.stubGlobal('fetch', server.fetch);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    const user = userEvent.setup();
    renderWithApp(<PlinkoPage />);
    await user.selectOptions(screen.getByLabelText('Linhas'), '12');
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Risco' })).getByRole('radio', { name: 'Baixo' }),
    );
    await user.click(screen.getByTestId('bet-button'));

    const { outcome, multiplier } = playInstant({ game: 'plinko', rows: 12, risk: 'low' }, seeds(0));
    const slot = 'slot' in outcome ? outcome.slot : -1;
    const m = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(multiplier / 10_000);
    await waitFor(() =>
      expect(screen.getByTestId('plinko-result')).toHaveTextContent(`Casa ${slot} · ${m}×`),
    );
    const bets = server.state.calls.filter((c) => c.path === '/plinko/bet');
    expect(bets.map((b) => b.body)).toEqual([{ amount: 1, rows: 12, risk: 'low' }]);
    expect(useSession.getState().user?.balance).toBe((10_000 - 100 + payout(100, multiplier)) / 100);
    // The slot it landed in is the one marked on the board.
    const marked = screen.getAllByTestId('plinko-slot').findIndex((s) => s.className.includes('ring-2'));
    expect(marked).toBe(slot);
    // Another board: neither the mark nor the caption of a ball that fell on the other one.
    await user.selectOptions(screen.getByLabelText('Linhas'), '16');
    expect(screen.getByTestId('plinko-result')).not.toHaveTextContent('Casa');
    expect(screen.getAllByTestId('plinko-slot').some((s) => s.className.includes('ring-2'))).toBe(false);
    // Back on its board, it is shown again.
    await user.selectOptions(screen.getByLabelText('Linhas'), '12');
    expect(screen.getByTestId('plinko-result')).toHaveTextContent(`Casa ${slot} · ${m}×`);
  });

  it('with animations, tells the slot and adds the result to the last results only when the ball lands', async () => {
    const held = await firstBetHeld(<PlinkoPage />, SEED);
    try {
      const { outcome, multiplier } = playInstant({ game: 'plinko', rows: 16, risk: 'medium' }, seeds(0));
      const slot = 'slot' in outcome ? outcome.slot : -1;
      // The balance at once, but the header's leaves the payout out; the slot, the line, the last results and
      // the payout in the header wait for the ball.
      const balance = useSession.getState().user!.balance;
      expect(balance).toBe((10_000 - 100 + payout(100, multiplier)) / 100);
      expect(payout(100, multiplier)).toBeGreaterThan(0);
      expect(shownBalance(balance, useWithheld.getState().byBet)).toBe((10_000 - 100) / 100);
      expect(screen.getByTestId('plinko-result')).toHaveTextContent('Solte a bola');
      expect(screen.queryAllByTestId('history-item')).toHaveLength(0);
      expect(screen.queryAllByTestId('my-bet')).toHaveLength(0);
      expect(screen.getAllByTestId('plinko-slot').some((s) => s.className.includes('ring-2'))).toBe(false);
      // The board the ball falls on cannot change under it.
      expect(screen.getByLabelText('Linhas')).toBeDisabled();

      act(() => held.finishAll());
      expect(screen.getByLabelText('Linhas')).toBeEnabled();
      expect(screen.getByTestId('plinko-result')).toHaveTextContent(`Casa ${slot}`);
      expect(shownBalance(balance, useWithheld.getState().byBet)).toBe(balance);
      expect(screen.getAllByTestId('history-item')).toHaveLength(1);
      expect(screen.getAllByTestId('my-bet')).toHaveLength(1);
      // This seed's first ball returns less than the stake: a loss, not painted as a win.
      expect(payout(100, multiplier)).toBeLessThan(100);
      expect(screen.getByTestId('my-bet-payout')).not.toHaveClass('text-mint');
      const marked = screen.getAllByTestId('plinko-slot').findIndex((s) => s.className.includes('ring-2'));
      expect(marked).toBe(slot);
    } finally {
      held.restore();
    }
  });

  it("auto bet's line counts a ball once it lands, not while it falls (as the header's balance)", async () => {
    const { held, server } = await oneAutoBetHeld(<PlinkoPage />, SEED);
    try {
      // The run is over (one bet), its ball still falling: neither its profit nor the stop is told yet.
      expect(server.state.calls.filter((c) => c.path === '/plinko/bet')).toHaveLength(1);
      const { multiplier } = playInstant({ game: 'plinko', rows: 16, risk: 'medium' }, seeds(0));
      const profit = payout(100, multiplier) - 100;
      expect(profit).not.toBe(0);
      expect(screen.getByTestId('auto-progress')).toHaveTextContent(/^Apostas: 0 · lucro R\$\s0,00$/);

      act(() => held.finishAll());
      // The matcher writes the received text's no-break spaces as spaces.
      const money = displayMoney(profit / 100, useAppState.getState().lang).replace(/\s/g, ' ');
      expect(screen.getByTestId('auto-progress')).toHaveTextContent(
        `Apostas: 1 · lucro ${money} · número de apostas atingido`,
      );
    } finally {
      held.restore();
    }
  });
});
