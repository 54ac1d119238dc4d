import { RG_PATH, type RgSession } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/*
 * The reality check's calls. It runs on every page of a signed-in player, so its answers are checked here by
 * hand, for the fields it uses, rather than with their contracts (`rgLimits`, `rgSession`), which would load
 * zod and build every schema with the app's shell (see `paths.ts` in the contracts). The server checks its
 * answers against them before sending.
 */

export const limitsKey = (token: string) => ['rgLimits', token] as const;
/** The reminder's interval alone, read from the limits (the page's full query keeps it in step: `keepLimits`). */
export const realityMinutesKey = (token: string) => [...limitsKey(token), 'realityCheckMinutes'] as const;

const wholeOrNull = (v: unknown): v is number | null => v === null || Number.isInteger(v);

/** The reminder's interval in minutes, null when off (GET /api/app/rg/limits `realityCheckMinutes`). */
export async function fetchRealityMinutes(): Promise<number | null> {
  const { data } = await request<unknown>(`${RG_PATH}/limits`, { method: 'GET', loading: false });
  const minutes = (data as { realityCheckMinutes?: unknown } | null)?.realityCheckMinutes;
  if (!wholeOrNull(minutes)) throw new Error('rg limits: unexpected answer');
  return minutes;
}

export function useRealityMinutes(token: string) {
  return useQuery(
    queryOptions({
      queryKey: realityMinutesKey(token),
      queryFn: fetchRealityMinutes,
      enabled: Boolean(token),
    }),
    queryClient,
  );
}

function session(data: unknown): RgSession {
  const s = (data ?? {}) as Partial<Record<keyof RgSession, unknown>>;
  const usable =
    typeof s.since === 'string' &&
    Number.isInteger(s.minutesPlayed) &&
    typeof s.netResult === 'number' &&
    typeof s.staked === 'number' &&
    wholeOrNull(s.realityCheckMinutes);
  if (!usable) throw new Error('rg session: unexpected answer');
  return data as RgSession;
}

/** Time played and net result since sign-in (the reality check). */
export async function fetchSession(): Promise<RgSession> {
  const { data } = await request<unknown>(`${RG_PATH}/session`, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  return session(data);
}

/** The same figures, recorded as a reality check shown (the operators' history). */
export async function recordRealityCheck(): Promise<RgSession> {
  const { data } = await request<unknown>(`${RG_PATH}/session/check`, {
    method: 'POST',
    json: {},
    loading: false,
    quiet: true,
  });
  return session(data);
}
