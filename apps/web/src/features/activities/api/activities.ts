import {
  ACTIVITIES_PATH,
  activityClaimAnswer,
  activityDetail,
  type ActivityClaimAnswer,
  type ActivityDetail,
} from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { activitiesKey } from './list';

// The list (home's strip and overlay) is in ./list, checked without zod; these calls parse with the contracts.
export const activityKey = (token: string, id: number) => ['activity', token, id] as const;

export async function fetchActivity(id: number): Promise<ActivityDetail> {
  const { data } = await request<unknown>(`${ACTIVITIES_PATH}/${id}`, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  return activityDetail.parse(data);
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
