import crypto from 'node:crypto';
import {
  bonusesAnswer,
  operatorBonus,
  operatorBonusList,
  referralJobAnswer,
  userInfo,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, TEST_OPERATOR_KEY, withoutVipRewards } from './helpers';
import {
  paymentsClient,
  paymentsTestApp,
  type Player,
  type TestApp,
} from '../src/modules/payments/payments.test-client';
import { coolOffDuringTheClaim } from './promo.exclusion';

const OPS = '/api/operator/promo/bonuses';

describe('operators and players’ bonuses', () => {
  let t: TestApp;
  let c: ReturnType<typeof paymentsClient>;
  beforeAll(async () => {
    t = await paymentsTestApp();
    c = paymentsClient(t);
    await withoutVipRewards(t.app);
  });
  afterAll(async () => expectCleanLedgerThenClose(t.database, t.close));

  const grant = (body: unknown, key: string | null = crypto.randomUUID(), operatorKey = TEST_OPERATOR_KEY) =>
    t.app.inject({
      method: 'POST',
      url: OPS,
      headers: { 'x-operator-key': operatorKey, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  const info = async (p: Player) =>
    userInfo.parse((await c.call('GET', '/api/app/user/userInfo', p.token)).json().data);
  const audits = async (target: string) =>
    (
      (await t.database.db.execute(
        sql`select action from operator_audit where target = ${target} order by id`,
      )) as unknown as { rows: { action: string }[] }
    ).rows.map((r) => r.action);

  it('grants a bonus once per key, with its own wagering and expiry; lists and forfeits it; audited', async () => {
    const p = await c.signUp();
    const body = {
      userId: p.userId,
      amount: 2_500,
      wageringMultiple: 3,
      expiresInDays: 10,
      reason: 'Compensação',
    };
    const key = crypto.randomUUID();
    // A retry (also two at once) pays once; the same key with another body is refused.
    const both = await Promise.all([grant(body, key), grant(body, key)]);
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    const made = operatorBonus.parse(both[0]!.json().data);
    expect(operatorBonus.parse(both[1]!.json().data).id).toBe(made.id);
    expect(made).toMatchObject({ amount: 2_500, required: 7_500, remaining: 7_500, status: 'active' });
    const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);
    expect((await grant({ ...body, amount: 9_999 }, key)).statusCode).toBe(409);
    expect((await info(p)).freeBalance).toBe(25);
    const mine = bonusesAnswer.parse((await c.call('GET', '/api/app/promo/bonuses', p.token)).json().data);
    expect(mine.list.map((b) => [b.amount, b.required])).toEqual([[25, 75]]);

    const list = operatorBonusList.parse((await c.operator('GET', `${OPS}?userId=${p.userId}`)).json().data);
    expect(list.list.map((b) => b.id)).toEqual([made.id]);

    const forfeit = await c.operator('POST', `${OPS}/${made.id}/forfeit`);
    expect(forfeit.statusCode, forfeit.body).toBe(200);
    expect(operatorBonus.parse(forfeit.json().data)).toMatchObject({ status: 'forfeited', forfeited: 2_500 });
    expect((await info(p)).freeBalance).toBe(0);
    const again = await c.operator('POST', `${OPS}/${made.id}/forfeit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este bônus não está mais ativo.');
    expect(await audits(`bonus:${made.id}`)).toEqual([
      'promo.manage',
      'promo.manage',
      'promo.manage',
      'promo.manage',
    ]);
  });

  it('refuses the same key with another wagering multiple or expiry: never answers a grant not asked for', async () => {
    const p = await c.signUp();
    const body = { userId: p.userId, amount: 500, wageringMultiple: 2, expiresInDays: 5, reason: 'Teste' };
    const key = crypto.randomUUID();
    const first = await grant(body, key);
    expect(first.statusCode, first.body).toBe(200);
    const made = operatorBonus.parse(first.json().data);
    for (const other of [
      { ...body, wageringMultiple: 50 },
      { ...body, expiresInDays: 300 },
    ])
      expect((await grant(other, key)).statusCode).toBe(409);
    const again = await grant(body, key);
    expect(operatorBonus.parse(again.json().data)).toMatchObject({ id: made.id, required: 1_000 });
    expect((await c.operator('GET', `${OPS}?userId=${p.userId}`)).json().data.list).toHaveLength(1);
  });

  it('keeps what operators grant one player in 24 hours within the setting, also when grants come at once', async () => {
    const p = await c.signUp();
    const other = await c.signUp();
    const body = {
      userId: p.userId,
      amount: 3_000_00,
      wageringMultiple: 1,
      expiresInDays: 5,
      reason: 'Teste',
    };
    const key = crypto.randomUUID();
    expect((await grant(body, key)).statusCode).toBe(200);
    // Two more at once: only one fits under R$ 5.000 (3.000 + 2.000); the other is refused and pays nothing.
    const both = await Promise.all([
      grant({ ...body, amount: 2_000_00 }),
      grant({ ...body, amount: 2_000_00 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = both.find((r) => r.statusCode === 400)!;
    expect(refused.json().message.replace(/\u00a0/g, ' ')).toBe(
      'Os bônus concedidos a este jogador em 24 horas passariam de R$ 5.000,00: um crédito maior é um ajuste manual, aprovado por um segundo operador.',
    );
    expect((await grant({ ...body, amount: 1 })).statusCode).toBe(400);
    // A retry of the first grant answers it, as ever; another player has a limit of their own.
    expect((await grant(body, key)).statusCode).toBe(200);
    expect((await grant({ ...body, userId: other.userId, amount: 5_000_00 })).statusCode).toBe(200);
    expect((await info(p)).freeBalance).toBe(5_000);
    // The list tells the grant form the room left today and the usual multiple (the setting's 2×).
    const room = async (userId: number) =>
      operatorBonusList.parse((await c.operator('GET', `${OPS}?userId=${userId}`)).json().data);
    expect(await room(p.userId)).toMatchObject({
      wageringMultiple: 2,
      dailyMax: 5_000_00,
      grantableToday: 0,
    });
    const fresh = await c.signUp();
    expect(await room(fresh.userId)).toMatchObject({ list: [], grantableToday: 5_000_00 });
    // The setting moves the limit.
    await t.app.settings.change({ 'bonus.operatorDailyMax': 5_000_01 });
    try {
      expect((await room(p.userId)).grantableToday).toBe(1);
      expect((await grant({ ...body, amount: 1 })).statusCode).toBe(200);
    } finally {
      await t.app.settings.change({ 'bonus.operatorDailyMax': 5_000_00 });
    }
    expect((await info(p)).freeBalance).toBe(5_000.01);
  });

  it('pays nothing to a player whose cool-off committed while the grant was under way', async () => {
    const p = await c.signUp();
    const key = crypto.randomUUID();
    const spy = coolOffDuringTheClaim(t.app, p.userId);
    const res = await grant(
      { userId: p.userId, amount: 500, wageringMultiple: 2, expiresInDays: 5, reason: 'Teste' },
      key,
    );
    spy.mockRestore();
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('As promoções não estão disponíveis na sua conta.');
    expect((await c.operator('GET', `${OPS}?userId=${p.userId}`)).json().data.list).toEqual([]);
  });

  it('refuses bad input, a missing key, an unknown player or grant, and a caller without the permission', async () => {
    const p = await c.signUp();
    const body = { userId: p.userId, amount: 100, wageringMultiple: 1, expiresInDays: 1, reason: 'Teste' };
    for (const bad of [
      { ...body, amount: 0 },
      { ...body, amount: 1.5 },
      { ...body, wageringMultiple: -1 },
      // Bonus money that would convert at once is cash: an adjustment's (two operators), not a grant's.
      { ...body, wageringMultiple: 0 },
      { ...body, expiresInDays: 0 },
      { ...body, reason: '' },
      { ...body, extra: 1 },
    ])
      expect((await grant(bad)).statusCode).toBe(400);
    expect((await grant(body, null)).statusCode).toBe(400);
    expect((await grant({ ...body, userId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await grant(body, crypto.randomUUID(), 'wrong-key')).statusCode).toBe(401);
    expect((await c.operator('POST', `${OPS}/999999999/forfeit`)).statusCode).toBe(404);
    expect((await c.operator('GET', `${OPS}?userId=abc`)).statusCode).toBe(400);
    // The player's own session is no operator.
    const res = await c.call('POST', OPS, p.token, body);
    expect(res.statusCode).toBe(403);
    expect((await info(p)).freeBalance).toBe(0);
  });

  it('runs the referral job on demand (jobs.run, audited); a later day is refused', async () => {
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const res = await c.operator('POST', '/api/operator/jobs/promo.referrals/run', { day: today });
    expect(res.statusCode, res.body).toBe(200);
    expect(referralJobAnswer.parse(res.json().data).runs.map((r) => r.day)).toEqual([today]);
    expect(
      (await c.operator('POST', '/api/operator/jobs/promo.referrals/run', { day: '2999-01-01' })).statusCode,
    ).toBe(400);
    const nightly = referralJobAnswer.parse(
      (await c.operator('POST', '/api/operator/jobs/promo.referrals/run', {})).json().data,
    );
    expect(nightly.runs).toHaveLength(7);
    expect(await audits('job:promo.referrals')).toEqual(['jobs.run', 'jobs.run', 'jobs.run']);
    // Year 0: a valid ISO date, but no day of PostgreSQL's calendar (was a 500).
    for (const [lang, message] of [
      ['pt', 'Verifique as informações inseridas'],
      ['en', 'Please check the information entered'],
    ]) {
      const year0 = await c.call(
        'POST',
        '/api/operator/jobs/promo.referrals/run',
        undefined,
        { day: '0000-01-01' },
        { 'x-operator-key': TEST_OPERATOR_KEY, lang: lang! },
      );
      expect(year0.statusCode, year0.body).toBe(400);
      expect(year0.json().message).toBe(message);
    }
  });
});

describe('operators’ bonuses under JURISDICTION=br', () => {
  it('refuses a grant with a clear message and pays nothing', async () => {
    const t = await createTestApp({ JURISDICTION: 'br', SANDBOX_PIX_SECRET: 'x'.repeat(32) });
    try {
      const [u] = (
        (await t.database.db.execute(
          sql`insert into users (username, password_hash, yqm) values (${`br-${crypto.randomBytes(4).toString('hex')}@example.com`}, 'x', ${crypto.randomBytes(4).toString('hex').toUpperCase()}) returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      const res = await t.app.inject({
        method: 'POST',
        url: OPS,
        headers: { 'x-operator-key': TEST_OPERATOR_KEY, 'idempotency-key': crypto.randomUUID() },
        payload: {
          userId: Number(u!.id),
          amount: 100,
          wageringMultiple: 1,
          expiresInDays: 1,
          reason: 'Teste',
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('As promoções não estão disponíveis na sua conta.');
    } finally {
      await expectCleanLedgerThenClose(t.database, t.close);
    }
  });
});
