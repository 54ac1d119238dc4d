import { ACTIVITIES_PATH, type ActivityList } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { DEPOSIT_STATE_KEY, queryClient } from '../../../lib/query';

/** Under the deposit-state key: a paid deposit (realtime paySuccess) reads the list again, and its overlay. */
export const activitiesKey = (token: string) => [DEPOSIT_STATE_KEY, 'activities', token] as const;

const isNumber = (v: unknown) => typeof v === 'number';
const isString = (v: unknown) => typeof v === 'string';

/**
 * Live activities with the player's progress and what is claimable (GET /api/app/promo/activities).
 *
 * A signed-in home asks it (the strip and the active-award overlay), so the answer is checked here by hand, for
 * the fields those show, rather than with its contract (`activityList`), which would load zod and build every
 * schema with home (see `paths.ts` in the contracts). The server checks its answer against `activityList`
 * before sending it.
 */
export async function fetchActivities(): Promise<ActivityList> {
  const { data } = await request<unknown>(ACTIVITIES_PATH, { method: 'GET', loading: false, quiet: true });
  const { available, list } = (data ?? {}) as Partial<Record<keyof ActivityList, unknown>>;
  const usable =
    typeof available === 'boolean' &&
    Array.isArray(list) &&
    list.every((item: unknown) => {
      const a = (item ?? {}) as Record<string, unknown>;
      return (
        isNumber(a.id) &&
        isNumber(a.claimable) &&
        (a.claimed === null || isNumber(a.claimed)) &&
        [a.title, a.bannerUrl, a.status, a.startsAt, a.endsAt].every(isString)
      );
    });
  if (!usable) throw new Error('activities: unexpected answer');
  return data as ActivityList;
}

export function useActivities(token: string) {
  return useQuery(
    queryOptions({ queryKey: activitiesKey(token), queryFn: fetchActivities, enabled: Boolean(token) }),
    queryClient,
  );
}
