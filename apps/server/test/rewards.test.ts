import crypto from 'node:crypto';
import { gameBonusAnswer, ladderAnswer, userInfo } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, TEST_CAPTCHA } from './helpers';
import { reverse } from '../src/modules/ledger';
import { deliverLedgerFacts } from '../src/modules/wagering';
import {
  paymentsClient,
  randomCpf,
  SANDBOX_SECRET,
  type Player,
  type TestApp,
} from '../src/modules/payments/payments.test-client';
import { coolOffDuringTheClaim } from './promo.exclusion';

const PWD = 'correct horse 1';
/** The seeded packages: 3 is R$ 50 (BRL), 4 is R$ 100 (BRL), 40 is R$ 100 with a R$ 20 gift (EXPPAY). */
const R50 = 3;
const R100 = 4;
const EXPPAY_100 = 40;

describe('agent ladder and game bonus over HTTP', () => {
  let t: TestApp;
  let c: ReturnType<typeof paymentsClient>;
  beforeAll(async () => {
    // The outbox is relayed by hand: a test says when the game bonus's handlers run.
    t = await createTestApp({
      SANDBOX_PIX_SECRET: SANDBOX_SECRET,
      PUBLIC_URL: 'http://localhost:3500',
      OUTBOX_RELAY: 'paused',
    });
    c = paymentsClient(t);
    await c.setSettings({
      'promo.ladderMinDeposit': 10_000,
      'promo.ladderTiers': [
        { invitees: 1, reward: 500 },
        { invitees: 2, reward: 1_000 },
        { invitees: 5, reward: 5_000 },
      ],
      'promo.gameBonusMissions': [
        { turnover: 1_000, multiple: 150 },
        { turnover: 3_000, multiple: 200 },
      ],
    });
  });
  afterAll(async () => expectCleanLedgerThenClose(t.database, t.close));

  const relay = async () => {
    while ((await t.app.outbox.relayOnce()) > 0);
  };
  const data = (res: { statusCode: number; body: string; json(): { data: unknown } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const keyCount = async (key: string) =>
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${key}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

  /** Registers through the real route, with an invitation code, and files KYC (with this CPF). */
  async function signUp(regcode = '', cpf = randomCpf()): Promise<Player & { yqm: string }> {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await c.call('GET', `/api/auth/user/captcha/${codeId}`);
    const reg = await c.call('POST', '/api/auth/user/restRegister', undefined, {
      username: `lad-${crypto.randomBytes(5).toString('hex')}@example.com`,
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

  const ladder = async (p: Player) =>
    ladderAnswer.parse(data(await c.call('GET', '/api/app/promo/ladder', p.token)));
  const claim = (p: Player, tier: number | string) =>
    c.call('POST', `/api/app/promo/ladder/${tier}/claim`, p.token, {});

  it('counts direct invitees whose confirmed deposits reach the setting; pays a reached tier once', async () => {
    const a = await signUp();
    const b = await signUp(a.yqm);
    const cc = await signUp(a.yqm);
    // A second account of A (A's own CPF) and an invitee of B (A's level 2): neither counts for A.
    const self = await signUp(a.yqm, a.cpf);
    const grand = await signUp(b.yqm);
    await c.deposit(b, R100);
    await c.deposit(cc, R50);
    await c.deposit(self, R100);
    await c.deposit(grand, R100);

    let view = await ladder(a);
    expect(view).toMatchObject({ validInvitees: 1, invitees: 3, minDeposit: 100, next: 2, available: true });
    expect(view.tiers.map((x) => [x.tier, x.invitees, x.reward, x.reached, x.claimed])).toEqual([
      [1, 1, 5, true, false],
      [2, 2, 10, false, false],
      [3, 5, 50, false, false],
    ]);

    // A tier not reached, a tier that does not exist, a malformed one: refused, nothing paid.
    const early = await claim(a, 2);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Você ainda não tem convidados válidos suficientes para este nível.');
    expect((await claim(a, 9)).statusCode).toBe(404);
    expect((await claim(a, 'x')).statusCode).toBe(400);
    expect((await claim(a, 0)).statusCode).toBe(400);
    expect(await keyCount(`ladder:2:${a.userId}`)).toBe(0);

    // Two claims of tier 1 at once (two devices): one pays, the other is told it is claimed.
    const both = await Promise.all([claim(a, 1), claim(a, 1)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await keyCount(`ladder:1:${a.userId}`)).toBe(1);
    expect(userInfo.parse(data(await c.call('GET', '/api/app/user/userInfo', a.token))).freeBalance).toBe(5);
    const again = await claim(a, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A recompensa deste nível já foi resgatada.');

    // Another player cannot claim on A's behalf: the claim is always the session's player's own.
    const stranger = await signUp();
    expect((await claim(stranger, 1)).statusCode).toBe(422);
    expect(await keyCount(`ladder:1:${stranger.userId}`)).toBe(0);

    // C's second deposit makes 100 in all: two valid, tier 2 reached.
    const second = await c.deposit(cc, R50);
    view = await ladder(a);
    expect(view).toMatchObject({ validInvitees: 2, next: 3 });
    expect(view.tiers[0]).toMatchObject({ reached: true, claimed: true });

    // That deposit charged back: C no longer counts, tier 2 cannot be claimed.
    await t.database.db.execute(
      sql`update payment_orders set flag = 'chargedBack' where order_id = ${second.orderId}`,
    );
    expect((await ladder(a)).validInvitees).toBe(1);
    expect((await claim(a, 2)).statusCode).toBe(422);
  });

  it('pays no tier to a player whose cool-off committed while the claim was under way', async () => {
    const a = await signUp();
    const b = await signUp(a.yqm);
    await c.deposit(b, R100);
    expect((await ladder(a)).tiers[0]!.reached).toBe(true);
    const spy = coolOffDuringTheClaim(t.app, a.userId);
    const res = await claim(a, 1);
    spy.mockRestore();
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('As promoções não estão disponíveis na sua conta.');
    expect(await keyCount(`ladder:1:${a.userId}`)).toBe(0);
  });

  it('leaves out a deposit reversed in the ledger', async () => {
    const a = await signUp();
    const b = await signUp(a.yqm);
    const order = await c.deposit(b, R100);
    expect((await ladder(a)).validInvitees).toBe(1);
    const [credit] = (
      (await t.database.db.execute(
        sql`select id from ledger_transactions where idempotency_key = ${`deposit:${order.orderId}`}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await reverse(t.database.db, {
      txId: Number(credit!.id),
      idempotencyKey: `test-reverse:${order.orderId}`,
    });
    await relay();
    expect((await ladder(a)).validInvitees).toBe(0);
    expect((await claim(a, 1)).statusCode).toBe(422);
    expect(await keyCount(`ladder:1:${a.userId}`)).toBe(0);
  });

  const dice = async (p: Player, amount: number) =>
    data(
      await t.app.inject({
        method: 'POST',
        url: '/api/app/originals/dice/bet',
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': crypto.randomUUID() },
        payload: { amount, target: 50, condition: 'over' },
      }),
    );
  const gameBonus = async (p: Player) =>
    gameBonusAnswer.parse(data(await c.call('GET', '/api/app/promo/gamebonus', p.token)));

  it('unlocks multiples from settled turnover, pushes userBetAmount, and multiplies an EXPPAY gift once', async () => {
    const p = await signUp();
    await c.deposit(p, R100);
    await relay();
    expect(await gameBonus(p)).toEqual({
      turnover: 0,
      bouns: 1,
      next: { bouns: 1.5, amount: 10 },
      missions: [
        { turnover: 10, bouns: 1.5, reached: false },
        { turnover: 30, bouns: 2, reached: false },
      ],
      available: true,
    });

    const pushed: { userId: number; bouns: number; amount: number }[] = [];
    const off = await t.app.bus.subscribe('bonus.increaseOffered', (e) => {
      if (e.userId === p.userId) pushed.push(e);
    });
    await dice(p, 4);
    await relay();
    expect((await gameBonus(p)).next).toEqual({ bouns: 1.5, amount: 6 });
    expect(pushed).toEqual([]);
    await dice(p, 7);
    await relay();
    // R$ 11 settled: 1.5x unlocked; the push tells how much more unlocks 2x.
    const view = await gameBonus(p);
    expect(view).toMatchObject({ turnover: 11, bouns: 1.5, next: { bouns: 2, amount: 19 } });
    expect(pushed).toEqual([{ userId: p.userId, bouns: 2, amount: 1_900 }]);
    // Delivered again (another handler's retry): no second push for the same mission.
    await relay();
    expect(pushed).toHaveLength(1);
    await off();

    // An EXPPAY deposit (R$ 100, gift R$ 20): 1.5x makes R$ 10 more bonus, through the bonus engine.
    const order = await c.deposit(p, EXPPAY_100);
    await relay();
    expect(await keyCount(`gamebonus:${order.orderId}`)).toBe(1);
    const grants = (
      (await t.database.db.execute(
        sql`select g.amount from bonus_grants g join ledger_transactions t on t.id = g.tx_id
            where t.idempotency_key = ${`gamebonus:${order.orderId}`}`,
      )) as unknown as { rows: { amount: string }[] }
    ).rows;
    expect(grants.map((g) => Number(g.amount))).toEqual([1_000]);
    // The same credit delivered twice (at least once): paid once.
    await t.database.transaction((tx) =>
      t.app.rewards.gameBonus.onDepositCredited(
        { userId: p.userId, orderId: order.orderId, group: 'EXPPAY', gift: 2_000 },
        tx,
      ),
    );
    expect(await keyCount(`gamebonus:${order.orderId}`)).toBe(1);
    // The missions start again: the next EXPPAY deposit gets no multiple until more is bet.
    expect(await gameBonus(p)).toMatchObject({ turnover: 0, bouns: 1, next: { bouns: 1.5, amount: 10 } });
    const next = await c.deposit(p, EXPPAY_100);
    await relay();
    expect(await keyCount(`gamebonus:${next.orderId}`)).toBe(0);
  });

  it("the relay's check sends only players with a mission they were not told about to the push", async () => {
    const [told, below, due] = await Promise.all([signUp(), signUp(), signUp()]);
    for (const p of [told, below, due]) await c.deposit(p, R100);
    await relay();
    await dice(told, 11);
    await dice(below, 4);
    await relay(); // turnover counted; 1.5x unlocked for `told`, and pushed
    const { rows } = await t.database.executeSql('select coalesce(max(id), 0) as id from outbox_events');
    await dice(due, 11);
    await deliverLedgerFacts(t.database, Number(rows[0]!.id)); // its turnover counted, no relay: not told yet

    const facts = [told, below, due].map((p) => ({ userId: p.userId, currency: 'BRL' }));
    const checked = await t.database.transaction((tx) => t.app.rewards.gameBonus.pushesDue(facts, tx));
    expect(checked).toEqual([2]);
    // What the check found is what the relay then does.
    const pushed: number[] = [];
    const off = await t.app.bus.subscribe('bonus.increaseOffered', (e) => pushed.push(e.userId));
    await relay();
    await off();
    expect(pushed.filter((u) => [told, below, due].some((p) => p.userId === u))).toEqual([due.userId]);
  });

  it('refuses ladder tiers or missions out of order in the settings, changing nothing', async () => {
    const before = await t.app.settings.all();
    const tiers = await c.operator('PUT', '/api/operator/settings', {
      'promo.ladderTiers': [
        { invitees: 3, reward: 500 },
        { invitees: 3, reward: 900 },
      ],
    });
    expect(tiers.statusCode).toBe(400);
    const missions = await c.operator('PUT', '/api/operator/settings', {
      'promo.gameBonusMissions': [
        { turnover: 1_000, multiple: 200 },
        { turnover: 2_000, multiple: 150 },
      ],
    });
    expect(missions.statusCode).toBe(400);
    const after = await t.app.settings.all();
    expect(after['promo.ladderTiers']).toEqual(before['promo.ladderTiers']);
    expect(after['promo.gameBonusMissions']).toEqual(before['promo.gameBonusMissions']);
  });

  it('needs a session', async () => {
    expect((await c.call('GET', '/api/app/promo/ladder')).statusCode).toBe(401);
    expect((await c.call('POST', '/api/app/promo/ladder/1/claim', undefined, {})).statusCode).toBe(401);
    expect((await c.call('GET', '/api/app/promo/gamebonus')).statusCode).toBe(401);
  });
});
