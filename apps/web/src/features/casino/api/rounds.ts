import { CASINO_PATH, casinoRound, type CasinoRound } from '@aposta/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** Rounds per page of the recall. */
export const MY_ROUNDS_PAGE = 10;

/**
 * `GET /api/app/casino/rounds`: my casino rounds as the platform saw them (every wallet call), newest first, a
 * page at a time (the next page starts before the last round of the one before; a short page is the last).
 */
export function useMyRounds(token: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['casinoRounds', token],
      queryFn: async ({ pageParam }): Promise<CasinoRound[]> => {
        const { data } = await request<unknown>(`${CASINO_PATH}/rounds`, {
          query: { limit: MY_ROUNDS_PAGE, ...(pageParam ? { before: pageParam } : {}) },
          loading: false,
        });
        return z.array(casinoRound).parse(data);
      },
      initialPageParam: '',
      getNextPageParam: (last) => (last.length < MY_ROUNDS_PAGE ? undefined : last.at(-1)!.roundId),
      enabled: Boolean(token),
      staleTime: 0,
    }),
    queryClient,
  );
}
