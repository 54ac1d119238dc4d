import { OrderStatus } from '@aposta/contracts';

/** The order-status code table (spec section 4) as label keys of the wallet namespace. */
export const STATUS_LABEL: Record<OrderStatus, 'pending' | 'cancelled' | 'failed' | 'paid' | 'paying'> = {
  [OrderStatus.PENDING]: 'pending',
  [OrderStatus.CANCELLED]: 'cancelled',
  [OrderStatus.FAILED]: 'failed',
  [OrderStatus.PAID]: 'paid',
  [OrderStatus.PAYING]: 'paying',
  [OrderStatus.PAYING_ALT]: 'paying',
};

/** Status filter choices: one per label ('99' stands for both paying codes). */
export const STATUS_FILTERS: OrderStatus[] = [
  OrderStatus.PENDING,
  OrderStatus.PAYING,
  OrderStatus.PAID,
  OrderStatus.CANCELLED,
  OrderStatus.FAILED,
];

export const STATUS_TONE: Record<OrderStatus, string> = {
  [OrderStatus.PENDING]: 'bg-gold/15 text-gold',
  [OrderStatus.PAYING]: 'bg-violet/20 text-violet-100',
  [OrderStatus.PAYING_ALT]: 'bg-violet/20 text-violet-100',
  [OrderStatus.PAID]: 'bg-mint/15 text-mint',
  [OrderStatus.CANCELLED]: 'bg-raised text-muted',
  [OrderStatus.FAILED]: 'bg-rose/15 text-rose',
};
