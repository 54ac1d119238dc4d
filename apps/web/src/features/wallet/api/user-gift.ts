import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { DEPOSIT_STATE_KEY, queryClient } from '../../../lib/query';

/**
 * 1: the player has a deposit gift waiting (the gift popup shows). Asked on a signed-in home, so checked by hand
 * rather than with its contract (`userGiftAnswer`), which would load zod there (see `paths.ts` in the contracts).
 */
export async function fetchUserGift(): Promise<0 | 1> {
  const { data } = await request<unknown>('/api/app/main/userGift', { loading: false, quiet: true });
  if (data !== 0 && data !== 1) throw new Error('user gift: unexpected answer');
  return data;
}

/**
 * The gift check, asked each time it is enabled (home shown for a second) and after a paid deposit; never
 * on a return to the tab, which would pop the gift up over whatever the player came back to.
 */
export function useUserGift(token: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [DEPOSIT_STATE_KEY, 'userGift', token],
      queryFn: fetchUserGift,
      staleTime: 0,
      refetchOnWindowFocus: false,
      enabled: enabled && Boolean(token),
    }),
    queryClient,
  );
}
