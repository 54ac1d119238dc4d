import type { UserInfo } from '@aposta/contracts';
import { minesPositions } from '@aposta/fairness';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promptLowBalance } from '../../../../lib/low-balance';
import { useSession } from '../../../../lib/session';
import { useUi } from '../../../../lib/ui';
import { renderWithApp } from '../../../../test/render';
import { fakeOriginals } from '../../test/fake-originals';
import { MinesPage } from './MinesPage';

const SEED = 'c'.repeat(64);
const MINES = minesPositions({ serverSeed: SEED, clientSeed: 'client-seed', nonce: 0 }, 3);
const SAFE = Array.from({ length: 25 }, (_, i) => i).filter((i) => !MINES.includes(i));

afterEach(() => vi.unstubAllGlobals());

type Fetch = ReturnType<typeof fakeOriginals>['fetch'];

/** A signed-in player on the page, once the server said whether a round is open (unless `ready` is false). */
async function start({ fetch, ready = true }: { fetch?: (f: Fetch) => Fetch; ready?: boolean } = {}) {
  const server = fakeOriginals({ serverSeed: SEED, balance: 10_000 });
  vi.stubGlobal('fetch', fetch ? fetch(server.fetch) : server.fetch);
  useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
  renderWithApp(<MinesPage />);
  if (ready) await waitFor(() => expect(screen.getByTestId('bet-button')).toBeEnabled());
  return { server, user: userEvent.setup(), tiles: () => screen.getAllByTestId('mines-tile') };
}

