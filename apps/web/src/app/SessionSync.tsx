import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../lib/query';
import { userInfoQuery } from '../lib/user-info';

/**
 * Keeps user info (balance, VIP level) fresh while a session exists: asked on start (the stored copy paints
 * meanwhile), on every return to the tab, and after a realtime reconnect (lib/realtime-socket). Loaded only
 * with a session: visitors never download the query library.
 */
export default function SessionSync({ token }: { token: string }) {
  useQuery(userInfoQuery(token), queryClient);
  return null;
}
