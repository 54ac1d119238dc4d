import {
  operatorLoginAnswer,
  SUPPORT_OPERATOR_PATH,
  supportCannedList,
  supportConversationDetail,
  supportMessage,
  supportPlayerSummary,
  supportQueueAnswer,
  supportStats,
  type SupportCloseReason,
} from '@aposta/contracts';
import { z } from 'zod';
import { env } from '../../../lib/env';
import { useAppState } from '../../../lib/app-state';

/**
 * The support console's calls (`/api/operator/*`). Plain fetch with the operator's own token: an operator's
 * refusal must never touch a player session kept in the same browser (as the app's request layer would).
 */
const KEY = 'OPERATOR_TOKEN';
export const operatorToken = () => sessionStorage.getItem(KEY) ?? '';
export const setOperatorToken = (token: string) =>
  token ? sessionStorage.setItem(KEY, token) : sessionStorage.removeItem(KEY);

export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

async function call<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method?: string; json?: unknown } = {},
): Promise<z.infer<S>> {
  const token = operatorToken();
  const res = await fetch(new URL(env.apiBase + path, window.location.origin), {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      Accept: 'application/json',
      lang: useAppState.getState().lang,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    credentials: 'omit',
  });
  const body = (await res.json().catch(() => null)) as {
    status: number;
    message: string;
    data: unknown;
  } | null;
  if (!res.ok || !body || body.status !== 0) {
    if (res.status === 401) setOperatorToken('');
    throw new ConsoleError(body?.message ?? String(res.status), res.status);
  }
  return schema.parse(body.data);
}

const nothing = z.null();
const base = SUPPORT_OPERATOR_PATH;

export const consoleApi = {
  async login(email: string, password: string, totp: string) {
    const answer = await call('/api/operator/auth/login', operatorLoginAnswer, {
      json: { email, password, totp },
    });
    setOperatorToken(answer.access_token);
    return answer.operator;
  },
  queue: () => call(`${base}/conversations`, supportQueueAnswer),
  detail: (id: number) => call(`${base}/conversations/${id}`, supportConversationDetail),
  reply: (id: number, text: string) =>
    call(`${base}/conversations/${id}/messages`, supportMessage, { json: { text } }),
  assign: (id: number) => call(`${base}/conversations/${id}/assign`, nothing, { json: {} }),
  read: (id: number, upTo: number) => call(`${base}/conversations/${id}/read`, nothing, { json: { upTo } }),
  typing: (id: number) => call(`${base}/conversations/${id}/typing`, nothing, { method: 'POST' }),
  close: (id: number, reason: SupportCloseReason, note: string) =>
    call(`${base}/conversations/${id}/close`, nothing, { json: { reason, note } }),
  summary: (id: number) => call(`${base}/conversations/${id}/player`, supportPlayerSummary),
  canned: () => call(`${base}/canned`, supportCannedList),
  stats: () => call(`${base}/stats?days=7`, supportStats),
};
