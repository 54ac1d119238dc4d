import type { UserInfo } from '@aposta/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './api';
import { queryClient } from './query';
import { patchUser, setUser, useSession } from './session';

/**
 * The player's user info (balance, VIP level, KYC...). The cache entry is keyed by the session token; the
 * session store (spec: USERINFO) mirrors every answer, since the header and the spec's storage read it there.
 */
export const userInfoQuery = (token: string) =>
  queryOptions({
    queryKey: ['userInfo', token],
    queryFn: async () => {
      try {
        const { data } = await request<UserInfo>('/api/app/user/userInfo', { loading: false, quiet: true });
        if (useSession.getState().token === token) setUser(data);
        return data;
      } catch {
        // A failure resets user info to defaults (spec section 4).
        if (useSession.getState().token === token) setUser(null);
        return null;
      }
    },
    // The stored copy paints at once but is never taken as fresh: the app asks the server on start...
    initialData: () => useSession.getState().user ?? undefined,
    initialDataUpdatedAt: 0,
    // ...and again whenever the player comes back to the tab, however recent the last answer is.
    refetchOnWindowFocus: 'always',
  });

/** Reads user info now (sign-in); the answer is what the session's query then holds. */
export function loadUserInfo(token: string): Promise<UserInfo | null> {
  return queryClient.fetchQuery({ ...userInfoQuery(token), staleTime: 0 });
}

/** Asks the server again (after KYC, a deposit, a withdrawal, a transfer, a realtime reconnect). */
export async function refreshUserInfo(): Promise<void> {
  const { token } = useSession.getState();
  if (token) await queryClient.fetchQuery({ ...userInfoQuery(token), staleTime: 0 });
}

/**
 * The header's and wallet's refresh button: the spec's getBalance call, folded into user info. `quiet`: asked
 * in the background (no loading bar, no alert on failure).
 */
export async function refreshBalance({ quiet = false } = {}): Promise<void> {
  const { data } = await request<{ balance: number; freeBalance: number }>(
    '/api/app/user/getBalance',
    quiet ? { loading: false, quiet: true } : {},
  );
  patchUser(data);
}

/**
 * A money call's answer carries the balance it left: shown at once (header, screens) without asking the server
 * again, in the session store and the user-info query alike.
 */
export function applyBalance(balance: number): void {
  const { token } = useSession.getState();
  patchUser({ balance });
  if (token) {
    queryClient.setQueryData<UserInfo | null>(userInfoQuery(token).queryKey, (old) =>
      old ? { ...old, balance } : old,
    );
  }
}

/**
 * A casino game's balance after a spin: cash and bonus together, as the casino wallet plays with both. Shown
 * at once (the bonus is taken to stay while it lasts, so cash + bonus is the game's figure), then the exact
 * split is asked again: cash alone is what the header shows and what a withdrawal may take. Not asked while
 * the round still plays (`settled` false: the server's figure would already hold the win the reels have not
 * shown).
 */
export function applyPlayableBalance(total: number, settled = true): void {
  const bonus = Math.min(useSession.getState().user?.freeBalance ?? 0, total);
  applyBalance(Math.round((total - bonus) * 100) / 100);
  patchUser({ freeBalance: bonus });
  if (settled) void refreshBalance({ quiet: true }).catch(() => undefined);
}
