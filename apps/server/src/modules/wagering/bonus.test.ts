import { operatorBonusList, TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_OPERATOR_KEY,
  testPlayers,
} from '../../../test/helpers';
import type { App } from '../../app';
import type { Database } from '../../platform/db';
import { hold, playerAccounts, post, resettle, reverse, settle } from '../ledger';
import { auditWagering, deliverLedgerFacts, playerGrants, recordCredit } from './index';

/** The bonus engine on the real app and ledger: grant, weighted wear, conversion once, expiry, the API. */
let app: App;
let database: Database;
let close: () => Promise<void>;
let players: ReturnType<typeof testPlayers>;
let nextRef = 0;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ OUTBOX_RELAY: 'paused', JOBS: 'off' }));
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

/** A settled stake corrected to void (a sports result corrected, a rollback): nothing captured. */
async function voidStake(holdId: number) {
  await resettle(database.db, { holdId, capture: 0, to: [] });
}

/** The player's grants oldest first: id, state, what converted and the requirement left, minor units. */
const progress = async (userId: number) =>
  (await playerGrants(database.db, { userId }))
    .reverse()
    .map((g) => ({ id: g.id, status: g.status, converted: g.converted, remaining: g.remaining }));

/** The player's requirement rows oldest first: [kind, required, remaining]. */
const requirementRows = async (userId: number) =>
  (
    (await database.db.execute(
      sql`select kind, required, remaining from wagering_requirements where user_id = ${userId} order by id`,
    )) as unknown as { rows: { kind: string; required: string; remaining: string }[] }
  ).rows.map((r) => [r.kind, Number(r.required), Number(r.remaining)]);

/** Puts a grant's expiry in the past. */
const expire = (grantId: number) =>
  database.db.execute(
    sql`update bonus_grants set expires_at = now() - interval '1 second' where id = ${grantId}`,
  );

