import type { TestAccount } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** Failures are ignored silently (spec section 8): no credentials are shown. */
export async function fetchTestAccount(): Promise<TestAccount | null> {
  return request<TestAccount>('/api/app/user/getUserTest', { quiet: true, loading: false })
    .then((r) => r.data)
    .catch(() => null);
}

/**
 * A test account's credentials, asked once per session (they never change while it lasts): the popup after
 * sign-in and the account panel share the one answer.
 */
export function useUserTest(token: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['userTest', token],
      queryFn: fetchTestAccount,
      staleTime: Infinity,
      enabled: enabled && Boolean(token),
    }),
    queryClient,
  );
}
