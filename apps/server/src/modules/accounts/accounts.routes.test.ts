import crypto from 'node:crypto';
import { userInfo } from '@aposta/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_CAPTCHA } from '../../../test/helpers';
import { KYC_PER_HOUR } from './accounts.routes';
import { passwordResets, sessions, users } from './accounts.tables';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const newCodeId = () => String(crypto.randomInt(10_000_000, 100_000_000));
const email = (tag: string) => `${tag}-${crypto.randomBytes(4).toString('hex')}@example.com`;
const PWD = 'correct horse 1';

/** A black-box client of one app: every call goes through HTTP (app.inject). */
function client(t: TestApp) {
  const { app } = t;
  const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    async captcha() {
      const codeId = newCodeId();
      const res = await app.inject({ url: `/api/auth/user/captcha/${codeId}` });
      expect(res.statusCode).toBe(200);
      return codeId;
    },
    async register(body: Record<string, unknown>) {
      return app.inject({
        method: 'POST',
        url: '/api/auth/user/restRegister',
        payload: { codeId: await this.captcha(), captCode: TEST_CAPTCHA, pwd: PWD, pwd1: PWD, ...body },
      });
    },
    async login(username: string, pwd = PWD, remoteAddress = '127.0.0.1') {
      return app.inject({
        method: 'POST',
        url: '/api/auth/user/restLogin',
        remoteAddress,
        payload: { username, pwd, codeId: await this.captcha(), captCode: TEST_CAPTCHA },
      });
    },
    async signUp(regcode = '') {
      const username = email('player');
      const res = await this.register({ username, regcode });
      expect(res.statusCode, res.body).toBe(200);
      return { username, token: res.json().data.access_token as string };
    },
    get: (url: string, token?: string, headers: Record<string, string> = {}) =>
      app.inject({ url, headers: { ...bearer(token), ...headers } }),
    post: (url: string, token?: string, payload?: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) }),
    form: (url: string, fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      }),
  };
}

