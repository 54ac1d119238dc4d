import crypto from 'node:crypto';
import {
  activityClaimAnswer,
  activityDetail,
  activityList,
  operatorActivity,
  TxType,
  userInfo,
  type ActivityInput,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, TEST_CAPTCHA, withoutVipRewards } from './helpers';
import { hold, reverse, settle } from '../src/modules/ledger';
import {
  paymentsClient,
  paymentsTestApp,
  randomCpf,
  type Player,
  type TestApp,
} from '../src/modules/payments/payments.test-client';

const HOUR = 3_600_000;
const OPS = '/api/operator/promo/activities';
const APP = '/api/app/promo/activities';

/** A live activity around now, overridable. */
const activity = (patch: Partial<ActivityInput> = {}): ActivityInput => ({
  title: 'Primeiro depósito em dobro',
  bannerUrl: 'https://cdn.example.com/banner.png',
  body: '<p>Deposite e ganhe.</p>',
  kind: 'firstDeposit',
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  rewardType: 'percent',
  rewardValue: 5_000,
  rewardCap: 2_000,
  target: 0,
  wageringMultiple: 3,
  status: 'live',
  ...patch,
});

describe('activities over HTTP', () => {
  let t: TestApp;
  let c: ReturnType<typeof paymentsClient>;
  beforeAll(async () => {
    t = await paymentsTestApp();
    c = paymentsClient(t);
    // This file counts every credit; VIP upgrade rewards would add their own.
    await withoutVipRewards(t.app);
  });
  afterAll(async () => expectCleanLedgerThenClose(t.database, t.close));

  const data = (res: { statusCode: number; body: string; json(): { data: unknown } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const create = async (patch: Partial<ActivityInput> = {}) =>
    operatorActivity.parse(data(await c.operator('POST', OPS, activity(patch))));
  const detail = async (p: Player, id: number) =>
    activityDetail.parse(data(await c.call('GET', `${APP}/${id}`, p.token)));
  const claim = (p: Player, id: number) => c.call('POST', `${APP}/${id}/claim`, p.token, {});
  const info = async (p: Player) =>
    userInfo.parse(data(await c.call('GET', '/api/app/user/userInfo', p.token)));
  const keyed = async (key: string) =>
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${key}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
  const dice = async (p: Player, amount: number) =>
    data(
      await t.app.inject({
        method: 'POST',
        url: '/api/app/originals/dice/bet',
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': crypto.randomUUID() },
        payload: { amount, target: 50, condition: 'over' },
      }),
    );
  const depositTx = async (p: Player) =>
    (
      (await t.database.db.execute(
        sql`select id from ledger_transactions where user_id = ${p.userId} and type = ${TxType.DEPOSIT} order by id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => Number(r.id));

  it('pays a first-deposit match once, as bonus money with the activity’s wagering', async () => {
    const a = await create();
    const p = await c.signUp();
    // Nothing deposited: nothing to claim, and nothing paid.
    expect((await detail(p, a.id)).claimable).toBe(0);
    const early = await claim(p, a.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Ainda não há nada para resgatar: veja as condições da atividade.');

    await c.deposit(p); // R$ 100 (package 4, with its R$ 5 gift)
    const before = await info(p);
    const seen = await detail(p, a.id);
    expect(seen).toMatchObject({ progress: { current: 100, target: 0 }, claimable: 20, claimed: null });

    const paid = activityClaimAnswer.parse(data(await claim(p, a.id)));
    // 50% of R$ 100 is R$ 50, capped at R$ 20.
    expect(paid.paid).toBe(20);
    expect(paid.activity).toMatchObject({ claimable: 0, claimed: 20, joined: true });
    expect((await info(p)).freeBalance).toBe(before.freeBalance + 20);

    // Its bonus grant asks for 3 × R$ 20 of wagering (the activity's multiple, not the default).
    const bonuses = data(await c.call('GET', '/api/app/promo/bonuses', p.token)) as {
      list: { amount: number; required: number }[];
    };
    expect(bonuses.list).toContainEqual(expect.objectContaining({ amount: 20, required: 60 }));

    // A second claim is refused; the ledger holds one payment under the activity's key.
    const again = await claim(p, a.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Você já resgatou esta recompensa.');
    expect(await keyed(`activity:${a.id}:${p.userId}`)).toBe(1);

    // A second deposit is not a first deposit: another player's first deposit of R$ 50 is matched at 50%.
    const q = await c.signUp();
    await c.deposit(q, 3);
    expect((await detail(q, a.id)).claimable).toBe(20);
    const operatorView = data(await c.operator('GET', OPS)) as {
      list: { id: number; claims: number; paid: number }[];
    };
    expect(operatorView.list.find((x) => x.id === a.id)).toMatchObject({ claims: 1, paid: 2_000 });
  });

  it('two claims at once pay once', async () => {
    const a = await create({
      kind: 'deposit',
      rewardType: 'amount',
      rewardValue: 1_000,
      rewardCap: null,
      target: 5_000,
    });
    const p = await c.signUp();
    await c.deposit(p);
    const before = await info(p);
    const answers = await Promise.all([claim(p, a.id), claim(p, a.id), claim(p, a.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await info(p)).freeBalance).toBe(before.freeBalance + 10);
    expect(await keyed(`activity:${a.id}:${p.userId}`)).toBe(1);
  });

  it('a player only ever claims for themself; drafts and unknown ids are not found', async () => {
    const a = await create({
      kind: 'deposit',
      rewardType: 'amount',
      rewardValue: 500,
      rewardCap: null,
      target: 100,
    });
    const depositor = await c.signUp();
    const other = await c.signUp();
    await c.deposit(depositor);
    // The other player's claim looks at their own deposits (none): nothing for them, nothing taken from anyone.
    expect((await claim(other, a.id)).statusCode).toBe(409);
    expect((await detail(depositor, a.id)).claimable).toBe(5);
    // No body can name another player.
    const forged = await c.call('POST', `${APP}/${a.id}/claim`, other.token, { userId: depositor.userId });
    expect(forged.statusCode).toBe(400);
    expect(await keyed(`activity:${a.id}:${depositor.userId}`)).toBe(0);
    // Without a session, nothing.
    expect((await c.call('POST', `${APP}/${a.id}/claim`, undefined, {})).statusCode).toBe(401);

    // Joining is the player's own, idempotent; a claim is still what pays.
    const join = () => c.call('POST', `${APP}/${a.id}/join`, other.token, {});
    expect(activityDetail.parse(data(await join()))).toMatchObject({ joined: true, claimable: 0 });
    expect(activityDetail.parse(data(await join())).joined).toBe(true);
    expect((await detail(depositor, a.id)).joined).toBe(false);

    const draft = await create({ status: 'draft' });
    expect((await c.call('POST', `${APP}/${draft.id}/join`, other.token, {})).statusCode).toBe(404);
    expect((await c.call('GET', `${APP}/${draft.id}`, other.token)).statusCode).toBe(404);
    expect((await claim(other, draft.id)).statusCode).toBe(404);
    expect((await c.call('GET', `${APP}/999999`, other.token)).statusCode).toBe(404);
    expect((await c.call('GET', `${APP}/abc`, other.token)).statusCode).toBe(404);
    const listed = activityList.parse(data(await c.call('GET', APP, other.token)));
    expect(listed.list.map((x) => x.id)).toContain(a.id);
    expect(listed.list.map((x) => x.id)).not.toContain(draft.id);
  });

  it('a reversed or charged-back deposit does not count', async () => {
    const a = await create({
      kind: 'deposit',
      rewardType: 'percent',
      rewardValue: 1_000,
      rewardCap: null,
      target: 0,
    });
    const first = await create({ kind: 'firstDeposit' });
    const p = await c.signUp();
    await c.deposit(p); // R$ 100
    expect((await detail(p, a.id)).progress.current).toBe(100);
    const [txId] = await depositTx(p);
    await reverse(t.database.db, { txId: txId!, idempotencyKey: `test-reverse:${txId}` });
    expect(await detail(p, a.id)).toMatchObject({ progress: { current: 0 }, claimable: 0 });
    // The first deposit ever was reversed: a later one is not "first".
    const order = await c.deposit(p, 3); // R$ 50
    expect((await detail(p, first.id)).claimable).toBe(0);
    expect((await detail(p, a.id)).progress.current).toBe(50);
    // The provider charged the R$ 50 back (the order is flagged; money moves only by an operator's decision).
    await t.database.db.execute(
      sql`update payment_orders set flag = 'chargedBack' where order_id = ${order.orderId}`,
    );
    expect((await detail(p, a.id)).claimable).toBe(0);
    expect((await claim(p, a.id)).statusCode).toBe(409);
    expect((await claim(p, first.id)).statusCode).toBe(409);
  });

  it('a turnover mission counts settled stakes of the period and pays at the target', async () => {
    const a = await create({
      kind: 'turnover',
      rewardType: 'amount',
      rewardValue: 700,
      rewardCap: null,
      target: 1_000,
      wageringMultiple: 1,
    });
    const p = await c.signUp();
    await c.deposit(p);
    await dice(p, 6);
    expect(await detail(p, a.id)).toMatchObject({ progress: { current: 6, target: 10 }, claimable: 0 });
    expect((await claim(p, a.id)).statusCode).toBe(409);
    // A sports bet and its own cash-out add no turnover.
    const { txId: holdId } = await hold(t.database.db, {
      type: TxType.BET,
      userId: p.userId,
      amount: 1_000,
      product: 'sports',
      reference: `sports-bet:activity-${p.userId}`,
    });
    await settle(t.database.db, {
      holdId,
      capture: 1_000,
      to: [{ kind: 'house.sports', amount: 1_000 }],
      payout: { from: 'house.sports', amount: 950 },
      idempotencyKey: `sports:cashout:activity-${p.userId}:1`,
    });
    expect((await detail(p, a.id)).progress.current).toBe(6);
    await dice(p, 4);
    expect(await detail(p, a.id)).toMatchObject({ progress: { current: 10, target: 10 }, claimable: 7 });
    expect(activityClaimAnswer.parse(data(await claim(p, a.id))).paid).toBe(7);
    // Ended by the operator: no more claims, for anyone.
    data(await c.operator('POST', `${OPS}/${a.id}/end`, {}));
    const q = await c.signUp();
    await c.deposit(q);
    await dice(q, 10);
    const late = await claim(q, a.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Esta atividade não está em andamento.');
    expect((await detail(q, a.id)).status).toBe('ended');
  });

  it('sanitises the body on write, audits every save and refuses a stale one', async () => {
    const a = await create({
      body: '<p onclick="steal()">Olá<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="/vip">VIP</a><img src="http://evil.example/x.png"><iframe src="https://x"></iframe></p>',
    });
    expect(a.body).toBe('<p>Olá <a>x</a> <a href="/vip">VIP</a><img></p>');
    expect(a.version).toBe(1);

    const edit = { ...activity({ title: 'Novo título', body: '<b>ok</b><script>x()</script>' }), version: 1 };
    const saved = operatorActivity.parse(data(await c.operator('PUT', `${OPS}/${a.id}`, edit)));
    expect(saved).toMatchObject({ title: 'Novo título', body: '<b>ok</b>', version: 2 });
    // Another operator still on version 1: refused, nothing changed.
    const stale = await c.operator('PUT', `${OPS}/${a.id}`, { ...edit, title: 'Perdido' });
    expect(stale.statusCode).toBe(409);
    const list = data(await c.operator('GET', OPS)) as { list: { id: number; title: string }[] };
    expect(list.list.find((x) => x.id === a.id)!.title).toBe('Novo título');

    const audit = (await t.database.db.execute(
      sql`select action, target, before, after, outcome from operator_audit where target = ${`activity:${a.id}`} order by id`,
    )) as unknown as {
      rows: {
        action: string;
        before: { title: string } | null;
        after: { body: string; title: string } | null;
        outcome: string;
      }[];
    };
    expect(audit.rows.map((r) => [r.action, r.outcome])).toEqual([
      ['promo.manage', 'ok'],
      ['promo.manage', 'ok'],
      ['promo.manage', 'failed'],
    ]);
    expect(audit.rows[0]!.after!.body).not.toContain('script');
    expect(audit.rows[1]!.before!.title).toBe('Primeiro depósito em dobro');
    expect(audit.rows[1]!.after!.body).toBe('<b>ok</b>');

    // Bad input: a clear 400, nothing stored.
    const bad = await c.operator('POST', OPS, {
      ...activity(),
      endsAt: activity().startsAt,
      rewardValue: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await c.operator('POST', OPS, { ...activity(), bannerUrl: 'javascript:alert(1)' })).statusCode,
    ).toBe(400);
    expect((await c.operator('POST', OPS, { ...activity(), kind: 'turnover', target: 0 })).statusCode).toBe(
      400,
    );
    // A share above all of what qualified (150 %); the whole of it (100 %) is a reward like any other.
    expect((await c.operator('POST', OPS, { ...activity(), rewardValue: 15_000 })).statusCode).toBe(400);
    const whole = await c.operator('POST', OPS, { ...activity(), rewardValue: 10_000, status: 'draft' });
    expect(whole.statusCode, whole.body).toBe(200);
    // Without the operator key or a session: refused.
    expect((await c.call('POST', OPS, undefined, activity())).statusCode).toBe(401);
  });
});

describe('activities under JURISDICTION=br', () => {
  it('offers no promotion and refuses a claim with a clear message', async () => {
    const t = await createTestApp({ JURISDICTION: 'br', SANDBOX_PIX_SECRET: 'x'.repeat(32) });
    try {
      const c = paymentsClient(t);
      const a = operatorActivity.parse(
        (
          await c.operator(
            'POST',
            OPS,
            activity({ kind: 'deposit', rewardType: 'amount', rewardValue: 100, target: 0 }),
          )
        ).json().data,
      );
      // Registration under br asks for the CPF and the birth date.
      const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
      await c.call('GET', `/api/auth/user/captcha/${codeId}`);
      const reg = await c.call('POST', '/api/auth/user/restRegister', undefined, {
        username: `br-${crypto.randomBytes(5).toString('hex')}@example.com`,
        pwd: 'correct horse 1',
        pwd1: 'correct horse 1',
        codeId,
        captCode: TEST_CAPTCHA,
        cardNo: randomCpf(),
        birthDate: '1990-01-01',
      });
      expect(reg.statusCode, reg.body).toBe(200);
      const p = { token: reg.json().data.access_token as string };
      const list = activityList.parse((await c.call('GET', APP, p.token)).json().data);
      expect(list.available).toBe(false);
      const res = await c.call('POST', `${APP}/${a.id}/claim`, p.token, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('As promoções não estão disponíveis na sua conta.');
      expect((await c.call('POST', `${APP}/${a.id}/join`, p.token, {})).statusCode).toBe(403);
    } finally {
      await expectCleanLedgerThenClose(t.database, t.close);
    }
  });
});
