import { RG_PATH, type RgProfile } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api';
import { queryClient } from './query';

/**
 * The server's licence profile (GET /api/app/rg/profile): the spec's behaviour until it answers.
 *
 * The register form asks it as it opens, so the answer is checked here by hand rather than with its contract
 * (`rgProfile`), which would load zod and build every schema with the overlay (see `paths.ts` in the
 * contracts). The server checks its answer against `rgProfile` before sending it; an answer of another shape is
 * an error, and the screens keep the spec's behaviour.
 */
export async function fetchProfile(): Promise<RgProfile> {
  const { data } = await request<unknown>(`${RG_PATH}/profile`, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  const { jurisdiction, nationalSelfExclusionUrl } = (data ?? {}) as Partial<
    Record<keyof RgProfile, unknown>
  >;
  if ((jurisdiction !== 'default' && jurisdiction !== 'br') || typeof nationalSelfExclusionUrl !== 'string') {
    throw new Error('licence profile: unexpected answer');
  }
  return { jurisdiction, nationalSelfExclusionUrl };
}

const profileQuery = queryOptions({
  queryKey: ['rgProfile'],
  queryFn: fetchProfile,
  staleTime: Infinity,
  retry: false,
});

/** 'br' (the Brazilian licensed market) hides transfers and asks birth date and limits at registration. */
export function useJurisdiction(): RgProfile['jurisdiction'] {
  return useQuery(profileQuery, queryClient).data?.jurisdiction ?? 'default';
}

/**
 * The same, but null until the server has answered (the spec's behaviour if it cannot): a screen the
 * Brazilian profile forbids waits for the answer rather than showing its form for a moment.
 */
export function useJurisdictionAnswer(): RgProfile['jurisdiction'] | null {
  const { data, isError } = useQuery(profileQuery, queryClient);
  return data?.jurisdiction ?? (isError ? 'default' : null);
}
