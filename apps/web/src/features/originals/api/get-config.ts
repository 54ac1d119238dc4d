import { ORIGINALS_PATH, originalsConfig, type OriginalsConfig } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** Stake limits, and each game's RTP and house edge as the server is configured. */
export async function fetchOriginalsConfig(): Promise<OriginalsConfig> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/config`, { loading: false, quiet: true });
  return originalsConfig.parse(data);
}

/** Public (visitors see the same figures); until it answers, the declared figures of @aposta/fairness show. */
export function useOriginalsConfig() {
  return useQuery(
    queryOptions({ queryKey: ['originalsConfig'], queryFn: fetchOriginalsConfig, staleTime: 60_000 }),
    queryClient,
  );
}
