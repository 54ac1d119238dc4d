import {
  ACTIVITIES_PATH,
  activityClaimAnswer,
  activityDetail,
  activityList,
  type ActivityClaimAnswer,
  type ActivityDetail,
  type ActivityList,
} from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { DEPOSIT_STATE_KEY, queryClient } from '../../../lib/query';

/** Under the deposit-state key: a paid deposit (realtime paySuccess) reads the list again, and its overlay. */
export const activitiesKey = (token: string) => [DEPOSIT_STATE_KEY, 'activities', token] as const;
export const activityKey = (token: string, id: number) => ['activity', token, id] as const;

/** Live activities with the player's progress and what is claimable (GET /api/app/promo/activities). */
export async function fetchActivities(): Promise<ActivityList> {
  const { data } = await request<unknown>(ACTIVITIES_PATH, { method: 'GET', loading: false, quiet: true });
  return activityList.parse(data);
}

export async function fetchActivity(id: number): Promise<ActivityDetail> {
  const { data } = await request<unknown>(`${ACTIVITIES_PATH}/${id}`, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  return activityDetail.parse(data);
}

export function useActivities(token: string) {
  return useQuery(
    queryOptions({ queryKey: activitiesKey(token), queryFn: fetchActivities, enabled: Boolean(token) }),
    queryClient,
  );
}

export function useActivity(token: string, id: number) {
  return useQuery(
    queryOptions({
      queryKey: activityKey(token, id),
      queryFn: () => fetchActivity(id),
      enabled: Boolean(token) && id > 0,
      retry: false,
    }),
    queryClient,
  );
}

/**
 * Claims an activity's reward. Quiet: the caller shows the server's refusal next to the button. Afterwards the
 * list and the activity are read again, so every screen shows what the server says now.
 */
export async function claimActivity(token: string, id: number): Promise<ActivityClaimAnswer> {
  try {
    const { data } = await request<unknown>(`${ACTIVITIES_PATH}/${id}/claim`, { json: {}, quiet: true });
    const answer = activityClaimAnswer.parse(data);
    queryClient.setQueryData(activityKey(token, id), answer.activity);
    return answer;
  } finally {
    void queryClient.invalidateQueries({ queryKey: activitiesKey(token) });
    void queryClient.invalidateQueries({ queryKey: activityKey(token, id) });
  }
}

/** Joins an activity (optional: a claim joins too). */
export async function joinActivity(token: string, id: number): Promise<ActivityDetail> {
  const { data } = await request<unknown>(`${ACTIVITIES_PATH}/${id}/join`, { json: {}, quiet: true });
  const detail = activityDetail.parse(data);
  queryClient.setQueryData(activityKey(token, id), detail);
  void queryClient.invalidateQueries({ queryKey: activitiesKey(token) });
  return detail;
}
