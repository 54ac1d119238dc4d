import { betsAnswer, ORIGINALS_PATH, type OriginalBet, type OriginalGameName } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export const BETS_LIMIT = 30;
export const betsKey = (token: string, game: OriginalGameName) => ['originalBets', token, game] as const;

/** My bets of one game, newest first. */
export async function fetchBets(game: OriginalGameName): Promise<OriginalBet[]> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/bets`, {
    query: { game, limit: BETS_LIMIT },
    loading: false,
    quiet: true,
  });
  return betsAnswer.parse(data).list;
}

/** The list behind "my bets" and the result strip; each bet's answer is put at its head (hooks/apply-bet). */
export function useMyBets(token: string, game: OriginalGameName) {
  return useQuery(
    queryOptions({
      queryKey: betsKey(token, game),
      queryFn: () => fetchBets(game),
      enabled: Boolean(token),
      staleTime: 30_000,
    }),
    queryClient,
  );
}
