import type { UserInfo } from '@aposta/contracts';
import { diceRoll, hashServerSeed } from '@aposta/fairness';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../../lib/session';
import { useUi } from '../../../../lib/ui';
import { renderWithApp } from '../../../../test/render';
import { fakeOriginals } from '../../test/fake-originals';
import { DicePage } from './DicePage';

const SEED = 'f'.repeat(64);
const hundredths = (n: number) => (n / 100).toFixed(2).replace('.', ',');

function signIn(balance: number, freeBalance = 0) {
  useSession.setState({ token: 'token-1', user: { uId: 1, balance, freeBalance } as UserInfo });
}

afterEach(() => vi.unstubAllGlobals());

/** Auto mode with the number of bets given. */
async function autoBets(user: ReturnType<typeof userEvent.setup>, count: string) {
  await user.click(screen.getByRole('radio', { name: 'Automático' }));
  await user.clear(screen.getByLabelText(/Número de apostas/));
  await user.type(screen.getByLabelText(/Número de apostas/), count);
}

describe('dice controls', () => {
  beforeEach(() => {
    const server = fakeOriginals({ serverSeed: SEED });
    vi.stubGlobal('fetch', server.fetch);
  });

  it('chance, multiplier and target update each other; over ↔ under keeps the chance', async () => {
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    const chance = screen.getByLabelText('Chance de vitória');
    const multiplier = screen.getByLabelText('Multiplicador');
    expect(chance).toHaveValue('49,50');
    expect(multiplier).toHaveValue('2,0000');
    expect(screen.getByLabelText('Rolar acima de', { selector: 'input[name="target"]' })).toHaveValue(
      '50,50',
    );

    await user.clear(chance);
    await user.type(chance, '25');
    await user.tab();
    expect(multiplier).toHaveValue('3,9600');
    expect(screen.getByLabelText('Rolar acima de', { selector: 'input[name="target"]' })).toHaveValue(
      '75,00',
    );
    expect(screen.getByTestId('potential-payout')).toHaveTextContent('R$ 3,96');
    // A stake above the maximum (R$ 1.000,00) is refused: it promises no payout.
    const amount = screen.getByLabelText('Valor da aposta');
    await user.clear(amount);
    await user.type(amount, '1000,01');
    await waitFor(() => expect(screen.getByTestId('potential-payout')).toHaveTextContent('—'));
    await user.clear(amount);
    await user.type(amount, '1');
    expect(screen.getByTestId('potential-payout')).toHaveTextContent('R$ 3,96');

    await user.clear(multiplier);
    await user.type(multiplier, '2');
    await user.tab();
    expect(chance).toHaveValue('49,50');

    await user.click(screen.getByTestId('dice-flip'));
    expect(screen.getByLabelText('Rolar abaixo de', { selector: 'input[name="target"]' })).toHaveValue(
      '49,50',
    );
    expect(chance).toHaveValue('49,50');
  });

  it('½, 2×, min and max change the amount within the limits and the balance', async () => {
    signIn(30);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    const amount = screen.getByLabelText('Valor da aposta');
    expect(amount).toHaveValue('1,00');
    await user.click(screen.getByRole('button', { name: 'Dobrar o valor' }));
    expect(amount).toHaveValue('2,00');
    await user.click(screen.getByRole('button', { name: 'Metade do valor' }));
    await user.click(screen.getByRole('button', { name: 'Metade do valor' }));
    expect(amount).toHaveValue('0,50');
    await user.click(screen.getByRole('button', { name: 'Mín' }));
    expect(amount).toHaveValue('0,10');
    await user.click(screen.getByRole('button', { name: 'Máx' }));
    expect(amount).toHaveValue('30,00');
  });

  it('Máx counts the bonus a stake also draws on', async () => {
    signIn(30.1, 2.2);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await user.click(screen.getByRole('button', { name: 'Máx' }));
    expect(screen.getByLabelText('Valor da aposta')).toHaveValue('32,30');
  });
});

