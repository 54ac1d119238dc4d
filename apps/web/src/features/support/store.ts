import {
  REALTIME_PATH,
  type ServerEventPayloads,
  type SupportEventName,
  type SupportMessage,
  type SupportThread,
} from '@aposta/contracts';
import { create } from 'zustand';
import { useAppState } from '../../lib/app-state';
import { useSession } from '../../lib/session';
import { visitorToken } from './visitor';

/**
 * The calls load with the first one: the store is on home (the support button's unread count), and a visitor
 * who never opened the chat makes none. The thread's call (./api/thread) checks its answer without the
 * contract's schemas, so a signed-in player's pages do not load zod for the button either.
 */
const api = () => import('./api/support');
const markRead = (upTo: number) => void api().then((a) => a.markRead(upTo));

interface SupportState {
  thread: SupportThread | null;
  /** Until when the operator is shown typing (ms since epoch). */
  operatorTypingUntil: number;
  /** The panel is open: operator messages are read as they arrive. */
  open: boolean;
}

export const useSupport = create<SupportState>()(() => ({
  thread: null,
  operatorTypingUntil: 0,
  open: false,
}));

const TYPING_SHOWN_MS = 4_000;

export async function loadThread() {
  // A visitor before the e-mail step has no conversation (and asking would open the sign-in overlay).
  if (!useSession.getState().token && !visitorToken()) return;
  try {
    const thread = await (await import('./api/thread')).fetchThread();
    useSupport.setState({ thread });
    if (useSupport.getState().open) readAll();
  } catch {
    /* no session or visitor token yet: the panel asks for an e-mail */
  }
}

export function addMessage(message: SupportMessage) {
  useSupport.setState((s) => {
    const thread = s.thread ?? { conversationId: null, status: null, messages: [], unread: 0 };
    if (thread.messages.some((m) => m.id === message.id)) return s;
    const fromOperator = message.from === 'operator';
    return {
      thread: {
        ...thread,
        conversationId: message.conversationId,
        status: thread.conversationId === message.conversationId ? thread.status : 'open',
        messages: [...thread.messages, message],
        unread: thread.unread + (fromOperator && !s.open ? 1 : 0),
      },
      operatorTypingUntil: fromOperator ? 0 : s.operatorTypingUntil,
    };
  });
  if (message.from === 'operator' && useSupport.getState().open) markRead(message.id);
}

/** Marks every operator message read (the panel is open). */
export function readAll() {
  const thread = useSupport.getState().thread;
  const last = thread?.messages.findLast((m) => m.from === 'operator');
  if (thread) useSupport.setState({ thread: { ...thread, unread: 0 } });
  if (last && !last.read) {
    markRead(last.id);
    useSupport.setState({
      thread: {
        ...thread!,
        unread: 0,
        messages: thread!.messages.map((m) => (m.from === 'operator' ? { ...m, read: true } : m)),
      },
    });
  }
}

type Payload<E extends keyof ServerEventPayloads> = ServerEventPayloads[E];
export const supportHandlers = {
  supportMessage: (m: Payload<'supportMessage'>) => addMessage(m),
  supportTyping: (t: Payload<'supportTyping'>) => {
    if (t.from === 'operator') useSupport.setState({ operatorTypingUntil: Date.now() + TYPING_SHOWN_MS });
  },
  supportRead: (r: Payload<'supportRead'>) => {
    if (r.by !== 'operator') return;
    useSupport.setState((s) =>
      s.thread
        ? {
            thread: {
              ...s.thread,
              messages: s.thread.messages.map((m) =>
                m.from !== 'operator' && m.id <= r.upTo ? { ...m, read: true } : m,
              ),
            },
          }
        : s,
    );
  },
  supportConversation: (c: Payload<'supportConversation'>) =>
    useSupport.setState((s) =>
      s.thread && s.thread.conversationId === c.id ? { thread: { ...s.thread, status: c.status } } : s,
    ),
};

interface Listening {
  on?(event: SupportEventName | 'connect', listener: never): unknown;
  off?(event: SupportEventName | 'connect', listener: never): unknown;
}

// Messages missed while disconnected (a lost network, a language switch's reconnect) come back with the history.
const reloadThread = () => void loadThread();

function listen(socket: Listening) {
  for (const [event, fn] of Object.entries(supportHandlers))
    socket.on?.(event as SupportEventName, fn as never);
  socket.on?.('connect', reloadThread as never);
  return () => {
    for (const [event, fn] of Object.entries(supportHandlers))
      socket.off?.(event as SupportEventName, fn as never);
    socket.off?.('connect', reloadThread as never);
  };
}

let visitorSocket: { disconnect: () => unknown } | null = null;
let rebind: (() => void) | null = null;

/**
 * Live updates: a signed-in player's through the app's realtime connection; a visitor's through a socket of
 * their own, opened with their visitor token (the gateway puts it in the conversation's room).
 */
export function watchSupport(): () => void {
  let stop = () => {};
  const bind = () => {
    stop();
    const { realtime, token } = useSession.getState();
    if (token) {
      stop = realtime ? listen(realtime) : () => {};
      return;
    }
    const visitor = visitorToken();
    if (!visitor) {
      stop = () => {};
      return;
    }
    let cancelled = false;
    stop = () => {
      cancelled = true;
      visitorSocket?.disconnect();
      visitorSocket = null;
    };
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const socket = io({
        path: REALTIME_PATH,
        query: { visitor, lang: useAppState.getState().lang },
        transports: ['websocket'],
      });
      socket.on('connect_error', (err: Error & { data?: { status?: number } }) => {
        if (err.data?.status !== undefined) socket.disconnect();
      });
      listen(socket as unknown as Listening);
      visitorSocket = socket;
    });
  };
  bind();
  rebind = bind;
  const unsubscribe = useSession.subscribe((s, prev) => {
    if (s.realtime !== prev.realtime || s.token !== prev.token) {
      useSupport.setState({ thread: null });
      bind();
      void loadThread();
    }
  });
  // A visitor's socket answers in the language it was opened in (the app's connection is opened again by the
  // session on a switch): a switch opens it again in the new one, and its 'connect' reloads the thread.
  const unsubscribeLang = useAppState.subscribe((s, prev) => {
    if (s.lang !== prev.lang && visitorSocket && !useSession.getState().token) bind();
  });
  void loadThread();
  return () => {
    unsubscribe();
    unsubscribeLang();
    stop();
    rebind = null;
  };
}

/** After a visitor gave their e-mail: their socket opens and their (empty) thread loads. */
export function visitorStarted() {
  rebind?.();
  void loadThread();
}
