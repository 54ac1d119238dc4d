import { CASINO_PATH, casinoGame, type CasinoGame } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { readJson, SessionKey, writeJson } from '../../../lib/storage';

const hotList = z.array(casinoGame);

/**
 * The home page's hot games (`GET /api/app/casino/hot`), kept for the tab's session under HOT_GAME_LIST (spec
 * section 3): the kept list paints at once, and is asked again once per visit of home.
 */
export async function fetchHomeHotGames(): Promise<CasinoGame[]> {
  const { data } = await request<unknown>(`${CASINO_PATH}/hot`, { loading: false, quiet: true });
  const games = hotList.parse(data);
  writeJson('session', SessionKey.HOT_GAME_LIST, games);
  return games;
}

function keptHotGames(): CasinoGame[] | undefined {
  const kept = hotList.safeParse(readJson('session', SessionKey.HOT_GAME_LIST));
  return kept.success ? kept.data : undefined;
}

export function useHomeHotGames() {
  return useQuery(
    queryOptions({
      queryKey: ['homeHotGames'],
      queryFn: fetchHomeHotGames,
      initialData: keptHotGames,
      // The kept copy shows at once but is asked again on mount.
      initialDataUpdatedAt: 0,
      staleTime: 60_000,
    }),
    queryClient,
  );
}
