import { CASINO_PATH, casinoLaunchAnswer, type CasinoLaunchAnswer } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/**
 * `POST /api/app/casino/launch`: the game's URL with a one-time launch token (none for a demo). A refusal is
 * not alerted: /play says it in its own card (an alert over the card said it twice).
 */
export async function launchGame(gameCode: string, demo: boolean): Promise<CasinoLaunchAnswer> {
  const { data } = await request<unknown>(`${CASINO_PATH}/launch`, { json: { gameCode, demo }, quiet: true });
  return casinoLaunchAnswer.parse(data);
}

/**
 * One launch per visit of /play: the token is single use, so the answer is never asked again behind the
 * player's back (no refetch on focus, dropped from the cache on leaving). `attempt` starts a new launch.
 */
export function useLaunch(token: string, gameCode: string, demo: boolean, enabled: boolean, attempt: number) {
  return useQuery(
    queryOptions({
      queryKey: ['casinoLaunch', token, gameCode, demo, attempt],
      queryFn: () => launchGame(gameCode, demo),
      enabled,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
    queryClient,
  );
}
