import { request } from '../../../lib/api';

export async function setAvatar(index: number): Promise<void> {
  await request<null>(`/api/app/user/setHeader/${index}`);
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
