import type { ServerToClientEvents } from '@aposta/contracts';
import type { AnalyticsAdapter } from './analytics';
import { useRealtimeWallet } from './bonus-store';

/** The slice of a socket.io client socket these handlers use. */
export interface EventSource {
  on<K extends keyof ServerToClientEvents>(event: K, handler: ServerToClientEvents[K]): unknown;
  on(event: 'connect' | 'disconnect', handler: (reason: string) => void): unknown;
  connect: () => unknown;
}

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wallet's realtime events (spec section 4): paySuccess records the pay time, sends the first deposit's
 * Purchase (czflag 0) and closes the deposit; userBetAmount opens the increase-bonus popup. A connection the
 * server closed is reopened with a growing delay (socket.io reconnects other drops by itself).
 */
export function attachWalletHandlers(socket: EventSource, analytics: AnalyticsAdapter, onPaid: () => void) {
  socket.on('paySuccess', ({ czflag, payTime }) => {
    useRealtimeWallet.setState({ payTime });
    if (czflag === 0) analytics.purchase(payTime);
    onPaid();
  });
  socket.on('userBetAmount', ({ bouns, amount }) =>
    useRealtimeWallet.setState({ bonusOffer: { bouns, amount } }),
  );

  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect', () => {
    attempt = 0;
  });
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    clearTimeout(timer);
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt++);
    timer = setTimeout(() => socket.connect(), delay);
  });
  return () => clearTimeout(timer);
}
