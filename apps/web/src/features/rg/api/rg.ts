import {
  RG_PATH,
  rgExclusion,
  rgLimits,
  rgSession,
  type RgExclusion,
  type RgExclusionRequest,
  type RgLimits,
  type RgLimitsRequest,
  type RgSession,
} from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** The player's limits, their use and any exclusion (GET /api/app/rg/limits). */
export async function fetchLimits(): Promise<RgLimits> {
  const { data } = await request<unknown>(`${RG_PATH}/limits`, { method: 'GET', loading: false });
  return rgLimits.parse(data);
}

export const limitsKey = (token: string) => ['rgLimits', token] as const;

export function useRgLimits(token: string) {
  return useQuery(
    queryOptions({ queryKey: limitsKey(token), queryFn: fetchLimits, enabled: Boolean(token) }),
    queryClient,
  );
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

/** Time played and net result since sign-in (the reality check). */
export async function fetchSession(): Promise<RgSession> {
  const { data } = await request<unknown>(`${RG_PATH}/session`, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  return rgSession.parse(data);
}

/** The same figures, recorded as a reality check shown (the operators' history). */
export async function recordRealityCheck(): Promise<RgSession> {
  const { data } = await request<unknown>(`${RG_PATH}/session/check`, {
    method: 'POST',
    json: {},
    loading: false,
    quiet: true,
  });
  return rgSession.parse(data);
}
