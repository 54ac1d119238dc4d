import { PROMO_PATH, signinSheet, type SigninSheet } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export const signinKey = (token: string) => ['signinSheet', token] as const;

/** The 7-day cycle, what is claimed and the streak (GET /api/app/promo/signin). */
export async function fetchSignin(): Promise<SigninSheet> {
  const { data } = await request<unknown>(`${PROMO_PATH}/signin`, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  return signinSheet.parse(data);
}

export function useSignin(token: string) {
  return useQuery(
    queryOptions({ queryKey: signinKey(token), queryFn: fetchSignin, enabled: Boolean(token) }),
    queryClient,
  );
}

/** Claims today's reward; the server's refusal (already claimed, not available) is shown as its message. */
export async function claimSignin(): Promise<SigninSheet> {
  const { data } = await request<unknown>(`${PROMO_PATH}/signin`, { json: {} });
  return signinSheet.parse(data);
}
