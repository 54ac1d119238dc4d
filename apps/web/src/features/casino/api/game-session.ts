import { GAME_PATH, inPlay, type InPlay } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { refreshUserInfo } from '../../../lib/user-info';

/** `GET /api/app/game/inPlay` (spec: no loading indicator): the game and round in play, or null. */
export async function fetchInPlay(): Promise<InPlay | null> {
  const { data } = await request<unknown>(`${GAME_PATH}/inPlay`, { loading: false, quiet: true });
  return inPlay.nullable().parse(data ?? null);
}

/** Asked on entering /play. */
export function useInPlay(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['inPlay', token],
      queryFn: fetchInPlay,
      enabled: Boolean(token),
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
    queryClient,
  );
}

/** `GET /api/app/game/stopGame` on leaving the game, then user info is asked again (spec section 7). */
export async function stopGame(): Promise<void> {
  // Leaving never fails in the player's face: a lost call leaves the session to expire on the server.
  await request<null>(`${GAME_PATH}/stopGame`, { loading: false, quiet: true }).catch(() => undefined);
  await refreshUserInfo().catch(() => undefined);
}
