import type { UserInfo } from '@aposta/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUser, useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { keepWithheld, withhold } from '../../../lib/withheld';
import { renderWithApp } from '../../../test/render';
import { fakeOriginals } from '../test/fake-originals';
import { LimboPage } from './limbo/LimboPage';

const SEED = '9'.repeat(64);

afterEach(() => {
  vi.unstubAllGlobals();
});

const signIn = (balance: number) =>
  useSession.setState({ token: 'token-1', user: { uId: 1, balance, freeBalance: 0 } as UserInfo });

/** Limbo's screen (the shared panel around the simplest game), its player's balance `balance` reais. */
function open(balance: number, { signedIn = true } = {}) {
  const server = fakeOriginals({ serverSeed: SEED, balance: balance * 100 });
  vi.stubGlobal('fetch', server.fetch);
  if (signedIn) signIn(balance);
  renderWithApp(<LimboPage />);
  const user = userEvent.setup();
  const amount = screen.getByLabelText('Valor da aposta');
  const type = async (text: string) => {
    await user.clear(amount);
    await user.type(amount, text);
  };
  return {
    server,
    user,
    amount,
    type,
    bets: () => server.state.calls.filter((c) => c.path === '/limbo/bet'),
  };
}

describe('the bet panel', () => {
  it('an amount with three decimals is told as such beside the field, and nothing is staked', async () => {
    const { user, amount, type, bets } = open(100);
    await type('1,555');
    await user.click(screen.getByTestId('bet-button'));
    expect(amount).toHaveAccessibleDescription('Use no máximo 2 casas decimais');
    // Auto bet alike, and its stops on profit and loss are amounts too.
    await user.click(screen.getByRole('radio', { name: 'Automático' }));
    await user.click(screen.getByTestId('auto-start'));
    expect(amount).toHaveAccessibleDescription('Use no máximo 2 casas decimais');
    await type('1,55');
    await user.type(screen.getByLabelText('Parar na perda de'), '0,555');
    await user.click(screen.getByTestId('auto-start'));
    expect(screen.getByLabelText('Parar na perda de')).toHaveAccessibleDescription(
      'Use no máximo 2 casas decimais',
    );
    expect(bets()).toHaveLength(0);
  });

  it('a stake above the balance is said beside the amount before the tap; the tap leads to the game deposit', async () => {
    const { user, amount, type } = open(50, { signedIn: false });
    // A visitor has no balance to compare with: nothing said (the tap asks to sign in, as before).
    await type('80');
    expect(amount).not.toHaveAccessibleDescription();
    act(() => signIn(50));
    expect(amount).toHaveAccessibleDescription(/^A aposta é maior que o seu saldo de R\$\s50,00$/);
    // With bonus money the figure is the sum, and says so (the header shows the two apart).
    act(() => useSession.setState((s) => ({ user: { ...s.user!, freeBalance: 5 } })));
    expect(amount).toHaveAccessibleDescription(/^A aposta é maior que o seu saldo com bônus, R\$\s55,00$/);
    act(() => useSession.setState((s) => ({ user: { ...s.user!, freeBalance: 0 } })));
    await type('50');
    expect(amount).not.toHaveAccessibleDescription();
    await type('80');
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(useUi.getState().overlay).toBe('gameDeposit'));
    expect(useUi.getState().depositFor).toBe(8_000);
  });

  it('a stored balance the server has not answered yet is no reason to say a stake is above it', async () => {
    const { amount, type } = open(50, { signedIn: false });
    // A previous visit's copy (R$ 5,00) until the server answers R$ 50,00.
    act(() =>
      useSession.setState({
        token: 'token-1',
        user: { uId: 1, balance: 5, freeBalance: 0 } as UserInfo,
        balanceStale: true,
      }),
    );
    await type('20');
    expect(amount).not.toHaveAccessibleDescription();
    act(() => setUser({ uId: 1, balance: 10, freeBalance: 0 } as UserInfo));
    expect(amount).toHaveAccessibleDescription(/^A aposta é maior que o seu saldo de R\$\s10,00$/);
  });

  it('Máx and 2× stop at the balance shown, not at one holding a win an animation has not told yet', async () => {
    const { user, amount } = open(100);
    act(() => withhold('bet-in-flight', 6_000));
    await user.click(screen.getByRole('button', { name: 'Máx' }));
    expect(amount).toHaveValue('40,00');
    await user.click(screen.getByRole('button', { name: 'Dobrar o valor' }));
    expect(amount).toHaveValue('40,00');
    act(() => keepWithheld([]));
    await user.click(screen.getByRole('button', { name: 'Dobrar o valor' }));
    expect(amount).toHaveValue('80,00');
  });

  it('a payout over the maximum is said once, and no bet is sent for it, by hand or by an auto run', async () => {
    const { user, amount, type, bets } = open(100);
    const target = screen.getByLabelText('Multiplicador alvo');
    await user.clear(target);
    await user.type(target, '1000000');
    await user.tab();
    // R$ 1,00 at 1.000.000× could pay R$ 1.000.000, over the R$ 100.000 maximum: said below the payout.
    expect(screen.getByTestId('over-max-payout')).toBeInTheDocument();
    expect(screen.getByTestId('bet-button')).toBeDisabled();
    await user.click(screen.getByTestId('bet-button'));
    await user.click(screen.getByRole('radio', { name: 'Automático' }));
    expect(screen.getByTestId('auto-start')).toBeDisabled();
    expect(bets()).toHaveLength(0);
    expect(amount).not.toHaveAccessibleDescription();

    // R$ 0,10 pays the maximum at most; doubled after a loss it would pass it: the run stops before that bet.
    await type('0,10');
    expect(screen.queryByTestId('over-max-payout')).toBeNull();
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Ao perder' })).getByRole('radio', { name: 'Aumentar' }),
    );
    const percent = document.querySelector<HTMLInputElement>('input[name="onLossPercent"]')!;
    await user.clear(percent);
    await user.type(percent, '100');
    await user.clear(screen.getByLabelText(/Número de apostas/));
    await user.type(screen.getByLabelText(/Número de apostas/), '5');
    await user.click(screen.getByTestId('auto-start'));
    await waitFor(() => expect(screen.getByTestId('auto-progress')).toHaveTextContent('Apostas: 1'));
    await waitFor(() => expect(screen.getByTestId('auto-start')).toBeInTheDocument());
    expect(amount).toHaveValue('0,20');
    expect(screen.getByTestId('over-max-payout')).toBeInTheDocument();
    expect(amount).not.toHaveAccessibleDescription();
    expect(bets()).toHaveLength(1);
  });
});