describe('dice bets', () => {
  it('a stake is written the player’s way on leaving the field: 1.5 as 1,50, 1.000 as 1000,00', async () => {
    vi.stubGlobal('fetch', fakeOriginals({ serverSeed: SEED }).fetch);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    const amount = screen.getByLabelText('Valor da aposta');
    for (const [typed, shown] of [
      ['1.5', '1,50'],
      ['1.000', '1000,00'],
      ['2,5', '2,50'],
      ['abc5,555', '5,555'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed!);
      await user.tab();
      expect(amount).toHaveValue(shown);
    }
  });

  it('a stake typed with a minus sign is refused beside the field, not placed without it', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 10_000 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(100);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    const amount = screen.getByLabelText('Valor da aposta');
    // The ASCII minus and the typographic one (a keyboard's or a paste's) alike.
    for (const typed of ['-5', '−5']) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(amount).toHaveValue(typed);
      await user.click(screen.getByTestId('bet-button'));
      await waitFor(() => expect(amount).toHaveAccessibleDescription(/\S/));
    }
    expect(server.state.calls.filter((c) => c.path === '/dice/bet')).toHaveLength(0);
  });

  it('a bet shows its roll and the balance it left at once, with one Idempotency-Key', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 10_000 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(100);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await user.click(screen.getByTestId('bet-button'));

    const roll = diceRoll({ serverSeed: SEED, clientSeed: 'client-seed', nonce: 0 });
    await waitFor(() => expect(screen.getByTestId('dice-roll')).toHaveTextContent(hundredths(roll)));
    const bets = server.state.calls.filter((c) => c.path === '/dice/bet');
    expect(bets).toHaveLength(1);
    expect(bets[0]!.key).toMatch(/^[\w.:-]{8,128}$/);
    expect(bets[0]!.body).toEqual({ amount: 1, target: 50.5, condition: 'over' });
    expect(useSession.getState().user?.balance).toBe(server.state.balance / 100);
    expect(
      within(screen.getByRole('list', { name: 'Últimos resultados' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByTestId('rtp')).toHaveTextContent('RTP 99,00% · Vantagem da casa 1,00%');
    // Each figure stays with its label when the line wraps on a narrow phone.
    expect(screen.getByTestId('rtp').textContent).toContain('Vantagem\u00a0da\u00a0casa\u00a01,00%');
    // The fairness panel's nonce moved on, from the bet's answer.
    await user.click(screen.getByText('Jogo justo'));
    await waitFor(() => expect(screen.getByTestId('nonce')).toHaveTextContent('1'));
    expect(screen.getByTestId('seed-hash')).toHaveTextContent(hashServerSeed(SEED));
  });

  it('a double tap on "Trocar sementes" rotates once and reveals the seed of the bets just played', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 10_000 });
    // The rotation's answer takes a moment, as over a network: the second tap lands while it is on its way.
    const slow = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/fairness/rotate')) await new Promise((r) => setTimeout(r, 150));
      return server.fetch(input, init);
    };
    vi.stubGlobal('fetch', slow);
    signIn(100);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(server.state.nonce).toBe(1));
    await user.click(screen.getByText('Jogo justo'));
    // Both taps in one go, before React re-renders the button disabled (as a phone's double tap can land).
    const rotate = await screen.findByTestId('rotate');
    fireEvent.click(rotate);
    fireEvent.click(rotate);
    await waitFor(() => expect(screen.getByTestId('revealed-seed')).toHaveTextContent(SEED));
    expect(server.state.calls.filter((c) => c.path === '/fairness/rotate')).toHaveLength(1);
  });

  it('a lost answer is retried under the same key: the stake is taken once', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 10_000 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(100);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    server.state.failNext = 'network';
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('bet-button')).toHaveTextContent('Tentar de novo'));
    expect(screen.getByText(/Sem resposta do servidor/)).toBeInTheDocument();
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('bet-button')).toHaveTextContent('Apostar'));
    const keys = server.state.calls.filter((c) => c.path === '/dice/bet').map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(server.state.nonce).toBe(1);
    // The next bet is a new attempt: a new key.
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(server.state.nonce).toBe(2));
    const last = server.state.calls.filter((c) => c.path === '/dice/bet').at(-1)!;
    expect(last.key).not.toBe(keys[0]);
  });

  it('insufficient balance: the message beside the amount and the game deposit opens', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 50 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(0.5);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(useUi.getState().overlay).toBe('gameDeposit'));
    expect(screen.getByLabelText('Valor da aposta')).toHaveAccessibleDescription('Saldo insuficiente');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a stake above a larger balance: the message beside the amount, and the game deposit', async () => {
    useUi.setState({ overlay: null });
    const server = fakeOriginals({ serverSeed: SEED, balance: 5_000 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(50);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await user.clear(screen.getByLabelText('Valor da aposta'));
    await user.type(screen.getByLabelText('Valor da aposta'), '80');
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() =>
      expect(screen.getByLabelText('Valor da aposta')).toHaveAccessibleDescription('Saldo insuficiente'),
    );
    expect(useUi.getState().overlay).toBe('gameDeposit');
    // The game deposit knows the stake refused (R$ 80): it says what is missing and offers a package for it.
    expect(useUi.getState().depositFor).toBe(8_000);
  });

  it('a multiplier out of range is said beside it and no bet is placed until it is corrected', async () => {
    const server = fakeOriginals({ serverSeed: SEED });
    vi.stubGlobal('fetch', server.fetch);
    signIn(100);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    const multiplier = screen.getByLabelText('Multiplicador');
    await user.clear(multiplier);
    await user.type(multiplier, '0,5');
    await user.click(screen.getByTestId('bet-button'));
    expect(multiplier).toHaveValue('0,5');
    expect(multiplier).toHaveAccessibleDescription('De 1,0102× a 9.900,00×');
    // The fields beside it show no choice the bet would not have.
    expect(screen.getByLabelText('Chance de vitória')).toHaveValue('—');
    expect(screen.getByLabelText('Rolar acima de', { selector: 'input[name="target"]' })).toHaveValue('—');
    // Nor does the slider pass for the choice: it fades, its target being the last valid one.
    expect(screen.getByTestId('dice-track')).toHaveAttribute('data-held', 'true');
    expect(server.state.calls.filter((c) => c.path === '/dice/bet')).toHaveLength(0);
    // Another control moves the value: the typed text gives way and the bet goes.
    await user.clear(screen.getByLabelText('Chance de vitória'));
    await user.type(screen.getByLabelText('Chance de vitória'), '50');
    await user.tab();
    expect(multiplier).toHaveValue('1,9800');
    expect(multiplier).not.toHaveAccessibleDescription();
    expect(screen.getByTestId('dice-track')).not.toHaveAttribute('data-held');
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(server.state.calls.filter((c) => c.path === '/dice/bet')).toHaveLength(1));
  });

  it('a dashed field starts empty when focused, and the same choice as before typed there clears the rejected one', async () => {
    const server = fakeOriginals({ serverSeed: SEED });
    vi.stubGlobal('fetch', server.fetch);
    signIn(100);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    const multiplier = screen.getByLabelText('Multiplicador');
    const chance = screen.getByLabelText('Chance de vitória');
    await user.clear(multiplier);
    await user.type(multiplier, '0,5');
    await user.click(chance);
    // Not the old 49,50 to edit: the bet would not have it.
    expect(chance).toHaveValue('');
    // The chance it had before: nothing on screen moves, yet the rejected multiplier gives way.
    await user.type(chance, '49,5');
    await user.tab();
    expect(multiplier).toHaveValue('2,0000');
    expect(multiplier).not.toHaveAccessibleDescription();
    expect(chance).toHaveValue('49,50');
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(server.state.calls.filter((c) => c.path === '/dice/bet')).toHaveLength(1));
  });

  it('a target of 0 or nothing is said beside it and no bet is placed on the old target', async () => {
    const server = fakeOriginals({ serverSeed: SEED });
    vi.stubGlobal('fetch', server.fetch);
    signIn(100);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    const target = screen.getByLabelText('Rolar acima de', { selector: 'input[name="target"]' });
    for (const typed of ['0', '']) {
      await user.clear(target);
      if (typed) await user.type(target, typed);
      await user.tab();
      await user.click(screen.getByTestId('bet-button'));
      expect(target).toHaveValue(typed);
      expect(target).toHaveAccessibleDescription(/^De .+ a .+$/);
    }
    expect(server.state.calls.filter((c) => c.path === '/dice/bet')).toHaveLength(0);
  });

  it('an amount below the minimum is said beside the field, nothing is sent', async () => {
    const server = fakeOriginals({ serverSeed: SEED });
    vi.stubGlobal('fetch', server.fetch);
    signIn(100);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await user.clear(screen.getByLabelText('Valor da aposta'));
    await user.type(screen.getByLabelText('Valor da aposta'), '0,05');
    await user.click(screen.getByTestId('bet-button'));
    expect(screen.getByLabelText('Valor da aposta')).toHaveAccessibleDescription(
      /^A aposta mínima é R\$\s0,10$/,
    );
    expect(server.state.calls.filter((c) => c.path === '/dice/bet')).toHaveLength(0);
  });

  it('a visitor is asked to log in first', async () => {
    const server = fakeOriginals({ serverSeed: SEED });
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await user.click(screen.getByTestId('bet-button'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Por favor, faça login primeiro');
    await user.click(screen.getByRole('button', { name: 'Eu entendi' }));
    await waitFor(() => expect(useUi.getState().overlay).toBe('login'));
    expect(server.state.calls.filter((c) => c.key)).toHaveLength(0);
  });
});

