import { ErrorCode, type Envelope } from '@aposta/contracts';
import { useAppState } from './app-state';
import { deviceId } from './device';
import { env } from './env';
import { i18n } from './i18n';
import { go } from './navigation';
import { signOut, useSession } from './session';
import { alertMessage, beginLoading, endLoading, ERROR_ALERT_DELAY_MS, openOverlay, toast } from './ui';

export const REQUEST_TIMEOUT_MS = 30_000;

/** A refused call, carrying the envelope's body code (the client keys off it, not the HTTP status). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly httpStatus: number,
    /** The refusal's `data`, when the server gives one (a sports bet's moved prices). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Scalar = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, Scalar>;
  json?: unknown;
  /** Form-encoded body (the spec's RESETPWD, setPwd and prePay calls). */
  form?: Record<string, Scalar | Scalar[]>;
  /**
   * The spec's `loading=false` opt-out of the global indicator. It stays on the client: the server's strict
   * schemas would refuse an unknown field.
   */
  loading?: boolean;
  /** The spec ignores some failures silently (KYC save, test-account fetch); session loss still signs out. */
  quiet?: boolean;
  /** Body codes the caller shows itself (beside a form field), so the catalogue's own answer is skipped. */
  handles?: readonly number[];
  idempotencyKey?: string;
  /** Extra headers (the support chat's visitor token). */
  headers?: Record<string, string>;
  /** A raw body sent as it is, with its own type (an image upload). */
  raw?: Blob;
}

function url(path: string, query?: Record<string, Scalar>): string {
  const u = new URL(env.apiBase + path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
  return u.toString();
}

/** Form bodies: arrays repeat the key without indexes (the spec strips `[0]`). */
function formBody(form: Record<string, Scalar | Scalar[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) {
    for (const item of Array.isArray(v) ? v : [v]) if (item !== undefined) body.append(k, String(item));
  }
  return body;
}

/** A call with a body is a POST unless it says otherwise. */
function methodOf(opts: RequestOptions): NonNullable<RequestOptions['method']> {
  return opts.method ?? (opts.json !== undefined || opts.form || opts.raw ? 'POST' : 'GET');
}

/**
 * The device id goes with every call once it is known. A call made for an account (a session, or a write such
 * as signing in or registering) waits for it; a visitor's reads do not, so the fingerprint library (15 KB
 * gzip, and its fingerprinting work) stays off a visitor's first page.
 */
async function deviceHeader(opts: RequestOptions, token: string): Promise<string | undefined> {
  const known = useAppState.getState().deviceId;
  if (known) return known;
  return token || methodOf(opts) !== 'GET' ? deviceId() : undefined;
}

async function headers(opts: RequestOptions): Promise<Record<string, string>> {
  const app = useAppState.getState();
  const token = useSession.getState().token;
  const device = await deviceHeader(opts, token);
  const h: Record<string, string> = {
    Accept: 'application/json',
    zone: app.zone,
    lang: app.lang,
    curreny: app.payUnit,
    ...(device ? { deviceId: device } : {}),
    'device-type': env.deviceType,
  };
  if (token) h.Authorization = `Bearer ${token}`;
  if (opts.json !== undefined) h['Content-Type'] = 'application/json';
  if (opts.form) h['Content-Type'] = 'application/x-www-form-urlencoded';
  if (opts.idempotencyKey) h['Idempotency-Key'] = opts.idempotencyKey;
  if (opts.raw) h['Content-Type'] = opts.raw.type || 'application/octet-stream';
  return { ...h, ...opts.headers };
}

/**
 * The catalogue's session loss: body status 40101, or HTTP 401 to a caller that had a session (a refused
 * sign-in also answers 401). Signs out and shows the server's message; answers whether it did. The realtime
 * connection's refused handshakes come through here too, so both ends of the session end it the same way.
 */
export function endsSession(status: number, httpStatus: number, message: string, hadToken: boolean): boolean {
  if (status !== ErrorCode.SESSION_INVALID && !(httpStatus === 401 && hadToken)) return false;
  signOut();
  if (message) toast(message);
  return true;
}

/**
 * The spec's error catalogue (section 8), in one place. Returns the error the caller's promise rejects with.
 */
function handleFailure(
  path: string,
  httpStatus: number,
  body: Partial<Envelope<unknown>> | undefined,
  opts: RequestOptions,
  hadToken: boolean,
): ApiError {
  const status = typeof body?.status === 'number' ? body.status : httpStatus;
  const message = typeof body?.message === 'string' ? body.message : '';
  const error = new ApiError(status, message, httpStatus, body?.data ?? undefined);

  if (endsSession(status, httpStatus, message, hadToken)) return error;
  if (opts.handles?.includes(status)) return error;
  if (status === ErrorCode.INSUFFICIENT_BALANCE) {
    if (path.includes('/bet')) openOverlay('gameDeposit');
    else void alertMessage(message || '-').then(() => openOverlay('deposit'));
    return error;
  }
  if (status === ErrorCode.BLOCKED) {
    go('/error');
    return error;
  }
  if (opts.quiet) return error;
  if (message) setTimeout(() => void alertMessage(message), ERROR_ALERT_DELAY_MS);
  else go('/error');
  return error;
}

/** One call to the API. Resolves with the envelope of a success (status 0); rejects with ApiError otherwise. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const showLoading = opts.loading !== false;
  const hadToken = Boolean(useSession.getState().token);
  if (showLoading) beginLoading();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    let res: Response;
    try {
      res = await fetch(url(path, opts.query), {
        method: methodOf(opts),
        headers: await headers(opts),
        body: opts.raw
          ? opts.raw
          : opts.form
            ? formBody(opts.form)
            : opts.json !== undefined
              ? JSON.stringify(opts.json)
              : undefined,
        credentials: 'omit',
        signal: controller.signal,
      });
    } catch {
      // Offline or the 30 s timeout: there is no body to show, so say the connection is slow.
      const message = i18n.t('errors.internetSlow');
      if (!opts.quiet) setTimeout(() => void alertMessage(message), ERROR_ALERT_DELAY_MS);
      throw new ApiError(0, message, 0);
    }
    const body = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
    if (res.ok && body && body.status === ErrorCode.OK) return body;
    throw handleFailure(path, res.status, body, opts, hadToken);
  } finally {
    clearTimeout(timer);
    if (showLoading) endLoading();
  }
}
