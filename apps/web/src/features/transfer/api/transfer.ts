import {
  ErrorCode,
  transferAnswer,
  transferCheckAnswer,
  WALLET_TRANSFER_CHECK_PATH,
  WALLET_TRANSFER_PATH,
  type TransferAnswer,
  type TransferCheckAnswer,
} from '@aposta/contracts';
import { request } from '../../../lib/api';

type TransferBody = { username: string; amount: number };

/**
 * Both calls are quiet: the form shows a refusal beside its field. An amount over the balance (9999) is the
 * form's too, not the catalogue's deposit prompt: the message names the balance the player can send.
 */
const OWN = { quiet: true, handles: [ErrorCode.INSUFFICIENT_BALANCE] } as const;

/** Checks the receiver and the amount before the confirm step; answers the receiver's masked name. */
export async function checkTransfer(body: TransferBody): Promise<TransferCheckAnswer> {
  const { data } = await request<unknown>(WALLET_TRANSFER_CHECK_PATH, { json: body, ...OWN });
  return transferCheckAnswer.parse(data);
}

/** Sends balance to another player; the key makes a retry of the same submission answer the first result. */
export async function sendTransfer(body: TransferBody, idempotencyKey: string): Promise<TransferAnswer> {
  const { data } = await request<unknown>(WALLET_TRANSFER_PATH, { json: body, idempotencyKey, ...OWN });
  return transferAnswer.parse(data);
}
