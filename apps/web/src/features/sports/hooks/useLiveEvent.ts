import type {
  ClientToServerEvents,
  ServerEventPayloads,
  ServerToClientEvents,
  SportsEventDetail,
} from '@aposta/contracts';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { sportsKeys } from '../api/sports';

type SportsSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** An event's push written into its query: the clock, score and the markets it names (state and prices). */
export function applyEventUpdate(
  old: SportsEventDetail | undefined,
  update: ServerEventPayloads['sportsEvent'],
): SportsEventDetail | undefined {
  if (!old || old.event.eventId !== update.event.eventId) return old;
  const changed = new Map(update.markets.map((m) => [m.marketId, m]));
  return {
    event: update.event,
    markets: old.markets.map((m) => {
      const u = changed.get(m.marketId);
      return u ? { ...m, status: u.status, selections: u.selections } : m;
    }),
  };
}

/**
 * Follows an event on the realtime connection (signed in): joins its room, again after every reconnect, and
 * writes each push into the event's query, so prices, suspensions, the clock and the score move at once. The
 * query's own polling stays as the fallback for visitors and missed pushes.
 */
export function useLiveEvent(eventId: string) {
  const realtime = useSession((s) => s.realtime) as unknown as SportsSocket | null;
  useEffect(() => {
    if (!realtime || !eventId) return;
    const watch = () => void realtime.emit('sportsWatch', { eventId });
    const onEvent = (u: ServerEventPayloads['sportsEvent']) =>
      queryClient.setQueryData<SportsEventDetail>(sportsKeys.event(eventId), (old) =>
        applyEventUpdate(old, u),
      );
    realtime.on('connect', watch);
    realtime.on('sportsEvent', onEvent);
    if (realtime.connected) watch();
    return () => {
      realtime.off('connect', watch);
      realtime.off('sportsEvent', onEvent);
      realtime.emit('sportsUnwatch', { eventId });
    };
  }, [realtime, eventId]);
}
