import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fetchUserInfo } from '../lib/account';
import { useSession } from '../lib/session';

// Loaded only with a session: visitors never download the query library.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000 } } });

function UserInfoQuery({ token }: { token: string }) {
  useQuery({
    queryKey: ['userInfo', token],
    queryFn: () => fetchUserInfo(false),
    // What sign-in just fetched counts as fresh; the query refreshes it when the player comes back to the tab.
    initialData: () => useSession.getState().user ?? undefined,
    initialDataUpdatedAt: () => (useSession.getState().user ? Date.now() : 0),
    refetchOnWindowFocus: true,
  });
  return null;
}

/** Keeps user info (balance, VIP level) fresh while a session exists. */
export default function SessionSync({ token }: { token: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <UserInfoQuery token={token} />
    </QueryClientProvider>
  );
}
