import { userGiftAnswer } from '@aposta/contracts';
import { request } from '../../../lib/api';

/** 1: the player has a deposit gift waiting (the gift popup shows). */
export async function fetchUserGift(): Promise<0 | 1> {
  const { data } = await request<unknown>('/api/app/main/userGift', { loading: false, quiet: true });
  return userGiftAnswer.parse(data);
}
