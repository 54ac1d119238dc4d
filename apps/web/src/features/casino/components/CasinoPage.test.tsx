import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { renderWithApp } from '../../../test/render';
import { MY_ROUNDS_PAGE } from '../api/rounds';
import { fakeCasino } from '../test/fake-casino';
import { CasinoPage } from './CasinoPage';

const shown = () => screen.getAllByTestId('lobby-game').map((li) => li.getAttribute('data-game'));
const lastLobbyQuery = (server: ReturnType<typeof fakeCasino>) =>
  server.state.calls.filter((c) => c.path === '/api/app/casino/games').at(-1)!.query;

let server: ReturnType<typeof fakeCasino>;
beforeEach(() => {
  server = fakeCasino();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('casino lobby', () => {
  it('filters by category, provider and search, asking the server each time', async () => {
    const user = userEvent.setup();
    renderWithApp(<CasinoPage />, '/casino');
    await waitFor(() => expect(shown()).toHaveLength(5));
    // Categories come with their counts; only those with games are offered.
    const tabs = screen.getByRole('tablist', { name: 'Categoria' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Todos5', 'Slots3', 'Mesa1', 'Crash1']);

    await user.click(within(tabs).getByRole('tab', { name: /Mesa/ }));
    await waitFor(() => expect(shown()).toEqual(['roleta-brasil']));
    expect(lastLobbyQuery(server).get('category')).toBe('table');
    expect(within(tabs).getByRole('tab', { name: /Mesa/ })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(tabs).getByRole('tab', { name: /Todos/ }));
    await user.selectOptions(screen.getByLabelText('Provedor'), 'aposta');
    await waitFor(() => expect(shown()).toEqual(['fortune-ox', 'carnival-lines', 'candy-cascade']));
    expect(lastLobbyQuery(server).get('provider')).toBe('aposta');
    // The chosen provider's whole name stays within reach (the title), however narrow the control.
    expect(screen.getByLabelText('Provedor')).toHaveAttribute('title', 'Aposta Studios');

    // The heading names the provider chosen, not "all games".
    expect(screen.getByRole('heading', { name: /^Aposta Studios/ })).toHaveTextContent('(3)');
    expect(screen.queryByRole('heading', { name: /^Todos os jogos/ })).toBeNull();
    await user.type(screen.getByLabelText('Buscar jogos'), 'candy');
    await waitFor(() => expect(shown()).toEqual(['candy-cascade']));
    expect(lastLobbyQuery(server).get('q')).toBe('candy');
    // The heading says what is searched, not "all games (1)".
    expect(screen.getByRole('heading', { name: /^Resultados para “candy”/ })).toHaveTextContent('(1)');
    expect(screen.queryByRole('heading', { name: /^Todos os jogos/ })).toBeNull();

    await user.clear(screen.getByLabelText('Buscar jogos'));
    await user.type(screen.getByLabelText('Buscar jogos'), 'nada disso');
    expect(await screen.findByTestId('lobby-empty')).toHaveTextContent('Nenhum jogo encontrado.');
  });

  it('shows the hot games without a filter, and draws tiles whose picture is on another host', async () => {
    renderWithApp(<CasinoPage />, '/casino');
    const hot = await screen.findByRole('region', { name: /Jogos em alta/ });
    expect(
      within(hot)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Fortune Ox — Aposta Studios', 'Candy Cascade — Aposta Studios']);
    await waitFor(() => expect(shown()).toHaveLength(5));
    const images = Array.from(document.querySelectorAll('img')).map((i) => i.getAttribute('src'));
    expect(images).toContain('/studio/fortune-ox.svg');
    expect(images.some((src) => src?.startsWith('http'))).toBe(false);
  });

  it('a tile opens the game: real money asks a visitor to sign in, demo plays at once', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<CasinoPage />, '/casino');
    await waitFor(() => expect(shown()).toHaveLength(5));
    await user.click(screen.getAllByRole('button', { name: 'Fortune Ox — Aposta Studios' }).at(-1)!);
    const sheet = screen.getByRole('dialog', { name: 'Fortune Ox' });
    expect(within(sheet).getByTestId('game-rtp')).toHaveTextContent('96,00%');
    await user.click(within(sheet).getByRole('button', { name: 'Entre para jogar' }));
    expect(useUi.getState().overlay).toBe('login');

    useUi.setState({ overlay: null });
    useSession.setState({ token: 't' });
    await user.click(screen.getAllByRole('button', { name: 'Fortune Ox — Aposta Studios' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Jogar grátis (demo)' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/play?game=fortune-ox&demo=1',
    );

    // A game without demo offers real money only.
    await router.navigate('/casino');
    await user.click(await screen.findByRole('button', { name: 'Roleta Brasil — Mesa Viva' }));
    expect(screen.queryByRole('button', { name: 'Jogar grátis (demo)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Jogar' }));
    expect(router.state.location.search).toBe('?game=roleta-brasil');
  });

  it("lists a signed-in player's last rounds, each with its wallet calls and balances", async () => {
    const user = userEvent.setup();
    server.state.rounds = [
      {
        roundId: '7',
        provider: 'aposta',
        gameCode: 'fortune-ox',
        gameName: 'Fortune Ox',
        userId: 1,
        currency: 'BRL',
        stake: 1,
        win: 2.6,
        state: 'settled',
        startedAt: '2026-11-24T12:00:00.000Z',
        steps: [
          {
            call: 'bet',
            transactionUuid: '7-bet',
            amount: 1,
            status: 'ok',
            balanceBefore: 100,
            balanceAfter: 99,
            at: '2026-11-24T12:00:00.000Z',
          },
          {
            call: 'win',
            transactionUuid: '7-win',
            amount: 2.6,
            status: 'ok',
            balanceBefore: 99,
            balanceAfter: 101.6,
            at: '2026-11-24T12:00:00.000Z',
          },
        ],
      },
    ];
    renderWithApp(<CasinoPage />, '/casino');
    await waitFor(() => expect(shown()).toHaveLength(5));
    expect(screen.queryByRole('region', { name: 'Minhas rodadas' })).toBeNull();
    expect(server.state.calls.some((c) => c.path === '/api/app/casino/rounds')).toBe(false);
    useSession.setState({ token: 't' });
    const round = await screen.findByTestId('casino-round');
    expect(round).toHaveTextContent('Fortune Ox');
    expect(round).toHaveTextContent('Aposta R$ 1,00');
    expect(round).toHaveTextContent('Ganho R$ 2,60');
    expect(round).toHaveTextContent('Encerrada');
    await user.click(within(round).getByRole('button'));
    const steps = within(round).getByTestId('casino-round-steps');
    expect(steps).toHaveTextContent('Aposta R$ 1,00R$ 100,00 → R$ 99,00');
    expect(steps).toHaveTextContent('Ganho R$ 2,60R$ 99,00 → R$ 101,60');
  });

  it('pages back through older rounds, each page after the last round of the one before', async () => {
    const user = userEvent.setup();
    const round = (i: number) => ({
      roundId: `aposta:${i}`,
      provider: 'aposta',
      gameCode: 'fortune-ox',
      gameName: `Fortune Ox ${i}`,
      userId: 1,
      currency: 'BRL',
      stake: 1,
      win: 0,
      state: 'settled' as const,
      startedAt: '2026-11-24T12:00:00.000Z',
      steps: [],
    });
    server.state.rounds = Array.from({ length: MY_ROUNDS_PAGE + 2 }, (_, i) => round(MY_ROUNDS_PAGE + 2 - i));
    useSession.setState({ token: 't' });
    renderWithApp(<CasinoPage />, '/casino');
    await waitFor(() => expect(screen.getAllByTestId('casino-round')).toHaveLength(MY_ROUNDS_PAGE));
    await user.click(screen.getByRole('button', { name: 'Rodadas anteriores' }));
    await waitFor(() => expect(screen.getAllByTestId('casino-round')).toHaveLength(MY_ROUNDS_PAGE + 2));
    expect(screen.getAllByTestId('casino-round').at(-1)).toHaveTextContent('Fortune Ox 1');
    const asked = server.state.calls.filter((c) => c.path === '/api/app/casino/rounds').at(-1)!.query;
    expect(asked.get('before')).toBe('aposta:3');
    expect(screen.queryByRole('button', { name: 'Rodadas anteriores' })).toBeNull();
  });

  it('a recall that fails says so instead of "no rounds"', async () => {
    server.state.failRounds = true;
    useSession.setState({ token: 't' });
    renderWithApp(<CasinoPage />, '/casino');
    expect(await screen.findByText('Não foi possível carregar suas rodadas.')).toBeInTheDocument();
    expect(screen.queryByText('Você ainda não jogou no cassino.')).toBeNull();
  });
});
