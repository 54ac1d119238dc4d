import { CASINO_PATH, casinoLobby, type CasinoCategory, type CasinoLobby } from '@aposta/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export interface LobbyFilter {
  category?: CasinoCategory;
  q?: string;
  provider?: string;
}

/** `GET /api/app/casino/games`: the lobby's games under a filter, with every category's and provider's count. */
export async function fetchLobby(filter: LobbyFilter): Promise<CasinoLobby> {
  const { data } = await request<unknown>(`${CASINO_PATH}/games`, {
    query: { category: filter.category, q: filter.q || undefined, provider: filter.provider },
    loading: false,
  });
  return casinoLobby.parse(data);
}

export const lobbyQuery = (filter: LobbyFilter) =>
  queryOptions({
    queryKey: ['casinoLobby', filter.category ?? '', filter.q ?? '', filter.provider ?? ''],
    queryFn: () => fetchLobby(filter),
    staleTime: 60_000,
    // While a new filter loads, the last grid stays (no flash of an empty lobby).
    placeholderData: keepPreviousData,
  });

/** Public: visitors browse the lobby too. */
export function useLobby(filter: LobbyFilter) {
  return useQuery(lobbyQuery(filter), queryClient);
}
