import crypto from 'node:crypto';
import { TxType } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { playerAccounts, post } from '../src/modules/ledger';
import { saoPauloDay } from '../src/modules/promo';
import { deliverLedgerFacts, recordCredit } from '../src/modules/wagering';
import type { Database } from '../src/platform/db';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_CAPTCHA,
  TEST_OPERATOR_KEY,
  testPlayers,
} from './helpers';

/**
 * The events that grant something (a bonus, a VIP level, a referral commission) on the real app, relay paused:
 * the change commits with its event and no push leaves; once the relay runs, the push handler runs once and
 * exactly one `balance.changed` reaches the bus; a delivery whose commit was lost after its handler ran (a
 * crash or a failure before the commit) is delivered again and still pushes once, and changes nothing.
 */
let app: App;
let database: Database;
let close: () => Promise<void>;
let players: ReturnType<typeof testPlayers>;
const pushes: number[] = [];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ OUTBOX_RELAY: 'paused' }));
  players = testPlayers(app, database);
  app.bus.subscribe('balance.changed', ({ userId }) => pushes.push(userId));
  // plpgsql on both engines: fails the first attempt's commit of every delivery of the handlers in `test_lose`.
  await database.executeSql('create table test_lose (handler text not null)');
  await database.executeSql(`create function test_lose_commit() returns trigger language plpgsql as $$
    begin
      if new.done_at is not null and old.done_at is null and new.attempts = 1
         and exists (select 1 from test_lose where handler = new.handler) then
        raise exception 'commit lost after the handler ran';
      end if;
      return new;
    end $$`);
  await database.executeSql(`create trigger test_lose_commit before update on outbox_deliveries
    for each row execute function test_lose_commit()`);
});
afterAll(() => expectCleanLedgerThenClose(database, close));

async function relay() {
  while ((await app.outbox.relayOnce()) > 0);
}
/** Bus messages travel through Redis on the PostgreSQL pass: time for any (stray) one to arrive. */
const settleBus = () => new Promise((r) => setTimeout(r, 200));
const pushesTo = (userId: number) => pushes.filter((u) => u === userId).length;

/** The deliveries of one handler for one player's events of its topic. */
async function deliveries(handler: string, userId: number) {
  const { rows } = await database.executeSql(
    `select d.attempts, d.done_at is not null as done, d.last_error from outbox_deliveries d
       join outbox_events e on e.id = d.event_id
      where d.handler = $1 and (e.payload->>'userId')::bigint = $2 order by d.event_id`,
    [handler, userId],
  );
  return rows.map((r) => ({ attempts: Number(r.attempts), done: Boolean(r.done), error: r.last_error }));
}

async function events(topic: string, userId: number) {
  const { rows } = await database.executeSql(
    `select payload from outbox_events where topic = $1 and (payload->>'userId')::bigint = $2 order by id`,
    [topic, userId],
  );
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}

/** What a second delivery must not change: the player's balances and ledger transactions. */
async function moneyOf(userId: number) {
  const { rows } = await database.executeSql(
    `select count(*)::int as n from ledger_postings where account_id in
       (select id from ledger_accounts where user_id = $1)`,
    [userId],
  );
  return { accounts: await playerAccounts(database.db, userId), entries: Number(rows[0]!.n) };
}

/**
 * The proof for one event, its change committed already (relay paused): no push yet; delivered, exactly one
 * push and one delivery done; a second delivery (its first commit lost after the handler ran) pushes once
 * more only because the first never committed, and changes nothing.
 */
async function provesPushFollowsDelivery(handler: string, userId: number) {
  await settleBus();
  expect(pushesTo(userId)).toBe(0);
  expect(await deliveries(handler, userId)).toEqual([]); // not even fanned out

  await relay();
  await settleBus();
  expect(pushesTo(userId)).toBe(1);
  expect(await deliveries(handler, userId)).toEqual([{ attempts: 1, done: true, error: null }]);

  // Delivered already: another pass delivers nothing and pushes nothing.
  expect(await app.outbox.relayOnce()).toBe(0);
  await settleBus();
  expect(pushesTo(userId)).toBe(1);
}

