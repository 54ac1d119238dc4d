import type { WithdrawRequest } from '@aposta/contracts';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** The answer (the order) is not needed: once the request is accepted the app refreshes the balance. */
export async function requestWithdrawal(body: WithdrawRequest, idempotencyKey: string): Promise<void> {
  await request<unknown>('/api/app/order/withdraw', { json: body, idempotencyKey });
  // The count left today and the withdrawable amount changed.
  void queryClient.invalidateQueries({ queryKey: ['withdrawLimits'] });
}
