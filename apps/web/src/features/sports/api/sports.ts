import {
  placeBetAnswer,
  sportsBet,
  sportsConfig,
  sportsEventDetail,
  sportsEventList,
  sportsList,
  SPORTS_PATH,
  type PlaceBetAnswer,
  type PlaceBetRequest,
  type SportCode,
  type SportsBet,
} from '@aposta/contracts';
import { ErrorCode } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type RequestOptions } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

const READ: Pick<RequestOptions, 'quiet' | 'loading'> = { quiet: true, loading: false };
/** A bet's refusal shows in the slip, beside the leg or the stake; 9999 opens the game deposit. */
const BET_CALL: Pick<RequestOptions, 'quiet' | 'handles' | 'loading'> = {
  quiet: true,
  handles: [ErrorCode.INSUFFICIENT_BALANCE],
  loading: false,
};

export const sportsKeys = {
  list: ['sports', 'list'] as const,
  config: ['sports', 'config'] as const,
  events: (sport: SportCode, live: boolean) => ['sports', 'events', sport, live] as const,
  event: (eventId: string) => ['sports', 'event', eventId] as const,
  myBets: (token: string, status: 'open' | 'settled') => ['sports', 'myBets', token, status] as const,
};

/** The 12 sports with their open and live event counts; asked again every 30 s. */
export function useSportsList() {
  return useQuery(
    queryOptions({
      queryKey: sportsKeys.list,
      queryFn: async () => sportsList.parse((await request<unknown>(`${SPORTS_PATH}/sports`, READ)).data),
      refetchInterval: 30_000,
    }),
    queryClient,
  );
}

export function useSportsConfig() {
  return useQuery(
    queryOptions({
      queryKey: sportsKeys.config,
      queryFn: async () => sportsConfig.parse((await request<unknown>(`${SPORTS_PATH}/config`, READ)).data),
      staleTime: 5 * 60_000,
    }),
    queryClient,
  );
}

/** A sport's events, live or upcoming, with their main market; live lists follow the match every 5 s. */
export function useSportsEvents(sport: SportCode, live: boolean) {
  return useQuery(
    queryOptions({
      queryKey: sportsKeys.events(sport, live),
      queryFn: async () =>
        sportsEventList.parse(
          (await request<unknown>(`${SPORTS_PATH}/events`, { ...READ, query: { sport, live: live ? 1 : 0 } }))
            .data,
        ),
      refetchInterval: live ? 5_000 : 30_000,
    }),
    queryClient,
  );
}

/** One event and all its markets; in play its clock, score and prices are asked again every 3 s. */
export function useSportsEvent(eventId: string) {
  return useQuery(
    queryOptions({
      queryKey: sportsKeys.event(eventId),
      queryFn: async () =>
        sportsEventDetail.parse((await request<unknown>(`${SPORTS_PATH}/events/${eventId}`, READ)).data),
      refetchInterval: (q) => (q.state.data?.event.live ? 3_000 : 20_000),
    }),
    queryClient,
  );
}

/** My bets, open or settled, newest first. */
export function useMySportsBets(token: string, status: 'open' | 'settled') {
  return useQuery(
    queryOptions({
      queryKey: sportsKeys.myBets(token, status),
      queryFn: async () =>
        sportsBet
          .array()
          .parse(
            (await request<unknown>(`${SPORTS_PATH}/bets`, { ...READ, query: { status, limit: 50 } })).data,
          ),
      enabled: !!token,
      // Open bets settle by a job after the result: both lists follow while on screen.
      refetchInterval: 10_000,
    }),
    queryClient,
  );
}

/** One bet (single or parlay); the key makes a retry of the same attempt answer the first bet. */
export async function placeSportsBet(body: PlaceBetRequest, idempotencyKey: string): Promise<PlaceBetAnswer> {
  const { data } = await request<unknown>(`${SPORTS_PATH}/bets`, { json: body, idempotencyKey, ...BET_CALL });
  return placeBetAnswer.parse(data);
}

/** After a bet: my open bets are asked again. */
export const refreshMyBets = () => queryClient.invalidateQueries({ queryKey: ['sports', 'myBets'] });

export type { SportsBet };
