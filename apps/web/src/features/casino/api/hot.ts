import { CASINO_PATH, casinoGame, type CasinoGame } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** `GET /api/app/casino/hot`: the operator's hot games. */
export async function fetchHotGames(): Promise<CasinoGame[]> {
  const { data } = await request<unknown>(`${CASINO_PATH}/hot`, { loading: false, quiet: true });
  return z.array(casinoGame).parse(data);
}

export function useHotGames() {
  return useQuery(
    queryOptions({ queryKey: ['casinoHot'], queryFn: fetchHotGames, staleTime: 60_000 }),
    queryClient,
  );
}
