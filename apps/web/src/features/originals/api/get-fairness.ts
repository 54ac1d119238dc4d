import { fairnessState, ORIGINALS_PATH, type FairnessState } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export const fairnessKey = (token: string) => ['originalsFairness', token] as const;

/** The player's current seed pair: the server seed's hash, the client seed, the next nonce. */
export async function fetchFairness(): Promise<FairnessState> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/fairness`, { loading: false, quiet: true });
  return fairnessState.parse(data);
}

export function useFairness(token: string) {
  return useQuery(
    queryOptions({
      queryKey: fairnessKey(token),
      queryFn: fetchFairness,
      enabled: Boolean(token),
      staleTime: 0,
    }),
    queryClient,
  );
}