/** The expiry job's run (`wagering.bonusExpiry`). */
async function expiryJob() {
  for (const id of await app.wagering.expiredGrants(database.db))
    await database.transaction((tx) => app.wagering.forfeitGrant(tx, id));
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

/**
 * The `bonus.released` pushes heard on the bus for one player (what the gateway tells their sockets), and when
 * their figures were pushed (`balance.changed`: the gateway sends the balance read then) among them.
 */
function releasedPushes(userId: number) {
  const heard: { amount: number; currency: string }[] = [];
  const order: string[] = [];
  const offs = [
    app.bus.subscribe('bonus.released', (e) => {
      if (e.userId !== userId) return;
      heard.push({ amount: e.amount, currency: e.currency });
      order.push('released');
    }),
    app.bus.subscribe('balance.changed', (e) => {
      if (e.userId === userId) order.push('figures');
    }),
  ];
  return { heard, order, off: () => offs.forEach((off) => off()) };
}

const grantsOf = async (userId: number) =>
  (
    (await database.db.execute(
      sql`select status, converted, forfeited from bonus_grants where user_id = ${userId} order by id`,
    )) as unknown as { rows: { status: string; converted: string; forfeited: string }[] }
  ).rows.map((r) => ({ status: r.status, converted: Number(r.converted), forfeited: Number(r.forfeited) }));

describe('bonus engine', () => {
  it('grants a bonus, wears it down by weighted stakes and converts it to cash once (award 141)', async () => {
    const p = await players.signUp('bonus');
    const pushes = releasedPushes(p.id);
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
    pushes.order.length = 0;
    await relay();
    expect(await grantsOf(p.id)).toEqual([{ status: 'converted', converted: 2_000, forfeited: 0 }]);
    expect((await bonuses(p.token)).list).toEqual([]);
    // The player is told, once, what went to their cash.
    await expect.poll(() => pushes.heard).toEqual([{ amount: 2_000, currency: 'BRL' }]);
    expect(await balances(p.id)).toEqual({ cash: 10_000 - 8_000 + 2_000, bonus: 0 });
    // With the figures, read after the conversion committed: the header shows the cash it became.
    expect(pushes.order).toEqual(['figures', 'released']);

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
    expect(pushes.heard).toHaveLength(1);
    pushes.off();
  });

  it('caps a conversion at its maximum and gives the excess back to promotions', async () => {
    await app.settings.change({ 'bonus.maxConversionMultiple': 0.5 });
    try {
      const p = await players.signUp('bonuscap');
      const pushes = releasedPushes(p.id);
      await players.fund(p.id, 10_000);
      await giveBonus(p.id, 1_000); // converts at most R$ 5
      await loseBet(p.id, 2_000);
      await relay();
      expect(await grantsOf(p.id)).toEqual([{ status: 'converted', converted: 500, forfeited: 500 }]);
      // What reached the cash, not the bonus.
      await expect.poll(() => pushes.heard).toEqual([{ amount: 500, currency: 'BRL' }]);
      pushes.off();
      expect(await balances(p.id)).toEqual({ cash: 8_500, bonus: 0 });
    } finally {
      await app.settings.change({ 'bonus.maxConversionMultiple': 5 });
    }
  });

  it('forfeits the rest at expiry, once, and a later stake converts nothing', async () => {
    const p = await players.signUp('bonusexp');
    const pushes = releasedPushes(p.id);
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
    // A forfeit releases nothing to tell.
    expect(pushes.heard).toEqual([]);
    pushes.off();
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

  it('a voided stake gives its wear back to the grant it wore, never to a forfeited grant’s cleared row', async () => {
    const p = await players.signUp('bonusvoid');
    await players.fund(p.id, 10_000);
    await giveBonus(p.id, 100); // A: R$ 1, R$ 2 to wager
    await giveBonus(p.id, 50); // B: R$ 0.50, R$ 1 to wager, then forfeited: its row is cleared (0 left)
    const [a, b] = await progress(p.id);
    expect(await database.transaction((tx) => app.wagering.forfeitGrant(tx, b!.id))).toBe(true);
    const stake = await loseBet(p.id, 150);
    await relay();
    expect(await progress(p.id)).toEqual([
      { id: a!.id, status: 'active', converted: 0, remaining: 50 },
      { id: b!.id, status: 'forfeited', converted: 0, remaining: 0 },
    ]);
    // The result is corrected to void: A gets back all the stake wore, B's cleared row nothing.
    await voidStake(stake);
    await relay();
    expect(await progress(p.id)).toEqual([
      { id: a!.id, status: 'active', converted: 0, remaining: 200 },
      { id: b!.id, status: 'forfeited', converted: 0, remaining: 0 },
    ]);
    expect((await bonuses(p.token)).list).toMatchObject([{ id: a!.id, remaining: 2, wagered: 0 }]);
    // The cash requirement the stake wore is given back too.
    expect(await requirementRows(p.id)).toEqual([
      ['cash', 10_000, 10_000],
      ['bonus', 200, 200],
      ['bonus', 100, 0],
    ]);
  });

  it('a voided stake that completed a grant leaves the conversion standing; the rest goes back where it was worn', async () => {
    const p = await players.signUp('bonusvoidconv');
    await players.fund(p.id, 10_000);
    await giveBonus(p.id, 100); // A: R$ 2 to wager
    await giveBonus(p.id, 100); // C: R$ 2 to wager
    const [a, c] = await progress(p.id);
    // One stake of R$ 2.50 meets A (converted: R$ 1 to cash) and wears R$ 0.50 of C.
    const stake = await loseBet(p.id, 250);
    await relay();
    expect(await progress(p.id)).toEqual([
      { id: a!.id, status: 'converted', converted: 100, remaining: 0 },
      { id: c!.id, status: 'active', converted: 0, remaining: 150 },
    ]);
    expect(await balances(p.id)).toEqual({ cash: 10_000 - 250 + 100, bonus: 100 });
    // Voided: the stake comes back; A's conversion stands (no cash taken back, its row stays cleared) and C gets
    // back the R$ 0.50 the stake wore of it.
    await voidStake(stake);
    await relay();
    expect(await progress(p.id)).toEqual([
      { id: a!.id, status: 'converted', converted: 100, remaining: 0 },
      { id: c!.id, status: 'active', converted: 0, remaining: 200 },
    ]);
    expect(await balances(p.id)).toEqual({ cash: 10_000 + 100, bonus: 100 });
    // The journal shows the give-back short of the stake's change: 250 wore, 50 given back.
    const journal = (await database.db.execute(
      sql`select wagered, worn_bonus from wagering_events where hold_id = ${stake} order by wagered desc`,
    )) as unknown as { rows: { wagered: string; worn_bonus: string }[] };
    expect(journal.rows.map((r) => [Number(r.wagered), Number(r.worn_bonus)])).toEqual([
      [250, 250],
      [-250, -50],
    ]);
  });

  it('a voided stake gives back exactly what it wore of each row: nothing to a grant it never wore', async () => {
    const p = await players.signUp('bonusvoidrow');
    await players.fund(p.id, 10_000);
    await giveBonus(p.id, 100); // A: R$ 2 to wager
    await giveBonus(p.id, 100); // B: R$ 2 to wager
    const [a, b] = await progress(p.id);
    const first = await loseBet(p.id, 100); // wears R$ 1 of A
    await relay();
    await loseBet(p.id, 150); // wears A's last R$ 1 (A converts) and R$ 0.50 of B
    await relay();
    expect(await progress(p.id)).toEqual([
      { id: a!.id, status: 'converted', converted: 100, remaining: 0 },
      { id: b!.id, status: 'active', converted: 0, remaining: 150 },
    ]);
    // The first stake is voided: all it wore was A's, which is closed; B keeps its progress.
    await voidStake(first);
    await relay();
    expect(await progress(p.id)).toEqual([
      { id: a!.id, status: 'converted', converted: 100, remaining: 0 },
      { id: b!.id, status: 'active', converted: 0, remaining: 150 },
    ]);
    // The cash requirement it wore comes back.
    expect(await requirementRows(p.id)).toEqual([
      ['cash', 10_000, 10_000 - 150],
      ['bonus', 200, 0],
      ['bonus', 200, 150],
    ]);
  });

  /** Two deposits of R$ 10 (cash rows D1, D2); a stake of R$ 5 wears D1, then one of R$ 8 D1's rest and R$ 3 of D2. */
  async function twoDepositsWorn(prefix: string) {
    const p = await players.signUp(prefix);
    await players.fund(p.id, 1_000);
    await players.fund(p.id, 1_000);
    const first = await loseBet(p.id, 500);
    await loseBet(p.id, 800);
    await relay();
    return { p, first };
  }

  it('a voided stake gives its cash wear back to the deposits it wore, row by row', async () => {
    const { p, first } = await twoDepositsWorn('cashvoidrow');
    expect(await requirementRows(p.id)).toEqual([
      ['cash', 1_000, 0],
      ['cash', 1_000, 700],
    ]);
    await voidStake(first);
    await relay();
    expect(await requirementRows(p.id)).toEqual([
      ['cash', 1_000, 500],
      ['cash', 1_000, 700],
    ]);
  });

  it('a lowered stake gives back its newest wear first, and at most what it wore of each row', async () => {
    const p = await players.signUp('cashlowrow');
    await players.fund(p.id, 1_000); // D1
    await players.fund(p.id, 1_000); // D2
    const h = await loseBet(p.id, 1_500); // D1: 0 left, D2: 500
    await relay();
    // Corrected to R$ 8 captured (a half-void): 700 back, D2's 500 first, then 200 of D1's.
    await resettle(database.db, { holdId: h, capture: 800, to: [{ kind: 'house.originals', amount: 800 }] });
    await relay();
    expect(await requirementRows(p.id)).toEqual([
      ['cash', 1_000, 200],
      ['cash', 1_000, 1_000],
    ]);
    // Voided in the end: the rest of what it wore, D1's 800, and no more.
    await voidStake(h);
    await relay();
    expect(await requirementRows(p.id)).toEqual([
      ['cash', 1_000, 1_000],
      ['cash', 1_000, 1_000],
    ]);
  });

  it('a stake whose wear has no per-row record (settled before migration 0067) gives back to the rows in force', async () => {
    const { p, first } = await twoDepositsWorn('cashlegacy');
    await database.db.execute(sql`delete from wagering_wear where hold_id = ${first}`);
    await voidStake(first);
    await relay();
    // As before per-row records: newest row first, at most what the stake wore.
    expect(await requirementRows(p.id)).toEqual([
      ['cash', 1_000, 200],
      ['cash', 1_000, 1_000],
    ]);
  });

  it('an expired grant neither converts nor is worn before the expiry job forfeits it', async () => {
    const p = await players.signUp('bonuslate');
    await players.fund(p.id, 10_000);
    await giveBonus(p.id, 100); // A, expired below
    await giveBonus(p.id, 100); // C, running
    const [a, c] = await progress(p.id);
    await expire(a!.id);
    // Enough to meet either grant: it wears C, the one still running, and converts it; A is left as it was.
    await loseBet(p.id, 200);
    await relay();
    expect(await progress(p.id)).toEqual([
      { id: a!.id, status: 'active', converted: 0, remaining: 200 },
      { id: c!.id, status: 'converted', converted: 100, remaining: 0 },
    ]);
    // The expiry job forfeits A: its bonus money goes back to promotions.
    await expiryJob();
    expect(await progress(p.id)).toEqual([
      { id: a!.id, status: 'forfeited', converted: 0, remaining: 0 },
      { id: c!.id, status: 'converted', converted: 100, remaining: 0 },
    ]);
    expect(await balances(p.id)).toEqual({ cash: 10_000 - 200 + 100, bonus: 0 });
  });

  it('a grant met before its expiry but not yet converted does not convert once expired', async () => {
    const p = await players.signUp('bonusmet');
    await players.fund(p.id, 10_000);
    await giveBonus(p.id, 100); // A
    // Met by the bare handlers (the ledger's, which wear and never convert), then expired.
    await loseBet(p.id, 200);
    await deliverLedgerFacts(database);
    const [a] = await progress(p.id);
    expect(a).toMatchObject({ status: 'active', remaining: 0 });
    await expire(a!.id);
    // A later stake wears a newer grant and looks for met grants to convert: A is not one any more.
    await giveBonus(p.id, 100); // D
    await loseBet(p.id, 50);
    await relay();
    expect((await progress(p.id)).map((g) => [g.status, g.converted, g.remaining])).toEqual([
      ['active', 0, 0],
      ['active', 0, 150],
    ]);
    await expiryJob();
    expect((await progress(p.id)).map((g) => [g.status, g.converted])).toEqual([
      ['forfeited', 0],
      ['active', 0],
    ]);
    expect(await balances(p.id)).toEqual({ cash: 10_000 - 250, bonus: 100 });
  });

  it('lists a grant whose credit was reversed (cancelled) to operators', async () => {
    const p = await players.signUp('bonuslist');
    await players.fund(p.id, 1_000);
    const txId = await giveBonus(p.id, 300);
    await giveBonus(p.id, 200);
    await reverse(database.db, { txId });
    await relay();
    const res = await app.inject({
      url: `/api/operator/promo/bonuses?userId=${p.id}`,
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = operatorBonusList.parse(res.json().data).list;
    expect(list.map((g) => [g.amount, g.status])).toEqual([
      [200, 'active'],
      [300, 'cancelled'],
    ]);
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