describe('mines', () => {
  it('start, reveal safe tiles, cash out: the grid, the multipliers and the balance follow', async () => {
    const { server, user, tiles } = await start();
    expect(tiles()).toHaveLength(25);
    // The player picks how many mines, never where they are: the hint says so.
    expect(screen.getByTestId('mines-current')).toHaveTextContent(
      'Escolha o número de minas e aposte; depois abra as casas',
    );
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeInTheDocument());
    expect(useSession.getState().user?.balance).toBe(99);
    // Nothing revealed yet: cashing out is not offered; the round stands at 1,00×, the stake.
    expect(screen.getByTestId('mines-cashout')).toBeDisabled();
    expect(screen.getByTestId('mines-current')).toHaveTextContent('1,00×');
    expect(screen.getByTestId('mines-cashout')).toHaveTextContent(/Retirar R\$\s1,00/);

    await user.click(tiles()[SAFE[0]!]!);
    await waitFor(() => expect(tiles()[SAFE[0]!]).toHaveAttribute('data-state', 'gem'));
    await user.click(tiles()[SAFE[1]!]!);
    await waitFor(() => expect(tiles()[SAFE[1]!]).toHaveAttribute('data-state', 'gem'));
    // 3 mines, 2 safe: 0.99 × C(25,2)/C(22,2) = 1.2857; a cash-out pays R$ 1,28.
    expect(screen.getByTestId('mines-current')).toHaveTextContent('1,2857×');
    expect(screen.getByTestId('mines-cashout')).toHaveTextContent(/Retirar R\$\s1,28/);
    expect(tiles().filter((t) => t.getAttribute('data-state') === 'hidden')).toHaveLength(23);

    await user.click(screen.getByTestId('mines-cashout'));
    await waitFor(() => expect(screen.getByTestId('bet-button')).toBeInTheDocument());
    for (const m of MINES) expect(tiles()[m]).toHaveAttribute('data-state', 'mine');
    expect(tiles().filter((t) => t.getAttribute('data-state') === 'gemDim')).toHaveLength(20);
    expect(useSession.getState().user?.balance).toBe(100.28);
    // Start, two reveals and the cash-out each went with its own key.
    const keys = server.state.calls.filter((c) => c.key).map((c) => c.key);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
  });

  it('a mine ends the round: the mine hit, the other mines, and no cash-out', async () => {
    const { user, tiles } = await start();
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeInTheDocument());
    await user.click(tiles()[MINES[1]!]!);
    await waitFor(() => expect(tiles()[MINES[1]!]).toHaveAttribute('data-state', 'hit'));
    expect(tiles()[MINES[0]!]).toHaveAttribute('data-state', 'mine');
    expect(screen.queryByTestId('mines-cashout')).toBeNull();
    expect(screen.getByTestId('mines-current')).toHaveTextContent('Mina!');
    // The ended round's line says how it ended, not the next tile of a round no longer on.
    expect(screen.queryByTestId('mines-next')).toBeNull();
  });

  it('in manual mode a tile is played only in a round: touched before the bet, it is not picked nor counted', async () => {
    const { server, user, tiles } = await start();
    const potential = screen.getByTestId('potential-payout').textContent;
    await user.click(tiles()[SAFE[0]!]!);
    await user.click(tiles()[SAFE[1]!]!);
    expect(tiles().filter((t) => t.getAttribute('data-state') !== 'hidden')).toHaveLength(0);
    expect(screen.queryByText(/Casas escolhidas/)).toBeNull();
    expect(screen.getByTestId('potential-payout').textContent).toBe(potential);
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeInTheDocument());
    // The round's tiles are all open to play, and a tap reveals.
    expect(tiles().every((t) => !(t as HTMLButtonElement).disabled)).toBe(true);
    await user.click(tiles()[SAFE[0]!]!);
    await waitFor(() => expect(tiles()[SAFE[0]!]).toHaveAttribute('data-state', 'gem'));
    expect(server.state.calls.filter((c) => c.path === '/mines/reveal')).toHaveLength(1);
  });

  it('an open round is picked up after a reload', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 10_000 });
    vi.stubGlobal('fetch', server.fetch);
    await server.fetch('http://x/api/app/originals/mines/start', {
      method: 'POST',
      body: JSON.stringify({ amount: 2, mines: 3 }),
      headers: { 'Idempotency-Key': 'k-start-1234' },
    });
    await server.fetch('http://x/api/app/originals/mines/reveal', {
      method: 'POST',
      body: JSON.stringify({ tile: SAFE[3] }),
      headers: { 'Idempotency-Key': 'k-reveal-1234' },
    });
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 98, freeBalance: 0 } as UserInfo });
    renderWithApp(<MinesPage />);
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeEnabled());
    expect(screen.getAllByTestId('mines-tile')[SAFE[3]!]).toHaveAttribute('data-state', 'gem');
    // The amount field shows the round's stake, not the default.
    expect(screen.getByLabelText('Valor da aposta')).toHaveValue('2,00');
  });

  it('auto bet with no tile picked stakes nothing and says to pick', async () => {
    const { server, user, tiles } = await start();
    await user.click(screen.getByRole('radio', { name: 'Automático' }));
    await user.click(screen.getByTestId('auto-start'));
    expect(await screen.findByText(/Escolha no tabuleiro as casas/)).toBeInTheDocument();
    expect(server.state.calls.filter((c) => c.path === '/mines/start')).toHaveLength(0);
    // A tile picked, it starts.
    await user.click(tiles()[SAFE[0]!]!);
    await user.clear(screen.getByLabelText(/Número de apostas/));
    await user.type(screen.getByLabelText(/Número de apostas/), '1');
    await user.click(screen.getByTestId('auto-start'));
    await waitFor(() =>
      expect(screen.getByTestId('auto-progress')).toHaveTextContent('número de apostas atingido'),
    );
    expect(server.state.calls.filter((c) => c.path === '/mines/start')).toHaveLength(1);
  });

  it('auto bet plays whole rounds on the tiles picked', async () => {
    const { server, user, tiles } = await start();
    await user.click(screen.getByRole('radio', { name: 'Automático' }));
    await user.click(tiles()[SAFE[0]!]!);
    expect(tiles()[SAFE[0]!]).toHaveAttribute('data-state', 'picked');
    await user.clear(screen.getByLabelText(/Número de apostas/));
    await user.type(screen.getByLabelText(/Número de apostas/), '2');
    await user.click(screen.getByTestId('auto-start'));
    await waitFor(
      () => expect(screen.getByTestId('auto-progress')).toHaveTextContent('número de apostas atingido'),
      {
        timeout: 5000,
      },
    );
    expect(server.state.calls.filter((c) => c.path === '/mines/start')).toHaveLength(2);
    expect(server.state.calls.filter((c) => c.path === '/mines/reveal').map((c) => c.body.tile)).toEqual(
      expect.arrayContaining([SAFE[0]]),
    );
  });

  it('once the round is over each tile shows its number, the one bet details and the verifier use', async () => {
    const { user, tiles } = await start();
    const numbers = () =>
      tiles().map((t) => within(t).queryByTestId('mines-tile-number')?.textContent ?? null);
    // In play the board stays clean; the label names the tile all along.
    expect(numbers().every((n) => n === null)).toBe(true);
    expect(tiles()[7]).toHaveAccessibleName('Casa 7, fechada');
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeInTheDocument());
    await user.click(tiles()[SAFE[0]!]!);
    await waitFor(() => expect(tiles()[SAFE[0]!]).toHaveAttribute('data-state', 'gem'));
    expect(numbers().every((n) => n === null)).toBe(true);
    await user.click(screen.getByTestId('mines-cashout'));
    await waitFor(() => expect(screen.getByTestId('bet-button')).toBeInTheDocument());
    expect(numbers()).toEqual(Array.from({ length: 25 }, (_, i) => String(i)));
    expect(tiles()[MINES[0]!]).toHaveAccessibleName(`Casa ${MINES[0]}, mina`);
  });

  it('an auto run numbers no board between its rounds, only the last one once it stops', async () => {
    const { user, tiles } = await start();
    const numbered = () => screen.queryAllByTestId('mines-tile-number').length > 0;
    await user.click(screen.getByRole('radio', { name: 'Automático' }));
    await user.click(tiles()[SAFE[0]!]!);
    await user.clear(screen.getByLabelText(/Número de apostas/));
    await user.type(screen.getByLabelText(/Número de apostas/), '3');
    // Every change of the page is looked at: a board numbered while the run is on is a flash.
    let flashed = false;
    const observer = new MutationObserver(() => {
      if (numbered() && screen.queryByTestId('auto-stop')) flashed = true;
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    try {
      await user.click(screen.getByTestId('auto-start'));
      expect(screen.getByTestId('auto-stop')).toBeInTheDocument();
      await waitFor(
        () => expect(screen.getByTestId('auto-progress')).toHaveTextContent('número de apostas atingido'),
        { timeout: 5000 },
      );
    } finally {
      observer.disconnect();
    }
    expect(flashed).toBe(false);
    // The run over, its last board is numbered and stays so.
    await waitFor(() => expect(screen.getByTestId('auto-start')).toBeInTheDocument());
    expect(screen.getAllByTestId('mines-tile-number').map((n) => n.textContent)).toEqual(
      Array.from({ length: 25 }, (_, i) => String(i)),
    );
  });

  it('after a reload the board and the bet wait for the server to say whether a round is open', async () => {
    let answer!: () => void;
    const { server, tiles } = await start({
      ready: false,
      fetch: (fetch) => async (input, init) => {
        if (String(input).endsWith('/mines/active')) await new Promise<void>((r) => (answer = r));
        return fetch(input, init);
      },
    });
    // Not known yet: a tap would start a second round the server refuses (409).
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByTestId('mines-current')).toHaveTextContent(
      'Verificando se há uma rodada em andamento',
    );
    expect(screen.getByTestId('bet-button')).toBeDisabled();
    expect(screen.getByLabelText('Número de minas')).toBeDisabled();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    expect(tiles().every((t) => (t as HTMLButtonElement).disabled)).toBe(true);
    // None open: the new game is offered.
    answer();
    await waitFor(() => expect(screen.getByTestId('bet-button')).toBeEnabled());
    expect(screen.getByTestId('mines-current')).toHaveTextContent('Escolha o número de minas');
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
    expect(server.state.calls.filter((c) => c.path === '/mines/start')).toHaveLength(0);
  });

  it("another number of mines puts the last round's line and board away for the new setup's hint", async () => {
    const { user, tiles } = await start();
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeInTheDocument());
    await user.click(tiles()[SAFE[0]!]!);
    await user.click(tiles()[SAFE[1]!]!);
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeEnabled());
    await waitFor(() => expect(tiles()[SAFE[1]!]).toHaveAttribute('data-state', 'gem'));
    await user.click(screen.getByTestId('mines-cashout'));
    await waitFor(() =>
      expect(screen.getByTestId('mines-current')).toHaveTextContent(/Você retirou R\$\s1,28/),
    );
    await user.selectOptions(screen.getByLabelText('Número de minas'), '5');
    expect(screen.getByTestId('mines-current')).toHaveTextContent(
      'Escolha o número de minas e aposte; depois abra as casas',
    );
    // The next tile of a 5-mine round: 0.99 × 25/20.
    expect(screen.getByTestId('mines-next')).toHaveTextContent('1,2375×');
    expect(tiles().every((t) => t.getAttribute('data-state') === 'hidden')).toBe(true);
    expect(screen.queryAllByTestId('mines-tile-number')).toHaveLength(0);
  });

  it('no low-balance game deposit while a round holds the stake, even before the start is answered', async () => {
    const { user, tiles } = await start({
      fetch: (fetch) => async (input, init) => {
        // The stake's insBalance push comes before the start's answer.
        if (String(input).endsWith('/mines/start')) promptLowBalance(9.5);
        return fetch(input, init);
      },
    });
    await user.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeInTheDocument());
    act(() => promptLowBalance(9.5));
    expect(useUi.getState().overlay).toBeNull();
    await user.click(tiles()[SAFE[0]!]!);
    await waitFor(() => expect(screen.getByTestId('mines-cashout')).toBeEnabled());
    await user.click(screen.getByTestId('mines-cashout'));
    await waitFor(() => expect(screen.getByTestId('bet-button')).toBeInTheDocument());
    // The round over, the low balance is told.
    act(() => promptLowBalance(9.5));
    expect(useUi.getState().overlay).toBe('gameDeposit');
  });
});
