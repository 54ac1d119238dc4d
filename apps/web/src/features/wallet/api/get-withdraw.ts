import { getWithdrawAnswer, type GetWithdrawAnswer } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export async function fetchWithdrawLimits(): Promise<GetWithdrawAnswer> {
  const { data } = await request<unknown>('/api/app/order/getWithdraw', { loading: false });
  return getWithdrawAnswer.parse(data);
}

/**
 * The withdrawal limits and the withdrawable amount. They follow the balance, so the balance is part of the
 * key: every change of it (a bet, a deposit, a realtime update) asks again. A bet's wagering is counted a
 * moment after its balance (by the event relay), so they are also asked again every few seconds while shown:
 * the answer to the balance's change could still hold the wagering before the bet.
 */
export function useWithdrawLimits(token: string, balance: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['withdrawLimits', token, balance],
      queryFn: fetchWithdrawLimits,
      staleTime: 0,
      refetchInterval: 5_000,
      enabled: Boolean(token),
      placeholderData: (previous) => previous,
    }),
    queryClient,
  );
}
