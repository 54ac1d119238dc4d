import { TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, testPlayers } from '../../../test/helpers';
import type { App } from '../../app';
import type { Database } from '../../platform/db';
import { playerAccounts, post, reverse } from '../ledger';
import { deliverLedgerFacts, recordCredit } from '../wagering';

/** VIP on the real app: level from deposits and turnover, the upgrade reward once ever, the screen's read. */
let app: App;
let database: Database;
let close: () => Promise<void>;
let players: ReturnType<typeof testPlayers>;
let nextRef = 0;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ OUTBOX_RELAY: 'paused' }));
  players = testPlayers(app, database);
});
afterAll(() => expectCleanLedgerThenClose(database, close));

async function relay() {
  while ((await app.outbox.relayOnce()) > 0);
}

/** A deposit as payments credits it; answers its ledger transaction. */
async function deposit(userId: number, amount: number) {
  const s = await app.settings.all();
  return database.transaction(async (tx) => {
    const { txId } = await post(tx, {
      type: TxType.DEPOSIT,
      idempotencyKey: `test-deposit:${userId}:${++nextRef}`,
      players: [{ userId, amount }],
      system: [{ kind: 'payment_clearing', amount: -amount }],
    });
    await recordCredit(tx, { userId, txId, deposit: amount }, s);
    return txId;
  });
}

const loseBet = (userId: number, amount: number) => players.lose(userId, amount);

const cash = async (userId: number) =>
  (await playerAccounts(database.db, userId)).find((a) => a.kind === 'cash')?.balance ?? 0;

