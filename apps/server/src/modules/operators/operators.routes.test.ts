import crypto from 'node:crypto';
import type { OperatorRole } from '@aposta/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, TEST_OPERATOR_KEY } from '../../../test/helpers';
import { createBus } from '../../platform/bus';
import { platformPlugin } from '../../platform/module';
import { operatorsModule, totpStepAt } from './index';
import { operatorAudit, operators, operatorSessions } from './operators.tables';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const PASSWORD = 'a long operator password';
const MAX_FAILURES = 4;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) });
});
afterAll(() => t.close());

/**
 * A new operator of `role`; `code(offsetSteps, at)` computes its TOTP code as an authenticator app would, for
 * the step `offsetSteps` after the one of `at` (now by default).
 */
async function newOperator(role: OperatorRole) {
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@aposta.test`;
  const { otpauthUrl, id } = await t.app.operators.create({ email, password: PASSWORD, role });
  const totp = OTPAuth.URI.parse(otpauthUrl) as OTPAuth.TOTP;
  const code = (offsetSteps = 0, at = Date.now()) => totp.generate({ timestamp: at + offsetSteps * 30_000 });
  return { id, email, code, secret: totp.secret.base32 };
}

/** A sign-in, from `remoteAddress` if given (each address has its own per-minute allowance of sign-ins). */
const login = (body: Record<string, unknown>, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operator/auth/login',
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function signIn(role: OperatorRole, remoteAddress?: string) {
  const op = await newOperator(role);
  const res = await login({ email: op.email, password: PASSWORD, totp: op.code() }, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return { ...op, token: res.json().data.access_token as string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const putSettings = (headers: Record<string, string>, patch: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/operator/settings', headers, payload: patch });
const depositMultiplier = () => t.app.settings.get('wagering.depositMultiplier');

async function auditRows(limit = 20) {
  const res = await t.app.inject({
    url: `/api/operator/audit?limit=${limit}`,
    headers: { 'x-operator-key': TEST_OPERATOR_KEY },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown>>;
}
const newestRow = async () => (await auditRows(1))[0]!;
const sessionsOf = async (operatorId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, operatorId))
  )[0]!.n;

async function playerToken() {
  const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
  await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/user/restRegister',
    payload: {
      username: `p-${crypto.randomBytes(4).toString('hex')}@example.com`,
      pwd: PASSWORD,
      pwd1: PASSWORD,
      codeId,
      captCode: TEST_CAPTCHA,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.access_token as string;
}

describe('operator sign-in', () => {
  it('signs in with password and TOTP, answers the profile, and audits the sign-in', async () => {
    const op = await newOperator('finance');
    const res = await login({ email: op.email.toUpperCase(), password: PASSWORD, totp: op.code() });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().status).toBe(0);
    expect(data.access_token).toMatch(/^op_/);
    expect(data.operator).toEqual({
      id: op.id,
      email: op.email,
      role: 'finance',
      permissions: expect.arrayContaining(['withdrawals.approve', 'withdrawals.read']),
    });
    expect(data.operator.permissions).not.toContain('settings.write');
    const me = await t.app.inject({ url: '/api/operator/auth/me', headers: bearer(data.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(op.email);
    const [meRow, loginRow] = await auditRows(2);
    expect(meRow).toMatchObject({ action: 'auth.me', actorId: op.id, actorEmail: op.email, outcome: 'ok' });
    expect(loginRow).toMatchObject({
      action: 'auth.login',
      actorId: op.id,
      actorEmail: op.email,
      target: `operator:${op.email}`,
      outcome: 'ok',
      httpStatus: 200,
      request: 'POST /api/operator/auth/login',
    });
  });

  it('refuses a wrong TOTP code: no session, a clear message, and the refusal audited', async () => {
    const op = await newOperator('admin');
    const wrong = String((Number(op.code()) + 1) % 1_000_000).padStart(6, '0');
    const res = await login({ email: op.email, password: PASSWORD, totp: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 40100, data: null });
    expect(res.json().message).toBe('E-mail, senha ou código incorretos (cada código vale uma só vez)');
    expect(await sessionsOf(op.id)).toBe(0);
    expect(await newestRow()).toMatchObject({
      action: 'auth.login',
      actorId: op.id,
      actorEmail: op.email,
      outcome: 'refused',
      httpStatus: 401,
      reason: 'wrongTotp',
    });
  });

  it('refuses a replayed TOTP code, even with the right password', async () => {
    const op = await newOperator('admin');
    // Codes are taken relative to one instant, so the test holds across a 30-second boundary (±1 window).
    const at = Date.now();
    const code = op.code(0, at);
    expect((await login({ email: op.email, password: PASSWORD, totp: code })).statusCode).toBe(200);
    const replay = await login({ email: op.email, password: PASSWORD, totp: code });
    expect(replay.statusCode).toBe(401);
    expect(await sessionsOf(op.id)).toBe(1);
    expect(await newestRow()).toMatchObject({ outcome: 'refused', reason: 'totpReplayed', actorId: op.id });
    // The next step's code (within the ±1 window) is a new code and is accepted once.
    expect((await login({ email: op.email, password: PASSWORD, totp: op.code(1, at) })).statusCode).toBe(200);
    // The step of a code is recorded, so an older step's code cannot be used either.
    const older = await login({ email: op.email, password: PASSWORD, totp: op.code(0, at) });
    expect(older.statusCode).toBe(401);
    const [{ step }] = (await t.database.db
      .select({ step: operators.lastTotpStep })
      .from(operators)
      .where(eq(operators.id, op.id))) as [{ step: number }];
    expect(step).toBe(totpStepAt(at) + 1);
  });

  it('refuses two sign-ins with one code sent at once: exactly one session', async () => {
    const op = await newOperator('admin');
    const code = op.code();
    const answers = await Promise.all(
      // Fewer than MAX_FAILURES, so the refusals do not lock the e-mail.
      Array.from({ length: MAX_FAILURES }, () => login({ email: op.email, password: PASSWORD, totp: code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401]);
    expect(await sessionsOf(op.id)).toBe(1);
  });

  it('answers a wrong password and an unknown e-mail alike, and audits both', async () => {
    const op = await newOperator('admin');
    const wrong = await login({ email: op.email, password: 'not the password', totp: op.code() });
    const unknown = await login({ email: 'nobody@aposta.test', password: PASSWORD, totp: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    const [u, w] = await auditRows(2);
    expect(u).toMatchObject({ reason: 'unknownEmail', actorId: null, target: 'operator:nobody@aposta.test' });
    expect(w).toMatchObject({ reason: 'wrongPassword', actorId: op.id });
  });

  it('locks the e-mail after repeated failures, even for the right password and code', async () => {
    const op = await newOperator('admin');
    for (let i = 0; i < MAX_FAILURES - 1; i++)
      expect((await login({ email: op.email, password: 'wrong password!', totp: '000000' })).statusCode).toBe(
        401,
      );
    expect((await login({ email: op.email, password: 'wrong password!', totp: '000000' })).statusCode).toBe(
      429,
    );
    const right = await login({ email: op.email, password: PASSWORD, totp: op.code() });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/15 minutos/);
    expect(await sessionsOf(op.id)).toBe(0);
    // Its audit row names the operator whose e-mail was tried.
    expect(await newestRow()).toMatchObject({
      outcome: 'refused',
      reason: 'locked',
      httpStatus: 429,
      actorId: op.id,
    });
  });

  it('checks no more than the allowed passwords when attempts come at once, and never signs in past them', async () => {
    const op = await newOperator('admin');
    // From an address of its own: the burst spends that address's per-minute allowance, not the other tests'.
    const from = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/operator/auth/login',
        payload: body,
        remoteAddress: '192.0.2.66',
      });
    // A burst of wrong guesses at once. (Not with the right password among them: in which order a pool of
    // connections counts them is not ours to choose, and a right one counted among the first is rightly let in.)
    const answers = await Promise.all(
      Array.from({ length: MAX_FAILURES + 6 }, () =>
        from({ email: op.email, password: 'wrong password!', totp: '000000' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    // The last allowed failure locks the address (429), the ones past it are refused unchecked.
    const checked = MAX_FAILURES - 1;
    expect(statuses).toEqual([
      ...Array<number>(checked).fill(401),
      ...Array<number>(answers.length - checked).fill(429),
    ]);
    // Past them, the right password and code are refused too.
    const right = await from({ email: op.email, password: PASSWORD, totp: op.code() });
    expect(right.statusCode, right.body).toBe(429);
    expect(await sessionsOf(op.id)).toBe(0);
  });

  it('locks only the address that failed: the operator elsewhere still signs in, the lock stays', async () => {
    const op = await newOperator('admin');
    const from = (remoteAddress: string, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/operator/auth/login', payload: body, remoteAddress });
    const wrong = { email: op.email, password: 'wrong password!', totp: '000000' };
    const statuses = [];
    for (let i = 0; i < MAX_FAILURES; i++) statuses.push((await from('203.0.113.7', wrong)).statusCode);
    expect(statuses).toEqual([...Array<number>(MAX_FAILURES - 1).fill(401), 429]);

    const desk = await from('198.51.100.20', { email: op.email, password: PASSWORD, totp: op.code() });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(await sessionsOf(op.id)).toBe(1);
    // The operator's success clears their own address only: the stranger stays locked.
    const again = await from('203.0.113.7', { email: op.email, password: PASSWORD, totp: op.code(1) });
    expect(again.statusCode).toBe(429);
  });

  it('validates the body: 400 with a translated message, audited as failed', async () => {
    const res = await login({ email: 'a@b.co', password: PASSWORD, totp: '12ab56' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O código deve ter 6 dígitos');
    expect(await newestRow()).toMatchObject({ action: 'auth.login', outcome: 'failed', httpStatus: 400 });
  });

  it('signs out: the token stops working', async () => {
    const op = await signIn('support');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/operator/auth/logout',
      headers: bearer(op.token),
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/operator/auth/me', headers: bearer(op.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Sessão de operador inválida ou encerrada, entre novamente');
    expect(await newestRow()).toMatchObject({ reason: 'sessionRevoked', actorId: op.id, outcome: 'refused' });
  });
});

describe('the guard of /api/operator/*', () => {
  it('refuses a call without a session: 401, nothing changed, refusal audited', async () => {
    const before = await depositMultiplier();
    const res = await putSettings({}, { 'wagering.depositMultiplier': 7 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 40100, message: 'É necessário entrar como operador', data: null });
    expect(await depositMultiplier()).toBe(before);
    expect(await newestRow()).toMatchObject({
      action: 'settings.write',
      actorId: null,
      actorEmail: null,
      outcome: 'refused',
      httpStatus: 401,
      reason: 'noSession',
      request: 'PUT /api/operator/settings',
      after: null,
    });
  });

  it("refuses a player's token: 403, nothing changed, refusal audited", async () => {
    const before = await depositMultiplier();
    const res = await putSettings(
      { ...bearer(await playerToken()), lang: 'en' },
      { 'wagering.depositMultiplier': 7 },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'This is not an operator session: player sessions cannot call operator routes',
    );
    expect(await depositMultiplier()).toBe(before);
    expect(await newestRow()).toMatchObject({
      outcome: 'refused',
      reason: 'notOperatorToken',
      httpStatus: 403,
    });
  });

  it('refuses an expired session: 401, nothing changed, refusal audited with the operator', async () => {
    const op = await signIn('admin');
    await t.database.db.execute(
      sql`update operator_sessions set expires_at = now() - interval '1 second' where operator_id = ${op.id}`,
    );
    const before = await depositMultiplier();
    const res = await putSettings(bearer(op.token), { 'wagering.depositMultiplier': 7 });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sessão de operador expirada, entre novamente');
    expect(await depositMultiplier()).toBe(before);
    expect(await newestRow()).toMatchObject({
      outcome: 'refused',
      reason: 'sessionExpired',
      actorId: op.id,
      actorEmail: op.email,
    });
  });

  it('refuses a role without the permission: 403 naming it, nothing changed, refusal audited', async () => {
    const op = await signIn('marketing');
    const before = await depositMultiplier();
    const res = await putSettings(bearer(op.token), { 'wagering.depositMultiplier': 7 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: 40300,
      message: 'Sua função não permite esta ação (settings.write)',
    });
    expect(await depositMultiplier()).toBe(before);
    expect(await newestRow()).toMatchObject({
      action: 'settings.write',
      actorId: op.id,
      outcome: 'refused',
      reason: 'permissionMissing',
    });
    // Reading the audit log is for admins only.
    const audit = await t.app.inject({ url: '/api/operator/audit', headers: bearer(op.token) });
    expect(audit.statusCode).toBe(403);
    // What the role does allow goes through.
    const notice = await t.app.inject({
      method: 'POST',
      url: '/api/operator/notices',
      headers: bearer(op.token),
      payload: { text: 'Bem-vindo!' },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    expect(await newestRow()).toMatchObject({
      action: 'notices.publish',
      actorEmail: op.email,
      outcome: 'ok',
      after: { text: 'Bem-vindo!' },
    });
  });

  it('refuses a wrong operator key and an unknown operator token', async () => {
    const before = await depositMultiplier();
    const key = await putSettings(
      { 'x-operator-key': 'not-the-operator-key' },
      { 'wagering.depositMultiplier': 7 },
    );
    expect(key.statusCode).toBe(401);
    expect(await newestRow()).toMatchObject({ reason: 'wrongKey', outcome: 'refused' });
    const token = await putSettings(bearer(`op_${'x'.repeat(43)}`), { 'wagering.depositMultiplier': 7 });
    expect(token.statusCode).toBe(401);
    expect(await newestRow()).toMatchObject({ reason: 'sessionUnknown', outcome: 'refused' });
    expect(await depositMultiplier()).toBe(before);
  });

  it('takes OPERATOR_KEY as an admin, audited as the key, with the changed settings before and after', async () => {
    const before = await depositMultiplier();
    const res = await putSettings(
      { 'x-operator-key': TEST_OPERATOR_KEY },
      { 'wagering.depositMultiplier': 3 },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data['wagering.depositMultiplier']).toBe(3);
    expect(await newestRow()).toMatchObject({
      action: 'settings.write',
      actorId: null,
      actorEmail: 'operator-key',
      target: 'settings',
      before: { 'wagering.depositMultiplier': before },
      after: { 'wagering.depositMultiplier': 3 },
      outcome: 'ok',
    });
    await putSettings({ 'x-operator-key': TEST_OPERATOR_KEY }, { 'wagering.depositMultiplier': before });
  });

  it('audits an action that fails on its own (bad setting value) as failed, with nothing changed', async () => {
    const op = await signIn('admin');
    const before = await depositMultiplier();
    const res = await putSettings(bearer(op.token), { 'wagering.depositMultiplier': -1 });
    expect(res.statusCode).toBe(400);
    expect(await depositMultiplier()).toBe(before);
    expect(await newestRow()).toMatchObject({
      action: 'settings.write',
      actorId: op.id,
      outcome: 'failed',
      reason: 'fieldInvalid',
      target: 'settings',
      before: null,
      after: null,
    });
  });

  it('lists the newest audit rows first, at most `limit`', async () => {
    const rows = await auditRows(5);
    expect(rows).toHaveLength(5);
    const ids = rows.map((r) => r.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const bad = await t.app.inject({
      url: '/api/operator/audit?limit=0',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('records reads and changes alike, and lists either kind apart (`kind`)', async () => {
    const op = await signIn('admin');
    const read = await t.app.inject({ url: '/api/operator/settings', headers: bearer(op.token) });
    expect(read.statusCode, read.body).toBe(200);
    const write = await putSettings(bearer(op.token), {
      'wagering.depositMultiplier': await depositMultiplier(),
    });
    expect(write.statusCode, write.body).toBe(200);
    const page = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/operator/audit?actor=${op.id}${query}`,
        headers: { 'x-operator-key': TEST_OPERATOR_KEY },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as Array<{ action: string; request: string }>).map((r) => r.request);
    };
    // Everything this operator did, newest first: the write, the read, the sign-in.
    expect(await page('')).toEqual([
      'PUT /api/operator/settings',
      'GET /api/operator/settings',
      'POST /api/operator/auth/login',
    ]);
    expect(await page('&kind=change')).toEqual([
      'PUT /api/operator/settings',
      'POST /api/operator/auth/login',
    ]);
    expect(await page('&kind=read')).toEqual(['GET /api/operator/settings']);
    const bad = await t.app.inject({
      url: '/api/operator/audit?kind=writes',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY, lang: 'pt_BR' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('kind');
  });

  it('is append-only in the database: update, delete and truncate are refused', async () => {
    const countRows = async (refusedOnly = false) =>
      (
        await t.database.db
          .select({ n: count() })
          .from(operatorAudit)
          .where(refusedOnly ? eq(operatorAudit.outcome, 'refused') : undefined)
      )[0]!.n;
    const rows = await countRows();
    expect(rows).toBeGreaterThan(0);
    for (const statement of [
      sql`update operator_audit set outcome = 'ok', reason = null`,
      sql`delete from operator_audit`,
      sql`truncate operator_audit`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    expect(await countRows()).toBe(rows);
    expect(await countRows(true)).toBeGreaterThan(0);
  });

  it('no server starts with an operator route that names no permission', async () => {
    const app = Fastify({ logger: false });
    const boot = async () => {
      await app.register(platformPlugin, { config: t.app.config, database: t.database, bus: createBus() });
      await app.register(rateLimit, { global: true }); // as registerHttp does, before the modules
      await app.register(operatorsModule);
      await app.register(async (scope) => {
        scope.get('/api/operator/forgotten', async () => 'open');
      });
      await app.ready();
    };
    await expect(boot()).rejects.toThrow(/GET \/api\/operator\/forgotten must name an operator permission/);
    await app.close().catch(() => {});
  });
});

