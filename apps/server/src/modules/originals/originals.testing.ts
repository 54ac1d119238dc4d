import crypto from 'node:crypto';
import { ORIGINALS_PATH } from '@aposta/contracts';
import type { App } from '../../app';
import type { Database } from '../../platform/db';
import { testPlayers } from '../../../test/helpers';

/**
 * What the originals' test files share: a signed-up player, a deposit as the payments module credits it, and
 * calls to the originals' routes. For tests only.
 */
export function originalsClient(app: App, database: Database) {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const { signUp: register, fund } = testPlayers(app, database);
  const signUp = () => register('o');

  /** A call under /api/app/originals; `key` null sends no Idempotency-Key. */
  const call = (
    token: string,
    path: string,
    payload?: Record<string, unknown>,
    key: string | null = crypto.randomUUID(),
    lang?: string,
  ) =>
    app.inject({
      method: payload ? 'POST' : 'GET',
      url: `${ORIGINALS_PATH}/${path}`,
      headers: {
        ...bearer(token),
        ...(key ? { 'idempotency-key': key } : {}),
        ...(lang ? { lang } : {}),
      },
      ...(payload ? { payload } : {}),
    });

  return { signUp, fund, call, bearer };
}
