import { useQuery } from '@tanstack/react-query';
import { api, type ApiError, type Query } from '../api/http';

/** A read of one operator path (not a paged table); its error is the server's translated message. */
export function useApiQuery<T>(path: string | null, query?: Query) {
  return useQuery<T, ApiError>({
    queryKey: ['api', path, query],
    queryFn: () => api<T>('get', path!, { query }),
    enabled: path !== null,
  });
}
