import { TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, testPlayers } from '../../../test/helpers';
import type { App } from '../../app';
import type { Database } from '../../platform/db';
import { hold, playerAccounts, post, settle } from '../ledger';
import { auditWagering, recordCredit } from './index';

/** The bonus engine on the real app and ledger: grant, weighted wear, conversion once, expiry, the API. */
let app: App;
let database: Database;
let close: () => Promise<void>;
let players: ReturnType<typeof testPlayers>;
let nextRef = 0;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ OUTBOX_RELAY: 'paused' }));
  players = testPlayers(app, database);
  await app.settings.change({
    'bonus.weights': { sports: 100, casino: 50, originals: 100, lottery: 100 },
    'bonus.maxConversionMultiple': 5,
  });
});
afterAll(() => expectCleanLedgerThenClose(database, close));

/** Delivers every outbox event (the relay is paused: the test decides when). */
async function relay() {
  while ((await app.outbox.relayOnce()) > 0);
}

/** A bonus credited as a promotion does it: the ledger credit and its grant, in one transaction. */
async function giveBonus(userId: number, amount: number) {
  const s = await app.settings.all();
  return database.transaction(async (tx) => {
    const { txId } = await post(tx, {
      type: TxType.PROMOTION,
      idempotencyKey: `test-bonus:${userId}:${++nextRef}`,
      players: [{ userId, kind: 'bonus', amount }],
      system: [{ kind: 'promotions', amount: -amount }],
    });
    await recordCredit(tx, { userId, txId, bonus: amount }, s);
    return txId;
  });
}

/** A stake of `amount` on `product`, lost. Answers the hold. */
async function loseBet(userId: number, amount: number, product: 'casino' | 'originals' = 'originals') {
  const h = await hold(database.db, {
    type: TxType.BET,
    userId,
    amount,
    product,
    reference: `bet-${++nextRef}`,
  });
  await settle(database.db, {
    holdId: h.txId,
    capture: amount,
    to: [{ kind: `house.${product}`, amount }],
  });
  return h.txId;
}

const balances = async (userId: number) => {
  const list = await playerAccounts(database.db, userId);
  return {
    cash: list.find((a) => a.kind === 'cash')?.balance ?? 0,
    bonus: list.find((a) => a.kind === 'bonus')?.balance ?? 0,
  };
};

