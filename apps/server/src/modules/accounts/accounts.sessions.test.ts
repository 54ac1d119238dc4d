import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, TEST_CAPTCHA, TEST_OPERATOR_KEY } from '../../../test/helpers';

/**
 * Sessions are cached per node (resolveToken); a revoked token must never get through on any node: not on the
 * node that revoked it, not on another node sharing the database and the bus.
 */
const PWD = 'correct horse 1';
const base = loadConfig();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** App settings shared by both nodes: the same Redis prefix puts them on one bus. */
const nodeEnv = (): Record<string, string> => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  TEST_CAPTCHA_CODE: TEST_CAPTCHA,
  OPERATOR_KEY: TEST_OPERATOR_KEY,
  RATE_LIMIT_PER_MINUTE: '100000',
  ...(base.redisUrl
    ? { REDIS_URL: base.redisUrl, REDIS_PREFIX: `t${crypto.randomBytes(4).toString('hex')}:` }
    : {}),
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const balance = (app: App, token: string) =>
  app.inject({ url: '/api/app/user/getBalance', headers: bearer(token) }).then((r) => r.statusCode);

async function signIn(app: App, username: string, register: boolean) {
  const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
  expect((await app.inject({ url: `/api/auth/user/captcha/${codeId}` })).statusCode).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: register ? '/api/auth/user/restRegister' : '/api/auth/user/restLogin',
    payload: { username, pwd: PWD, codeId, captCode: TEST_CAPTCHA, ...(register ? { pwd1: PWD } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.access_token as string;
}

describe('session cache', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    closers.push(t.close);
  });

  it('refuses a token on the node that revoked it, right after logout and after a password change', async () => {
    const username = `cache-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const first = await signIn(t.app, username, true);
    const second = await signIn(t.app, username, false);
    // Both sessions are in the cache now.
    expect(await balance(t.app, first)).toBe(200);
    expect(await balance(t.app, second)).toBe(200);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/app/user/changePwd',
      headers: bearer(first),
      payload: { oldPwd: PWD, nPwd: 'another horse 2' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await balance(t.app, first)).toBe(401);
    expect(await balance(t.app, second)).toBe(401);
  });

  it('refuses at once a token revoked by logout, though it was just served from the cache', async () => {
    const token = await signIn(t.app, `cache-${crypto.randomBytes(4).toString('hex')}@example.com`, true);
    for (let i = 0; i < 3; i++) expect(await balance(t.app, token)).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/user/logout', headers: bearer(token) });
    expect(out.statusCode, out.body).toBe(200);
    expect(await balance(t.app, token)).toBe(401);
  });

  // Two nodes in one process need one bus between them: Redis, or PostgreSQL without Redis (no cache then).
  // PGlite without Redis is one process with one app by construction.
  it.runIf(base.redisUrl || base.database.kind === 'postgres')(
    'refuses on the other node a token revoked on one node sharing the database and the bus',
    async () => {
      const env = nodeEnv();
      const a = await createTestApp(env);
      closers.push(a.close);
      const b = await buildApp(loadConfig(env), { database: a.database });
      await b.ready();
      closers.push(() => b.close());

      const token = await signIn(a.app, `cache-${crypto.randomBytes(4).toString('hex')}@example.com`, true);
      // Node B caches the session.
      for (let i = 0; i < 3; i++) expect(await balance(b, token)).toBe(200);
      const out = await a.app.inject({
        method: 'POST',
        url: '/api/auth/user/logout',
        headers: bearer(token),
      });
      expect(out.statusCode).toBe(200);
      expect(await balance(a.app, token)).toBe(401);
      // The revocation crosses the bus within milliseconds; the cache itself would keep the session 10 s.
      const deadline = Date.now() + 1_000;
      let status = await balance(b, token);
      while (status === 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
        status = await balance(b, token);
      }
      expect(status).toBe(401);
    },
  );
});