/** The same event delivered twice: the first delivery's commit is lost after its handler ran. */
async function provesRedeliveryPushesOnce(handler: string, userId: number, emit: () => Promise<void>) {
  const before = pushesTo(userId);
  await emit();
  const money = await moneyOf(userId);
  await database.executeSql('insert into test_lose (handler) values ($1)', [handler]);
  await relay();
  await settleBus();
  const [lost] = (await deliveries(handler, userId)).slice(-1);
  expect(lost).toMatchObject({ attempts: 1, done: false, error: expect.any(String) });
  expect(pushesTo(userId)).toBe(before); // the rolled-back delivery pushed nothing
  await database.executeSql('delete from test_lose');

  // Due again (its backoff made due by hand), delivered a second time: one push in all.
  await database.executeSql('update outbox_deliveries set next_at = now() where done_at is null');
  await relay();
  await settleBus();
  expect((await deliveries(handler, userId)).slice(-1)).toEqual([{ attempts: 2, done: true, error: null }]);
  expect(pushesTo(userId)).toBe(before + 1);
  expect(await moneyOf(userId)).toEqual(money);
}

describe('bonus.granted (wagering: every bonus credit)', () => {
  it('is written with the grant; the player’s push follows its delivery, once', async () => {
    const p = await players.signUp('bonus');
    const claim = () =>
      app.inject({
        method: 'POST',
        url: '/api/app/promo/signin',
        headers: { authorization: `Bearer ${p.token}` },
        payload: {},
      });
    expect((await claim()).statusCode).toBe(200);
    const [fact] = await events('bonus.granted', p.id);
    expect(fact).toMatchObject({ userId: p.id, currency: 'BRL', amount: 100 });
    expect((await moneyOf(p.id)).accounts.find((a) => a.kind === 'bonus')?.balance).toBe(100);

    await provesPushFollowsDelivery('wagering.bonusPush', p.id);

    // The same claim again is refused: no second grant, no second event, no push.
    expect((await claim()).statusCode).toBe(409);
    await relay();
    await settleBus();
    expect(await events('bonus.granted', p.id)).toHaveLength(1);
    expect(pushesTo(p.id)).toBe(1);

    // A deposit's gift is a grant too (recordCredit); its delivery, lost once, still pushes once.
    await provesRedeliveryPushesOnce('wagering.bonusPush', p.id, async () => {
      const s = await app.settings.all();
      await database.transaction(async (tx) => {
        const { txId } = await post(tx, {
          type: TxType.PROMOTION,
          idempotencyKey: `test-gift:${p.id}`,
          players: [{ userId: p.id, kind: 'bonus', amount: 500 }],
          system: [{ kind: 'promotions', amount: -500 }],
        });
        await recordCredit(tx, { userId: p.id, txId, bonus: 500 }, s);
      });
    });
    expect(await events('bonus.granted', p.id)).toHaveLength(2);
  });
});