describe('enabling a disabled operator', () => {
  const post = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, lang: 'pt_BR' } });

  it('lets an admin enable it again: it signs in anew, and the audit row says so like the disable one', async () => {
    const admin = await signIn('admin');
    const op = await newOperator('support');
    const disabled = await post(`/api/operator/operators/${op.id}/disable`, bearer(admin.token));
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await login({ email: op.email, password: PASSWORD, totp: op.code() })).statusCode).toBe(401);

    const enabled = await post(`/api/operator/operators/${op.id}/enable`, bearer(admin.token));
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data.operator).toMatchObject({ id: op.id, email: op.email, active: true });
    expect(await newestRow()).toMatchObject({
      action: 'operators.manage',
      actorId: admin.id,
      target: `operator:${op.id}`,
      outcome: 'ok',
      httpStatus: 200,
      before: { active: false },
      after: { active: true },
    });
    // The next step's code: the refused sign-in above spent this step's.
    const again = await login({ email: op.email, password: PASSWORD, totp: op.code(1) });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses a role without operators.manage (403, audited, still disabled) and an unknown operator (404)', async () => {
    const admin = await signIn('admin');
    const finance = await signIn('finance');
    const op = await newOperator('support');
    expect((await post(`/api/operator/operators/${op.id}/disable`, bearer(admin.token))).statusCode).toBe(
      200,
    );

    const refused = await post(`/api/operator/operators/${op.id}/enable`, bearer(finance.token));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('Sua função não permite esta ação (operators.manage)');
    expect(await newestRow()).toMatchObject({
      action: 'operators.manage',
      actorId: finance.id,
      outcome: 'refused',
      httpStatus: 403,
    });
    const [row] = await t.database.db
      .select({ disabledAt: operators.disabledAt })
      .from(operators)
      .where(eq(operators.id, op.id));
    expect(row!.disabledAt).not.toBeNull();

    const unknown = await post('/api/operator/operators/99999999/enable', bearer(admin.token));
    expect(unknown.statusCode, unknown.body).toBe(404);
  });
});

