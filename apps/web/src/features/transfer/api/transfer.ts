import { transferAnswer, WALLET_TRANSFER_PATH, type TransferAnswer } from '@aposta/contracts';
import { request } from '../../../lib/api';

/** Sends balance to another player (quiet: the form shows a refusal beside its field); the key makes a retry of the same submission answer the first result. */
export async function sendTransfer(
  body: { username: string; amount: number },
  idempotencyKey: string,
): Promise<TransferAnswer> {
  const { data } = await request<unknown>(WALLET_TRANSFER_PATH, { json: body, idempotencyKey, quiet: true });
  return transferAnswer.parse(data);
}
