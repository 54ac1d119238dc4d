import {
  autoCashoutAnswer,
  builderPriceAnswer,
  cashoutAnswer,
  cashoutQuote,
  placeBetAnswer,
  sportsBet,
  sportsConfig,
  sportsEventDetail,
  sportsEventList,
  sportsList,
  SPORTS_PATH,
  type AutoCashoutAnswer,
  type CashoutAnswer,
  type CashoutQuote,
  type PlaceBetAnswer,
  type PlaceBetRequest,
  type SportCode,
  type SportsBet,
} from '@aposta/contracts';
import { ErrorCode } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, request, type RequestOptions } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';

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
  cashout: (betId: string) => ['sports', 'cashout', betId] as const,
  builderPrice: (selections: readonly string[]) => ['sports', 'builderPrice', ...selections] as const,
};

/** Whether the realtime connection is up now (its pushes then replace most polling). */
function socketUp(): boolean {
  const socket = useSession.getState().realtime as { connected?: boolean } | null;
  return !!socket?.connected;
}

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
const eventQuery = (eventId: string) =>
  queryOptions({
    queryKey: sportsKeys.event(eventId),
    queryFn: async () =>
      sportsEventDetail.parse((await request<unknown>(`${SPORTS_PATH}/events/${eventId}`, READ)).data),
    refetchInterval: (q) => (q.state.data?.event.live ? 3_000 : 20_000),
  });

export function useSportsEvent(eventId: string) {
  return useQuery(eventQuery(eventId), queryClient);
}

/**
 * An event of a leg in the slip: the event page's query (one request per event, shared with the page and the
 * pushes it receives). With the slip open it is asked again as the slip opens however fresh, then as the page
 * polls it; closed (`fetch` false), it only follows what the page showing the event reads, asking nothing.
 */
export function useSlipEvent(eventId: string, fetch = true) {
  return useQuery({ ...eventQuery(eventId), refetchOnMount: 'always', enabled: fetch }, queryClient);
}

/** Whether a read was refused because the thing asked for does not exist (any more). */
export const notFound = (err: unknown) => err instanceof ApiError && err.httpStatus === 404;

const betsWith = async (status: 'open' | 'settled' | 'cashedOut') =>
  sportsBet
    .array()
    .parse((await request<unknown>(`${SPORTS_PATH}/bets`, { ...READ, query: { status, limit: 50 } })).data);

/**
 * My bets, open or closed (settled and cashed out together), newest first. Read again whenever the balance
 * moves (a settlement or a cash-out pays, a resettlement takes back), and every 10 s while on screen.
 */
export function useMySportsBets(token: string, status: 'open' | 'settled') {
  const balance = useSession((s) => s.user?.balance);
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current === balance) return;
    seen.current = balance;
    void refreshMyBets();
  }, [balance]);
  return useQuery(
    queryOptions({
      queryKey: sportsKeys.myBets(token, status),
      queryFn: async () => {
        if (status === 'open') return betsWith('open');
        const [settled, cashedOut] = await Promise.all([betsWith('settled'), betsWith('cashedOut')]);
        return [...settled, ...cashedOut]
          .sort((a, b) => b.placedAt.localeCompare(a.placedAt) || Number(b.betId) - Number(a.betId))
          .slice(0, 50);
      },
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

/**
 * An open bet's cash-out value: asked once, then written by the `sportsCashout` pushes (useCashoutPushes); the
 * polling is the fallback, every 4 s without a realtime connection, every 30 s with one (a missed push).
 */
export function useCashoutQuote(betId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: sportsKeys.cashout(betId),
      queryFn: async () =>
        cashoutQuote.parse((await request<unknown>(`${SPORTS_PATH}/bets/${betId}/cashout`, READ)).data),
      enabled,
      refetchInterval: () => (socketUp() ? 30_000 : 4_000),
    }),
    queryClient,
  );
}

/** A cash-out: `value` the whole bet's value the player saw, `share` the part of the stake (0–1). */
export async function cashOutBet(
  betId: string,
  body: { value: number; share: number },
  idempotencyKey: string,
): Promise<CashoutAnswer> {
  const { data } = await request<unknown>(`${SPORTS_PATH}/bets/${betId}/cashout`, {
    json: body,
    idempotencyKey,
    quiet: true,
    loading: false,
  });
  return cashoutAnswer.parse(data);
}

/** Sets (a value, major units) or removes (null) the bet's automatic cash-out target. */
export async function setAutoCashout(betId: string, value: number | null): Promise<AutoCashoutAnswer> {
  const { data } = await request<unknown>(`${SPORTS_PATH}/bets/${betId}/autoCashout`, {
    method: 'PUT',
    json: { value },
    quiet: true,
    loading: false,
  });
  return autoCashoutAnswer.parse(data);
}

/** The bet builder's joint price of these selections (two or more legs of one event). */
export async function fetchBuilderPrice(selections: readonly string[]): Promise<number> {
  const { data } = await request<unknown>(`${SPORTS_PATH}/builder/price`, {
    json: { selections },
    quiet: true,
    loading: false,
  });
  return builderPriceAnswer.parse(data).price;
}

/** After a bet: my open bets are asked again. */
export const refreshMyBets = () => queryClient.invalidateQueries({ queryKey: ['sports', 'myBets'] });

export type { CashoutQuote, SportsBet };
