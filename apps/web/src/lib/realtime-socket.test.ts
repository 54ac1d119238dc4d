import { ErrorCode, type ServerEventPayloads } from '@aposta/contracts';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../test/render';
import { connectRealtime } from './realtime';
import { attachHandlers } from './realtime-socket';
import { useSession } from './session';
import { setMoneyInPlay } from './low-balance';
import { closeOverlay, useUi } from './ui';

// The socket.io client is the outside party here: a stand-in that records handlers and lets the test refuse.
const server = vi.hoisted(() => {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, fn: (payload: unknown) => void) => handlers.set(event, fn),
    connect: vi.fn(),
    disconnect: vi.fn(),
    emit: vi.fn(),
  };
  return { handlers, socket };
});
vi.mock('socket.io-client', () => ({ io: vi.fn(() => server.socket) }));

function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  return {
    on: (event: string, fn: (payload: unknown) => void) => handlers.set(event, fn),
    fire<K extends keyof ServerEventPayloads>(event: K, payload: ServerEventPayloads[K]) {
      handlers.get(event)!(payload);
    },
  };
}

describe('realtime events', () => {
  it('applies notice, balances and the low-balance overlays', () => {
    const socket = fakeSocket();
    attachHandlers(socket as never);
    useSession.setState({ user: { uId: 1, balance: 50, freeBalance: 5 } as never });

    socket.fire('notice', { text: '<b>Aviso</b>' });
    expect(useUi.getState().notice).toBe('<b>Aviso</b>');

    socket.fire('insBalance', { balance: 12 });
    expect(useUi.getState().overlay).toBeNull();
    socket.fire('insBalance', { balance: 9.99 });
    expect(useUi.getState().overlay).toBe('gameDeposit');
    expect(useSession.getState().user?.balance).toBe(9.99);

    socket.fire('freeBalance', { freeBalance: 0.5 });
    expect(useUi.getState().overlay).toBe('deposit');

    socket.fire('updateUserInfo', { balance: 80, discount: { discount: 0.1, expiredTime: 99 } } as never);
    expect(useSession.getState().user).toMatchObject({
      balance: 80,
      payDiscount: { discount: 0.1, expiredTime: 99 },
    });
  });

  it('opens the game deposit when the balance goes under 10, not again while it stays there', () => {
    const socket = fakeSocket();
    attachHandlers(socket as never);
    useSession.setState({ token: 't', user: { uId: 1, balance: 10.05, freeBalance: 0 } as never });
    const overlay = () => useUi.getState().overlay;

    socket.fire('insBalance', { balance: 9.95 });
    expect(overlay()).toBe('gameDeposit');
    // Closed, the next bets' pushes (an auto run of R$ 0,10) leave the player alone.
    closeOverlay();
    socket.fire('insBalance', { balance: 9.85 });
    socket.fire('insBalance', { balance: 9.75 });
    expect(overlay()).toBeNull();
    // Back at 10 (a win, a deposit: the figures' push), then under again: told again.
    socket.fire('updateUserInfo', { balance: 10.25 } as never);
    socket.fire('insBalance', { balance: 9.9 });
    expect(overlay()).toBe('gameDeposit');
    closeOverlay();
    // A new sign-in tells it again.
    useSession.setState({ token: 't2' });
    socket.fire('insBalance', { balance: 9.8 });
    expect(overlay()).toBe('gameDeposit');
    closeOverlay();
    // Never while a mines round holds the player's money; the dip is told once the round is over.
    useSession.setState({ token: 't3' });
    setMoneyInPlay(true);
    socket.fire('insBalance', { balance: 9.7 });
    expect(overlay()).toBeNull();
    setMoneyInPlay(false);
    socket.fire('insBalance', { balance: 9.6 });
    expect(overlay()).toBe('gameDeposit');
  });

  it('says which limit refused a game’s bet', () => {
    useUi.setState({ alerts: [] });
    const socket = fakeSocket();
    attachHandlers(socket as never);
    const message = 'Esta aposta passaria do seu limite diário de apostas (R$ 5,00). Aposta recusada.';
    socket.fire('stakeRefused', { message });
    socket.fire('stakeRefused', { message });
    expect(useUi.getState().alerts.map((a) => a.message)).toEqual([message]);
  });
});

describe('refused realtime handshakes', () => {
  beforeEach(() => {
    server.handlers.clear();
    vi.clearAllMocks();
    useSession.setState({ token: 't', user: { uId: 1 } as never });
  });

  function refuse(status?: number, message = 'Por favor, faça login novamente') {
    const err = Object.assign(new Error(message), status === undefined ? {} : { data: { status } });
    server.handlers.get('connect_error')!(err);
  }

  it.each([
    ['40101 revoked session', ErrorCode.SESSION_INVALID],
    ['40100 no token', ErrorCode.UNAUTHORIZED],
  ])('%s: closes the socket for good and signs out as a refused API call does', async (_, status) => {
    await connectRealtime('t');
    expect(io).toHaveBeenCalledTimes(1);
    refuse(status);
    expect(server.socket.disconnect).toHaveBeenCalledTimes(1);
    expect(server.socket.connect).not.toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({ token: '', user: null });
    expect(useUi.getState().overlay).toBe('login');
    expect(useUi.getState().toasts.map((x) => x.message)).toEqual(['Por favor, faça login novamente']);
    // Nothing opens a new connection for the lost token.
    await connectRealtime('t');
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('a transport failure (no status) is left to socket.io: the session stays', async () => {
    await connectRealtime('t');
    refuse(undefined, 'websocket error');
    expect(server.socket.disconnect).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('t');
    expect(useUi.getState().toasts).toEqual([]);
  });

  it('another refusal (50300) ends nothing but this socket', async () => {
    await connectRealtime('t');
    refuse(ErrorCode.UNAVAILABLE, 'Serviço indisponível');
    expect(server.socket.disconnect).toHaveBeenCalledTimes(1);
    expect(useSession.getState().token).toBe('t');
    expect(useUi.getState().overlay).toBeNull();
  });
});

describe('realtime reconnect', () => {
  beforeEach(() => {
    server.handlers.clear();
    vi.clearAllMocks();
    useSession.setState({ token: 't', user: { uId: 1, balance: 15 } as never, realtime: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for user info again after a reconnect (events sent while away are lost)', async () => {
    const f = fakeFetch(() => ({ body: envelope({ uId: 1, balance: 16 }) }));
    vi.stubGlobal('fetch', f.fn);
    await connectRealtime('t');
    const userInfoCalls = () => f.calls.filter((c) => c.url.includes('/api/app/user/userInfo')).length;
    // The first connection follows the start's own fetch: nothing more to ask.
    server.handlers.get('connect')!(undefined);
    expect(userInfoCalls()).toBe(0);
    server.handlers.get('connect')!(undefined);
    await vi.waitFor(() => expect(useSession.getState().user?.balance).toBe(16));
    expect(userInfoCalls()).toBe(1);
  });
});