describe('dice auto bet', () => {
  it('starts nothing from a field it cannot read: letters in the count, a minus sign in an increase', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 100_000 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(1000);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await user.click(screen.getByRole('radio', { name: 'Automático' }));
    const count = screen.getByLabelText(/Número de apostas/);
    await user.clear(count);
    await user.type(count, 'abc');
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    await user.click(screen.getByTestId('auto-start'));
    expect(count).toHaveAccessibleDescription(/Confira este valor/);
    // The auto fields are under the fold on a phone: the field refused is brought into view and focused.
    expect(count).toHaveFocus();
    expect(scrolled.mock.contexts.at(-1)).toBe(count);
    await user.clear(count);
    await user.type(count, '5');
    const onLoss = screen.getByRole('radiogroup', { name: 'Ao perder' });
    await user.click(within(onLoss).getByRole('radio', { name: 'Aumentar' }));
    const percent = screen.getAllByLabelText('Aumento')[1]!;
    await user.clear(percent);
    await user.type(percent, '-20');
    await user.click(screen.getByTestId('auto-start'));
    expect(percent).toHaveAccessibleDescription(/Confira este valor/);
    expect(percent).toHaveFocus();
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    expect(server.state.calls.filter((c) => c.path === '/dice/bet')).toHaveLength(0);
  });

  it('places the number of bets, each with its own key, raising the amount on a loss', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 100_000 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(1000);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await autoBets(user, '4');
    const onLoss = screen.getByRole('radiogroup', { name: 'Ao perder' });
    await user.click(within(onLoss).getByRole('radio', { name: 'Aumentar' }));
    const percent = screen.getAllByLabelText('Aumento')[1]!;
    await user.clear(percent);
    await user.type(percent, '100');
    await user.click(screen.getByTestId('auto-start'));
    await waitFor(
      () => expect(screen.getByTestId('auto-progress')).toHaveTextContent('número de apostas atingido'),
      {
        timeout: 5000,
      },
    );

    const calls = server.state.calls.filter((c) => c.path === '/dice/bet');
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((c) => c.key)).size).toBe(4);
    // Each amount follows the previous result: doubled after a loss, back to 1 after a win.
    const results = server.state.bets.slice().reverse();
    for (let i = 1; i < calls.length; i++) {
      const prev = results[i - 1]!;
      expect(calls[i]!.body.amount).toBe(prev.payout > prev.amount ? 1 : prev.amount * 2);
    }
    expect(screen.getByTestId('auto-progress')).toHaveTextContent('Apostas: 4');
  });

  it('an automatic run stops on a lost answer and says so; starting it again sends the same key', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 100_000 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(1000);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    await autoBets(user, '1');
    server.state.failNext = 'network';
    await user.click(screen.getByTestId('auto-start'));
    // The run's own button is the way back: no "Tentar de novo" is named, as none is on screen.
    expect(
      await screen.findByText(
        'Sem resposta do servidor: a aposta automática parou. Confira o saldo e inicie de novo; a mesma aposta nunca é cobrada duas vezes.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Tentar de novo/)).toBeNull();
    await user.click(screen.getByTestId('auto-start'));
    await waitFor(() => expect(server.state.nonce).toBe(1));
    const keys = server.state.calls.filter((c) => c.path === '/dice/bet').map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('stops when the loss limit is reached', async () => {
    // A seed pair whose first rolls lose at "over 98" (98% of rolls lose).
    const server = fakeOriginals({ serverSeed: SEED, balance: 100_000 });
    vi.stubGlobal('fetch', server.fetch);
    signIn(1000);
    const user = userEvent.setup();
    renderWithApp(<DicePage />);
    const target = screen.getByLabelText('Rolar acima de', { selector: 'input[name="target"]' });
    await user.clear(target);
    await user.type(target, '98');
    await user.tab();
    await autoBets(user, '0');
    await user.type(screen.getByLabelText('Parar na perda de'), '3');
    await user.click(screen.getByTestId('auto-start'));
    await waitFor(
      () => expect(screen.getByTestId('auto-progress')).toHaveTextContent('limite de perda atingido'),
      {
        timeout: 5000,
      },
    );
    const lost = 100_000 - server.state.balance;
    expect(lost).toBeGreaterThanOrEqual(300);
    expect(screen.getByTestId('auto-start')).toBeEnabled();
  });
});
