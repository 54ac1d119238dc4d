import type { UserInfo } from '@aposta/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../../../app/router';
import { GAME_CHANNEL, NOTICE_MARKER } from '../../../lib/game-frame';
import { setNavigator } from '../../../lib/navigation';
import { patchUser, useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { renderWithApp } from '../../../test/render';
import { fakeCasino } from '../test/fake-casino';
import { PlayPage } from './PlayPage';

let server: ReturnType<typeof fakeCasino>;
beforeEach(() => {
  server = fakeCasino();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

function signIn(balance = 100, freeBalance = 0) {
  useSession.setState({ token: 'token-1', user: { uId: 1, balance, freeBalance, kyc: 1 } as UserInfo });
}

const frame = () => screen.findByTestId<HTMLIFrameElement>('game-frame');

/** A message as the browser delivers it: same origin, from `source`. */
function message(data: unknown, source: Window | null, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('/play', () => {
  it('launches the game once and shows its page in a frame', async () => {
    signIn();
    renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    expect((await frame()).getAttribute('src')).toBe('/studio/fortune-ox?token=launch-1');
    // Opening until the game's page has loaded, then the game alone.
    expect(screen.getByText('Abrindo Fortune Ox…')).toBeInTheDocument();
    fireEvent.load(await frame());
    expect(screen.queryByText('Abrindo Fortune Ox…')).toBeNull();
    expect(server.state.calls.filter((c) => c.path === '/api/app/casino/launch')).toHaveLength(1);
    expect(server.state.calls.find((c) => c.path === '/api/app/casino/launch')!.body).toEqual({
      gameCode: 'fortune-ox',
      demo: false,
    });
    // inPlay is asked on entering.
    expect(server.state.calls.some((c) => c.path === '/api/app/game/inPlay')).toBe(true);
    expect(useSession.getState().gameCodes.play).toBe('fortune-ox');
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 100,00');
    // The game's RTP (the lobby's figure) is on screen before and while playing.
    expect(await screen.findByTestId('play-rtp')).toHaveTextContent('RTP (retorno ao jogador): 96,00%');
  });

  it('asks a visitor to sign in for real money, and plays a demo without a session', async () => {
    const { router } = renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    expect(await screen.findByText('Entre para jogar com dinheiro real')).toBeInTheDocument();
    expect(server.state.calls.some((c) => c.path === '/api/app/casino/launch')).toBe(false);
    screen.getByRole('button', { name: 'Entrar' }).click();
    expect(useUi.getState().overlay).toBe('login');
    act(() => screen.getByRole('button', { name: 'Jogar grátis (demo)' }).click());
    await waitFor(() => expect(router.state.location.search).toBe('?game=fortune-ox&demo=1'));
    expect((await frame()).getAttribute('src')).toBe('/studio/fortune-ox?demo=1');
    expect(screen.getByText('Demo')).toBeInTheDocument();
  });

  it('resumes the game in play when no game is named', async () => {
    signIn();
    server.state.inPlay = {
      gameCode: 'candy-cascade',
      name: 'Candy Cascade',
      provider: 'aposta',
      round: 'r1',
      roundOpen: true,
      startedAt: '2026-11-24T12:00:00.000Z',
    };
    const { router } = renderWithApp(<PlayPage />, '/play');
    await waitFor(() => expect(router.state.location.search).toBe('?game=candy-cascade'));
    expect((await frame()).getAttribute('src')).toContain('/studio/candy-cascade?token=');
  });

  it('relays a notice from another window to the banner and the game; ignores other origins', async () => {
    signIn();
    renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    const game = (await frame()).contentWindow!;
    const post = vi.spyOn(game, 'postMessage');
    message(`${NOTICE_MARKER}Manutenção às 23h`, null, 'https://evil.example');
    expect(useUi.getState().notice).toBe('');
    message(`${NOTICE_MARKER}Manutenção às 23h`, null);
    expect(useUi.getState().notice).toBe('Manutenção às 23h');
    expect(post).toHaveBeenCalledWith(`${NOTICE_MARKER}Manutenção às 23h`, window.location.origin);
    // Something else without the marker is not a notice.
    message('hello', null);
    expect(useUi.getState().notice).toBe('Manutenção às 23h');
  });

  it('shows what the game plays with, cash and bonus, and says how much of it is bonus', async () => {
    signIn(30.1, 0.2);
    Object.assign(server.state, { balance: 30.1, freeBalance: 0.2 });
    renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    await frame();
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 30,30');
    expect(screen.getByTestId('play-bonus')).toHaveTextContent('com R$ 0,20 de bônus');
    server.state.freeBalance = 0;
    act(() => useSession.setState((s) => ({ user: { ...s.user!, freeBalance: 0 } })));
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 30,10');
    expect(screen.queryByTestId('play-bonus')).toBeNull();
  });

  it('shows "R$ —" rather than a past visit\'s balance until the server tells it', async () => {
    signIn(30.1, 0.2);
    useSession.setState({ balanceStale: true });
    Object.assign(server.state, { balance: 12, freeBalance: 0.2 });
    renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ —');
    expect(screen.getByTestId('play-balance')).toHaveAttribute('aria-busy', 'true');
    // The launch answers the balance: the figure is the server's.
    await frame();
    await waitFor(() => expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 12,20'));
    expect(screen.getByTestId('play-balance')).toHaveAttribute('aria-busy', 'false');
  });

  it("shows the game's balance at once; a real balance under 10 opens the game deposit (insBalance)", async () => {
    signIn(50);
    server.state.balance = 42.5;
    renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    const game = (await frame()).contentWindow!;
    message({ channel: GAME_CHANNEL, type: 'balance', balance: 42.5, demo: false }, game);
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 42,50');
    expect(useUi.getState().overlay).toBeNull();
    // Another window cannot speak for the game.
    message({ channel: GAME_CHANNEL, type: 'balance', balance: 1, demo: false }, null);
    expect(useSession.getState().user!.balance).toBe(42.5);
    // A stake taken on the tap shows at once, but opens no deposit while the round plays (it may win), nor asks
    // the server (its figure already holds the win the reels have not shown).
    const asked = server.state.calls.length;
    message({ channel: GAME_CHANNEL, type: 'balance', balance: 4, demo: false, staked: true }, game);
    expect(useSession.getState().user!.balance).toBe(4);
    expect(useUi.getState().overlay).toBeNull();
    expect(server.state.calls.length).toBe(asked);
    // The server's push of the settled balance comes while the reels still spin: the bar keeps the game's figure
    // until the round's own message, or it would tell the win before the reels show it.
    act(() => patchUser({ balance: 12 }));
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 4,00');
    server.state.balance = 12;
    message({ channel: GAME_CHANNEL, type: 'balance', balance: 12, demo: false }, game);
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 12,00');
    // Play money never opens a deposit.
    message({ channel: GAME_CHANNEL, type: 'balance', balance: 3, demo: true }, game);
    expect(useUi.getState().overlay).toBeNull();
    server.state.balance = 9.8;
    message({ channel: GAME_CHANNEL, type: 'balance', balance: 9.8, demo: false }, game);
    expect(useSession.getState().user!.balance).toBe(9.8);
    expect(useUi.getState().overlay).toBe('gameDeposit');
  });

  it("with bonus money the bar shows what the game plays with, and the header's cash stays cash", async () => {
    // R$ 95 of cash and R$ 5 of bonus: the studio's game shows R$ 100,00, as the casino wallet plays both.
    signIn(95, 5);
    Object.assign(server.state, { balance: 95, freeBalance: 5 });
    renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    const game = (await frame()).contentWindow!;
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 100,00');
    // A R$ 1 spin lost: the game says R$ 99,00; the server's split is R$ 94 of cash and the R$ 5 of bonus.
    server.state.balance = 94;
    server.state.freeBalance = 5;
    message({ channel: GAME_CHANNEL, type: 'balance', balance: 99, demo: false }, game);
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 99,00');
    expect(useSession.getState().user!.balance).toBe(94);
    await waitFor(() =>
      expect(server.state.calls.some((c) => c.path === '/api/app/user/getBalance')).toBe(true),
    );
    expect(useSession.getState().user).toMatchObject({ balance: 94, freeBalance: 5 });
    expect(screen.getByTestId('play-balance')).toHaveTextContent('R$ 99,00');
  });
});

describe('/play and the game window', () => {
  it('a real-money bet the game saw refused opens the game deposit; a message that ends play goes to /gameMess', async () => {
    signIn(50);
    const { router } = renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    const game = (await frame()).contentWindow!;
    message({ channel: GAME_CHANNEL, type: 'insufficient' }, null);
    expect(useUi.getState().overlay).toBeNull();
    message({ channel: GAME_CHANNEL, type: 'insufficient' }, game);
    expect(useUi.getState().overlay).toBe('gameDeposit');
    message({ channel: GAME_CHANNEL, type: 'message', text: 'Sua sessão de jogo terminou' }, game);
    await waitFor(() => expect(router.state.location.pathname).toBe('/gameMess'));
    expect(new URLSearchParams(router.state.location.search).get('msg')).toBe('Sua sessão de jogo terminou');
    expect(new URLSearchParams(router.state.location.search).get('game')).toBe('fortune-ox');
  });
});

describe('/play in the app', () => {
  it('/gameMess shows the game message as text, with the way back to the game', async () => {
    signIn();
    const router = createMemoryRouter(routes, {
      initialEntries: ['/gameMess?game=fortune-ox&msg=%3Cb%3ESess%C3%A3o%3C%2Fb%3E%20terminou'],
    });
    setNavigator((to, options) => void router.navigate(to, options));
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Mensagem do jogo' })).toBeInTheDocument();
    expect(screen.getByTestId('game-mess-text').textContent).toBe('<b>Sessão</b> terminou');
    expect(screen.getByRole('link', { name: 'Jogar de novo' })).toHaveAttribute(
      'href',
      '/play?game=fortune-ox',
    );
  });

  it('leaving emits offGame for the game and ends its session (stopGame, then user info)', async () => {
    signIn();
    const emit = vi.fn();
    useSession.setState({ realtime: { emit, disconnect: vi.fn() } });
    const router = createMemoryRouter(routes, { initialEntries: ['/play?game=carnival-lines'] });
    setNavigator((to, options) => void router.navigate(to, options));
    render(<RouterProvider router={router} />);
    await frame();
    expect(emit).not.toHaveBeenCalled();
    await act(() => router.navigate('/casino'));
    await waitFor(() => expect(emit).toHaveBeenCalledWith('offGame', { gameCode: 'carnival-lines' }));
    await waitFor(() =>
      expect(server.state.calls.some((c) => c.path === '/api/app/game/stopGame')).toBe(true),
    );
    const stop = server.state.calls.findIndex((c) => c.path === '/api/app/game/stopGame');
    await waitFor(() =>
      expect(server.state.calls.slice(stop).some((c) => c.path === '/api/app/user/userInfo')).toBe(true),
    );
  });

  it('back returns to the page the game was opened from, or to the lobby when the app started on the game', async () => {
    // Opened from a link in a new tab: nothing of the app behind it (the browser's back would leave the site).
    const direct = renderWithApp(<PlayPage />, '/play?game=fortune-ox');
    fireEvent.click(await screen.findByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(direct.router.state.location.pathname).toBe('/casino'));
    direct.unmount();

    // Opened from home's hot games: back is home.
    const router = createMemoryRouter([{ path: '*', element: <PlayPage /> }], {
      initialEntries: ['/home', '/play?game=fortune-ox'],
      initialIndex: 1,
    });
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('a game that does not exist is said in the card, once, with the way to the lobby', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signIn();
      renderWithApp(<PlayPage />, '/play?game=nope');
      expect(await screen.findByTestId('launch-failed')).toHaveTextContent(
        'Este jogo não existe ou não está disponível',
      );
      // No alert repeats it over the card (the request layer's alert comes after a delay).
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByRole('link', { name: 'Ir ao cassino' })).toHaveAttribute('href', '/casino');
      // Asking again would be refused again: no retry is offered.
      expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
