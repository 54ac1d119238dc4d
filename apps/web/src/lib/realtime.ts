import { useSession } from './session';

/** A play route (or a hash route naming 'play') gets no realtime connection. */
export function isPlayLocation(pathname: string, hash: string): boolean {
  return pathname.startsWith('/play') || hash.includes('play');
}

let connecting = false;

/**
 * Opens the realtime connection (spec section 4): only with a token and only when none exists; the caller
 * skips play pages. The socket client is loaded on demand, so visitors never download it.
 */
export async function connectRealtime(token: string) {
  if (connecting || useSession.getState().realtime) return;
  connecting = true;
  try {
    const { openSocket } = await import('./realtime-socket');
    if (useSession.getState().token === token && !useSession.getState().realtime) {
      useSession.setState({ realtime: openSocket(token) });
    }
  } finally {
    connecting = false;
  }
}

export function closeRealtime() {
  useSession.getState().realtime?.disconnect();
  useSession.setState({ realtime: null });
}

/** Before leaving a screen that has a game code, tell the gateway (spec section 2, routing rules). */
export function leaveGame(previousPath: string) {
  const { realtime, gameCodes } = useSession.getState();
  const gameCode = gameCodes[previousPath.replace(/^\//, '')];
  if (realtime && gameCode) realtime.emit('offGame', { gameCode });
}
