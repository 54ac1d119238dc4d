import { orderStatusAnswer, type OrderStatus } from '@aposta/contracts';
import { request } from '../../../lib/api';

/** Polled while the player pays: no loading bar, no alert on a failed poll. */
export async function fetchOrderStatus(orderId: string): Promise<OrderStatus> {
  const { data } = await request<unknown>(`/api/app/order/getStatus/${encodeURIComponent(orderId)}`, {
    loading: false,
    quiet: true,
  });
  return orderStatusAnswer.parse(data).status;
}
