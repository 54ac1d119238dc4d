import type { Envelope } from '@aposta/contracts';
import { useAppState } from '../../../lib/app-state';
import { env } from '../../../lib/env';

/** A refused studio call: the server's message in the player's language. */
export class StudioError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

/**
 * The studio's own client. The game page is a provider's page: it knows the player only by its game session
 * (from the launch token), never the app's sign-in, so it sends no Authorization and a refusal here never
 * signs the app out. Errors are shown by the game itself.
 */
export async function studioCall<T>(
  path: string,
  opts: { json?: unknown; query?: Record<string, string | number | undefined> } = {},
): Promise<T> {
  const url = new URL(env.apiBase + path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  let res: Response;
  try {
    res = await fetch(url.toString(), {
      method: opts.json === undefined ? 'GET' : 'POST',
      headers: {
        Accept: 'application/json',
        lang: useAppState.getState().lang,
        ...(opts.json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
      credentials: 'omit',
    });
  } catch {
    throw new StudioError(0, '');
  }
  const body = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (res.ok && body && body.status === 0) return body.data;
  throw new StudioError(body?.status ?? res.status, typeof body?.message === 'string' ? body.message : '');
}
