import {
  paymentRecordsAnswer,
  recordsAnswer,
  WALLET_RECORDS_PATH,
  type OrderStatus,
  type PaymentRecord,
  type RecordCategory,
  type RecordsAnswer,
} from '@aposta/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export interface RecordFilters {
  type?: RecordCategory;
  status?: OrderStatus;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
}

export const RECORDS_PAGE_SIZE = 20;

/** One page of the player's records, newest first; `cursor` is the previous page's nextCursor. */
export async function fetchRecords(filters: RecordFilters, cursor?: string): Promise<RecordsAnswer> {
  const { data } = await request<unknown>(WALLET_RECORDS_PATH, {
    query: { ...filters, cursor, limit: RECORDS_PAGE_SIZE },
    loading: false,
  });
  return recordsAnswer.parse(data);
}

/** The payment order behind a deposit or withdrawal record, with its steps (requested, approved, paid...). */
export async function fetchPaymentOrder(type: 10 | 11, orderId: string): Promise<PaymentRecord | null> {
  const { data } = await request<unknown>('/api/app/order/records', {
    query: { type, page: 1, size: 100 },
    loading: false,
  });
  return paymentRecordsAnswer.parse(data).list.find((o) => o.orderId === orderId) ?? null;
}

/** The records under the given filters, page after page (each filter set is its own cache entry). */
export function useWalletRecords(token: string, filters: RecordFilters, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['walletRecords', token, filters],
      queryFn: ({ pageParam }) => fetchRecords(filters, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      // Money moves while the player is away: every visit asks again.
      staleTime: 0,
      enabled: enabled && Boolean(token),
    }),
    queryClient,
  );
}

/** A deposit's or withdrawal's order with its steps, asked when the row is opened. */
export function usePaymentOrder(type: 10 | 11, orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['paymentOrder', type, orderId],
      queryFn: () => fetchPaymentOrder(type, orderId),
      staleTime: 0,
    }),
    queryClient,
  );
}
