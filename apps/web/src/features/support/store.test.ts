import { SUPPORT_PATH } from '@aposta/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { envelope, fakeFetch } from '../../test/render';
import { useSupport, watchSupport } from './store';

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
