import { ORIGINALS_PATH, originalBet, type OriginalBet } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export const activeMinesKey = (token: string) => ['minesActive', token] as const;

/** The player's open mines round, if any: it survives a reload, a lost connection and a server restart. */
export async function fetchActiveMines(): Promise<OriginalBet | null> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/mines/active`, { loading: false, quiet: true });
  return data === null || data === undefined ? null : originalBet.parse(data);
}

export function useActiveMines(token: string) {
  return useQuery(
    queryOptions({
      queryKey: activeMinesKey(token),
      queryFn: fetchActiveMines,
      enabled: Boolean(token),
      staleTime: 0,
    }),
    queryClient,
  );
}
