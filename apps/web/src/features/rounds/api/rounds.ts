import {
  roundBet,
  roundChain,
  roundHistory,
  ROUNDS_PATH,
  roundState,
  type RoundBet,
  type RoundChain,
  type RoundGame,
  type RoundHistoryItem,
  type RoundState,
} from '@aposta/contracts';
import { ErrorCode } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type RequestOptions } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** Money calls are quiet: a refusal shows beside the bet button; 9999 is the game's (the game deposit). */
const GAME_CALL: Pick<RequestOptions, 'quiet' | 'handles' | 'loading'> = {
  quiet: true,
  handles: [ErrorCode.INSUFFICIENT_BALANCE],
  loading: false,
};
const READ: Pick<RequestOptions, 'quiet' | 'loading'> = { quiet: true, loading: false };

export const stateKey = (game: RoundGame) => ['roundState', game] as const;
export const historyKey = (game: RoundGame) => ['roundHistory', game] as const;
export const myBetsKey = (token: string, game: RoundGame) => ['roundMyBets', token, game] as const;

/** A state read, with the local clock's offset from the server's (the only time authority). */
export interface LiveState extends RoundState {
  /** server time − local time, in ms, when this state arrived. */
  offset: number;
}

export const withOffset = (s: RoundState): LiveState => ({
  ...s,
  offset: Date.parse(s.serverTime) - Date.now(),
});

async function fetchState(game: RoundGame): Promise<LiveState> {
  const { data } = await request<unknown>(`${ROUNDS_PATH}/${game}/state`, READ);
  return withOffset(roundState.parse(data));
}

/**
 * The game's round. Pushed by the socket when signed in (useLiveRound writes into this query, `live` while
 * connected); asked again after 10 s with a socket (a push lost without a disconnect). Without one (a
 * visitor): every 2 s, or just after the phase's end when it comes sooner, and every half second while a crash
 * round rises (the page draws the curve by the clock; its crash comes only with the state). Each push restarts
 * the interval (TanStack Query resets it on every update of the query).
 */
export function useRoundState(game: RoundGame, live: boolean) {
  return useQuery(
    queryOptions({
      queryKey: stateKey(game),
      queryFn: () => fetchState(game),
      refetchInterval: (query) => (live ? 10_000 : pollAfter(game, query.state.data)),
    }),
    queryClient,
  );
}

function pollAfter(game: RoundGame, s: LiveState | undefined): number {
  if (!s) return 2_000;
  if (game === 'crash' && s.phase === 'running') return 500;
  const end = s.phase === 'betting' ? s.closesAt : s.phase === 'running' ? s.resultAt : null;
  const due = end ? Date.parse(end) - (Date.now() + s.offset) + 100 : Infinity;
  return Math.min(2_000, Math.max(250, due));
}

async function fetchHistory(game: RoundGame): Promise<RoundHistoryItem[]> {
  const { data } = await request<unknown>(`${ROUNDS_PATH}/${game}/history`, {
    ...READ,
    query: { limit: 100 },
  });
  return roundHistory.parse(data);
}

/** The last 100 results, newest first; asked again when a round's result arrives. */
export function useRoundHistory(game: RoundGame) {
  return useQuery(
    queryOptions({ queryKey: historyKey(game), queryFn: () => fetchHistory(game), staleTime: 60_000 }),
    queryClient,
  );
}

/** A chain's commitment and salt, by id (a history item names its chain), for the verifier. */
export async function fetchChain(game: RoundGame, chainId: string): Promise<RoundChain> {
  const { data } = await request<unknown>(`${ROUNDS_PATH}/${game}/chain`, { ...READ, query: { chainId } });
  return roundChain.parse(data);
}

async function fetchMyBets(game: RoundGame): Promise<RoundBet[]> {
  const { data } = await request<unknown>(`${ROUNDS_PATH}/${game}/bets`, { ...READ, query: { limit: 20 } });
  return roundBet.array().parse(data);
}

/** My bets in this game, newest first (signed in only). */
export function useMyRoundBets(token: string, game: RoundGame) {
  return useQuery(
    queryOptions({
      queryKey: myBetsKey(token, game),
      queryFn: () => fetchMyBets(game),
      enabled: !!token,
      staleTime: 30_000,
    }),
    queryClient,
  );
}

/** One bet; the key makes a retry of the same attempt answer the first bet. */
export async function placeRoundBet(
  game: RoundGame,
  body: object,
  idempotencyKey: string,
): Promise<RoundBet> {
  const { data } = await request<unknown>(`${ROUNDS_PATH}/${game}/bet`, {
    json: body,
    idempotencyKey,
    ...GAME_CALL,
  });
  return roundBet.parse(data);
}

/** Cash out my crash bet now (the server's clock decides the multiplier). */
export async function cashoutCrash(roundId: string, idempotencyKey: string): Promise<RoundBet> {
  const { data } = await request<unknown>(`${ROUNDS_PATH}/crash/cashout`, {
    json: { roundId },
    idempotencyKey,
    ...GAME_CALL,
  });
  return roundBet.parse(data);
}
