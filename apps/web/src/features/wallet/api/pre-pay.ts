import { prePayAnswer, type PrePayAnswer } from '@aposta/contracts';
import { request } from '../../../lib/api';

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
