import crypto from 'node:crypto';
import { referralsAnswer, signinSheet, TxType, userInfo } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectCleanLedgerThenClose, TEST_CAPTCHA, testPlayers } from './helpers';
import { hold, resettle, settle, settledTurnover } from '../src/modules/ledger';
import {
  paymentsClient,
  paymentsTestApp,
  randomCpf,
  type Player,
  type TestApp,
} from '../src/modules/payments/payments.test-client';
import { saoPauloDay, saoPauloDayStart } from '../src/modules/promo';
import { coolOffDuringTheClaim } from './promo.exclusion';

const PWD = 'correct horse 1';
const DAY_MS = 86_400_000;

describe('promotions over HTTP: referrals and the daily sign-in', () => {
  let t: TestApp;
  let c: ReturnType<typeof paymentsClient>;
  beforeAll(async () => {
    t = await paymentsTestApp();
    c = paymentsClient(t);
    // 10%, 5% and 2%: a small bet pays a visible commission at every level.
    await c.setSettings({ 'promo.referralRatesBp': [1_000, 500, 200] });
  });
  afterAll(async () => expectCleanLedgerThenClose(t.database, t.close));
  afterEach(() => vi.useRealTimers());

  const data = (res: { statusCode: number; body: string; json(): { data: unknown } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const info = async (p: Player) =>
    userInfo.parse(data(await c.call('GET', '/api/app/user/userInfo', p.token)));

  /** Registers through the real route, with an invitation code, and files KYC (deposits need it). */
  async function signUp(regcode = '', cpf = randomCpf()): Promise<Player & { yqm: string }> {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await c.call('GET', `/api/auth/user/captcha/${codeId}`);
    const reg = await c.call('POST', '/api/auth/user/restRegister', undefined, {
      username: `ref-${crypto.randomBytes(5).toString('hex')}@example.com`,
      pwd: PWD,
      pwd1: PWD,
      codeId,
      captCode: TEST_CAPTCHA,
      regcode,
    });
    const token = (data(reg) as { access_token: string }).access_token;
    data(await c.call('POST', '/api/app/user/updateKyc', token, { name: 'Ana Maria Souza', cardNo: cpf }));
    const me = userInfo.parse(data(await c.call('GET', '/api/app/user/userInfo', token)));
    return { token, userId: me.uId, cpf, yqm: me.yqm };
  }

  const dice = async (p: Player, amount: number) =>
    data(
      await t.app.inject({
        method: 'POST',
        url: '/api/app/originals/dice/bet',
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': crypto.randomUUID() },
        payload: { amount, target: 50, condition: 'over' },
      }),
    );

  it('pays the daily commission on invitees’ settled turnover at levels 1, 2 and 3, once', async () => {
    // A invites B, B invites C, C invites D.
    const a = await signUp();
    const b = await signUp(a.yqm);
    const cc = await signUp(b.yqm.toLowerCase());
    const d = await signUp(cc.yqm);
    // C and D deposit through the sandbox PIX page (R$ 100) and bet on dice: R$ 10 + R$ 10, and R$ 20.
    await c.deposit(cc);
    await c.deposit(d);
    await dice(cc, 10);
    await dice(cc, 10);
    await dice(d, 20);

    const day = saoPauloDay(new Date());
    // The daily job runs after midnight in São Paulo: it pays the days before, this one included.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DAY_MS);
    const runs = await t.app.promo.payDueReferrals();
    expect(runs.map((r) => r.day)).toContain(day);
    const first = runs.find((r) => r.day === day)!;
    // B (C at 1, D at 2), A (C at 2, D at 3), C (D at 1).
    expect(first).toMatchObject({ day, paid: 3 });
    // B: 10% of 20 + 5% of 20 = 3,00; A: 5% of 20 + 2% of 20 = 1,40; C: 10% of 20 = 2,00.
    expect(first.amount).toBe(300 + 140 + 200);

    const ib = await info(b);
    expect([ib.level1Person, ib.level2Person, ib.level3Person]).toEqual([1, 1, 0]);
    expect([ib.level1Amount, ib.level2Amount, ib.level3Amount]).toEqual([2, 1, 0]);
    const ia = await info(a);
    expect([ia.level1Person, ia.level2Person, ia.level3Person]).toEqual([1, 1, 1]);
    expect([ia.level1Amount, ia.level2Amount, ia.level3Amount]).toEqual([0, 1, 0.4]);
    // Paid as bonus money (with its wagering requirement).
    expect(ia.freeBalance).toBe(1.4);

    // Run again (a retried job, two nodes at once): nothing more is paid.
    const again = await Promise.all([t.app.promo.payDueReferrals(), t.app.promo.payReferrals(day)]);
    expect(again.flat().every((r) => r.paid === 0)).toBe(true);
    expect((await info(a)).level2Amount).toBe(1);
    const keyed = (await t.database.db.execute(
      sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`referral:${a.userId}:${day}`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(keyed.rows[0]!.n).toBe(1);

    // The /share figures: link, persons and amounts per level, invitees with masked names and activity.
    const refs = referralsAnswer.parse(data(await c.call('GET', '/api/app/promo/referrals', b.token)));
    expect(refs.yqm).toBe(b.yqm);
    expect(refs.link).toBe(`http://localhost:3500/y${b.yqm}`);
    expect(refs.levels).toEqual([
      { level: 1, persons: 1, amount: 2, ratePercent: 10 },
      { level: 2, persons: 1, amount: 1, ratePercent: 5 },
      { level: 3, persons: 0, amount: 0, ratePercent: 2 },
    ]);
    expect(refs.invitees.map((i) => [i.level, i.name, i.turnover30d, i.lastActiveDay])).toEqual([
      [2, 'An* M**** S****', 20, day],
      [1, 'An* M**** S****', 20, day],
    ]);
    expect(JSON.stringify(refs)).not.toContain('@example.com');
  });

  it('pays the commission on corrected turnover: a raise pays the difference once, a void is offset from the next', async () => {
    const a = await signUp();
    const b = await signUp(a.yqm);
    await c.deposit(b); // R$ 100
    const day = saoPauloDay(new Date());
    const stake = async (amount: number, capture: number, key: string) => {
      const { txId } = await hold(t.database.db, {
        type: TxType.BET,
        userId: b.userId,
        amount,
        product: 'sports',
        reference: `sports-bet:${key}`,
      });
      await settle(t.database.db, {
        holdId: txId,
        capture,
        to: [{ kind: 'house.sports', amount: capture }],
        idempotencyKey: key,
      });
      return txId;
    };
    const tag = crypto.randomBytes(4).toString('hex');
    // R$ 20 staked, R$ 10 captured (a partial result), and a bet cashed out by its own cash-out (no turnover).
    const bet = await stake(2_000, 1_000, `sports:settle:${tag}`);
    await stake(3_000, 3_000, `sports:cashout:${tag}:1`);
    const run = async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + DAY_MS);
      try {
        return (await t.app.promo.payDueReferrals()).find((r) => r.day === day)!;
      } finally {
        vi.useRealTimers();
      }
    };
    const keys = async () =>
      (
        (await t.database.db.execute(
          sql`select idempotency_key as k from ledger_transactions
              where starts_with(idempotency_key, ${`referral:${a.userId}:`}) order by id`,
        )) as unknown as { rows: { k: string }[] }
      ).rows.map((r) => r.k);

    expect(await run()).toMatchObject({ paid: 1, amount: 100 }); // 10% of R$ 10
    expect((await info(a)).level1Amount).toBe(1);

    // The result is corrected: the whole R$ 20 stands. The next run pays the difference, under a new key.
    await resettle(t.database.db, {
      holdId: bet,
      capture: 2_000,
      to: [{ kind: 'house.sports', amount: 2_000 }],
      idempotencyKey: `sports:resettle:${tag}:1`,
    });
    const both = await Promise.all([run(), run()]);
    expect(both.map((r) => r.amount).sort()).toEqual([0, 100]);
    expect(await run()).toMatchObject({ paid: 0, amount: 0 });
    expect(await keys()).toEqual([`referral:${a.userId}:${day}`, `referral:${a.userId}:${day}:1`]);
    expect((await info(a)).level1Amount).toBe(2);
    expect((await info(a)).freeBalance).toBe(2);

    // Then voided: nothing is taken from A's balance (it may be staked already); R$ 2 is owed instead.
    await resettle(t.database.db, {
      holdId: bet,
      capture: 0,
      to: [],
      idempotencyKey: `sports:resettle:${tag}:2`,
    });
    expect(await run()).toMatchObject({ paid: 0, amount: 0 });
    const ia = await info(a);
    expect([ia.level1Amount, ia.freeBalance]).toEqual([0, 2]);
    expect(await keys()).toHaveLength(2);

    // New turnover that day (R$ 30): R$ 3 earned, R$ 2 of it offsets what was owed, R$ 1 paid.
    await stake(3_000, 3_000, `sports:settle:${tag}:b`);
    expect(await run()).toMatchObject({ paid: 1, amount: 100 });
    const after = await info(a);
    expect([after.level1Amount, after.freeBalance]).toEqual([3, 3]);
    expect(await keys()).toEqual([
      `referral:${a.userId}:${day}`,
      `referral:${a.userId}:${day}:1`,
      `referral:${a.userId}:${day}:3`,
    ]);
  });

  it('pays nothing on a self-referral: an invitee with the inviter’s own CPF', async () => {
    const a = await signUp();
    const self = await signUp(a.yqm, a.cpf);
    const other = await signUp(self.yqm);
    await c.deposit(self);
    await c.deposit(other);
    await dice(self, 10);
    await dice(other, 10);
    const day = saoPauloDay(new Date());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DAY_MS);
    await t.app.promo.payReferrals(day);
    vi.useRealTimers();
    // A earns on `other` (level 2) only; `self` earns on `other` (level 1): different people.
    const ia = await info(a);
    expect([ia.level1Amount, ia.level2Amount]).toEqual([0, 0.5]);
    expect((await info(self)).level1Amount).toBe(1);
  });

  it('refuses a forged invitation code and changes nothing', async () => {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await c.call('GET', `/api/auth/user/captcha/${codeId}`);
    const username = `forged-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const res = await c.call('POST', '/api/auth/user/restRegister', undefined, {
      username,
      pwd: PWD,
      pwd1: PWD,
      codeId,
      captCode: TEST_CAPTCHA,
      regcode: 'ZZZZ9999',
    });
    expect(res.statusCode).toBe(400);
    const rows = (await t.database.db.execute(
      sql`select count(*)::int as n from users where username = ${username}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('cannot form a ring: the chain is fixed at registration, an inviter always registered first', async () => {
    const a = await signUp();
    const b = await signUp(a.yqm);
    // A's chain stays empty whatever B does: no call changes an inviter after registration.
    const [up] = await t.app.accounts.uplines(t.database.db, [a.userId]);
    expect(up!.chain).toEqual([null, null, null]);
    const [upB] = await t.app.accounts.uplines(t.database.db, [b.userId]);
    expect(upB!.chain).toEqual([a.userId, null, null]);
  });

  it('does not count a sports cash-out as turnover', async () => {
    const { fund, signUp: plain } = testPlayers(t.app, t.database);
    const p = await plain('co');
    await fund(p.id, 10_000);
    const stake = async (reference: string, key: string) => {
      const { txId } = await hold(t.database.db, {
        type: TxType.BET,
        userId: p.id,
        amount: 1_000,
        product: 'sports',
        reference,
      });
      await settle(t.database.db, {
        holdId: txId,
        capture: 1_000,
        to: [{ kind: 'house.sports', amount: 1_000 }],
        payout: { from: 'house.sports', amount: 900 },
        idempotencyKey: key,
      });
    };
    await stake('sports-bet:co-1', `sports:cashout:co-1:1`);
    await stake('sports-bet:co-2', `sports:settle:co-2`);
    const from = saoPauloDayStart(saoPauloDay(new Date()));
    const q = { from, to: new Date(from.getTime() + DAY_MS), userIds: [p.id] };
    expect((await settledTurnover(t.database.db, q))[0]!.turnover).toBe(2_000);
    const counted = await settledTurnover(t.database.db, { ...q, excludeKeyPrefixes: ['sports:cashout:'] });
    expect(counted[0]!.turnover).toBe(1_000);
  });

  describe('daily sign-in', () => {
    const sheet = async (p: Player) =>
      signinSheet.parse(data(await c.call('GET', '/api/app/promo/signin', p.token)));
    const claim = (p: Player, body: Record<string, unknown> = {}) =>
      c.call('POST', '/api/app/promo/signin', p.token, body);

    it('pays day 1 once, also when two devices claim at once; then day 2 the next day; a missed day restarts', async () => {
      const p = await signUp();
      const before = await sheet(p);
      expect(before).toMatchObject({ streak: 0, claimedToday: false, available: true });
      expect(before.days.map((d) => d.reward)).toEqual([1, 2, 3, 4, 5, 7, 10]);

      const answers = await Promise.all([claim(p), claim(p)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(refused.json().message).toMatch(/já foi resgatada/);
      expect((await info(p)).freeBalance).toBe(1);
      const again = await claim(p, {});
      expect(again.statusCode).toBe(409);
      expect((await info(p)).freeBalance).toBe(1);
      const after = await sheet(p);
      expect(after).toMatchObject({ streak: 1, claimedToday: true });
      expect(after.days.map((d) => d.claimed)).toEqual([true, false, false, false, false, false, false]);

      // The next São Paulo day: day 2 of the cycle.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + DAY_MS);
      expect(await sheet(p)).toMatchObject({ streak: 1, claimedToday: false });
      expect(signinSheet.parse(data(await claim(p)))).toMatchObject({ streak: 2, claimedToday: true });
      expect((await info(p)).freeBalance).toBe(3);

      // A day missed: the cycle starts again at day 1.
      vi.setSystemTime(Date.now() + 2 * DAY_MS);
      expect(await sheet(p)).toMatchObject({ streak: 0, claimedToday: false });
      const restarted = signinSheet.parse(data(await claim(p)));
      expect(restarted).toMatchObject({ streak: 1 });
      expect((await info(p)).freeBalance).toBe(4);
    });

    it('pays nothing to a player whose cool-off committed while the claim was under way', async () => {
      const p = await signUp();
      const spy = coolOffDuringTheClaim(t.app, p.userId);
      const res = await claim(p);
      spy.mockRestore();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('As promoções não estão disponíveis na sua conta.');
      const paid = (await t.database.db.execute(
        sql`select (select count(*)::int from promo_signins where user_id = ${p.userId})
              + (select count(*)::int from ledger_transactions
                 where idempotency_key = ${`signin:${p.userId}:${saoPauloDay(new Date())}`}) as n`,
      )) as unknown as { rows: { n: number }[] };
      expect(paid.rows[0]!.n).toBe(0);
    });

    it('claims only for the signed-in player: a body naming someone else is refused, no token is refused', async () => {
      const p = await signUp();
      const other = await signUp();
      const res = await claim(p, { userId: other.userId });
      expect(res.statusCode).toBe(400);
      expect((await c.call('POST', '/api/app/promo/signin', undefined, {})).statusCode).toBe(401);
      expect((await sheet(other)).streak).toBe(0);
      expect((await sheet(p)).streak).toBe(0);
    });
  });
});
