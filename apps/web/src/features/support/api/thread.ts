import { SUPPORT_PATH, SUPPORT_VISITOR_HEADER, type SupportThread } from '@aposta/contracts';
import { request } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { visitorToken } from '../visitor';

/** A signed-in player's calls carry their session; a visitor's carry the visitor token instead. */
export function who(): Record<string, string> {
  if (useSession.getState().token) return {};
  const token = visitorToken();
  return token ? { [SUPPORT_VISITOR_HEADER]: token } : {};
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const idOrNull = (v: unknown) => v === null || Number.isInteger(v);

/**
 * The conversation's history and unread count (GET /api/app/support/conversation). The support button asks it
 * on every page of a signed-in player, so it is checked here by hand rather than with its contract
 * (`supportThread`), which would load zod and build every schema with the app's shell (see `paths.ts` in the
 * contracts). The server checks its answer against `supportThread` before sending it.
 */
export async function fetchThread(): Promise<SupportThread> {
  const { data } = await request<unknown>(`${SUPPORT_PATH}/conversation`, {
    method: 'GET',
    headers: who(),
    loading: false,
    quiet: true,
  });
  const usable =
    isObject(data) &&
    idOrNull(data.conversationId) &&
    (data.status === null || typeof data.status === 'string') &&
    Number.isInteger(data.unread) &&
    Array.isArray(data.messages) &&
    data.messages.every(
      (m: unknown) =>
        isObject(m) &&
        Number.isInteger(m.id) &&
        Number.isInteger(m.conversationId) &&
        typeof m.from === 'string' &&
        typeof m.text === 'string' &&
        typeof m.at === 'string' &&
        typeof m.read === 'boolean' &&
        (m.image === null || (isObject(m.image) && Number.isInteger(m.image.id))),
    );
  if (!usable) throw new Error('support thread: unexpected answer');
  return data as SupportThread;
}
