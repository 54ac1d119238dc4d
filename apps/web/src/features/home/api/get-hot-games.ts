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
 * schema with home (see `paths.ts` in the contracts). The server checks the answer against `casinoGame` before
 * it sends it (the route's response schema); the kept copy, which a deploy may have left in an older shape, is
 * checked for the fields home reads.
 */
export async function fetchHomeHotGames(): Promise<CasinoGame[]> {
  const { data } = await request<CasinoGame[]>(`${CASINO_PATH}/hot`, { loading: false, quiet: true });
  writeJson('session', SessionKey.HOT_GAME_LIST, data);
  return data;
}

const shown = ['gameCode', 'name', 'providerName', 'thumbnail'] as const;

function keptHotGames(): CasinoGame[] | undefined {
  const kept = readJson<unknown>('session', SessionKey.HOT_GAME_LIST);
  const usable =
    Array.isArray(kept) &&
    kept.every(
      (g: unknown) =>
        typeof g === 'object' &&
        g !== null &&
        shown.every((k) => typeof (g as Record<string, unknown>)[k] === 'string'),
    );
  return usable ? (kept as CasinoGame[]) : undefined;
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
