import {
  getPricesAnswer,
  getWithdrawAnswer,
  orderStatusAnswer,
  prePayAnswer,
  userGiftAnswer,
  type GetWithdrawAnswer,
  type OrderStatus,
  type PrePayAnswer,
  type PricePackage,
  type WithdrawRequest,
} from '@aposta/contracts';
import { request } from '../../../lib/api';

/** The deposit page keeps BRL, EXTPAY and ungrouped packages; BTBRL and FCBRL are gift data (spec section 7). */
const DEPOSIT_GROUPS = new Set(['BRL', 'EXTPAY', '']);
/** The game deposit shows the first 4 INSBRL packages. */
export const GAME_DEPOSIT_PACKAGES = 4;

export type DepositKind = 'deposit' | 'gameDeposit';

export async function fetchPackages(kind: DepositKind): Promise<PricePackage[]> {
  const query = kind === 'gameDeposit' ? { curreny: 'INSBRL' } : undefined;
  const { data } = await request<unknown>('/api/app/order/getPrices', { query, loading: false });
  const all = getPricesAnswer.parse(data).sort((a, b) => a.sort - b.sort);
  return kind === 'gameDeposit'
    ? all.slice(0, GAME_DEPOSIT_PACKAGES)
    : all.filter((p) => DEPOSIT_GROUPS.has(p.curreny));
}

/** Creates the order; `gift` 0 waives promotions; `isapp` goes only with the deposit page. */
export async function prePay(
  pkgId: number,
  options: { gift: 0 | 1; isapp?: 0 | 1; idempotencyKey: string },
): Promise<PrePayAnswer> {
  const form: Record<string, number> = { gift: options.gift, pkgId };
  if (options.isapp !== undefined) form.isapp = options.isapp;
  const { data } = await request<unknown>(`/api/app/order/prePay/${pkgId}`, {
    form,
    idempotencyKey: options.idempotencyKey,
  });
  return prePayAnswer.parse(data);
}

/** Polled while the player pays: no loading bar, no alert on a failed poll. */
export async function fetchOrderStatus(orderId: string): Promise<OrderStatus> {
  const { data } = await request<unknown>(`/api/app/order/getStatus/${encodeURIComponent(orderId)}`, {
    loading: false,
    quiet: true,
  });
  return orderStatusAnswer.parse(data).status;
}

export async function fetchWithdrawLimits(): Promise<GetWithdrawAnswer> {
  const { data } = await request<unknown>('/api/app/order/getWithdraw', { loading: false });
  return getWithdrawAnswer.parse(data);
}

/** The answer (the order) is not needed: once the request is accepted the app refreshes the balance. */
export async function requestWithdrawal(body: WithdrawRequest, idempotencyKey: string): Promise<void> {
  await request<unknown>('/api/app/order/withdraw', { json: body, idempotencyKey });
}

/** 1: the player has a deposit gift waiting (the gift popup shows). */
export async function fetchUserGift(): Promise<0 | 1> {
  const { data } = await request<unknown>('/api/app/main/userGift', { loading: false, quiet: true });
  return userGiftAnswer.parse(data);
}
