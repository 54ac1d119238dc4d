import crypto from 'node:crypto';
import { RG_PATH, rgLimits, rgOperatorPlayer } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  onPostgres,
  TEST_CAPTCHA,
  TEST_OPERATOR_KEY,
} from '../../../test/helpers';
import { holdLock, lockWaiters } from '../../../test/lock-waits';

/**
 * Responsible gambling's routes against bad input and over the calendar: a limit with more than two decimals
 * (the player's, an operator's, the loss limit asked at registration) and a player id past the column are a
 * 400 in the request's language that changes nothing, never a 500; the month's figures count only the month's
 * days, also in a week that began in the month before.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const PWD = 'correct horse 1';
const INVALID = {
  pt_BR: 'O limite deve ser um valor positivo, com no máximo 2 casas decimais',
  en: 'A limit must be a positive amount with at most 2 decimals',
};
const operator = { 'x-operator-key': TEST_OPERATOR_KEY };

async function register(extra: Record<string, unknown> = {}, lang?: string) {
  const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
  expect((await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` })).statusCode).toBe(200);
  const username = `rg-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/user/restRegister',
    headers: lang ? { lang } : {},
    payload: { username, pwd: PWD, pwd1: PWD, codeId, captCode: TEST_CAPTCHA, ...extra },
  });
  return { res, username };
}

async function player() {
  const { res } = await register();
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.access_token as string;
  const info = await t.app.inject({
    url: '/api/app/user/userInfo',
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, userId: info.json().data.uId as number };
}

const own = (token: string, body?: object, lang?: string) =>
  t.app.inject({
    method: body ? 'PUT' : 'GET',
    url: `${RG_PATH}/limits`,
    headers: { authorization: `Bearer ${token}`, ...(lang ? { lang } : {}) },
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('a limit with more than two decimals is a 400 that changes nothing', () => {
  it('the player’s own limits, in the request’s language', async () => {
    const p = await player();
    for (const [body, lang] of [
      [{ deposit: { day: 10.000000001 } }, 'pt_BR'],
      [{ loss: { month: 10.000000001 } }, 'en'],
      [{ stake: { week: 10.005 } }, 'en'],
      [{ deposit: { day: 0.1 + 0.2 } }, 'pt_BR'],
    ] as const) {
      const res = await own(p.token, body, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(INVALID[lang]);
    }
    const body = rgLimits.parse((await own(p.token)).json().data);
    for (const kind of ['deposit', 'loss', 'stake'] as const)
      for (const period of ['day', 'week', 'month'] as const)
        expect(body[kind][period]).toMatchObject({ value: null, pending: null });
    expect(await rows(sql`select * from rg_limits where user_id = ${p.userId}`)).toEqual([]);
    // Two decimals exactly are taken.
    const ok = await own(p.token, { deposit: { day: 10.01 }, loss: { week: 0.1 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(rgLimits.parse(ok.json().data).deposit.day.value).toBe(10.01);
  });

  it('an operator’s limits on a player: 400, the version and the limits as they were', async () => {
    const p = await player();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/operator/rg/players/${p.userId}/limits`,
      headers: { ...operator, lang: 'en' },
      payload: { deposit: { day: 10.000000001 }, version: 0 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(INVALID.en);
    const view = await t.app.inject({ url: `/api/operator/rg/players/${p.userId}`, headers: operator });
    expect(view.statusCode, view.body).toBe(200);
    const after = rgOperatorPlayer.parse(view.json().data);
    expect(after.version).toBe(0);
    expect(after.limits.deposit.day.operatorValue).toBeNull();
    expect(await rows(sql`select * from rg_limits where user_id = ${p.userId}`)).toEqual([]);
  });

  it('the loss limit asked at registration: 400, no account made', async () => {
    for (const [lossLimit, lang] of [
      [10.005, 'pt_BR'],
      [10.000000001, 'en'],
    ] as const) {
      const { res, username } = await register({ lossLimit }, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(INVALID[lang]);
      expect(await rows(sql`select id from users where username = ${username}`)).toEqual([]);
    }
    // Two decimals are taken, and in force at once.
    const { res } = await register({ lossLimit: 10.05 });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.access_token as string;
    expect(rgLimits.parse((await own(token)).json().data).loss.day.value).toBe(10.05);
  });
});

describe('a player id past the integer column', () => {
  it('is a 400 on the operator’s view and limits, never a database error', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/operator/rg/players/3000000000', undefined],
      ['GET', '/api/operator/rg/players/2147483648', undefined],
      ['PUT', '/api/operator/rg/players/3000000000/limits', { deposit: { day: 10 }, version: 0 }],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...operator, lang: 'en' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    }
    expect(await rows(sql`select * from rg_players where user_id > 2147483000`)).toEqual([]);
  });
});

describe('an unknown player in the operator’s view', () => {
  it('is a 404 in the request’s language, not a player without limits or exclusions', async () => {
    const [max] = await rows<{ id: number | string }>(sql`select coalesce(max(id), 0) as id from users`);
    const res = await t.app.inject({
      url: `/api/operator/rg/players/${Number(max!.id) + 1000}`,
      headers: { ...operator, lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Player not found');
    const p = await player();
    const known = await t.app.inject({ url: `/api/operator/rg/players/${p.userId}`, headers: operator });
    expect(known.statusCode, known.body).toBe(200);
    expect(rgOperatorPlayer.parse(known.json().data).userId).toBe(p.userId);
  });
});

describe('the month’s figures', () => {
  it('count only the month’s days when the week began in the month before', async () => {
    const p = await player();
    // Thursday 2 April 2026 (Brasília): its week began on Monday 30 March, its month on 1 April.
    const original = (
      await rows<{ def: string }>(sql`select pg_get_functiondef('rg_today()'::regprocedure) as def`)
    )[0]!.def;
    await t.database.db.execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION rg_today() RETURNS date LANGUAGE sql STABLE AS $$ SELECT date '2026-04-02' $$`,
      ),
    );
    try {
      await t.database.db.execute(
        sql`insert into rg_usage (user_id, day, staked, paid, deposited) values
              (${p.userId}, '2026-03-29', 7000, 0, 9000),
              (${p.userId}, '2026-03-30', 1000, 200, 5000),
              (${p.userId}, '2026-03-31', 2000, 0, 0),
              (${p.userId}, '2026-04-01', 300, 100, 1000),
              (${p.userId}, '2026-04-02', 40, 0, 0)`,
      );
      const used = rgLimits.parse((await own(p.token)).json().data);
      const figures = (kind: 'stake' | 'loss' | 'deposit') => ({
        day: used[kind].day.used,
        week: used[kind].week.used,
        month: used[kind].month.used,
      });
      expect(figures('stake')).toEqual({ day: 0.4, week: 33.4, month: 3.4 });
      expect(figures('loss')).toEqual({ day: 0.4, week: 30.4, month: 2.4 });
      expect(figures('deposit')).toEqual({ day: 0, week: 60, month: 10 });
    } finally {
      await t.database.db.execute(sql.raw(original));
    }
  });
});

describe('two changes of a limit at once', () => {
  // Only PostgreSQL runs two transactions at once (PGlite has one connection), so only there can they meet.
  it.runIf(onPostgres)(
    'end as if one came after the other: a lowering is never undone at once by a raise beside it',
    async () => {
      const p = await player();
      expect((await own(p.token, { deposit: { day: 100 } })).statusCode).toBe(200);
      // The limit's row held here while the two changes arrive: each gets as far as it can without it.
      const release = await holdLock(
        t.database,
        sql`select 1 from rg_limits where user_id = ${p.userId} and kind = 'deposit' and period = 'day'
            for update`,
      );
      const lower = own(p.token, { deposit: { day: 50 } });
      await lockWaiters(t.database, 1);
      const raise = own(p.token, { deposit: { day: 80 } });
      await lockWaiters(t.database, 2);
      await release();
      const answers = await Promise.all([lower, raise]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      // 50 applies at once; 80 is a raise from 50, so it waits its 24 hours.
      const day = rgLimits.parse((await own(p.token)).json().data).deposit.day;
      expect({ value: day.value, pending: day.pending?.value ?? null }).toEqual({ value: 50, pending: 80 });
      await expect(t.app.rg.assertCanDeposit(p.userId, 60_00)).rejects.toMatchObject({
        key: 'rgLimitDepositDay',
      });
    },
    60_000,
  );
});
