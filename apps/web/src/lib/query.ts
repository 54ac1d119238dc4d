import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server state. It is loaded with the first screen or session that reads the server, so
 * visitors' first load never carries the query library. Hooks pass it explicitly (`useQuery(options,
 * queryClient)`) instead of through a provider: a provider would have to wrap the whole tree from the first
 * render, which would put the library in the first load.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Money screens show what the server holds: a failed read is shown, not retried behind the player's back.
    queries: { retry: false, staleTime: 15_000 },
    mutations: { retry: false },
  },
});

// What QueryClientProvider would do on mount: listen to tab focus and network state (refetch on return).
queryClient.mount();

/**
 * The first part of the key of every query whose answer a paid deposit changes (the order status polled
 * while the player pays, the gift check): features key those queries under it, and the realtime connection
 * invalidates them all on paySuccess without knowing the features.
 */
export const DEPOSIT_STATE_KEY = 'depositState';

/** A deposit was paid: its order status and the gift check are asked again (now if on screen). */
export function invalidateDepositState() {
  return queryClient.invalidateQueries({ queryKey: [DEPOSIT_STATE_KEY] });
}
