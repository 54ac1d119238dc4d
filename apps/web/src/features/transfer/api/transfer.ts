import { transferAnswer, WALLET_TRANSFER_PATH, type TransferAnswer } from '@aposta/contracts';
import { request } from '../../../lib/api';

/** Sends balance to another player; the key makes a retry of the same submission answer the first result. */
export async function sendTransfer(
  body: { username: string; amount: number },
  idempotencyKey: string,
): Promise<TransferAnswer> {
  const { data } = await request<unknown>(WALLET_TRANSFER_PATH, { json: body, idempotencyKey });
  return transferAnswer.parse(data);
}
