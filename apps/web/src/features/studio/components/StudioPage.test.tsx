import { STUDIO_ROUNDS_PAGE } from '@aposta/contracts';
import { STUDIO_SLOTS } from '@aposta/fairness';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayStamp } from '../../../lib/format';
import { loadLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import ja from '../i18n/ja';
import ptBR from '../i18n/pt_BR';
import { CLIENT_SEED, expectedSpin, fakeStudio, SERVER_SEED } from '../test/fake-studio';
import { StudioPage } from './StudioPage';

afterEach(() => vi.unstubAllGlobals());

const brl = (n: number) => `R$ ${n.toFixed(2).replace('.', ',')}`;

function start(
  options: { balance?: number; serverSeed?: string; nonce?: number } = {},
  path = '/studio/fortune-ox?token=launch-1',
) {
  const server = fakeStudio(options);
  vi.stubGlobal('fetch', server.fetch);
  // The page stands alone, as the server serves it inside /play's frame.
  const router = createMemoryRouter([{ path: '/studio/:gameCode', element: <StudioPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { server, router };
}

/** The grid the reels show, row by row (each reel's window is a column). */
function shownGrid(rows: number, reels: number) {
  const cells = screen.getAllByTestId('slot-cell').map((c) => c.getAttribute('data-symbol'));
  return Array.from({ length: rows }, (_, r) => Array.from({ length: reels }, (_, c) => cells[c * rows + r]));
}

/** A server seed whose first spin wins on a line (searched with the game's own maths, not assumed). */
function winningSeed(): string {
  for (let i = 0; i < 500; i++) {
    const serverSeed = i.toString(16).padStart(64, '0');
    if (expectedSpin({ serverSeed, clientSeed: CLIENT_SEED, nonce: 0 }, 1).win > 0) return serverSeed;
  }
  throw new Error('no winning seed');
}

describe('studio slot', () => {
  it('exchanges the launch token, spins, and shows the grid, the win and the balance of the answer', async () => {
    const user = userEvent.setup();
    const { server } = start();
    expect(await screen.findByTestId('slot-balance')).toHaveTextContent('R$ 100,00');
    expect(server.state.calls[0]).toMatchObject({
      path: '/api/studio/session',
      body: { game: 'fortune-ox', token: 'launch-1' },
    });
    // The app's sign-in never travels to the studio.
    useSession.setState({ token: 'app-token' });
    expect(screen.getByTestId('slot-bet')).toHaveTextContent('R$ 1,00');

    const first = expectedSpin({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 0 }, 1);
    await user.click(screen.getByTestId('spin-button'));
    await waitFor(() => expect(screen.getByTestId('spin-button')).toBeEnabled());
    const afterFirst = 100 - 1 + first.win;
    expect(screen.getByTestId('slot-balance')).toHaveTextContent(brl(afterFirst));
    expect(screen.getByTestId('slot-win')).toHaveTextContent(brl(first.win));
    expect(shownGrid(3, 3)).toEqual(first.steps.at(-1)!.grid);
    const spinCall = server.state.calls.find((c) => c.path === '/api/studio/spin')!;
    expect(spinCall.body).toEqual({ session: 'sess-1', bet: 1 });
    expect(spinCall.auth).toBeNull();

    // A bigger bet, a second spin (the next nonce): balance and win follow the second answer.
    await user.click(screen.getByRole('button', { name: 'Aumentar aposta' }));
    expect(screen.getByTestId('slot-bet')).toHaveTextContent('R$ 2,00');
    await user.click(screen.getByTestId('spin-button'));
    await waitFor(() =>
      expect(server.state.calls.filter((c) => c.path === '/api/studio/spin')).toHaveLength(2),
    );
    await waitFor(() => expect(screen.getByTestId('spin-button')).toBeEnabled());
    const second = expectedSpin({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 1 }, 2);
    expect(screen.getByTestId('slot-balance')).toHaveTextContent(brl(afterFirst - 2 + second.win));
    expect(screen.getByTestId('slot-win')).toHaveTextContent(brl(second.win));
    expect(shownGrid(3, 3)).toEqual(second.steps.at(-1)!.grid);
  });

  it('lights the winning line, and the recall shows every step and verifies it once the seed is revealed', async () => {
    const user = userEvent.setup();
    const serverSeed = winningSeed();
    const expected = expectedSpin({ serverSeed, clientSeed: CLIENT_SEED, nonce: 0 }, 1);
    const { server } = start({ serverSeed });
    await user.click(await screen.findByTestId('spin-button'));
    await waitFor(() => expect(screen.getByTestId('spin-button')).toBeEnabled());
    const lit = screen.getAllByTestId('slot-cell').filter((c) => c.getAttribute('data-win') === 'true');
    const won = expected.steps.flatMap((s) => s.wins.flatMap((w) => w.cells.map(([r, c]) => `${r}:${c}`)));
    expect(lit.length).toBe(new Set(won).size);
    expect(screen.getByTestId('slot-message')).toHaveTextContent(/^Linha \d: 3×/);

    await user.click(screen.getByRole('button', { name: 'Rodadas' }));
    const round = await screen.findByTestId('studio-round');
    // When it was played, in the player's language (not the browser's).
    expect(round).toHaveTextContent(displayStamp('2026-11-24T12:00:00.000Z', 'pt_BR'));
    expect(round).toHaveTextContent(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2}:\d{2}/);
    expect(round).toHaveTextContent(`Ganho ${brl(expected.win)}`);
    expect(round).toHaveTextContent(`Saldo: R$ 100,00 → ${brl(99 + expected.win)}`);
    await user.click(within(round).getByRole('button'));
    const detail = within(round).getByTestId('round-detail');
    expect(within(detail).getAllByTestId('round-step')).toHaveLength(expected.steps.length);
    expect(detail).toHaveTextContent(`Paradas dos rolos: ${expected.steps[0]!.stops.join(' · ')}`);
    expect(detail).toHaveTextContent('Revelada quando você trocar o par de sementes.');

    await user.click(within(detail).getByRole('button', { name: 'Trocar sementes e revelar' }));
    expect(await within(detail).findByTestId('round-verdict')).toHaveTextContent('Rodada conferida');
    expect(detail).toHaveTextContent(serverSeed);
    // The round also opens on /fairness, filled with its game, seeds and nonce.
    const link = new URL(
      within(detail).getByRole('link', { name: 'Conferir no verificador' }).getAttribute('href')!,
      'http://app',
    );
    expect(link.pathname).toBe('/fairness');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      serverSeed,
      clientSeed: CLIENT_SEED,
      nonce: '0',
    });
    expect(STUDIO_SLOTS[link.searchParams.get('game')!]).toBeDefined();
    expect(server.state.calls.some((c) => c.path === '/api/studio/fairness/rotate')).toBe(true);
  });

  it('names the symbols in the player’s language by their ids: win line, paytable and recall', async () => {
    const user = userEvent.setup();
    const serverSeed = winningSeed();
    const expected = expectedSpin({ serverSeed, clientSeed: CLIENT_SEED, nonce: 0 }, 1);
    const best = [...expected.steps.at(-1)!.wins].sort((a, b) => b.amount - a.amount)[0]!;
    const pt = ptBR.symbols['fortune-ox'];
    start({ serverSeed });
    await user.click(await screen.findByTestId('spin-button'));
    await waitFor(() => expect(screen.getByTestId('spin-button')).toBeEnabled());
    expect(screen.getByTestId('slot-message')).toHaveTextContent(
      `3× ${pt[best.symbol as keyof typeof pt]} =`,
    );

    await user.click(screen.getByRole('button', { name: 'Informações do jogo' }));
    const sheet = await screen.findByRole('dialog');
    for (const name of Object.values(pt)) expect(sheet).toHaveTextContent(name);
    // The data's English names are not what a Portuguese player reads (the drawings still come from them).
    expect(sheet).not.toHaveTextContent('Gold ingot');
    expect(within(sheet).getByRole('img', { name: pt.A })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: /fechar/i }));

    await user.click(screen.getByRole('button', { name: 'Rodadas' }));
    const round = await screen.findByTestId('studio-round');
    await user.click(within(round).getByRole('button'));
    expect(within(round).getByTestId('round-detail')).toHaveTextContent(
      `3× ${pt[best.symbol as keyof typeof pt]} =`,
    );
  });

  it('the rounds sheet pages back through older rounds', async () => {
    const user = userEvent.setup();
    const { server } = start({ balance: 1_000 });
    await screen.findByTestId('spin-button');
    // 23 rounds played before the sheet opens (straight to the fake: the sheet, not the reels, is under test).
    for (let i = 0; i < 23; i++)
      await server.fetch('http://studio.test/api/studio/spin', {
        method: 'POST',
        body: JSON.stringify({ session: 'sess-1', bet: 1 }),
      });
    await user.click(screen.getByRole('button', { name: 'Rodadas' }));
    await waitFor(() => expect(screen.getAllByTestId('studio-round')).toHaveLength(STUDIO_ROUNDS_PAGE));
    // A next page that fails is said under the rounds already shown, which stay; asking again works.
    server.state.failRounds = true;
    await user.click(screen.getByRole('button', { name: 'Rodadas anteriores' }));
    expect(await screen.findByText('Não foi possível carregar as rodadas.')).toBeInTheDocument();
    expect(screen.getAllByTestId('studio-round')).toHaveLength(STUDIO_ROUNDS_PAGE);
    server.state.failRounds = false;
    await user.click(screen.getByRole('button', { name: 'Rodadas anteriores' }));
    await waitFor(() => expect(screen.getAllByTestId('studio-round')).toHaveLength(23));
    // The last page was short: nothing older to ask for.
    expect(screen.queryByRole('button', { name: 'Rodadas anteriores' })).toBeNull();
    const asked = server.state.calls.filter((c) => c.path === '/api/studio/rounds');
    expect(asked).toHaveLength(3);
  });

  it('names them in another of the app’s languages too', async () => {
    await loadLanguage('ja');
    try {
      const user = userEvent.setup();
      start();
      await user.click(await screen.findByRole('button', { name: ja.info }));
      const sheet = await screen.findByRole('dialog');
      for (const name of Object.values(ja.symbols['fortune-ox'])) expect(sheet).toHaveTextContent(name);
    } finally {
      await loadLanguage('pt_BR');
    }
  });

  it('refuses a bet above the balance without calling the server, and shows a refused spin', async () => {
    const user = userEvent.setup();
    const { server } = start({ balance: 0.5 });
    await user.click(await screen.findByTestId('spin-button'));
    expect(screen.getByTestId('slot-message')).toHaveTextContent('Saldo insuficiente para esta aposta.');
    expect(server.state.calls.some((c) => c.path === '/api/studio/spin')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Diminuir aposta' }));
    server.state.failNext = { status: 40101, message: 'Sessão de jogo expirada' };
    await user.click(screen.getByTestId('spin-button'));
    expect(await screen.findByText('Sessão de jogo expirada')).toBeInTheDocument();
    expect(screen.getByTestId('slot-balance')).toHaveTextContent('R$ 0,50');
    // The app's session is untouched by the studio's refusal.
    expect(useSession.getState().token).toBe('');
  });

  it('a refusal of the bet offers the deposit at once, and goes with a lower bet', async () => {
    const user = userEvent.setup();
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    start({ balance: 0.5 });
    await user.click(await screen.findByTestId('spin-button'));
    // Refused here, before any call: the app framing the game opens its game deposit, as for the server's 9999.
    expect(parent.postMessage).toHaveBeenCalledWith(
      { channel: 'aposta-game', type: 'insufficient' },
      window.location.origin,
    );
    await user.click(screen.getByRole('button', { name: 'Diminuir aposta' }));
    expect(screen.getByTestId('slot-message')).not.toHaveTextContent('Saldo insuficiente');
    vi.restoreAllMocks();
  });

  it('a real-money slot labels its balance plainly: the wallet never says whether bonus is in it', async () => {
    start();
    const balance = await screen.findByTestId('slot-balance');
    expect(balance.previousElementSibling).toHaveTextContent(/^Saldo$/);
    expect(balance.parentElement).not.toHaveTextContent('bônus');
  });

  it('a demo says its balance is play money, never a balance with bonus, nor offers a deposit', async () => {
    const user = userEvent.setup();
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    start({ balance: 0.5 }, '/studio/fortune-ox?demo=1');
    const balance = await screen.findByTestId('slot-balance');
    expect(balance.parentElement).toHaveTextContent(/^Saldo demo/);
    expect(balance.parentElement).not.toHaveTextContent('bônus');
    await user.click(screen.getByTestId('spin-button'));
    expect(screen.getByTestId('slot-message')).toHaveTextContent('Saldo insuficiente para esta aposta.');
    expect(parent.postMessage).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('says so when the page has neither a token nor demo', async () => {
    start({}, '/studio/fortune-ox');
    expect(await screen.findByText('Não foi possível abrir a sessão de jogo.')).toBeInTheDocument();
  });

  it('tells the app framing it the balance after a spin, and a real-money refusal for the balance', async () => {
    const user = userEvent.setup();
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    const { server } = start({ balance: 5 });
    await user.click(await screen.findByTestId('spin-button'));
    // The stake on the tap (the round still plays), then the round's balance once it has played.
    await waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(2));
    const first = expectedSpin({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 0 }, 1);
    expect(parent.postMessage.mock.calls.map((c) => c[0])).toEqual([
      { channel: 'aposta-game', type: 'balance', balance: 4, demo: false, staked: true },
      { channel: 'aposta-game', type: 'balance', balance: 4 + first.win, demo: false },
    ]);
    server.state.failNext = { status: 9999, message: 'Saldo insuficiente' };
    await user.click(screen.getByTestId('spin-button'));
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenLastCalledWith(
        { channel: 'aposta-game', type: 'insufficient' },
        window.location.origin,
      ),
    );
    vi.restoreAllMocks();
  });

  it('auto spin plays the chosen number of rounds, each from the next nonce, and can be stopped', async () => {
    const user = userEvent.setup();
    const { server } = start({ balance: 100 });
    await user.click(await screen.findByRole('button', { name: 'Giro automático' }));
    await user.click(screen.getByRole('button', { name: '10 giros' }));
    await waitFor(() =>
      expect(server.state.calls.filter((c) => c.path === '/api/studio/spin')).toHaveLength(10),
    );
    await waitFor(() => expect(screen.getByTestId('auto-button')).toHaveTextContent('AUTO'));
    let expected = 100;
    for (let nonce = 0; nonce < 10; nonce++)
      expected += expectedSpin({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce }, 1).win - 1;
    expect(screen.getByTestId('slot-balance')).toHaveTextContent(brl(expected));
    expect(server.state.calls.filter((c) => c.path === '/api/studio/spin')).toHaveLength(10);
  });

  it('auto spin stops at a single win at or above the amount typed', async () => {
    const user = userEvent.setup();
    const { server } = start({ balance: 100 });
    await user.click(await screen.findByRole('button', { name: 'Giro automático' }));
    await user.type(screen.getByLabelText('Parar num ganho a partir de (R$)'), '0,50');
    await user.click(screen.getByRole('button', { name: '25 giros' }));
    // The rounds the seeds give up to the first win of R$ 0,50 or more.
    let rounds = 0;
    while (rounds < 25)
      if (expectedSpin({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: rounds++ }, 1).win >= 0.5)
        break;
    expect(rounds).toBeLessThan(25);
    await waitFor(() => expect(screen.getByTestId('auto-button')).toHaveTextContent('AUTO'), {
      timeout: 10_000,
    });
    expect(server.state.calls.filter((c) => c.path === '/api/studio/spin')).toHaveLength(rounds);
    expect(screen.getByText('Giro automático parado: um ganho atingiu o limite')).toBeInTheDocument();
  });

  it('auto spin stops once the loss since it started reaches the limit typed', async () => {
    // A server seed whose first two spins pay nothing (searched with the game's own maths): R$ 2 lost in two.
    const serverSeed = Array.from({ length: 500 }, (_, i) => (i + 1).toString(16).padStart(64, '0')).find(
      (seed) =>
        [0, 1].every(
          (nonce) => expectedSpin({ serverSeed: seed, clientSeed: CLIENT_SEED, nonce }, 1).win === 0,
        ),
    )!;
    expect(serverSeed).toBeDefined();
    const user = userEvent.setup();
    const { server } = start({ balance: 100, serverSeed });
    await user.click(await screen.findByRole('button', { name: 'Giro automático' }));
    await user.type(screen.getByLabelText('Parar se perder (R$)'), '2');
    await user.click(screen.getByRole('button', { name: '10 giros' }));
    await waitFor(() => expect(screen.getByTestId('auto-button')).toHaveTextContent('AUTO'), {
      timeout: 10_000,
    });
    expect(server.state.calls.filter((c) => c.path === '/api/studio/spin')).toHaveLength(2);
    expect(screen.getByText('Giro automático parado: limite de perda atingido')).toBeInTheDocument();
  });

  it('a big win has its moment over the reels, with the new balance and the win in sight below', async () => {
    const user = userEvent.setup();
    // A server seed whose first spin pays 10× the bet or more (searched once with the game's own maths).
    const serverSeed = (6780).toString(16).padStart(64, '0');
    const { win } = expectedSpin({ serverSeed, clientSeed: CLIENT_SEED, nonce: 0 }, 1);
    expect(win).toBeGreaterThanOrEqual(10);
    start({ serverSeed });
    await user.click(await screen.findByTestId('spin-button'));
    const big = await screen.findByTestId('big-win');
    expect(big).toHaveTextContent(brl(win));
    // The moment covers the game's show only: the balance and the win are not under it.
    expect(big.parentElement!.contains(screen.getByTestId('slot-balance'))).toBe(false);
    expect(screen.getByTestId('slot-balance')).toHaveTextContent(brl(99 + win));
    expect(screen.getByTestId('slot-win')).toHaveTextContent(brl(win));
    await user.click(big);
    expect(screen.queryByTestId('big-win')).toBeNull();
  });

  it('a spin refused for the balance clears the last round’s win: it never reads as this tap’s', async () => {
    // A first spin of R$ 1 that wins less than the largest bet (R$ 5), played with R$ 1: then R$ 5 is too much.
    const serverSeed = 'b'.repeat(64);
    let nonce = 0;
    const winOf = (n: number) => expectedSpin({ serverSeed, clientSeed: CLIENT_SEED, nonce: n }, 1).win;
    while (!(winOf(nonce) > 0 && winOf(nonce) < 4)) nonce++;
    const user = userEvent.setup();
    start({ serverSeed, nonce, balance: 1 });
    await user.click(await screen.findByTestId('spin-button'));
    await waitFor(() => expect(screen.getByTestId('spin-button')).toBeEnabled());
    expect(screen.getByTestId('slot-win')).toHaveTextContent(brl(winOf(nonce)));
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Aumentar aposta' }));
    expect(screen.getByTestId('slot-bet')).toHaveTextContent(brl(5));
    await user.click(screen.getByTestId('spin-button'));
    expect(screen.getByTestId('slot-message')).toHaveTextContent('Saldo insuficiente para esta aposta.');
    expect(screen.getByTestId('slot-win')).toHaveTextContent('—');
  });

  it('a multiplier of the round is gone once the round has played: it never reads as the next spin’s', async () => {
    // The first round, over Fortune Ox's own maths, with a multiplied step (a full screen: ×5).
    const serverSeed = 'a'.repeat(64);
    let nonce = 0;
    while (
      !expectedSpin({ serverSeed, clientSeed: CLIENT_SEED, nonce }, 1).steps.some((s) => s.multiplier > 1)
    )
      nonce++;
    const user = userEvent.setup();
    start({ serverSeed, nonce, balance: 10 });
    await user.click(await screen.findByTestId('spin-button'));
    await waitFor(() => expect(screen.getByTestId('spin-button')).toBeEnabled());
    const big = screen.queryByTestId('big-win');
    if (big) await user.click(big);
    const { win } = expectedSpin({ serverSeed, clientSeed: CLIENT_SEED, nonce }, 1);
    expect(screen.getByTestId('slot-win')).toHaveTextContent(brl(win));
    expect(screen.queryByTestId('multiplier')).toBeNull();
    expect(screen.queryByTestId('free-spins')).toBeNull();
  });

  it('opens the verifier out of the game’s frame, not the whole app inside it', async () => {
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByTestId('spin-button'));
    await waitFor(() => expect(screen.getByTestId('spin-button')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Rodadas' }));
    const round = await screen.findByTestId('studio-round');
    await user.click(within(round).getByRole('button'));
    await user.click(within(round).getByRole('button', { name: 'Trocar sementes e revelar' }));
    const link = await within(round).findByRole('link', { name: 'Conferir no verificador' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
