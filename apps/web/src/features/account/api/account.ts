import type { TestAccount } from '@aposta/contracts';
import { request } from '../../../lib/api';

export async function setAvatar(index: number): Promise<void> {
  await request<null>(`/api/app/user/setHeader/${index}`);
}

/** Failures are ignored silently (spec section 8). */
export async function fetchTestAccount(): Promise<TestAccount | null> {
  return request<TestAccount>('/api/app/user/getUserTest', { quiet: true, loading: false })
    .then((r) => r.data)
    .catch(() => null);
}

export async function changePassword(oldPwd: string, nPwd: string): Promise<string> {
  return (await request<null>('/api/app/user/changePwd', { json: { oldPwd, nPwd }, quiet: true })).message;
}

/**
 * KYC save. A refusal rejects (no modal: the form shows it beside the field, where the spec's silence left
 * the player guessing). Returns the server's message.
 */
export async function updateKyc(name: string, cardNo: string): Promise<string> {
  return (await request<null>('/api/app/user/updateKyc', { json: { name, cardNo }, quiet: true })).message;
}
