import { SUPPORT_PATH } from '@aposta/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppState } from '../../lib/app-state';
import { useSession } from '../../lib/session';
import { envelope, fakeFetch } from '../../test/render';
import { useSupport, watchSupport } from './store';

// socket.io's client is the outside party: each socket the store opens, with the query it was opened with.
const opened = vi.hoisted(
  () => [] as { query: Record<string, string>; disconnect: () => void; closed: boolean }[],
);
vi.mock('socket.io-client', () => ({
  io: (opts: { query: Record<string, string> }) => {
    const socket = {
      query: opts.query,
      closed: false,
      on: () => socket,
      off: () => socket,
      disconnect: () => {
        socket.closed = true;
        return socket;
      },
    };
    opened.push(socket);
    return socket;
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: '', realtime: null });
  useSupport.setState({ thread: null });
});

describe('support chat of a signed-in player', () => {
  it('asks for the thread again each time the app’s connection comes back, and stops when unwatched', async () => {
    const thread = { conversationId: 7, status: 'open', messages: [], unread: 0 };
    const server = fakeFetch(() => ({ body: envelope(thread) }));
    vi.stubGlobal('fetch', server.fn);
    // The app's realtime connection (socket.io's client is the outside party): its listeners, by event.
    const listeners = new Map<string, () => void>();
    const realtime = {
      emit: vi.fn(),
      disconnect: vi.fn(),
      on: (event: string, fn: () => void) => listeners.set(event, fn),
      off: (event: string) => listeners.delete(event),
    };
    useSession.setState({ token: 'player-token', realtime: realtime as never });
    const asked = () => server.calls.filter((c) => c.url.endsWith(`${SUPPORT_PATH}/conversation`)).length;

    const unwatch = watchSupport();
    await vi.waitFor(() => expect(asked()).toBe(1));
    expect(useSupport.getState().thread).toMatchObject({ conversationId: 7 });
    // A reconnect (a lost network, a language switch): messages sent meanwhile come with the history.
    listeners.get('connect')!();
    await vi.waitFor(() => expect(asked()).toBe(2));
    unwatch();
    expect(listeners.has('connect')).toBe(false);
  });
});

describe('support chat of a visitor', () => {
  it('opens the visitor’s socket again in the new language when the player switches it', async () => {
    localStorage.setItem('SUPPORT_VISITOR', 'visitor-token');
    vi.stubGlobal('fetch', fakeFetch(() => ({ body: envelope(null) })).fn);
    useAppState.getState().setLang('pt_BR');
    const unwatch = watchSupport();
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]!.query).toEqual({ visitor: 'visitor-token', lang: 'pt_BR' });
    useAppState.getState().setLang('en');
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[0]!.closed).toBe(true);
    expect(opened[1]!.query).toEqual({ visitor: 'visitor-token', lang: 'en' });
    unwatch();
    expect(opened[1]!.closed).toBe(true);
    useAppState.getState().setLang('pt_BR');
    localStorage.removeItem('SUPPORT_VISITOR');
  });
});
