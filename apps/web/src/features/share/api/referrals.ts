import { PROMO_PATH, referralsAnswer, type ReferralsAnswer } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** The invitation link, commission per level and the invitees (GET /api/app/promo/referrals). */
export async function fetchReferrals(): Promise<ReferralsAnswer> {
  const { data } = await request<unknown>(`${PROMO_PATH}/referrals`, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  return referralsAnswer.parse(data);
}

export function useReferrals(token: string) {
  return useQuery(
    queryOptions({ queryKey: ['referrals', token], queryFn: fetchReferrals, enabled: Boolean(token) }),
    queryClient,
  );
}