describe('accounts over HTTP', () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_PER_IP_PER_MINUTE: '100000' });
    c = client(t);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  it('walks the whole flow: invite chain, login, userInfo, avatar, reset through the outbox, logout', async () => {
    // Four generations of invitations: A invites B, B invites C, C invites D, D invites E.
    const a = await c.signUp();
    const yqmOf = async (token: string) => (await c.get('/api/app/user/userInfo', token)).json().data.yqm;
    const b = await c.signUp(await yqmOf(a.token));
    const cc = await c.signUp((await yqmOf(b.token)).toLowerCase());
    const d = await c.signUp(await yqmOf(cc.token));
    await c.signUp(await yqmOf(d.token));

    const idOf = async (u: { username: string }) =>
      (await t.database.db.select().from(users).where(eq(users.username, u.username)))[0]!;
    const [ra, rb, rc, rd] = await Promise.all([a, b, cc, d].map(idOf));
    expect([rd!.l1Id, rd!.l2Id, rd!.l3Id]).toEqual([rc!.id, rb!.id, ra!.id]);
    expect([rb!.l1Id, rb!.l2Id, rb!.l3Id]).toEqual([ra!.id, null, null]);

    const infoA = (await c.get('/api/app/user/userInfo', a.token)).json().data;
    expect([infoA.level1Person, infoA.level2Person, infoA.level3Person]).toEqual([1, 1, 1]);
    const infoB = (await c.get('/api/app/user/userInfo', b.token)).json().data;
    expect([infoB.level1Person, infoB.level2Person, infoB.level3Person]).toEqual([1, 1, 1]);

    // Log in as B and read every userInfo field with its type.
    const login = await c.login(b.username);
    expect(login.statusCode).toBe(200);
    const token = login.json().data.access_token as string;
    // Hex only: never the prefix of an operator's (`op_`) or a support visitor's (`sv_`) token.
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const res = await c.get('/api/app/user/userInfo?loading=false', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(userInfo.shape).sort());
    const info = userInfo.parse(body.data);
    expect(info).toMatchObject({
      username: b.username,
      email: b.username,
      header: 0,
      kyc: 0,
      testFlag: '0',
      country: '+55',
      extendInfo: '',
      paypackage: [],
      balance: 0,
    });
    expect(info.yqm).toMatch(/^[A-Z0-9]{8}$/);
    expect(Number.isNaN(Date.parse(info.time))).toBe(false);
    expect((await c.get('/api/app/user/getBalance', token)).json().data).toEqual({
      balance: 0,
      freeBalance: 0,
    });

    // Change the avatar.
    const avatar = await c.get('/api/app/user/setHeader/35', token);
    expect(avatar.json()).toMatchObject({ status: 0 });
    expect((await c.get('/api/app/user/userInfo', token)).json().data.header).toBe(35);

    // Reset the password through the outbox (form bodies, as the app sends them).
    const sent = await c.form('/api/app/main/RESETPWD/sendEmail', { email: b.username.toUpperCase() });
    expect(sent.json()).toMatchObject({ status: 0 });
    const outbox = await c.get(`/sandbox/outbox.json?to=${encodeURIComponent(b.username)}`);
    const mail = outbox.json().data[0];
    expect(mail.subject).toBe('Seu código de verificação');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const checked = await c.form('/api/app/main/RESETPWD/checkEmail', { email: b.username, code });
    expect(checked.statusCode, checked.body).toBe(200);
    const chkId = checked.json().data.chkId as string;
    const newPwd = 'a brand new secret';
    const set = await c.form('/api/app/main/setPwd', { nPwd: newPwd, chkId });
    expect(set.json()).toEqual({ status: 0, message: expect.stringMatching(/Senha alterada/), data: null });
    // Every session of B is gone; the old password no longer works, the new one does.
    for (const old of [token, b.token]) {
      const gone = await c.get('/api/app/user/userInfo', old);
      expect(gone.statusCode).toBe(401);
      expect(gone.json().status).toBe(40101);
    }
    expect((await c.login(b.username)).statusCode).toBe(400);
    const relog = await c.login(b.username, newPwd);
    expect(relog.statusCode).toBe(200);
    const fresh = relog.json().data.access_token as string;
    // The chkId is single-use.
    expect((await c.form('/api/app/main/setPwd', { nPwd: 'another secret', chkId })).statusCode).toBe(400);

    // Log out: the token is revoked.
    const out = await c.post('/api/auth/user/logout', fresh);
    expect(out.json()).toMatchObject({ status: 0 });
    const after = await c.get('/api/app/user/userInfo', fresh);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 40101, message: expect.any(String), data: null });
  });

  it('refuses bad registrations with clear messages and stores the username lower-cased', async () => {
    const username = email('Mixed').toUpperCase();
    expect((await c.register({ username })).statusCode).toBe(200);
    expect((await c.login(username.toLowerCase())).statusCode).toBe(200);

    const dup = await c.register({ username: username.toLowerCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ status: 40900, message: 'Este e-mail já está cadastrado' });

    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: email('x'), regcode: 'NOPE1234' }, 400, 'Código de convite não encontrado'],
      [
        { username: email('x'), pwd: 'short', pwd1: 'short' },
        400,
        'A senha deve ter pelo menos 8 caracteres',
      ],
      [{ username: email('x'), pwd1: 'something else' }, 400, 'As senhas não coincidem'],
      [{ username: 'not-an-email' }, 400, 'Digite um e-mail válido'],
      [{ username: email('x'), captCode: 'WRONG' }, 400, 'Código de verificação incorreto ou expirado'],
      [{ username: email('x'), cardNo: '123.456.789-00' }, 400, 'CPF inválido'],
    ];
    for (const [body, status, message] of cases) {
      const res = await c.register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers: { lang: 'en' },
      payload: { username: email('x'), pwd: PWD, pwd1: PWD, codeId: newCodeId() },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Please verify: enter the code from the image');
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const { username } = await c.signUp();
    const wrong = await c.login(username, 'not the password');
    const unknown = await c.login(email('nobody'), 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ status: 40102, message: 'E-mail ou senha incorretos', data: null });
  });

  it('serves captchas as uncached images, single-use, case-insensitive, expiring after 5 minutes', async () => {
    const codeId = newCodeId();
    const img = await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` });
    expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(img.headers['cache-control']).toBe('no-store');
    expect(img.body).toMatch(/^<svg/);

    const { username } = await c.signUp();
    const login = (id: string, captCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/user/restLogin',
        payload: { username, pwd: PWD, codeId: id, captCode },
      });
    expect((await login(codeId, TEST_CAPTCHA.toLowerCase())).statusCode).toBe(200);
    const reused = await login(codeId, TEST_CAPTCHA);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().status).toBe(40001);

    // A wrong answer uses the captcha up too.
    const other = newCodeId();
    await t.app.inject({ url: `/api/auth/user/captcha/${other}` });
    expect((await login(other, 'nope')).statusCode).toBe(400);
    expect((await login(other, TEST_CAPTCHA)).statusCode).toBe(400);

    const late = newCodeId();
    await t.app.inject({ url: `/api/auth/user/captcha/${late}` });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    expect((await login(late, TEST_CAPTCHA)).json().status).toBe(40001);

    const bad = await t.app.inject({ url: '/api/auth/user/captcha/12ab' });
    expect(bad.statusCode).toBe(400);
  });

  it('sets the avatar only to 0..35', async () => {
    const { token } = await c.signUp();
    for (const index of ['36', '-1', '1.5', 'abc', '%20', '999999999999']) {
      const res = await c.get(`/api/app/user/setHeader/${index}`, token);
      expect(res.statusCode, index).toBe(400);
      expect(res.json().message).toBe('Escolha um avatar de 0 a 35');
    }
    expect((await c.get('/api/app/user/setHeader/0', token)).statusCode).toBe(200);
    expect((await c.get('/api/app/user/setHeader/5')).statusCode).toBe(401);
  });

  it('records KYC with a valid CPF only, and then keeps the CPF', async () => {
    const { token } = await c.signUp();
    const kyc = (payload: Record<string, unknown>) => c.post('/api/app/user/updateKyc', token, payload);
    const bad = await kyc({ name: 'Maria', cardNo: '529.982.247-24' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('CPF inválido');
    // An empty CPF is asked for, not called invalid.
    expect((await kyc({ name: 'Maria', cardNo: ' ' })).json().message).toBe('Digite o CPF');
    expect((await kyc({ name: '', cardNo: '52998224725' })).statusCode).toBe(400);

    const good = await kyc({ name: 'Maria Silva', cardNo: '529.982.247-25' });
    expect(good.json()).toEqual({ status: 0, message: 'Terminar', data: null });
    const info = (await c.get('/api/app/user/userInfo', token)).json().data;
    expect(info).toMatchObject({ kyc: 1, name: 'Maria Silva', cardNo: '52998224725' });

    expect((await kyc({ name: 'Maria S.', cardNo: '52998224725' })).statusCode).toBe(200);
    const change = await kyc({ name: 'Maria', cardNo: '111.444.777-35' });
    expect(change.statusCode).toBe(409);
  });

  it('keeps the first CPF of a KYC when two with different CPFs arrive at once', async () => {
    // Several players, two KYCs each at the same moment: one CPF wins, the other is refused, on any engine.
    const players = await Promise.all(Array.from({ length: 8 }, () => c.signUp()));
    await Promise.all(
      players.map(async ({ token, username }) => {
        const answers = await Promise.all(
          ['529.982.247-25', '111.444.777-35'].map((cardNo) =>
            c.post('/api/app/user/updateKyc', token, { name: 'Maria Silva', cardNo }),
          ),
        );
        const statuses = answers.map((a) => a.statusCode).sort();
        expect(statuses, username).toEqual([200, 409]);
        const kept = answers[0]!.statusCode === 200 ? '52998224725' : '11144477735';
        const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
        expect(row!.cardNo).toBe(kept);
      }),
    );
  });

  it('limits identity checks to a few an hour per session, with a translated 429', async () => {
    const { token } = await c.signUp();
    const answers = [];
    for (let i = 0; i <= KYC_PER_HOUR; i++)
      answers.push(
        await c.post('/api/app/user/updateKyc', token, { name: 'Maria', cardNo: '529.982.247-24' }),
      );
    expect(answers.slice(0, KYC_PER_HOUR).map((a) => a.statusCode)).toEqual(Array(KYC_PER_HOUR).fill(400));
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Muitos pedidos, tente novamente mais tarde');
    // Another player is not affected.
    const other = await c.signUp();
    const theirs = await c.post('/api/app/user/updateKyc', other.token, {
      name: 'Ana Souza',
      cardNo: '529.982.247-25',
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('counts identity checks per player, however the token is spelt and from whichever session', async () => {
    const { token } = await c.signUp();
    // One token, spelt as authenticate accepts it; and fresh sessions of the same player by login link.
    const spellings = [`Bearer ${token}`, `bearer ${token}`, token, `Bearer  ${token}`, `BEARER ${token} `];
    const viaLink = async () => {
      const link = (await c.post('/api/auth/user/loginLink', token)).json().data.token as string;
      const redeemed = await c.post('/api/auth/user/zgo', undefined, { token: link });
      return `Bearer ${redeemed.json().data.access_token as string}`;
    };
    const codes: number[] = [];
    for (let i = 0; i <= KYC_PER_HOUR; i++) {
      const authorization = i % 3 === 2 ? await viaLink() : spellings[i % spellings.length]!;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/user/updateKyc',
        headers: { authorization },
        payload: { name: 'Maria', cardNo: '529.982.247-24' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, KYC_PER_HOUR)).toEqual(Array(KYC_PER_HOUR).fill(400));
    expect(codes.at(-1)).toBe(429);
  });

  it('answers getUserTest only for test accounts', async () => {
    const { token } = await c.signUp();
    const res = await c.get('/api/app/user/getUserTest', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Esta não é uma conta de teste');
  });

  it('issues single-use login links that expire after 10 minutes', async () => {
    const { token } = await c.signUp();
    const link = (await c.post('/api/auth/user/loginLink', token)).json().data;
    expect(link.url).toBe(`http://localhost:3000/zgo${link.token}`);
    const redeem = (tok: string) => c.post('/api/auth/user/zgo', undefined, { token: tok });
    const first = await redeem(link.token);
    expect(first.statusCode).toBe(200);
    const session = first.json().data.access_token;
    expect((await c.get('/api/app/user/userInfo', session)).statusCode).toBe(200);
    expect((await redeem(link.token)).statusCode).toBe(400);

    const late = (await c.post('/api/auth/user/loginLink', token)).json().data;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    const expired = await redeem(late.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('O link de acesso é inválido, expirou ou já foi usado');
    expect((await c.post('/api/auth/user/loginLink')).statusCode).toBe(401);
  });

  it('refuses a login link of a player blocked whose sessions are not revoked yet, as a sign-in would', async () => {
    const { token } = await c.signUp();
    const me = (await c.get('/api/app/user/userInfo', token)).json().data;
    const link = (await c.post('/api/auth/user/loginLink', token)).json().data;
    // A block commits its flag first and revokes the sessions after: a redemption in between.
    await t.database.db.execute(
      sql`insert into player_flags (user_id, blocked_at) values (${Number(me.uId)}, now())
          on conflict (user_id) do update set blocked_at = now()`,
    );
    const redeemed = await c.post('/api/auth/user/zgo', undefined, { token: link.token });
    expect(redeemed.statusCode).toBe(403);
    expect(redeemed.json().data).toBeNull();
  });

  it('revokes login links with the session they came from: logout, password change and reset', async () => {
    const redeem = (tok: string) => c.post('/api/auth/user/zgo', undefined, { token: tok });
    const linkOf = async (token: string) =>
      (await c.post('/api/auth/user/loginLink', token)).json().data.token as string;

    const a = await c.signUp();
    const afterLogout = await linkOf(a.token);
    expect((await c.post('/api/auth/user/logout', a.token)).statusCode).toBe(200);
    const refused = await redeem(afterLogout);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('O link de acesso é inválido, expirou ou já foi usado');

    const b = await c.signUp();
    const afterChange = await linkOf(b.token);
    const changed = await c.post('/api/app/user/changePwd', b.token, { oldPwd: PWD, nPwd: 'changed secret' });
    expect(changed.statusCode).toBe(200);
    expect((await redeem(afterChange)).statusCode).toBe(400);

    const d = await c.signUp();
    const afterReset = await linkOf(d.token);
    await c.form('/api/app/main/RESETPWD/sendEmail', { email: d.username });
    const mail = (await c.get(`/sandbox/outbox.json?to=${encodeURIComponent(d.username)}`)).json().data[0];
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const chkId = (await c.form('/api/app/main/RESETPWD/checkEmail', { email: d.username, code })).json().data
      .chkId as string;
    expect((await c.form('/api/app/main/setPwd', { nPwd: 'reset secret', chkId })).statusCode).toBe(200);
    expect((await redeem(afterReset)).statusCode).toBe(400);

    // A link of a session that is still signed in works (once).
    const e = await c.signUp();
    expect((await redeem(await linkOf(e.token))).statusCode).toBe(200);
  });

  it('gives no session to a sign-in with the old password when a change commits while it runs', async () => {
    const { username, token } = await c.signUp();
    const me = Number((await c.get('/api/app/user/userInfo', token)).json().data.uId);
    // The owner changes the password between the sign-in's check of the old one and its new session (a
    // sign-in hook runs exactly there).
    let changed: number | undefined;
    const raceChange = async (userId: number) => {
      if (userId !== me || changed !== undefined) return;
      const res = await c.post('/api/app/user/changePwd', token, { oldPwd: PWD, nPwd: 'changed in time' });
      changed = res.statusCode;
    };
    t.app.accounts.hooks.signIn.push(raceChange);
    try {
      const late = await c.login(username, PWD, '10.77.0.1');
      expect(changed).toBe(200);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ status: 40102, message: 'E-mail ou senha incorretos', data: null });
      const live = await t.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, me), isNull(sessions.revokedAt)));
      expect(live).toEqual([]);
    } finally {
      t.app.accounts.hooks.signIn.splice(t.app.accounts.hooks.signIn.indexOf(raceChange), 1);
    }
    expect((await c.login(username, 'changed in time')).statusCode).toBe(200);
  });

  it('changes the password and revokes every session', async () => {
    const { username, token } = await c.signUp();
    const other = (await c.login(username)).json().data.access_token;
    const wrong = await c.post('/api/app/user/changePwd', token, { oldPwd: 'not it', nPwd: 'whatever123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('A senha atual está incorreta');
    const same = await c.post('/api/app/user/changePwd', token, { oldPwd: PWD, nPwd: PWD });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('A nova senha deve ser diferente da atual');
    expect((await c.get('/api/app/user/getBalance', token)).json().status).toBe(0);
    const done = await c.post('/api/app/user/changePwd', token, { oldPwd: PWD, nPwd: 'changed secret' });
    expect(done.statusCode).toBe(200);
    for (const tok of [token, other]) {
      expect((await c.get('/api/app/user/getBalance', tok)).json().status).toBe(40101);
    }
    expect((await c.login(username, 'changed secret')).statusCode).toBe(200);
  });

  it('kills a reset code and a checked reset when the player changes the password meanwhile', async () => {
    const mailedCode = async (username: string) => {
      await c.form('/api/app/main/RESETPWD/sendEmail', { email: username });
      const mail = (await c.get(`/sandbox/outbox.json?to=${encodeURIComponent(username)}`)).json().data[0];
      return /\b(\d{6})\b/.exec(mail.text)![1]!;
    };
    const change = (token: string, nPwd: string) =>
      c.post('/api/app/user/changePwd', token, { oldPwd: PWD, nPwd });

    // Someone reading the player's mailbox asks for a code; the player changes the password.
    const a = await c.signUp();
    const code = await mailedCode(a.username);
    expect((await change(a.token, 'mine again 1')).statusCode).toBe(200);
    const late = await c.form('/api/app/main/RESETPWD/checkEmail', { email: a.username, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Código incorreto ou expirado');

    // The same with the code already checked: its chkId sets no password.
    const b = await c.signUp();
    const checked = await c.form('/api/app/main/RESETPWD/checkEmail', {
      email: b.username,
      code: await mailedCode(b.username),
    });
    const chkId = checked.json().data.chkId as string;
    expect((await change(b.token, 'mine again 2')).statusCode).toBe(200);
    expect((await c.form('/api/app/main/setPwd', { nPwd: 'the intruder 1', chkId })).statusCode).toBe(400);
    expect((await c.login(b.username, 'the intruder 1')).statusCode).toBe(400);
    expect((await c.login(b.username, 'mine again 2')).statusCode).toBe(200);
  });

  it('answers sendEmail alike for known and unknown e-mails, limits resends and wrong codes', async () => {
    const { username } = await c.signUp();
    const known = await c.form('/api/app/main/RESETPWD/sendEmail', { email: username });
    const unknown = await c.form('/api/app/main/RESETPWD/sendEmail', { email: email('ghost') });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const again = await c.form('/api/app/main/RESETPWD/sendEmail', { email: username });
    expect(again.statusCode).toBe(429);

    const mail = (await c.get(`/sandbox/outbox.json?to=${encodeURIComponent(username)}`)).json().data;
    expect(mail).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(mail[0].text)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await c.form('/api/app/main/RESETPWD/checkEmail', { email: username, code: wrongCode });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Código incorreto ou expirado');
    }
    // Five wrong codes killed it: the right one no longer works.
    expect((await c.form('/api/app/main/RESETPWD/checkEmail', { email: username, code })).statusCode).toBe(
      400,
    );
    const missing = await c.form('/api/app/main/RESETPWD/checkEmail', { email: username });
    expect(missing.json().message).toBe('Digite o código de 6 dígitos');
  });

  it('stops reset codes for a day after ten wrong ones over several codes, for known and unknown e-mails alike', async () => {
    const { username } = await c.signUp();
    const ghost = email('ghost');
    const resend = (to: string) =>
      // The minute between two codes, passed.
      t.database.db
        .update(passwordResets)
        .set({ sentAt: new Date(Date.now() - 120_000) })
        .where(eq(passwordResets.email, to))
        .then(() => c.form('/api/app/main/RESETPWD/sendEmail', { email: to }));
    const guess = (to: string) => c.form('/api/app/main/RESETPWD/checkEmail', { email: to, code: '000000' });
    for (const to of [username, ghost]) {
      expect((await c.form('/api/app/main/RESETPWD/sendEmail', { email: to })).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) await guess(to);
      // A new code gives five more tries, not five more each time.
      expect((await resend(to)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await guess(to)).statusCode).toBe(400);
      const locked = await resend(to);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Muitos códigos errados para este e-mail. Tente de novo em 24 horas ou fale com o suporte',
      );
    }
    const mails = (await c.get(`/sandbox/outbox.json?to=${encodeURIComponent(username)}`)).json().data;
    expect(mails).toHaveLength(2);
    // A day later the e-mail gets codes again, and the right one works.
    await t.database.db
      .update(passwordResets)
      .set({ failuresSince: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(passwordResets.email, username));
    expect((await resend(username)).statusCode).toBe(200);
    const [latest] = (await c.get(`/sandbox/outbox.json?to=${encodeURIComponent(username)}`)).json().data;
    const code = /\b(\d{6})\b/.exec(latest.text)![1]!;
    const right = await c.form('/api/app/main/RESETPWD/checkEmail', { email: username, code });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('sends the reset mail in the request language and expires the code after 15 minutes', async () => {
    const { username } = await c.signUp();
    await t.app.inject({
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      headers: { lang: 'en' },
      payload: { email: username },
    });
    const mail = (await c.get(`/sandbox/outbox.json?to=${encodeURIComponent(username)}`)).json().data[0];
    expect(mail.subject).toBe('Your verification code');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
    expect((await c.form('/api/app/main/RESETPWD/checkEmail', { email: username, code })).statusCode).toBe(
      400,
    );
  });

  it('throttles wrong passwords per account and source with growing waits, and never locks the owner out', async () => {
    const { username } = await c.signUp();
    const stranger = `10.66.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const wait = (seconds: number) => ({
      status: 42900,
      message: `Muitas tentativas erradas daqui. Tente novamente em ${seconds} segundos`,
      data: null,
    });
    // Known and unknown e-mails alike, so the answers tell nobody who is registered.
    for (const name of [username, email('ghost')]) {
      for (let i = 0; i < 5; i++) expect((await c.login(name, 'wrong', stranger)).statusCode).toBe(400);
      expect((await c.login(name, 'wrong', stranger)).json()).toEqual(wait(5));
    }
    // The owner, from anywhere else, signs in at once.
    expect((await c.login(username, PWD, '10.55.0.1')).statusCode).toBe(200);
    // From the stranger's source even the right password waits: nothing is checked meanwhile.
    expect((await c.login(username, PWD, stranger)).statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start + 6_000);
    expect((await c.login(username, 'wrong', stranger)).statusCode).toBe(400);
    expect((await c.login(username, 'wrong', stranger)).json()).toEqual(wait(10));
    vi.setSystemTime(start + 17_000);
    expect((await c.login(username, 'wrong', stranger)).statusCode).toBe(400);
    expect((await c.login(username, 'wrong', stranger)).json()).toEqual(wait(20));
    // After a quiet lock period the count starts again.
    vi.setSystemTime(start + 16 * 60_000);
    expect((await c.login(username, 'wrong', stranger)).statusCode).toBe(400);
    expect((await c.login(username, PWD, stranger)).statusCode).toBe(200);
  });

  it('checks no more passwords than allowed when the guesses are sent all at once', async () => {
    const { username, token } = await c.signUp();
    const stranger = `10.67.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const statuses = async (calls: Promise<{ statusCode: number }>[]) =>
      (await Promise.all(calls)).map((r) => r.statusCode).sort();
    const burst = await statuses(
      Array.from({ length: 12 }, (_, i) => c.login(username, `guess ${i}`, stranger)),
    );
    expect(burst).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    // A password change sends no captcha: a stolen session's burst of guesses is held the same way.
    const change = (oldPwd: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/user/changePwd',
        remoteAddress: '10.68.0.9',
        headers: { authorization: `Bearer ${token}` },
        payload: { oldPwd, nPwd: 'a new secret' },
      });
    const changes = await statuses(Array.from({ length: 12 }, (_, i) => change(`guess ${i}`)));
    expect(changes).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    expect((await c.login(username, PWD, '10.55.0.3')).statusCode).toBe(200);
  });

  it('answers every sign-in of a burst mixing the right password with wrong ones: signed in or refused, never an error', async () => {
    const { username } = await c.signUp();
    const source = `10.69.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    // Each right password deletes the count while the wrong ones are taking theirs.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => c.login(username, i % 2 ? PWD : `guess ${i}`, source)),
    );
    for (const [i, a] of answers.entries()) expect([i % 2 ? 200 : 400, 429], a.body).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
  });

  it('counts wrong current passwords of a password change as wrong sign-ins: a stolen session cannot guess on', async () => {
    const { username, token } = await c.signUp();
    const change = (oldPwd: string, remoteAddress = '10.44.0.9') =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/user/changePwd',
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
        payload: { oldPwd, nPwd: 'a new secret' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess ${i}`)).statusCode).toBe(400);
    // Even the right one now waits from there, and so does a sign-in from there.
    const sixth = await change(PWD);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Muitas tentativas erradas daqui. Tente novamente em 5 segundos');
    expect((await c.login(username, PWD, '10.44.0.9')).statusCode).toBe(429);
    // The owner, from elsewhere, changes it at once.
    expect((await change(PWD, '10.44.0.10')).statusCode).toBe(200);
    expect((await c.login(username, 'a new secret', '10.44.0.11')).statusCode).toBe(200);
  });

  it('counts wrong passwords from one IPv6 /64 together, whichever of its addresses they come from', async () => {
    const { username } = await c.signUp();
    const net64 = `2001:db8:${crypto.randomInt(1, 0xffff).toString(16)}:7`;
    const from = (i: number) => `${net64}:${i.toString(16)}::${(i * 7).toString(16)}`;
    for (let i = 1; i <= 5; i++) expect((await c.login(username, 'wrong', from(i))).statusCode).toBe(400);
    const sixth = await c.login(username, 'wrong', from(6));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Muitas tentativas erradas daqui. Tente novamente em 5 segundos');
    // Written in full, the same network waits too; another /64 and the owner's IPv4 address do not.
    expect((await c.login(username, PWD, `2001:0DB8:${net64.split(':')[2]}:0007:0:0:0:1`)).statusCode).toBe(
      429,
    );
    expect((await c.login(username, PWD, `2001:db8:${net64.split(':')[2]}:8::1`)).statusCode).toBe(200);
    expect((await c.login(username, PWD, '10.55.0.2')).statusCode).toBe(200);
  });

  it('shows the outbox as escaped HTML', async () => {
    const res = await c.get('/sandbox/outbox');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Sandbox outbox');
    expect(res.body).not.toMatch(/<script/i);
  });
});

describe('login throttling', () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_MAX_FAILURES: '3',
      LOGIN_LOCK_MINUTES: '15',
      LOGIN_PER_IP_PER_MINUTE: '4',
    });
    c = client(t);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  // Each test signs in from its own address, so the per-IP limit (shared through Redis) stays apart.
  const address = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

  it('limits sign-in attempts per IP address', async () => {
    const { username } = await c.signUp();
    const ip = address();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await c.login(username, PWD, ip)).statusCode);
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(codes[4]).toBe(429);
    expect((await c.login(username, PWD, address())).statusCode).toBe(200);
  });
});