describe("changing an operator's role and resetting its TOTP", () => {
  const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { lang: 'pt_BR', ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const setRole = (id: number, headers: Record<string, string>, payload: unknown) =>
    post(`/api/operator/operators/${id}/role`, headers, payload);
  const resetTotp = (id: number, headers: Record<string, string>) =>
    post(`/api/operator/operators/${id}/totp-reset`, headers);
  const key = { 'x-operator-key': TEST_OPERATOR_KEY };
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(operators).where(eq(operators.id, id)))[0]!;
  const me = (token: string) => t.app.inject({ url: '/api/operator/auth/me', headers: bearer(token) });
  // This block's sign-ins come from an address of their own: the earlier tests spent most of the default one's
  // per-minute allowance.
  const FROM = '192.0.2.77';
  const signInHere = (role: OperatorRole) => signIn(role, FROM);
  const loginHere = (body: Record<string, unknown>) => login(body, FROM);

  it("changes the role: the operator's sessions are revoked, it signs in anew with the new role, audited", async () => {
    const admin = await signInHere('admin');
    const op = await signInHere('support');
    const at = Date.now();
    const res = await setRole(op.id, bearer(admin.token), { role: 'finance' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      operator: { id: op.id, email: op.email, role: 'finance', active: true },
      sessionsRevoked: 1,
    });
    expect(await newestRow()).toMatchObject({
      action: 'operators.manage',
      actorId: admin.id,
      target: `operator:${op.id}`,
      request: `POST /api/operator/operators/${op.id}/role`,
      outcome: 'ok',
      httpStatus: 200,
      before: { role: 'support' },
      after: { role: 'finance', sessionsRevoked: 1 },
    });
    // Its session is gone at once: the next call is refused.
    const stale = await me(op.token);
    expect(stale.statusCode).toBe(401);
    expect(await newestRow()).toMatchObject({ reason: 'sessionRevoked', actorId: op.id });
    // Signed in again, it has the new role's permissions.
    const again = await loginHere({ email: op.email, password: PASSWORD, totp: op.code(1, at) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.operator).toMatchObject({ role: 'finance' });
    expect(again.json().data.operator.permissions).toContain('withdrawals.approve');
    expect(again.json().data.operator.permissions).not.toContain('support.chat');
  });

  it('refuses changing one’s own role, a bad body, a role without operators.manage (403) and an unknown id (404)', async () => {
    const admin = await signInHere('admin');
    const self = await setRole(admin.id, bearer(admin.token), { role: 'support' });
    expect(self.statusCode, self.body).toBe(400);
    expect(self.json().message).toBe('Você não pode alterar a sua própria função');
    expect(await newestRow()).toMatchObject({
      actorId: admin.id,
      target: `operator:${admin.id}`,
      outcome: 'failed',
      reason: 'operatorCannotChangeOwnRole',
    });
    expect((await rowOf(admin.id)).role).toBe('admin');
    expect((await me(admin.token)).statusCode).toBe(200);

    const op = await newOperator('support');
    const bodies: [unknown, string][] = [
      [{ role: 'owner' }, 'Função desconhecida'],
      [{}, 'Escolha a nova função'],
      [undefined, 'Escolha a nova função'],
      [{ role: 'finance', extra: 1 }, 'Campo desconhecido: extra'],
    ];
    for (const [body, message] of bodies) {
      const bad = await setRole(op.id, bearer(admin.token), body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect((await rowOf(op.id)).role).toBe('support');

    const finance = await signInHere('finance');
    const refused = await setRole(op.id, bearer(finance.token), { role: 'admin' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('Sua função não permite esta ação (operators.manage)');
    expect(await newestRow()).toMatchObject({ actorId: finance.id, outcome: 'refused', httpStatus: 403 });
    expect((await rowOf(op.id)).role).toBe('support');

    const unknown = await setRole(99_999_999, bearer(admin.token), { role: 'finance' });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().message).toBe('Operador não encontrado');
  });

  it('keeps the last active admin an admin, even for the key; two admins demoting each other leave one', async () => {
    const [a, b] = [await signInHere('admin'), await signInHere('admin')];
    // Only these two stay active admins for this test (the others are put back afterwards).
    const others = await t.database.db
      .update(operators)
      .set({ disabledAt: new Date() })
      .where(
        sql`${operators.role} = 'admin' and ${operators.disabledAt} is null
        and ${operators.id} not in (${a.id}, ${b.id})`,
      )
      .returning({ id: operators.id });
    try {
      const answers = await Promise.all([
        setRole(b.id, bearer(a.token), { role: 'support' }),
        setRole(a.id, bearer(b.token), { role: 'support' }),
      ]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const [left] = await t.database.db
        .select({ id: operators.id })
        .from(operators)
        .where(sql`${operators.role} = 'admin' and ${operators.disabledAt} is null`);
      expect(left).toBeDefined();
      expect([a.id, b.id]).toContain(left!.id);

      const last = await setRole(left!.id, { ...key, lang: 'en' }, { role: 'finance' });
      expect(last.statusCode, last.body).toBe(409);
      expect(last.json().message).toBe('The last active admin must keep the admin role');
      expect(await newestRow()).toMatchObject({ outcome: 'failed', reason: 'operatorLastAdminRole' });
      expect((await rowOf(left!.id)).role).toBe('admin');
      // The same role again changes nothing (and revokes nothing).
      const same = await setRole(left!.id, key, { role: 'admin' });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().data).toMatchObject({ operator: { role: 'admin' }, sessionsRevoked: 0 });
      const token = left!.id === a.id ? a.token : b.token;
      expect((await me(token)).statusCode).toBe(200);
    } finally {
      if (others.length)
        await t.database.db
          .update(operators)
          .set({ disabledAt: null })
          .where(
            inArray(
              operators.id,
              others.map((o) => o.id),
            ),
          );
    }
  });

  it('resets the TOTP: a new secret enrolled as a new operator’s, the old codes and sessions refused, audited', async () => {
    const admin = await signInHere('admin');
    const op = await signInHere('trader');
    const at = Date.now();
    const res = await resetTotp(op.id, bearer(admin.token));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ operator: { id: op.id, role: 'trader', active: true }, sessionsRevoked: 1 });
    // The secret is replaced, not kept: what the answer shows is what the database now holds.
    expect(data.totpSecret).not.toBe(op.secret);
    expect((await rowOf(op.id)).totpSecret).toBe(data.totpSecret);
    expect((await rowOf(op.id)).lastTotpStep).toBeNull();
    // Enrolled as a new operator is: the same kind of answer, the same kind of authenticator entry.
    const fresh = await t.app.operators.create({
      email: `fresh-${crypto.randomBytes(4).toString('hex')}@aposta.test`,
      password: PASSWORD,
      role: 'trader',
    });
    const entry = (url: string) => {
      const totp = OTPAuth.URI.parse(url) as OTPAuth.TOTP;
      return { issuer: totp.issuer, algorithm: totp.algorithm, digits: totp.digits, period: totp.period };
    };
    expect(entry(data.otpauthUrl)).toEqual(entry(fresh.otpauthUrl));
    const enrolled = OTPAuth.URI.parse(data.otpauthUrl) as OTPAuth.TOTP;
    expect([enrolled.label, enrolled.secret.base32]).toEqual([op.email, data.totpSecret]);

    expect(await newestRow()).toMatchObject({
      action: 'operators.manage',
      actorId: admin.id,
      target: `operator:${op.id}`,
      request: `POST /api/operator/operators/${op.id}/totp-reset`,
      outcome: 'ok',
      before: { totp: 'old' },
      after: { totp: 'new', sessionsRevoked: 1 },
    });
    // Neither secret in any audit row.
    for (const secret of [op.secret, data.totpSecret as string]) {
      const leaks = await t.database.db
        .select({ n: count() })
        .from(operatorAudit)
        .where(
          sql`position(${secret} in coalesce(${operatorAudit.before}::text, '') || coalesce(${operatorAudit.after}::text, '') || ${operatorAudit.request}) > 0`,
        );
      expect(leaks[0]!.n).toBe(0);
    }

    expect((await me(op.token)).statusCode).toBe(401);
    // The old phone's code is refused; the new secret's works, as a new operator's first sign-in does.
    const old = await loginHere({ email: op.email, password: PASSWORD, totp: op.code(1, at) });
    expect(old.statusCode).toBe(401);
    expect(await newestRow()).toMatchObject({ reason: 'wrongTotp', actorId: op.id });
    const signedIn = await loginHere({
      email: op.email,
      password: PASSWORD,
      totp: enrolled.generate({ timestamp: at }),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await me(signedIn.json().data.access_token)).statusCode).toBe(200);
  });

  it('refuses resetting one’s own TOTP, a role without operators.manage (403) and an unknown id (404)', async () => {
    const admin = await signInHere('admin');
    const before = (await rowOf(admin.id)).totpSecret;
    const self = await resetTotp(admin.id, bearer(admin.token));
    expect(self.statusCode, self.body).toBe(400);
    expect(self.json().message).toBe('Você não pode redefinir o seu próprio 2FA');
    expect(await newestRow()).toMatchObject({ outcome: 'failed', reason: 'operatorCannotResetOwnTotp' });
    expect((await rowOf(admin.id)).totpSecret).toBe(before);
    expect((await me(admin.token)).statusCode).toBe(200);

    const op = await newOperator('support');
    const support = await signInHere('support');
    const refused = await resetTotp(op.id, bearer(support.token));
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await rowOf(op.id)).totpSecret).toBe(op.secret);

    const unknown = await resetTotp(99_999_999, bearer(admin.token));
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().message).toBe('Operador não encontrado');
  });
});
