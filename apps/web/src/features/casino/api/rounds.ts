import { CASINO_PATH, casinoRound, type CasinoRound } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** `GET /api/app/casino/rounds`: my last casino rounds as the platform saw them (every wallet call). */
export async function fetchMyRounds(): Promise<CasinoRound[]> {
  const { data } = await request<unknown>(`${CASINO_PATH}/rounds`, { query: { limit: 10 }, loading: false });
  return z.array(casinoRound).parse(data);
}

export function useMyRounds(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['casinoRounds', token],
      queryFn: fetchMyRounds,
      enabled: Boolean(token),
      staleTime: 0,
    }),
    queryClient,
  );
}
