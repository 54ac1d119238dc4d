import type {
  ClientToServerEvents,
  RoundBet,
  RoundGame,
  ServerEventPayloads,
  ServerToClientEvents,
} from '@aposta/contracts';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { historyKey, myBetsKey, stateKey, withOffset, type LiveState } from '../api/rounds';
import { withCashouts, withNewBets } from '../logic/rounds';

type RoundsSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Follows a game on the realtime connection: joins its room (again after every reconnect, then reads the
 * state afresh: pushes were missed meanwhile), writes pushed states into the state query, adds pushed bets
 * and cash-outs to the round's list, and answers the crash ticks. When a round's result arrives, the history
 * is asked again once, and my bets each time while I have a bet in that round (a result is pushed again once
 * every bet is paid); the balance comes pushed. `live`: connected, so the state's poll can slow down.
 */
export function useLiveRound(game: RoundGame) {
  const realtime = useSession((s) => s.realtime) as unknown as RoundsSocket | null;
  const token = useSession((s) => s.token);
  const [tick, setTick] = useState<ServerEventPayloads['crashTick'] | null>(null);
  const [connected, setConnected] = useState(() => !!realtime?.connected);

  useEffect(() => {
    if (!realtime) return;
    const watch = () => {
      setConnected(true);
      void realtime.emit('roundsWatch', { game });
    };
    const rejoin = () => {
      watch();
      void queryClient.invalidateQueries({ queryKey: stateKey(game) });
    };
    const lost = () => setConnected(false);
    let historyFor: string | null = null;
    const onState = (s: ServerEventPayloads['roundState']) => {
      if (s.game !== game) return;
      queryClient.setQueryData(stateKey(game), withOffset(s));
      if (s.phase !== 'result') return;
      if (historyFor !== s.roundId) {
        historyFor = s.roundId;
        void queryClient.invalidateQueries({ queryKey: historyKey(game) });
      }
      if (
        token &&
        queryClient.getQueryData<RoundBet[]>(myBetsKey(token, game))?.some((b) => b.roundId === s.roundId)
      )
        void queryClient.invalidateQueries({ queryKey: myBetsKey(token, game) });
    };
    const addBet = (e: ServerEventPayloads['roundBet']) => {
      if (e.game !== game) return;
      queryClient.setQueryData<LiveState>(stateKey(game), (old) =>
        old && old.roundId === e.roundId ? { ...old, ...withNewBets(old, e.bets) } : old,
      );
    };
    const addCashout = (e: ServerEventPayloads['roundCashout']) => {
      if (e.game !== game) return;
      queryClient.setQueryData<LiveState>(stateKey(game), (old) =>
        old && old.roundId === e.roundId ? { ...old, bets: withCashouts(old.bets, e.bets) } : old,
      );
      // My own bet cashed out (an automatic cash-out, or mine from another tab): my bets say so at once, so
      // the button stops offering a cash-out the server would refuse.
      const mine = token ? queryClient.getQueryData<RoundBet[]>(myBetsKey(token, game)) : undefined;
      if (token && e.bets.some((o) => mine?.some((b) => b.betId === o.id && b.cashout === null)))
        void queryClient.invalidateQueries({ queryKey: myBetsKey(token, game) });
    };
    const onTick = (e: ServerEventPayloads['crashTick']) => setTick(e);
    realtime.on('connect', rejoin);
    realtime.on('disconnect', lost);
    realtime.on('roundState', onState);
    realtime.on('roundBet', addBet);
    realtime.on('roundCashout', addCashout);
    if (game === 'crash') realtime.on('crashTick', onTick);
    // A new connection (signed in again) starts from its own state, not the last one's.
    setConnected(realtime.connected);
    if (realtime.connected) watch();
    return () => {
      realtime.off('connect', rejoin);
      realtime.off('disconnect', lost);
      realtime.off('roundState', onState);
      realtime.off('roundBet', addBet);
      realtime.off('roundCashout', addCashout);
      realtime.off('crashTick', onTick);
      realtime.emit('roundsUnwatch', { game });
    };
  }, [realtime, game, token]);

  return { tick, live: !!realtime && connected };
}

/** The server's clock (local time + `offset`), re-rendering ten times a second. */
export function useServerNow(offset: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(id);
  }, []);
  return now + offset;
}

/** Milliseconds until `at` by the server's clock (never below 0); re-renders ten times a second. */
export function useCountdown(at: string | null | undefined, offset: number): number {
  return msUntil(at, useServerNow(offset));
}

/** Milliseconds from `now` until `at` (never below 0; 0 without `at`). */
export const msUntil = (at: string | null | undefined, now: number) =>
  at ? Math.max(0, Date.parse(at) - now) : 0;
