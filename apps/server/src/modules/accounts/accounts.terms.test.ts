import crypto from 'node:crypto';
import { ACCEPT_TERMS_PATH, TERMS_VERSION, userInfo } from '@aposta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, TEST_OPERATOR_KEY } from '../../../test/helpers';
import { users } from './accounts.tables';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const PWD = 'correct horse 1';
const email = (tag: string) => `${tag}-${crypto.randomBytes(4).toString('hex')}@example.com`;

/** The terms of service a player accepted: at registration (`termsVersion`) or later (`ACCEPT_TERMS_PATH`). */
describe('terms of service acceptance over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const register = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    expect((await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` })).statusCode).toBe(200);
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers,
      payload: { codeId, captCode: TEST_CAPTCHA, pwd: PWD, pwd1: PWD, ...body },
    });
  };
  const signUp = async (body: Record<string, unknown> = {}) => {
    const username = email('terms');
    const res = await register({ username, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return { username, token: res.json().data.access_token as string };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = async (token: string) => {
    const res = await t.app.inject({ url: '/api/app/user/userInfo', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return userInfo.parse(res.json().data);
  };
  const row = async (username: string) => {
    const [u] = await t.database.db
      .select({ id: users.id, termsVersion: users.termsVersion, termsAcceptedAt: users.termsAcceptedAt })
      .from(users)
      .where(eq(users.username, username));
    return u;
  };
  const accept = (token: string | null, termsVersion: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: ACCEPT_TERMS_PATH,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      payload: { termsVersion },
    });

  it('a registration with the current version stores it and its time; userInfo and the back office answer it', async () => {
    const before = Date.now();
    const { username, token } = await signUp({ termsVersion: TERMS_VERSION });
    const stored = await row(username);
    expect(stored?.termsVersion).toBe(TERMS_VERSION);
    expect(stored?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.termsAcceptedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await me(token)).termsVersion).toBe(TERMS_VERSION);

    const detail = await t.app.inject({
      url: `/api/operator/players/${stored!.id}`,
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.player).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: stored!.termsAcceptedAt!.toISOString(),
    });
  });

  it('a registration without it (API clients) still registers, with no terms recorded', async () => {
    const { username, token } = await signUp();
    expect(await row(username)).toMatchObject({ termsVersion: null, termsAcceptedAt: null });
    expect((await me(token)).termsVersion).toBeNull();
  });

  it('a registration with another version is refused in the player language and creates no account', async () => {
    const username = email('stale');
    for (const termsVersion of ['2020-01-01', '', 20261207]) {
      const res = await register({ username, termsVersion });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Os termos de serviço mudaram: leia e aceite a versão atual');
    }
    const en = await register({ username, termsVersion: '2020-01-01' }, { lang: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('The terms of service have changed: read and accept the current version');
    expect(await row(username)).toBeUndefined();
  });

  it('a signed-in player accepts the current version once: again changes nothing, another is refused', async () => {
    const { username, token } = await signUp();
    const first = await accept(token, TERMS_VERSION);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe(0);
    const accepted = await row(username);
    expect(accepted?.termsVersion).toBe(TERMS_VERSION);
    expect(accepted?.termsAcceptedAt).toBeInstanceOf(Date);
    expect((await me(token)).termsVersion).toBe(TERMS_VERSION);

    // Idempotent: the first acceptance's time stays.
    await new Promise((r) => setTimeout(r, 20));
    expect((await accept(token, TERMS_VERSION)).statusCode).toBe(200);
    expect(await row(username)).toEqual(accepted);

    const stale = await accept(token, '2020-01-01', { lang: 'en' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(
      'The terms of service have changed: read and accept the current version',
    );
    expect(await row(username)).toEqual(accepted);
  });

  it('a wrong version leaves a player without terms as they were', async () => {
    const { username, token } = await signUp();
    expect((await accept(token, '2020-01-01')).statusCode).toBe(400);
    expect((await accept(token, undefined)).statusCode).toBe(400);
    expect(await row(username)).toMatchObject({ termsVersion: null, termsAcceptedAt: null });
  });

  it('signed out: 401, nothing recorded', async () => {
    const res = await accept(null, TERMS_VERSION);
    expect(res.statusCode).toBe(401);
    const bad = await accept('not-a-token', TERMS_VERSION);
    expect(bad.statusCode).toBe(401);
  });
});
