import {
  SUPPORT_PATH,
  supportAttachment,
  supportConfig,
  supportMessage,
  visitorStartAnswer,
  type SupportAttachment,
  type SupportConfig,
  type SupportMessage,
} from '@aposta/contracts';
import { request } from '../../../lib/api';
import { env } from '../../../lib/env';
import { useSession } from '../../../lib/session';
import { setVisitorToken } from '../visitor';
import { who } from './thread';

// The thread (the support button's unread count, on every page) is in ./thread, checked without zod.

const quiet = { loading: false, quiet: true } as const;

export async function fetchConfig(): Promise<SupportConfig> {
  const { data } = await request<unknown>(`${SUPPORT_PATH}/config`, { method: 'GET', ...quiet });
  return supportConfig.parse(data);
}

export async function startVisitor(email: string) {
  const { data } = await request<unknown>(`${SUPPORT_PATH}/visitor`, { json: { email }, loading: false });
  const answer = visitorStartAnswer.parse(data);
  setVisitorToken(answer.token);
  return answer;
}

/** Sends a message; refusals (flood, closed) are shown by the request layer in the player's language. */
export async function sendMessage(body: { text: string; attachmentId?: number }): Promise<SupportMessage> {
  const { data } = await request<unknown>(`${SUPPORT_PATH}/messages`, {
    json: body,
    headers: who(),
    loading: false,
  });
  return supportMessage.parse(data);
}

export async function uploadImage(file: Blob): Promise<SupportAttachment> {
  const { data } = await request<unknown>(`${SUPPORT_PATH}/attachments`, {
    raw: file,
    headers: who(),
    loading: false,
  });
  return supportAttachment.parse(data);
}

export async function markRead(upTo: number) {
  await request(`${SUPPORT_PATH}/read`, { json: { upTo }, headers: who(), ...quiet });
}

export async function sendTyping() {
  await request(`${SUPPORT_PATH}/typing`, { method: 'POST', headers: who(), ...quiet });
}

/** An image of the conversation as an object URL (image requests need the session or visitor header). */
export async function imageUrl(id: number): Promise<string> {
  const token = useSession.getState().token;
  const res = await fetch(
    new URL(`${env.apiBase}${SUPPORT_PATH}/attachments/${id}`, window.location.origin),
    {
      headers: token ? { Authorization: `Bearer ${token}` } : who(),
      credentials: 'omit',
    },
  );
  if (!res.ok) throw new Error(String(res.status));
  return URL.createObjectURL(await res.blob());
}
