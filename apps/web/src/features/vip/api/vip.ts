import { PROMO_BONUSES_PATH, PROMO_VIP_PATH, bonusesAnswer, vipAnswer } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** The VIP table, the player's level and progress (GET /api/app/promo/vip). */
export async function fetchVip() {
  const { data } = await request<unknown>(PROMO_VIP_PATH, { method: 'GET', loading: false });
  return vipAnswer.parse(data);
}

/** The player's active bonuses and their wagering progress (GET /api/app/promo/bonuses). */
export async function fetchBonuses() {
  const { data } = await request<unknown>(PROMO_BONUSES_PATH, { method: 'GET', loading: false });
  return bonusesAnswer.parse(data);
}

export function useVip(token: string) {
  return useQuery(
    queryOptions({ queryKey: ['vip', token], queryFn: fetchVip, enabled: Boolean(token) }),
    queryClient,
  );
}

export function useBonuses(token: string) {
  return useQuery(
    queryOptions({ queryKey: ['bonuses', token], queryFn: fetchBonuses, enabled: Boolean(token) }),
    queryClient,
  );
}
