import { PUSH_PATH, pushKey, type PushSubscribeRequest } from '@aposta/contracts';
import { request } from '../../../lib/api';

/** The server's VAPID public key, or null when push is off there. */
export async function fetchPushKey(): Promise<string | null> {
  const { data } = await request<unknown>(`${PUSH_PATH}/key`, { method: 'GET', loading: false, quiet: true });
  return pushKey.parse(data).publicKey;
}

/** Stores this browser's subscription for the signed-in player (in the current language). */
export async function saveSubscription(subscription: PushSubscribeRequest): Promise<void> {
  await request(`${PUSH_PATH}/subscribe`, { json: subscription, loading: false });
}

export async function removeSubscription(endpoint: string): Promise<void> {
  await request(`${PUSH_PATH}/subscribe`, { method: 'DELETE', json: { endpoint }, loading: false });
}
