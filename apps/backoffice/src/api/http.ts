import type { HttpError } from '@refinedev/core';
import i18n from '../i18n';

/**
 * The back office's calls: `/api/operator/*` (and a few public reads) with the operator's own bearer token.
 * The token lives in sessionStorage (closing the browser ends it); the support console's socket sends it too.
 */
const KEY = 'OPERATOR_TOKEN';
export const operatorToken = () => sessionStorage.getItem(KEY) ?? '';
export const setOperatorToken = (token: string) =>
  token ? sessionStorage.setItem(KEY, token) : sessionStorage.removeItem(KEY);

/** The server's language of the UI's: its messages (refusals, validation) come back translated. */
export const serverLang = () => (i18n.language === 'en' ? 'en' : 'pt_BR');

export type Query = Record<string, string | number | boolean | undefined | null>;

/** An error of an envelope: the server's translated `message`, the HTTP status and the envelope's code. */
export class ApiError extends Error implements HttpError {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly code: number,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export function urlOf(path: string, query?: Query) {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url;
}

function headers(contentType?: string): Record<string, string> {
  const token = operatorToken();
  return {
    Accept: 'application/json',
    lang: serverLang(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(contentType ? { 'Content-Type': contentType } : {}),
  };
}

/**
 * One call; answers the envelope's `data` or throws an ApiError with the server's message. `body` is sent as
 * JSON; `file` (an upload, e.g. a support image) as the raw body with its own type; `extra` adds headers (a
 * money call's `Idempotency-Key`).
 */
export async function api<T = unknown>(
  method: string,
  path: string,
  {
    query,
    body,
    file,
    extra,
  }: { query?: Query; body?: unknown; file?: Blob; extra?: Record<string, string> } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(urlOf(path, query), {
      method: method.toUpperCase(),
      headers: {
        ...headers(file ? file.type : body !== undefined ? 'application/json' : undefined),
        ...extra,
      },
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(i18n.t('errors.network'), 0, 0);
  }
  const envelope = (await res.json().catch(() => null)) as {
    status: number;
    message: string;
    data: unknown;
  } | null;
  if (!res.ok || !envelope || envelope.status !== 0) {
    throw new ApiError(
      envelope?.message || i18n.t('errors.http', { status: res.status }),
      res.status,
      envelope?.status ?? res.status,
      envelope?.data ?? null,
    );
  }
  return envelope.data as T;
}

/** A file the API answers (an export, a support image): fetched with the token, which a plain link lacks. */
export async function fetchBlob(path: string, query?: Query): Promise<Blob> {
  const res = await fetch(urlOf(path, query), { headers: headers(), credentials: 'omit' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(
      body?.message || i18n.t('errors.http', { status: res.status }),
      res.status,
      res.status,
    );
  }
  return res.blob();
}

/** A CSV export, saved as a file. */
export async function download(path: string, query: Query, filename: string) {
  const href = URL.createObjectURL(await fetchBlob(path, query));
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(href);
}

/**
 * A fresh `Idempotency-Key` (32 hex digits). getRandomValues, unlike randomUUID, works outside a secure
 * context too (the back office opened over plain http on a private address).
 */
export function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
