import {
  FREE_BALANCE_DEPOSIT_BELOW,
  httpStatusOf,
  REALTIME_PATH,
  type ClientToServerEvents,
  type ErrorCode,
  type ServerToClientEvents,
} from '@aposta/contracts';
import { io, type Socket } from 'socket.io-client';
import { endsSession } from './api';
import { NOTICE_MARKER } from './game-frame';
import { useAppState } from './app-state';
import { patchUser, useSession } from './session';
import { promptLowBalance } from './low-balance';
import { invalidateDepositState } from './query';
import { alertMessage, openOverlay, useUi } from './ui';
import { refreshUserInfo } from './user-info';

/** Notices are relayed to the game frame as window messages with this prefix (lib/game-frame). */
export { NOTICE_MARKER };

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Wires the server's events (contracts realtime.ts) to the stores. */
export function attachHandlers(socket: Pick<RealtimeSocket, 'on'>) {
  socket.on('notice', ({ text }) => {
    useUi.setState({ notice: text });
    for (const frame of Array.from(document.querySelectorAll('iframe'))) {
      frame.contentWindow?.postMessage(NOTICE_MARKER + text, window.location.origin);
    }
  });
  socket.on('updateUserInfo', ({ discount, ...figures }) => patchUser({ ...figures, payDiscount: discount }));
  socket.on('insBalance', ({ balance }) => {
    patchUser({ balance });
    promptLowBalance(balance);
  });
  socket.on('freeBalance', ({ freeBalance }) => {
    patchUser({ freeBalance });
    if (freeBalance < FREE_BALANCE_DEPOSIT_BELOW) openOverlay('deposit');
  });
  // A game's bet refused by one of the player's limits: the game says a limit was reached, this says which
  // (once, however many spins an auto play had queued).
  socket.on('stakeRefused', ({ message }) => {
    if (!useUi.getState().alerts.some((a) => a.message === message)) void alertMessage(message);
  });
  // The wallet feature reacts to paySuccess itself; the server state it changes is asked again here.
  socket.on('paySuccess', () => void invalidateDepositState());
}

/** Opens the Socket.IO connection: websocket transport only, token (and language) in the query. */
export function openSocket(token: string): RealtimeSocket {
  const socket: RealtimeSocket = io({
    path: REALTIME_PATH,
    query: { token, lang: useAppState.getState().lang },
    transports: ['websocket'],
  });
  attachHandlers(socket);
  // The gateway speaks the language the handshake named (stakeRefused's message): a new language is the next
  // handshake's, at once (a reconnect) unless the socket is down and retrying anyway. Once this socket is no
  // longer the app's (a logout, a refused handshake), it is left alone.
  const stopFollowingLang = useAppState.subscribe((s, prev) => {
    if (s.lang === prev.lang) return;
    if (useSession.getState().realtime !== socket) return stopFollowingLang();
    socket.io.opts.query = { token, lang: s.lang };
    if (socket.connected) socket.disconnect().connect();
  });
  // socket.io says 'connect' again after each reconnect. Balance events sent while the connection was down
  // are lost, so user info is asked again (the first connection follows the start's own fetch).
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore) void refreshUserInfo();
    connectedBefore = true;
  });
  socket.on('connect_error', (err: Error & { data?: { status?: number } }) => {
    const status = err.data?.status;
    // No status: the transport failed, and socket.io retries with its own backoff.
    if (status === undefined) return;
    // A refused handshake (40100 no token, 40101 revoked or expired session) is final for this token: nothing
    // reopens this socket, and the session ends the way a refused API call ends it.
    socket.disconnect();
    endsSession(status, httpStatusOf[status as ErrorCode], err.message, true);
  });
  return socket;
}
