import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGINALS_PATH, WALLET_RECORDS_PATH } from '@aposta/contracts';
import {
  createTestApp,
  cspDirective,
  TEST_CAPTCHA,
  TEST_OPERATOR_KEY,
  testPlayers,
} from '../../test/helpers';

describe('platform http', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers /healthz and /readyz', async () => {
    const h = await t.app.inject({ url: '/healthz' });
    expect(h.statusCode).toBe(200);
    const r = await t.app.inject({ url: '/readyz' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.database).toMatch(/^ok/);
  });

  it('answers unknown API paths with a 404 envelope in the request language', async () => {
    const pt = await t.app.inject({ url: '/api/nope' });
    expect(pt.statusCode).toBe(404);
    expect(pt.json()).toEqual({ status: 40400, message: 'Não encontrado', data: null });
    const en = await t.app.inject({ url: '/api/nope', headers: { lang: 'en' } });
    expect(en.json().message).toBe('Not found');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets modules add outside sources to the CSP, keeping only origins and subdomain wildcards', async () => {
    const csp = async () => (await t.app.inject({ url: '/healthz' })).headers['content-security-policy'];
    // Our own chat (the default): scripts, styles and images from our origin only, no outside frame.
    expect(cspDirective(await csp(), 'script-src')).toEqual(["'self'"]);
    expect(cspDirective(await csp(), 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(cspDirective(await csp(), 'frame-src')).toEqual(["'self'"]);
    t.app.csp.setSources('test', {
      script: [
        'https://widget.example.com',
        "'unsafe-inline'",
        "'unsafe-eval'",
        'https:',
        '*',
        'https://*.com',
        'https://cdn.example.com/path.js',
        'javascript:alert(1)',
        'https://a.example.com; script-src *',
      ],
      connect: ['wss://live.example.com', 'wss://*.example.com'],
      img: ['https://*.files.example.com', 'data:'],
    });
    const added = await csp();
    expect(cspDirective(added, 'script-src')).toEqual(["'self'", 'https://widget.example.com']);
    expect(cspDirective(added, 'connect-src')).toEqual([
      "'self'",
      'ws:',
      'wss:',
      'wss://*.example.com',
      'wss://live.example.com',
    ]);
    expect(cspDirective(added, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.files.example.com',
    ]);
    expect(t.app.csp.sources('script')).toEqual(['https://widget.example.com']);
    // Setting again replaces what that owner set; `{}` takes it all out.
    t.app.csp.setSources('test', { frame: ['https://frame.example.com'] });
    expect(cspDirective(await csp(), 'script-src')).toEqual(["'self'"]);
    expect(cspDirective(await csp(), 'frame-src')).toEqual(["'self'", 'https://frame.example.com']);
    t.app.csp.setSources('test', {});
    expect(cspDirective(await csp(), 'frame-src')).toEqual(["'self'"]);
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers: { 'content-type': 'application/json', 'x-operator-key': TEST_OPERATOR_KEY },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 40000, data: null });
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('names an unknown field of a query or a body in the request language, instead of "body"', async () => {
    const { token } = await testPlayers(t.app, t.database).signUp();
    const headers = { authorization: `Bearer ${token}` };
    const query = await t.app.inject({ url: `${WALLET_RECORDS_PATH}?userId=26`, headers });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('Campo desconhecido: userId');
    const body = await t.app.inject({
      method: 'POST',
      url: `${ORIGINALS_PATH}/dice/bet`,
      headers: { ...headers, 'idempotency-key': `unknown-field-${Date.now()}`, lang: 'en' },
      payload: { amount: 1, target: 50, condition: 'over', extra: 1 },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('Unknown field: extra');
    // Thousands of unknown keys: a few are named, not all of them.
    const many = await t.app.inject({
      url: `${WALLET_RECORDS_PATH}?${Array.from({ length: 3000 }, (_, i) => `k${i}=1`).join('&')}`,
      headers,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('Campo desconhecido: k0, k1, k2, k3, k4, …');
    // No body at all: refused where one is needed, taken where the body is optional (a rotation).
    const bare = (path: string) =>
      t.app.inject({
        method: 'POST',
        url: `${ORIGINALS_PATH}/${path}`,
        headers: { ...headers, 'idempotency-key': `bare-${path}-${Date.now()}` },
      });
    expect((await bare('dice/bet')).statusCode).toBe(400);
    expect((await bare('fairness/rotate')).statusCode).toBe(200);
  });

  it('guards operator calls with X-Operator-Key', async () => {
    expect((await t.app.inject({ url: '/api/operator/settings' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/api/operator/settings',
      headers: { 'x-operator-key': 'x'.repeat(27) },
    });
    expect(wrong.statusCode).toBe(401);
    const good = await t.app.inject({
      url: '/api/operator/settings',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data['wagering.depositMultiplier']).toBe(1);
  });

  it('updates settings and refuses unknown keys or bad values without changing anything', async () => {
    const headers = { 'x-operator-key': TEST_OPERATOR_KEY };
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers,
      payload: { 'wagering.depositMultiplier': 0, nope: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const neg = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers,
      payload: { 'wagering.depositMultiplier': -1 },
    });
    expect(neg.statusCode).toBe(400);
    const still = await t.app.inject({ url: '/api/operator/settings', headers });
    expect(still.json().data['wagering.depositMultiplier']).toBe(1);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers,
      payload: { 'wagering.depositMultiplier': 0 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data['wagering.depositMultiplier']).toBe(0);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('platform http: what must not be stored or shown', () => {
  it('answers every API call with Cache-Control: no-store, the sign-in that carries the token too', async () => {
    const t = await createTestApp();
    try {
      const codeId = '12345678';
      await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` });
      const pwd = 'correct horse 1';
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/auth/user/restRegister',
        payload: { username: 'nostore@example.com', pwd, pwd1: pwd, codeId, captCode: TEST_CAPTCHA },
      });
      expect(register.statusCode, register.body).toBe(200);
      expect(register.headers['cache-control']).toBe('no-store');
      const token = register.json().data.access_token as string;
      const info = await t.app.inject({
        url: '/api/app/user/userInfo',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(info.headers['cache-control']).toBe('no-store');
      // Errors, before and after routing, are not cached either.
      expect((await t.app.inject({ url: '/api/nope' })).headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ url: '/api/app/user/userInfo' })).headers['cache-control']).toBe(
        'no-store',
      );
    } finally {
      await t.close();
    }
  });

  it('serves the API documentation outside production only', async () => {
    const dev = await createTestApp();
    try {
      expect((await dev.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
    const prod = await createTestApp({
      NODE_ENV: 'production',
      TEST_CAPTCHA_CODE: undefined,
      CASINO_SECRET_KEY: 'ab'.repeat(32),
    });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await prod.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('/api/operator/');
      }
    } finally {
      await prod.close();
    }
  }, 90_000);
  it('behind a proxy counts the address the proxy saw, not one the client wrote in X-Forwarded-For', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true', LOGIN_PER_IP_PER_MINUTE: '3' });
    try {
      const check = (forwarded: string, email = 'nobody@example.com') =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/app/main/RESETPWD/checkEmail',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': forwarded },
          payload: { email, code: '123456' },
        });
      // One client forging a new leftmost address each time, through the one proxy that appends the real one.
      const forged = [];
      for (let i = 0; i < 5; i++) forged.push((await check(`198.51.100.${i}, 203.0.113.7`)).statusCode);
      expect(forged.slice(0, 3)).not.toContain(429);
      expect(forged.slice(3)).toEqual([429, 429]);
      // Another client behind the same proxy keeps its own count.
      expect((await check('203.0.113.8', 'someone@example.com')).statusCode).not.toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('the player app’s files', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script src="/assets/app-1.js"></script>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'one()');
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves a file a build wrote after the server started, as index.html (read fresh) names it', async () => {
    expect((await t.app.inject({ url: '/assets/app-1.js' })).body).toBe('one()');
    // A rebuild under the running server: new names.
    fs.writeFileSync(path.join(webDist, 'assets', 'app-2.js'), 'two()');
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script src="/assets/app-2.js"></script>',
    );
    expect((await t.app.inject({ url: '/sports' })).body).toContain('/assets/app-2.js');
    const fresh = await t.app.inject({ url: '/assets/app-2.js' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('two()');
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Nothing else comes out of it: a file that is not there, or outside the app's folder.
    expect((await t.app.inject({ url: '/assets/app-3.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/assets/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/app-2.js' })).statusCode).toBe(404);
  });
});
