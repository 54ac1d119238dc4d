import { ORIGINALS_PATH, originalBet, type OriginalBet } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** One bet, with its server seed once the pair that served it was rotated. */
export async function fetchBet(betId: string): Promise<OriginalBet> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/bets/${encodeURIComponent(betId)}`, {
    loading: false,
    quiet: true,
  });
  return originalBet.parse(data);
}

/** Asked when the details open: the list may predate a rotation. */
export function useBet(betId: string, placeholder?: OriginalBet) {
  return useQuery(
    queryOptions({
      queryKey: ['originalBet', betId],
      queryFn: () => fetchBet(betId),
      placeholderData: placeholder,
      staleTime: 0,
    }),
    queryClient,
  );
}
