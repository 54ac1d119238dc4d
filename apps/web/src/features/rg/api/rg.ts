import {
  RG_PATH,
  rgExclusion,
  rgLimits,
  type RgExclusion,
  type RgExclusionRequest,
  type RgLimits,
  type RgLimitsRequest,
} from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { limitsKey, realityMinutesKey } from './reality';

// The reality check's calls are in ./reality (checked without zod: it runs on every page).
export { limitsKey };

/** The player's limits, their use and any exclusion (GET /api/app/rg/limits). */
export async function fetchLimits(): Promise<RgLimits> {
  const { data } = await request<unknown>(`${RG_PATH}/limits`, { method: 'GET', loading: false });
  return rgLimits.parse(data);
}

export function useRgLimits(token: string) {
  return useQuery(
    queryOptions({ queryKey: limitsKey(token), queryFn: fetchLimits, enabled: Boolean(token) }),
    queryClient,
  );
}

/** Limits as they now stand (a save's answer), for the page and the reality check alike. */
export function keepLimits(token: string, limits: RgLimits) {
  queryClient.setQueryData(limitsKey(token), limits);
  queryClient.setQueryData(realityMinutesKey(token), limits.realityCheckMinutes);
}

/** Saves limits; quiet: the page shows a refusal above its button. Answers the limits as they now stand. */
export async function saveLimits(body: RgLimitsRequest): Promise<RgLimits> {
  const { data } = await request<unknown>(`${RG_PATH}/limits`, { method: 'PUT', json: body, quiet: true });
  return rgLimits.parse(data);
}

/** Starts a cool-off or a self-exclusion: the server signs the player out everywhere. */
export async function startExclusion(body: RgExclusionRequest): Promise<RgExclusion> {
  const { data } = await request<unknown>(`${RG_PATH}/exclusion`, { json: body, quiet: true });
  return rgExclusion.parse(data);
}
