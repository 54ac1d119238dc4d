import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, parseRoutes, TEST_CAPTCHA, type Route } from './helpers';

/**
 * Bad input (issue 2): every route of the app, including those added later by other modules, answers
 * malformed or hostile input with a 4xx envelope in the request's language: never a 5xx, never a stack trace.
 * Routes are read from the running app, so nobody has to register theirs here.
 */

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    "' OR '1'='1' --",
    '1; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../etc/passwd',
    '%00',
    '\u0000',
    '${jndi:ldap://x/a}',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '1e309',
    '99999999999999999999',
    '😀🇧🇷',
    'a@b.c',
    'Bearer ',
    '',
  ),
  fc.string({ minLength: 3000, maxLength: 20000 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** Field names the API knows, so bodies often get past "unknown field" into the handlers. */
const fieldName = fc.oneof(
  fc.constantFrom(
    'username',
    'pwd',
    'pwd1',
    'codeId',
    'captCode',
    'name',
    'cardNo',
    'country',
    'phone',
    'regcode',
    'isapp',
    'email',
    'code',
    'chkId',
    'nPwd',
    'oldPwd',
    'token',
    'loading',
    'amount',
    'gift',
    'pkgId',
    'text',
    'index',
    'payCardBank',
    'payCardNo',
    'ifsc',
    'whatsapp',
    'status',
    'id',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 12 }),
);

function hostileRequests(codeIds: string[]) {
  const captcha = fc.record({ codeId: fc.constantFrom(...codeIds), captCode: fc.constant(TEST_CAPTCHA) });
  const jsonBody = fc.oneof(
    fc.dictionary(fieldName, hostileValue, { maxKeys: 8 }),
    fc
      .tuple(fc.dictionary(fieldName, hostileValue, { maxKeys: 8 }), captcha)
      .map(([b, c]) => ({ ...b, ...c })),
    fc.jsonValue(),
  );
  const body = fc.oneof(
    fc.constant(undefined),
    jsonBody.map((b) => ({ type: 'application/json', payload: JSON.stringify(b) })),
    fc.string({ maxLength: 200 }).map((s) => ({ type: 'application/json', payload: s })),
    fc.dictionary(fieldName, hostileText, { maxKeys: 6 }).map((d) => ({
      type: 'application/x-www-form-urlencoded',
      payload: new URLSearchParams(d).toString(),
    })),
    fc
      .constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
      )
      .map((type) => ({ type, payload: '<a>1</a>' })),
    fc.constant({ type: 'application/json', payload: `{"username":"${'a'.repeat(70_000)}"}` }),
  );
  return fc.record({
    params: fc.array(hostileText, { minLength: 4, maxLength: 4 }),
    query: fc.dictionary(fieldName, hostileText, { maxKeys: 4 }),
    body,
    lang: fc.option(fc.oneof(fc.constantFrom('en', 'pt_BR', 'ru', 'zh'), hostileText), { nil: undefined }),
    auth: fc.oneof(
      fc.constant('none'),
      fc.constant('valid'),
      hostileText.map((s) => `Bearer ${s}`),
    ),
    extra: fc.dictionary(
      fc.constantFrom(
        'idempotency-key',
        'x-operator-key',
        'deviceid',
        'zone',
        'curreny',
        'x-forwarded-for',
        'cookie',
      ),
      hostileText.filter((s) => /^[\x20-\x7e]*$/.test(s)),
      { maxKeys: 3 },
    ),
  });
}

/** Per route; the whole property grows with the number of routes, hence its own time limit. */
const RUNS_PER_ROUTE = 30;

