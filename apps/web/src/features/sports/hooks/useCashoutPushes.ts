import type { ClientToServerEvents, ServerEventPayloads, ServerToClientEvents } from '@aposta/contracts';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { sportsKeys, type CashoutQuote } from '../api/sports';

type SportsSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A `sportsCashout` push written into the bet's cash-out query. */
export function applyCashoutPush(update: ServerEventPayloads['sportsCashout']) {
  queryClient.setQueryData<CashoutQuote>(sportsKeys.cashout(update.betId), {
    value: update.value,
    available: update.available,
  });
}

/**
 * While my bets are on screen: each `sportsCashout` push (the owner's bets, after their prices moved) sets the
 * bet's cash-out value at once; the quote's own polling stays as the fallback.
 */
export function useCashoutPushes() {
  const realtime = useSession((s) => s.realtime) as unknown as SportsSocket | null;
  useEffect(() => {
    if (!realtime) return;
    realtime.on('sportsCashout', applyCashoutPush);
    return () => {
      realtime.off('sportsCashout', applyCashoutPush);
    };
  }, [realtime]);
}
