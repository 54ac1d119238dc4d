import { paymentRecordsAnswer, RecordType, type PaymentRecord } from '@aposta/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export const DEPOSIT_ORDERS_PAGE_SIZE = 20;

/**
 * The player's PIX deposit orders, every one with its state (pending, paid, cancelled, expired): an unpaid
 * order never reaches the ledger, so the ledger's records cannot show it. Pages of the server's
 * `/api/app/order/records?type=10`.
 */
export const depositOrdersQuery = (token: string) =>
  infiniteQueryOptions({
    queryKey: ['depositOrders', token],
    queryFn: async ({ pageParam }) => {
      const { data } = await request<unknown>('/api/app/order/records', {
        query: { type: RecordType.DEPOSIT, page: pageParam, size: DEPOSIT_ORDERS_PAGE_SIZE },
        loading: false,
      });
      return paymentRecordsAnswer.parse(data);
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0
        ? pages.length + 1
        : undefined,
    // A pending order changes state while the player looks: asked again on every visit.
    staleTime: 0,
  });

export function useDepositOrders(token: string, enabled = true) {
  return useInfiniteQuery({ ...depositOrdersQuery(token), enabled: enabled && Boolean(token) }, queryClient);
}

/** An order cancelled because nobody paid it in time is shown as expired, not as cancelled. */
export function hasExpired(order: PaymentRecord): boolean {
  return order.events.at(-1)?.event === 'expired';
}

/**
 * A deposit paid from another person's CPF (Brazil), or past a deposit limit the player lowered after making
 * the order, is never credited; it is returned to the payer. Answers
 * 'returning' until the provider's refund is done, then 'returned' (null for every other order).
 */
export function returnState(order: PaymentRecord): 'returning' | 'returned' | null {
  if (order.events.some((e) => e.event === 'returned')) return 'returned';
  if (order.events.some((e) => e.event === 'payerMismatch' || e.event === 'overLimit')) return 'returning';
  return null;
}