const bonuses = async (token: string) => {
  const res = await app.inject({
    url: '/api/app/promo/bonuses',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const grantsOf = async (userId: number) =>
  (
    (await database.db.execute(
      sql`select status, converted, forfeited from bonus_grants where user_id = ${userId} order by id`,
    )) as unknown as { rows: { status: string; converted: string; forfeited: string }[] }
  ).rows.map((r) => ({ status: r.status, converted: Number(r.converted), forfeited: Number(r.forfeited) }));

describe('bonus engine', () => {
  it('grants a bonus, wears it down by weighted stakes and converts it to cash once (award 141)', async () => {
    const p = await players.signUp('bonus');
    await players.fund(p.id, 10_000);
    await giveBonus(p.id, 2_000); // bonus multiple 2: R$ 40 to wager

    let shown = await bonuses(p.token);
    expect(shown.list).toHaveLength(1);
    expect(shown.list[0]).toMatchObject({ amount: 20, required: 40, wagered: 0, remaining: 40, progress: 0 });
    expect(shown.bonusBalance).toBe(20);

    // Casino counts 50%: R$ 20 of casino stakes wear R$ 10.
    await loseBet(p.id, 2_000, 'casino');
    await relay();
    shown = await bonuses(p.token);
    expect(shown.list[0]).toMatchObject({ wagered: 10, remaining: 30 });

    // Two settlements whose weighted turnover each meets the rest, delivered together: one conversion.
    await loseBet(p.id, 3_000);
    await loseBet(p.id, 3_000);
    await relay();
    expect(await grantsOf(p.id)).toEqual([{ status: 'converted', converted: 2_000, forfeited: 0 }]);
    expect((await bonuses(p.token)).list).toEqual([]);
    expect(await balances(p.id)).toEqual({ cash: 10_000 - 8_000 + 2_000, bonus: 0 });

    // The records show the conversion as award 141, once.
    const records = await app.inject({
      url: '/api/app/wallet/records?type=bonus',
      headers: { authorization: `Bearer ${p.token}` },
    });
    const list = records.json().data.list as { type: number; amount: number }[];
    expect(list.filter((r) => r.type === TxType.PROMOTION).map((r) => r.amount)).toEqual([20, 20]);

    // Delivering again changes nothing.
    await relay();
    expect(await balances(p.id)).toEqual({ cash: 4_000, bonus: 0 });
  });

  it('caps a conversion at its maximum and gives the excess back to promotions', async () => {
    await app.settings.change({ 'bonus.maxConversionMultiple': 0.5 });
    try {
      const p = await players.signUp('bonuscap');
      await players.fund(p.id, 10_000);
      await giveBonus(p.id, 1_000); // converts at most R$ 5
      await loseBet(p.id, 2_000);
      await relay();
      expect(await grantsOf(p.id)).toEqual([{ status: 'converted', converted: 500, forfeited: 500 }]);
      expect(await balances(p.id)).toEqual({ cash: 8_500, bonus: 0 });
    } finally {
      await app.settings.change({ 'bonus.maxConversionMultiple': 5 });
    }
  });

  it('forfeits the rest at expiry, once, and a later stake converts nothing', async () => {
    const p = await players.signUp('bonusexp');
    await players.fund(p.id, 5_000);
    await giveBonus(p.id, 1_500);
    await loseBet(p.id, 1_000);
    await relay();
    await database.db.execute(
      sql`update bonus_grants set expires_at = now() - interval '1 minute' where user_id = ${p.id}`,
    );
    const due = await app.wagering.expiredGrants(database.db);
    expect(due.length).toBeGreaterThan(0);
    for (const id of due) await database.transaction((tx) => app.wagering.forfeitGrant(tx, id));
    for (const id of due)
      expect(await database.transaction((tx) => app.wagering.forfeitGrant(tx, id))).toBe(false);
    expect(await grantsOf(p.id)).toEqual([{ status: 'forfeited', converted: 0, forfeited: 1_500 }]);
    expect(await balances(p.id)).toEqual({ cash: 4_000, bonus: 0 });
    await loseBet(p.id, 3_000);
    await relay();
    expect(await balances(p.id)).toEqual({ cash: 1_000, bonus: 0 });
    expect((await bonuses(p.token)).list).toEqual([]);
  });

  it('a reversed bonus credit ends its grant without converting', async () => {
    const p = await players.signUp('bonusrev');
    await players.fund(p.id, 5_000);
    const txId = await giveBonus(p.id, 1_000);
    const { reverse } = await import('../ledger');
    await reverse(database.db, { txId });
    await relay();
    await loseBet(p.id, 3_000);
    await relay();
    expect(await grantsOf(p.id)).toEqual([{ status: 'cancelled', converted: 0, forfeited: 0 }]);
    expect(await balances(p.id)).toEqual({ cash: 2_000, bonus: 0 });
  });

  it('the withdrawal screen says an active bonus is kept, and who is not signed in gets 401', async () => {
    const p = await players.signUp('bonuswd');
    await players.fund(p.id, 5_000);
    await giveBonus(p.id, 1_000);
    const res = await app.inject({
      url: '/api/app/order/getWithdraw',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bonus).toEqual({ outcome: 'kept', amount: 10, wagerDue: 20, count: 1 });
    expect((await app.inject({ url: '/api/app/promo/bonuses' })).statusCode).toBe(401);
  });

  it('keeps the wagering audit clean, and the audit sees a grant that disagrees with its ledger postings', async () => {
    await relay();
    const audit = await auditWagering(database);
    expect(audit.checks.filter((c) => c.faults.length)).toEqual([]);
    const tamper = (by: number) =>
      database.db.execute(
        sql`update bonus_grants set converted = converted + ${by} where id = (select min(id) from bonus_grants where status = 'converted')`,
      );
    await tamper(1);
    try {
      const bad = await auditWagering(database);
      expect(bad.checks.filter((c) => c.faults.length).map((c) => c.name)).toEqual([
        'a bonus grant paid what its ledger postings say, once',
      ]);
    } finally {
      await tamper(-1);
    }
  });
});
