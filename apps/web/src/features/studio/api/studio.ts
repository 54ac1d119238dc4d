import {
  STUDIO_PATH,
  STUDIO_ROUNDS_PAGE,
  studioRound,
  studioSession,
  studioRotateAnswer,
  studioSpin,
  type StudioRotateAnswer,
  type StudioGameCode,
  type StudioRound,
  type StudioSession,
  type StudioSpin,
} from '@aposta/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryClient } from '../../../lib/query';
import { studioCall } from './client';

/** `POST /api/studio/session`: the one-time launch token (or a demo) becomes a game session. */
export async function openStudioSession(game: StudioGameCode, token: string | null, demo: boolean) {
  const data = await studioCall<unknown>(`${STUDIO_PATH}/session`, {
    json: { game, ...(token ? { token } : {}), ...(demo ? { demo: true } : {}) },
  });
  return studioSession.parse(data);
}

/** The launch token is single use: the session is opened once per page, never asked again. */
export function useStudioSession(game: StudioGameCode, token: string | null, demo: boolean) {
  return useQuery(
    queryOptions<StudioSession>({
      queryKey: ['studioSession', game, token ?? '', demo],
      queryFn: () => openStudioSession(game, token, demo),
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
    queryClient,
  );
}

/** `POST /api/studio/spin`: one paid spin (its whole round: cascades and free spins included). */
export async function spin(session: string, bet: number): Promise<StudioSpin> {
  return studioSpin.parse(await studioCall<unknown>(`${STUDIO_PATH}/spin`, { json: { session, bet } }));
}

/** `POST /api/studio/fairness/rotate`: reveals the pair's server seed (its rounds become verifiable), opens a new one. */
export async function rotateSeeds(session: string): Promise<StudioRotateAnswer> {
  return studioRotateAnswer.parse(
    await studioCall<unknown>(`${STUDIO_PATH}/fairness/rotate`, { json: { session } }),
  );
}

export const roundsKey = (session: string) => ['studioRounds', session] as const;

/**
 * `GET /api/studio/rounds`: the player's rounds of this game, every step, newest first, a page at a time (the
 * next page starts before the last round of the one before; a short page is the last).
 */
export function useStudioRounds(session: string, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: roundsKey(session),
      queryFn: async ({ pageParam }): Promise<StudioRound[]> =>
        z.array(studioRound).parse(
          await studioCall<unknown>(`${STUDIO_PATH}/rounds`, {
            query: { session, ...(pageParam ? { before: pageParam } : {}) },
          }),
        ),
      initialPageParam: '',
      getNextPageParam: (last) => (last.length < STUDIO_ROUNDS_PAGE ? undefined : last.at(-1)!.roundId),
      enabled,
      staleTime: 0,
    }),
    queryClient,
  );
}