const vip = async (token: string) => {
  const res = await app.inject({ url: '/api/app/promo/vip', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const awards = async (userId: number) =>
  (
    (await database.db.execute(
      sql`select t.idempotency_key as key from ledger_transactions t
          where t.user_id = ${userId} and t.type = ${TxType.VIP_UPGRADE} order by t.id`,
    )) as unknown as { rows: { key: string }[] }
  ).rows.map((r) => r.key);

describe('VIP', () => {
  it('shows every level, what it gives and the progress to the next', async () => {
    const p = await players.signUp('vip');
    const v = await vip(p.token);
    expect(v.level).toBe(0);
    expect(v.levels).toHaveLength(13);
    expect(v.levels[1]).toEqual({
      level: 1,
      reward: 5,
      paySum: 100,
      gameSum: 3000,
      withdrawalsPerDay: 1,
      withdrawFee: 0.025,
      rewarded: false,
    });
    expect(v.levels[12].gameSum).toBeNull();
    expect(v.progress).toEqual({
      paySum: 0,
      gameSum: 0,
      next: 1,
      needPaySum: 100,
      needGameSum: 400,
      pay: 0,
      game: 0,
    });
    expect((await app.inject({ url: '/api/app/promo/vip' })).statusCode).toBe(401);
  });

  it('levels up on deposits and turnover together and pays the reward once, even for two deposits at once', async () => {
    const p = await players.signUp('vipup');
    await deposit(p.id, 6_000);
    await relay();
    expect((await vip(p.token)).level).toBe(0); // R$ 60 < R$ 100
    await Promise.all([deposit(p.id, 17_000), deposit(p.id, 17_000)]); // R$ 400 deposited, no turnover yet
    await relay();
    expect((await vip(p.token)).level).toBe(0);
    expect(await awards(p.id)).toEqual([]);
    await loseBet(p.id, 20_000);
    await loseBet(p.id, 20_000); // turnover R$ 400: level 1, delivered as two events at once
    await relay();
    const v = await vip(p.token);
    expect(v.level).toBe(1);
    expect(v.levels[1].rewarded).toBe(true);
    expect(v.progress).toMatchObject({
      paySum: 400,
      gameSum: 400,
      next: 2,
      needPaySum: 500,
      needGameSum: 3000,
    });
    expect(await awards(p.id)).toEqual([`vip-upgrade:${p.id}:1`]);
    expect(await cash(p.id)).toBe(500);
    // Delivered again (a retry) and more deposits at the same level: nothing more.
    await database.transaction((tx) => app.vip.onTotalsChanged({ userId: p.id, currency: 'BRL' }, tx));
    await deposit(p.id, 1_000);
    await relay();
    expect(await awards(p.id)).toEqual([`vip-upgrade:${p.id}:1`]);
    expect(await cash(p.id)).toBe(1_500);
    // userInfo's VIP fields agree.
    const info = await app.inject({
      url: '/api/app/user/userInfo',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(info.json().data.level).toBe(1);
  });

  it('two deposits landing at once that both reach a level pay its reward once', async () => {
    const table = (await app.settings.all())['vip.table'];
    await app.settings.change({
      'vip.table': table.map((row, l) => (l === 0 ? { ...row, gameSum: 0 } : row)),
    });
    try {
      const p = await players.signUp('vipboth');
      await Promise.all([deposit(p.id, 10_000), deposit(p.id, 10_000)]);
      await relay();
      expect(await awards(p.id)).toEqual([`vip-upgrade:${p.id}:1`]);
      expect(await cash(p.id)).toBe(20_500);

      // A reversed deposit does not count: reversed before delivery, no reward.
      const q = await players.signUp('viprev');
      await deposit(q.id, 5_000);
      await reverse(database.db, { txId: await deposit(q.id, 5_000) });
      await relay();
      expect((await vip(q.token)).level).toBe(0);
      expect(await awards(q.id)).toEqual([]);

      // Reversed after the reward was paid: the reward is taken back (it is still in cash), never paid again.
      const r = await players.signUp('viprev2');
      await deposit(r.id, 5_000);
      const second = await deposit(r.id, 5_000);
      await relay();
      expect(await awards(r.id)).toEqual([`vip-upgrade:${r.id}:1`]);
      await reverse(database.db, { txId: second });
      await relay();
      expect((await vip(r.token)).level).toBe(0);
      expect((await vip(r.token)).levels[1].rewarded).toBe(false);
      expect(await cash(r.id)).toBe(5_000);
      await deposit(r.id, 5_000);
      await relay();
      expect(await awards(r.id)).toEqual([`vip-upgrade:${r.id}:1`]);
      expect(await cash(r.id)).toBe(10_000);
    } finally {
      await app.settings.change({ 'vip.table': table });
    }
  });

  it("the relay's check sends only players with a level to pay or to take back to the upgrade", async () => {
    const table = (await app.settings.all())['vip.table'];
    await app.settings.change({
      'vip.table': table.map((row, l) => (l === 0 ? { ...row, gameSum: 0 } : row)),
    });
    try {
      const [due, below, paid, reversed] = await Promise.all(
        ['vipdue', 'vipbelow', 'vippaid', 'vipreversed'].map((n) => players.signUp(n)),
      );
      await deposit(paid.id, 10_000);
      await deposit(reversed.id, 5_000);
      const second = await deposit(reversed.id, 5_000);
      await relay(); // level 1 paid to both
      expect(await awards(paid.id)).toHaveLength(1);
      expect(await awards(reversed.id)).toHaveLength(1);

      const { rows } = await database.executeSql('select coalesce(max(id), 0) as id from outbox_events');
      await deposit(due.id, 10_000); // level 1, not paid yet
      await deposit(below.id, 9_999); // no level
      await reverse(database.db, { txId: second }); // back below level 1, its reward paid
      await deliverLedgerFacts(database, Number(rows[0]!.id)); // the reversal reaches the totals, no relay

      const facts = [due, below, paid, reversed].map((p) => ({ userId: p.id, currency: 'BRL' }));
      const checked = await database.transaction((tx) =>
        app.vip.upgradesDue([...facts, { userId: due.id, currency: 'USD' }], tx),
      );
      expect(checked).toEqual([0, 3]);

      // What the check found is what the relay then does.
      await relay();
      expect(await awards(due.id)).toEqual([`vip-upgrade:${due.id}:1`]);
      expect(await awards(below.id)).toEqual([]);
      expect(await cash(reversed.id)).toBe(5_000);
    } finally {
      await app.settings.change({ 'vip.table': table });
    }
  });
});
