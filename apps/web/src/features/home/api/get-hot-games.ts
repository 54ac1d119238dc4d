import { CASINO_PATH, type CasinoGame } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { readJson, SessionKey, writeJson } from '../../../lib/storage';

/**
 * The home page's hot games (`GET /api/app/casino/hot`), kept for the tab's session under HOT_GAME_LIST (spec
 * section 3): the kept list paints at once, and is asked again once per visit of home.
 *
 * Unlike other calls, the answer is not parsed with its contract here: that would load zod and build every
 * schema with home (see `paths.ts` in the contracts). The server checks its answer against `casinoGame` before
 * sending it (the route's response schema); here both the answer and the kept copy (which a deploy may have
 * left in an older shape) are checked for the fields home shows, so neither can break the page.
 */
export async function fetchHomeHotGames(): Promise<CasinoGame[]> {
  const { data } = await request<unknown>(`${CASINO_PATH}/hot`, { loading: false, quiet: true });
  const games = shownGames(data);
  if (!games) throw new Error('hot games: unexpected answer');
  writeJson('session', SessionKey.HOT_GAME_LIST, games);
  return games;
}

const shownFields = ['gameCode', 'name', 'providerName', 'thumbnail'] as const;

/** The list when every game has the fields home shows, as strings; otherwise undefined. */
function shownGames(value: unknown): CasinoGame[] | undefined {
  const usable =
    Array.isArray(value) &&
    value.every(
      (g: unknown) =>
        typeof g === 'object' &&
        g !== null &&
        shownFields.every((k) => typeof (g as Record<string, unknown>)[k] === 'string'),
    );
  return usable ? (value as CasinoGame[]) : undefined;
}

const keptHotGames = () => shownGames(readJson<unknown>('session', SessionKey.HOT_GAME_LIST));

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
