import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../test/render';
import { ApiError, request, REQUEST_TIMEOUT_MS } from './api';
import { useAppState } from './app-state';
import { setNavigator } from './navigation';
import { useSession } from './session';
import { dismissAlert, useUi } from './ui';

let navigations: string[];

beforeEach(() => {
  navigations = [];
  setNavigator((to) => navigations.push(to));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stub(answer: Parameters<typeof fakeFetch>[0]) {
  const f = fakeFetch(answer);
  vi.stubGlobal('fetch', f.fn);
  return f.calls;
}

describe('request client', () => {
  it('sends the spec headers and returns the envelope of a success', async () => {
    useSession.setState({ token: 'tok-1' });
    const calls = stub(() => ({ body: envelope({ balance: 1 }) }));
    const answer = await request('/api/app/user/getBalance');
    expect(answer).toEqual(envelope({ balance: 1 }));
    const h = calls[0]!.init.headers as Record<string, string>;
    expect(h.Authorization).toBe('Bearer tok-1');
    expect(h).toMatchObject({
      zone: 'America/Sao_Paulo',
      lang: 'pt_BR',
      curreny: 'BRL',
      deviceId: 'test-device',
      'device-type': 'web',
    });
    expect(calls[0]!.init.credentials).toBe('omit');
  });

  it("sends the device id a visitor's reads do not wait for, and waits for it on a write", async () => {
    useAppState.setState({ deviceId: '' });
    const calls = stub(() => ({ body: envelope(null) }));
    await request('/api/app/casino/hot');
    expect(calls[0]!.init.headers).not.toHaveProperty('deviceId');
    // The read did not start the fingerprint: nothing was computed or kept.
    expect(useAppState.getState().deviceId).toBe('');

    await request('/api/auth/user/restLogin', { json: {} });
    const id = (calls[1]!.init.headers as Record<string, string>).deviceId;
    expect(id).toMatch(/^\w{16,}$/);
    expect(useAppState.getState().deviceId).toBe(id);
    // Known now: a visitor's next read carries it too.
    await request('/api/app/casino/hot');
    expect((calls[2]!.init.headers as Record<string, string>).deviceId).toBe(id);
  });

  it('serialises forms without array indexes and keeps the loading opt-out on the client', async () => {
    const calls = stub(() => ({ body: envelope(null) }));
    await request('/api/x', { form: { email: 'a@b.co', ids: [1, 2] }, loading: false });
    expect(String(calls[0]!.init.body)).toBe('email=a%40b.co&ids=1&ids=2');
    expect(calls[0]!.url).not.toContain('loading');
  });

  it('turns the loading indicator on for the call, unless opted out', async () => {
    let seen = -1;
    stub(() => {
      seen = useUi.getState().loading;
      return { body: envelope(null) };
    });
    await request('/api/a');
    expect(seen).toBe(1);
    await request('/api/a', { loading: false });
    expect(seen).toBe(0);
    expect(useUi.getState().loading).toBe(0);
  });

  it('signs the player out on 40101 and opens the login overlay', async () => {
    useSession.setState({ token: 'old', user: { uId: 1 } as never });
    localStorage.setItem('TOKEN_B', 'old');
    stub(() => ({ status: 401, body: envelope(null, 40101, 'Sessão inválida') }));
    await expect(request('/api/app/user/userInfo')).rejects.toMatchObject({ status: 40101 });
    expect(useSession.getState().token).toBe('');
    expect(localStorage.getItem('TOKEN_B')).toBeNull();
    expect(useUi.getState().overlay).toBe('login');
  });

  it('does not sign out a refused sign-in (401 without a session): the message is alerted after 500 ms', async () => {
    vi.useFakeTimers();
    stub(() => ({ status: 400, body: envelope(null, 40102, 'Usuário ou senha incorretos') }));
    await expect(request('/api/auth/user/restLogin', { json: {} })).rejects.toBeInstanceOf(ApiError);
    expect(useUi.getState().alerts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(useUi.getState().alerts[0]?.message).toBe('Usuário ou senha incorretos');
    expect(useUi.getState().overlay).toBeNull();
  });

  it('answers 9999 with an alert, then the deposit overlay; on a bet path with the game deposit', async () => {
    stub(() => ({ status: 409, body: envelope(null, 9999, 'Saldo insuficiente') }));
    await expect(request('/api/app/order/withdraw', { json: {} })).rejects.toMatchObject({ status: 9999 });
    const alert = useUi.getState().alerts[0]!;
    expect(alert.message).toBe('Saldo insuficiente');
    dismissAlert(alert.id);
    await vi.waitFor(() => expect(useUi.getState().overlay).toBe('deposit'));

    useUi.setState({ overlay: null });
    await expect(request('/api/app/game/bet', { json: {} })).rejects.toMatchObject({ status: 9999 });
    expect(useUi.getState().overlay).toBe('gameDeposit');
  });

  it('sends 1403 and message-less errors to /error', async () => {
    stub(() => ({ status: 403, body: envelope(null, 1403, 'Bloqueado') }));
    await expect(request('/api/a')).rejects.toMatchObject({ status: 1403 });
    stub(() => ({ status: 500, body: 'not an envelope' }));
    await expect(request('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/error', '/error']);
  });

  it('stays quiet when asked, but still ends a lost session', async () => {
    vi.useFakeTimers();
    stub(() => ({ status: 400, body: envelope(null, 40000, 'Nome obrigatório') }));
    await expect(request('/api/app/user/updateKyc', { json: {}, quiet: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(useUi.getState().alerts).toHaveLength(0);
  });

  it('gives up after 30 s with the slow-connection message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = request('/api/slow');
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(useUi.getState().loading).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({
      status: 0,
      message: 'A conexão está lenta, tente novamente mais tarde',
    });
    expect(useUi.getState().loading).toBe(0);
  });
});
