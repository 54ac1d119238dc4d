import { OrderStatus, orderStatusAnswer } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { DEPOSIT_STATE_KEY, queryClient } from '../../../lib/query';

/** How often the order status is asked while the player pays. */
export const STATUS_POLL_MS = 3000;

/** Polled while the player pays: no loading bar, no alert on a failed poll. */
export async function fetchOrderStatus(orderId: string): Promise<OrderStatus> {
  const { data } = await request<unknown>(`/api/app/order/getStatus/${encodeURIComponent(orderId)}`, {
    loading: false,
    quiet: true,
  });
  return orderStatusAnswer.parse(data).status;
}

export const orderStatusQuery = (orderId: string) =>
  queryOptions({
    queryKey: [DEPOSIT_STATE_KEY, 'orderStatus', orderId],
    queryFn: () => fetchOrderStatus(orderId),
    // The order was just created: pending, so the first ask is one poll later (paySuccess asks at once).
    initialData: OrderStatus.PENDING as OrderStatus,
    staleTime: STATUS_POLL_MS,
    refetchInterval: STATUS_POLL_MS,
    // The player pays in the bank's app: the poll goes on while this tab is hidden, as it always did.
    refetchIntervalInBackground: true,
  });

/** The status of the deposit order being paid, polled every STATUS_POLL_MS while there is one. */
export function useOrderStatus(orderId: string | null) {
  return useQuery({ ...orderStatusQuery(orderId ?? ''), enabled: orderId !== null }, queryClient);
}
