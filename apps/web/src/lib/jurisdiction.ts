import { RG_PATH, rgProfile, type RgProfile } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api';
import { queryClient } from './query';

/** The server's licence profile (GET /api/app/rg/profile): the spec's behaviour until it answers. */
export async function fetchProfile(): Promise<RgProfile> {
  const { data } = await request<unknown>(`${RG_PATH}/profile`, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  return rgProfile.parse(data);
}

/** 'br' (the Brazilian licensed market) hides transfers and asks birth date and limits at registration. */
export function useJurisdiction(): RgProfile['jurisdiction'] {
  const { data } = useQuery(
    queryOptions({ queryKey: ['rgProfile'], queryFn: fetchProfile, staleTime: Infinity, retry: false }),
    queryClient,
  );
  return data?.jurisdiction ?? 'default';
}