const STACK_TRACE = /\bat [\w$.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+:\d+|Error: /;

describe('every route answers hostile input with a 4xx envelope', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let routes: Route[];
  let codeIds: string[];
  let token: string;
  const username = `fuzz-${crypto.randomBytes(4).toString('hex')}@example.com`;

  const signIn = async () => {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd: 'fuzz password 1', codeId, captCode: TEST_CAPTCHA },
    });
    return res.json().data.access_token as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_PER_IP_PER_MINUTE: '100000' });
    routes = parseRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      // HEAD mirrors GET; OPTIONS is the CORS plugin's browser preflight, not an API call.
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    codeIds = Array.from({ length: 20 }, () => String(crypto.randomInt(10_000_000, 100_000_000)));
    for (const id of codeIds) await t.app.inject({ url: `/api/auth/user/captcha/${id}` });
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        username,
        pwd: 'fuzz password 1',
        pwd1: 'fuzz password 1',
        codeId: '1',
        captCode: TEST_CAPTCHA,
      },
    });
    token = reg.json().data.access_token;
  });
  afterAll(async () => t.close());

  it('finds the routes of the app', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'GET /api/auth/user/captcha/:codeId',
      'POST /api/auth/user/restLogin',
      'GET /api/app/user/setHeader/:index',
      'GET /sandbox/outbox.json',
      'GET /healthz',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('never answers 5xx, always a JSON envelope with a message for 4xx, never a stack trace', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(hostileRequests(codeIds), async (req) => {
          let p = 0;
          const path = `/${route.path.replace(/^\//, '')}`.replace(/:\w+|\*/g, () =>
            encodeURIComponent(req.params[p++ % 4]!),
          );
          const qs = new URLSearchParams(req.query).toString();
          const headers: Record<string, string> = { ...req.extra };
          if (req.lang !== undefined) headers.lang = req.lang;
          if (req.auth === 'valid') headers.authorization = `Bearer ${token}`;
          else if (req.auth !== 'none') headers.authorization = req.auth;
          if (req.body) headers['content-type'] = req.body.type;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: qs ? `${path}?${qs}` : path,
            headers,
            ...(req.body ? { payload: req.body.payload } : {}),
          });
          const where = `${route.method} ${route.path} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(res.body, where).not.toMatch(STACK_TRACE);
          if (res.statusCode >= 400) {
            const body = (() => {
              try {
                return JSON.parse(res.body);
              } catch {
                return {};
              }
            })();
            expect(body.status, where).not.toBe(0);
            expect(typeof body.status, where).toBe('number');
            expect(body.message, where).toEqual(expect.any(String));
            expect(body.message.length, where).toBeGreaterThan(0);
            expect(body.data, where).toBeNull();
          }
          // A call that signed the fuzz account out: sign in again for the next runs.
          if (req.auth === 'valid' && res.statusCode === 200 && route.path === '/api/auth/user/logout') {
            token = await signIn();
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 300_000);

  it('refuses U+0000 in bodies, params and queries alike on both engines', async () => {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        name: 'a\u0000b',
        username: 'nul-check@example.com',
        pwd: 'abcdefgh',
        pwd1: 'abcdefgh',
        codeId,
        captCode: TEST_CAPTCHA,
      },
    });
    expect(reg.statusCode).toBe(400);
    // A player of its own: the fuzzing above may have used up the fuzz player's KYC calls for the hour.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        username: `nul-kyc-${crypto.randomBytes(4).toString('hex')}@example.com`,
        pwd: 'abcdefgh',
        pwd1: 'abcdefgh',
        codeId: String(crypto.randomInt(10_000_000, 100_000_000)),
        captCode: TEST_CAPTCHA,
      },
    });
    const kyc = await t.app.inject({
      method: 'POST',
      url: '/api/app/user/updateKyc?x=%00',
      headers: { authorization: `Bearer ${other.json().data.access_token as string}` },
      payload: { name: 'Maria', cardNo: '52998224725' },
    });
    expect(kyc.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/auth/user/captcha/%00' })).statusCode).toBe(400);
  });

  it('takes a bodiless JSON POST as one without a body, and still refuses broken or poisoned JSON', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/user/restLogin',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    // No body: the route's validation answers, as it does when the header is absent.
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).not.toBe('O pedido não é um JSON válido');
    // A call that takes no body goes through.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/logout',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await signIn()}` },
      payload: '',
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await post('{"username":')).json().message).toBe('O pedido não é um JSON válido');
    const poisoned = await post('{"__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses a missing or reused captcha on sign-in and registration', async () => {
    const login = (extra: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/user/restLogin',
        payload: { username, pwd: 'fuzz password 1', ...extra },
      });
    const missing = await login({ codeId: '123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Por favor verifique: digite o código da imagem');
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    expect((await login({ codeId, captCode: TEST_CAPTCHA })).statusCode).toBe(200);
    const reused = await login({ codeId, captCode: TEST_CAPTCHA });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().status).toBe(40001);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        username: 'new-one@example.com',
        pwd: 'abcdefgh',
        pwd1: 'abcdefgh',
        codeId,
        captCode: TEST_CAPTCHA,
      },
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().status).toBe(40001);
  });
});