describe('vip.levelReached (vip: where the upgrade is recorded)', () => {
  /**
   * The level's change, relay paused: the stake reaches the totals (the wagering handlers, without the relay)
   * and the upgrade handler runs as its delivery would.
   */
  const upgrade = async (userId: number) => {
    await deliverLedgerFacts(database);
    await database.transaction((tx) => app.vip.onTotalsChanged({ userId, currency: 'BRL' }, tx));
  };

  it('is written with the award; the push follows its delivery once; a level is reached once, ever', async () => {
    const p = await players.signUp('vip');
    await players.fund(p.id, 40_000);
    await players.lose(p.id, 40_000); // R$ 400 deposited and staked: level 1 (reward R$ 5)
    await upgrade(p.id);
    const reached = await events('vip.levelReached', p.id);
    expect(reached).toMatchObject([{ userId: p.id, level: 1, reward: 500 }]);
    expect(reached[0].txId).toEqual(expect.any(Number));
    expect(pushesTo(p.id)).toBe(0);

    await provesPushFollowsDelivery('vip.levelPush', p.id);

    // Its totals delivered again (a retry of the upgrade handler): no second award, event or push.
    await database.transaction((tx) => app.vip.onTotalsChanged({ userId: p.id, currency: 'BRL' }, tx));
    await relay();
    await settleBus();
    expect(await events('vip.levelReached', p.id)).toHaveLength(1);
    expect(pushesTo(p.id)).toBe(1);

    // Level 2 (R$ 500 deposited, R$ 3,000 staked), its push's delivery lost once: pushed once.
    await provesRedeliveryPushesOnce('vip.levelPush', p.id, async () => {
      await players.fund(p.id, 300_000);
      await players.lose(p.id, 300_000);
      await upgrade(p.id);
      expect(await events('vip.levelReached', p.id)).toMatchObject([
        { level: 1 },
        { level: 2, reward: 2_500 },
      ]);
    });
  });
});

describe('referral.commissionEarned (promo: the daily commission)', () => {
  /** Registers through the real route with an invitation code. */
  async function signUp(regcode = '') {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await app.inject({ url: `/api/auth/user/captcha/${codeId}` });
    const pwd = 'correct horse 1';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        username: `ref-${crypto.randomBytes(5).toString('hex')}@example.com`,
        pwd,
        pwd1: pwd,
        codeId,
        captCode: TEST_CAPTCHA,
        regcode,
      },
    });
    const token = res.json().data.access_token as string;
    const me = (
      await app.inject({ url: '/api/app/user/userInfo', headers: { authorization: `Bearer ${token}` } })
    ).json().data as { uId: number; yqm: string };
    return { token, id: me.uId, yqm: me.yqm };
  }

  it('is written with the payment; the inviter’s push follows its delivery once; a rerun pays nothing', async () => {
    const rates = await app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
      payload: { 'promo.referralRatesBp': [1_000, 500, 200] },
    });
    expect(rates.statusCode).toBe(200);
    const inviter = await signUp();
    const invitee = await signUp(inviter.yqm);
    await players.fund(invitee.id, 10_000);
    const stake = (amount: number) => players.lose(invitee.id, amount);
    await stake(2_000);
    const day = saoPauloDay(new Date());
    expect(await app.promo.payReferrals(day)).toMatchObject({ paid: 1, amount: 200 });
    expect(await events('referral.commissionEarned', inviter.id)).toMatchObject([
      { userId: inviter.id, day, revision: 0, amount: 200 },
    ]);
    // Paid as a bonus: its grant's event leaves the push to the commission's (one push per change).
    expect(await events('bonus.granted', inviter.id)).toMatchObject([
      { amount: 200, pushedBy: 'referral.commissionEarned' },
    ]);

    await provesPushFollowsDelivery('promo.commissionPush', inviter.id);

    // The job run again: nothing paid, no event, no push.
    expect(await app.promo.payReferrals(day)).toMatchObject({ paid: 0, amount: 0 });
    await relay();
    await settleBus();
    expect(await events('referral.commissionEarned', inviter.id)).toHaveLength(1);
    expect(pushesTo(inviter.id)).toBe(1);

    // More turnover the same day: the correction's event, its delivery lost once, pushed once.
    await provesRedeliveryPushesOnce('promo.commissionPush', inviter.id, async () => {
      await stake(1_000);
      expect(await app.promo.payReferrals(day)).toMatchObject({ paid: 1, amount: 100 });
    });
    expect(await events('referral.commissionEarned', inviter.id)).toMatchObject([
      { revision: 0, amount: 200 },
      { revision: 1, amount: 100 },
    ]);
  });
});
