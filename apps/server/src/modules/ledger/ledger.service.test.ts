import { TxType } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, onPostgres, expectCleanLedgerThenClose } from '../../../test/helpers';
import type { Database } from '../../platform/db';
import type { HoldInput } from './ledger.service';
import {
  auditLedger,
  hold,
  listEntries,
  openPlayerAccounts,
  playerAccounts,
  post,
  providerClearing,
  resettle,
  reverse,
  rollUp,
  settle,
  settleMany,
  systemBalance,
  voidHold,
} from './index';

let database: Database;
let nextUser = 1000;
const newUser = () => ++nextUser;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => expectCleanLedgerThenClose(database, () => database.close()));

const deposit = (userId: number, amount: number, idempotencyKey?: string) =>
  post(database.db, {
    type: TxType.DEPOSIT,
    players: [{ userId, amount }],
    system: [{ kind: 'payment_clearing', amount: -amount }],
    idempotencyKey,
  });

const gift = (userId: number, amount: number) =>
  post(database.db, {
    type: TxType.PROMOTION,
    players: [{ userId, kind: 'bonus', amount }],
    system: [{ kind: 'promotions', amount: -amount }],
  });

let nextRef = 0;
/** A stake on a product (originals unless told), with a fresh bet reference. */
const stake = (userId: number, amount: number, extra: Partial<HoldInput> = {}) =>
  hold(database.db, {
    type: TxType.BET,
    userId,
    amount,
    product: 'originals',
    reference: `bet-${++nextRef}`,
    ...extra,
  });

const withdrawal = (userId: number, amount: number) =>
  hold(database.db, {
    type: TxType.WITHDRAWAL,
    userId,
    amount,
    product: 'withdrawal',
    reference: `order-${++nextRef}`,
  });

const cash = async (userId: number) =>
  (await playerAccounts(database.db, userId)).find((a) => a.kind === 'cash');
const bonus = async (userId: number) =>
  (await playerAccounts(database.db, userId)).find((a) => a.kind === 'bonus');
const holdRow = async (holdId: number) =>
  (
    (await database.db.execute(
      sql`select product, reference, amount, bonus, state, posted, posted_bonus, paid, paid_bonus, closed_by
          from ledger_holds where tx_id = ${holdId}`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows[0];

describe('ledger', () => {
  it('credits a deposit, creating the account', async () => {
    const u = newUser();
    const { txId, replayed } = await deposit(u, 10_000);
    expect(txId).toBeGreaterThan(0);
    expect(replayed).toBe(false);
    expect(await cash(u)).toMatchObject({ balance: 10_000, available: 10_000, held: 0 });
    expect(await systemBalance(database.db, 'real', 'payment_clearing')).toBe(-10_000);
  });

  it('holds, settles a win in part, and writes the turnover fact to the outbox', async () => {
    const u = newUser();
    await deposit(u, 5_000);
    const h = await stake(u, 1_000, { product: 'sports', reference: 'ticket-77' });
    expect(await holdRow(h.txId)).toMatchObject({ product: 'sports', reference: 'ticket-77', state: 'held' });
    expect(await cash(u)).toMatchObject({ balance: 5_000, held: 1_000, available: 4_000 });
    await settle(database.db, {
      holdId: h.txId,
      capture: 800,
      to: [{ kind: 'house.sports', amount: 800 }],
      payout: { from: 'house.sports', amount: 2_000 },
    });
    expect(await cash(u)).toMatchObject({ balance: 6_200, held: 0 });
    const facts = (await database.db.execute(
      sql`select topic, payload from outbox_events where payload->>'holdId' = ${String(h.txId)}`,
    )) as unknown as { rows: { topic: string; payload: unknown }[] };
    expect(
      facts.rows.map((r) => [r.topic, typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload]),
    ).toEqual([
      [
        'ledger.stakeSettled',
        expect.objectContaining({
          holdId: h.txId,
          userId: u,
          product: 'sports',
          reference: 'ticket-77',
          currency: 'BRL',
          cash: 800,
          bonus: 0,
          payout: 2_000,
          turnover: 800,
          supersedes: null,
        }),
      ],
    ]);
    const entries = await listEntries(database.db, {
      userId: u,
      types: [TxType.DEPOSIT, TxType.BET, TxType.BET_SETTLED],
      limit: 10,
    });
    // The settlement's line is what it gave back, the payout and the 200 released, so the lines add up to the
    // balance (6,200).
    expect(entries.map((e) => [e.type, e.amount, e.state])).toEqual([
      [TxType.BET_SETTLED, 2_200, 'posted'],
      [TxType.BET, -1_000, 'posted'],
      [TxType.DEPOSIT, 5_000, 'posted'],
    ]);
  });

  it('voids a hold once, and refuses to settle it afterwards', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const h = await withdrawal(u, 1_000);
    await expect(stake(u, 1)).rejects.toMatchObject({
      code: 9999,
    });
    await voidHold(database.db, { holdId: h.txId });
    await expect(voidHold(database.db, { holdId: h.txId })).rejects.toMatchObject({ key: 'holdNotOpen' });
    await expect(
      settle(database.db, {
        holdId: h.txId,
        capture: 1_000,
        to: [{ kind: 'payouts_pending', amount: 1_000 }],
      }),
    ).rejects.toMatchObject({ key: 'holdNotOpen' });
    expect(await cash(u)).toMatchObject({ balance: 1_000, held: 0 });
  });

  it('refuses an overdraft in the database and posts nothing', async () => {
    const u = newUser();
    const v = newUser();
    await deposit(u, 100);
    await expect(
      post(database.db, {
        type: TxType.TRANSFER,
        players: [
          { userId: u, amount: -101 },
          { userId: v, amount: 101 },
        ],
      }),
    ).rejects.toMatchObject({ code: 9999 });
    expect(await cash(u)).toMatchObject({ balance: 100 });
    expect(await cash(v)).toBeUndefined();
  });

  it('answers a repeated idempotency key with the first result and refuses another body', async () => {
    const u = newUser();
    const first = await deposit(u, 700, `dep-${u}`);
    const again = await deposit(u, 700, `dep-${u}`);
    expect(again).toEqual({ txId: first.txId, replayed: true });
    await expect(deposit(u, 701, `dep-${u}`)).rejects.toMatchObject({ code: 40901, httpStatus: 409 });
    expect(await cash(u)).toMatchObject({ balance: 700 });
  });

  it('reverses a transaction once, writes the fact, and not when the money is spent', async () => {
    const u = newUser();
    const d = await deposit(u, 300);
    const r = await reverse(database.db, { txId: d.txId });
    expect(await cash(u)).toMatchObject({ balance: 0 });
    const facts = (await database.db.execute(
      sql`select payload from outbox_events where topic = 'ledger.reversed' and payload->>'txId' = ${String(d.txId)}`,
    )) as unknown as { rows: unknown[] };
    expect(facts.rows).toHaveLength(1);
    await expect(reverse(database.db, { txId: d.txId })).rejects.toMatchObject({ key: 'alreadyReversed' });
    await reverse(database.db, { txId: r.txId });
    expect(await cash(u)).toMatchObject({ balance: 300 });
    const d2 = await deposit(u, 50);
    await stake(u, 340);
    await expect(reverse(database.db, { txId: d2.txId })).rejects.toMatchObject({ code: 9999 });
  });

  it("refuses to reverse a settlement, its hold, or a resettlement's reversal: resettle corrects them", async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const h = await stake(u, 400);
    const settled = await settle(database.db, {
      holdId: h.txId,
      capture: 400,
      to: [{ kind: 'house.casino', amount: 400 }],
    });
    for (const txId of [settled.txId, h.txId])
      await expect(reverse(database.db, { txId })).rejects.toMatchObject({ key: 'ledgerInvalid' });
    await resettle(database.db, { holdId: h.txId, capture: 0, to: [] });
    const [undo] = (
      (await database.db.execute(
        sql`select id from ledger_transactions where reverses_id = ${settled.txId}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await expect(reverse(database.db, { txId: Number(undo!.id) })).rejects.toMatchObject({
      key: 'ledgerInvalid',
    });
    expect(await cash(u)).toMatchObject({ balance: 1_000, held: 0 });
  });

  it('keeps play money apart from real money', async () => {
    const t = newUser();
    const u = newUser();
    await openPlayerAccounts(database.db, t, 'play');
    await post(database.db, {
      type: TxType.PLAY_FUNDING,
      players: [{ userId: t, amount: 1_000 }],
      system: [{ kind: 'play_bank', amount: -1_000 }],
    });
    await deposit(u, 1_000);
    await expect(
      post(database.db, {
        type: TxType.TRANSFER,
        players: [
          { userId: t, amount: -10 },
          { userId: u, amount: 10 },
        ],
      }),
    ).rejects.toMatchObject({ key: 'bookMismatch' });
    await expect(
      post(database.db, {
        type: TxType.DEPOSIT,
        book: 'real',
        players: [{ userId: t, amount: 10 }],
        system: [{ kind: 'payment_clearing', amount: -10 }],
      }),
    ).rejects.toMatchObject({ key: 'bookMismatch' });
    expect(await systemBalance(database.db, 'play', 'play_bank')).toBe(-1_000);
  });

  it('refuses bad amounts and unbalanced postings with a clear error', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    for (const amount of [0, -5, 0.5, Number.NaN, Infinity, 1e16]) {
      await expect(stake(u, amount)).rejects.toMatchObject({ httpStatus: 400 });
    }
    await expect(stake(u, 10, { currency: 'XXX' as never })).rejects.toMatchObject({
      key: 'unknownCurrency',
    });
    // A stake names a product and a reference; a withdrawal is a withdrawal.
    for (const extra of [
      { product: 'poker' as never },
      { product: 'withdrawal' as const },
      { reference: '' },
      { reference: ' leading-space' },
      { type: TxType.WITHDRAWAL as typeof TxType.WITHDRAWAL },
    ])
      await expect(stake(u, 10, extra)).rejects.toMatchObject({ key: 'ledgerInvalid' });
    await expect(
      post(database.db, { type: TxType.DEPOSIT, players: [{ userId: u, amount: 10 }], system: [] }),
    ).rejects.toMatchObject({ key: 'ledgerInvalid' });
    expect(await cash(u)).toMatchObject({ balance: 1_000, held: 0 });
  });

  it('rolls the hot accounts up without changing their balance', async () => {
    const before = await systemBalance(database.db, 'real', 'house.originals');
    expect(await rollUp(database.db)).toBeGreaterThan(0);
    expect(await systemBalance(database.db, 'real', 'house.originals')).toBe(before);
    expect(await rollUp(database.db)).toBe(0);
  });

  it('refuses to change or delete journal rows (append-only in the database)', async () => {
    const u = newUser();
    const { txId } = await deposit(u, 100);
    for (const statement of [
      sql`update ledger_postings set amount = amount + 1 where tx_id = ${txId}`,
      sql`delete from ledger_postings where tx_id = ${txId}`,
      sql`update ledger_transactions set type = 11 where id = ${txId}`,
      sql`delete from ledger_transactions where id = ${txId}`,
    ])
      await expect(database.db.execute(statement)).rejects.toThrow();
    expect(await cash(u)).toMatchObject({ balance: 100 });
  });

  it('reports a tampered balance, and is clean again once it is put back', async () => {
    const u = newUser();
    await deposit(u, 900);
    const id = `u${u}:cash:BRL`;
    await database.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${id}`);
    const audit = await auditLedger(database);
    expect(audit.ok).toBe(false);
    const fault = audit.checks.find((c) => c.name === 'each player balance equals the sum of its postings');
    expect(fault?.faults).toEqual([expect.objectContaining({ id })]);
    await database.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${id}`);
    expect((await auditLedger(database)).ok).toBe(true);
  });

  it('reports an account naming another player, a player in two books, and a closing that pays another player', async () => {
    // Postings are append-only: this tampering is done in a database of its own, dropped afterwards.
    const own = await createTestDatabase();
    try {
      const [u, v, w] = [newUser(), newUser(), newUser()];
      const depositTo = (userId: number, amount: number) =>
        post(own.db, {
          type: TxType.DEPOSIT,
          players: [{ userId, amount }],
          system: [{ kind: 'payment_clearing', amount: -amount }],
        });
      await depositTo(u, 1_000);
      await depositTo(v, 1_000);
      await openPlayerAccounts(own.db, w, 'real');
      const h = await hold(own.db, {
        type: TxType.BET,
        userId: u,
        amount: 10,
        product: 'originals',
        reference: 'x',
      });
      const s = await settle(own.db, {
        holdId: h.txId,
        capture: 10,
        to: [{ kind: 'house.originals', amount: 10 }],
      });
      const faults = async () =>
        Object.fromEntries(
          (await auditLedger(own)).checks
            .filter((c) => c.faults.length)
            .map((c) => [c.name, c.faults.length]),
        );
      expect(await faults()).toEqual({});
      // u's cash read as v's; w's bonus account in the play book beside a real cash account; the settlement of
      // u's stake also pays v 5 (out of the promotions account): every sum and balance still agrees.
      await own.db.execute(sql`update ledger_accounts set user_id = ${v} where id = ${`u${u}:cash:BRL`}`);
      await own.db.execute(sql`update ledger_accounts set book = 'play' where id = ${`u${w}:bonus:BRL`}`);
      await own.db.execute(sql`insert into ledger_postings (tx_id, account_id, currency, amount)
        values (${s.txId}, ${`u${v}:cash:BRL`}, 'BRL', 5), (${s.txId}, 'real:promotions:BRL', 'BRL', -5)`);
      await own.db.execute(
        sql`insert into ledger_deltas (account_id, amount) values ('real:promotions:BRL', -5)`,
      );
      await own.db.execute(
        sql`update ledger_accounts set balance = balance + 5 where id = ${`u${v}:cash:BRL`}`,
      );
      expect(await faults()).toEqual({
        'each account id names its owner, kind, book and currency; a player keeps to one book': 2,
        'a closing of a hold posts to its own player only': 1,
      });
    } finally {
      await own.close();
    }
  });

  it('reports a hold whose settlement in effect is missing, doubled or foreign, and a void that moved money', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const lost = async () => {
      const h = await stake(u, 10);
      const s = await settle(database.db, {
        holdId: h.txId,
        capture: 10,
        to: [{ kind: 'house.originals', amount: 10 }],
      });
      return { hold: h.txId, settlement: s.txId };
    };
    const [a, b, c] = [await lost(), await lost(), await lost()];
    const voided = (await stake(u, 10)).txId;
    await voidHold(database.db, { holdId: voided });
    const name = 'a hold has exactly one settlement in effect (its closed_by), an open one none';
    const faultsOf = async () =>
      (await auditLedger(database)).checks
        .find((check) => check.name === name)!
        .faults.map((f) => Number(f.tx_id))
        .sort((x, y) => x - y);
    expect(await faultsOf()).toEqual([]);
    const tamper = [
      // Settled, yet no settlement named.
      [
        sql`update ledger_holds set closed_by = null where tx_id = ${a.hold}`,
        sql`update ledger_holds set closed_by = ${a.settlement} where tx_id = ${a.hold}`,
      ],
      // Open again, though a settlement closed it.
      [
        sql`update ledger_holds set state = 'held', closed_by = null where tx_id = ${b.hold}`,
        sql`update ledger_holds set state = 'posted', closed_by = ${b.settlement} where tx_id = ${b.hold}`,
      ],
      // Names another hold's settlement.
      [
        sql`update ledger_holds set closed_by = ${a.settlement} where tx_id = ${c.hold}`,
        sql`update ledger_holds set closed_by = ${c.settlement} where tx_id = ${c.hold}`,
      ],
      // Voided, yet paid.
      [
        sql`update ledger_holds set paid = 1 where tx_id = ${voided}`,
        sql`update ledger_holds set paid = 0 where tx_id = ${voided}`,
      ],
    ] as const;
    for (const [broken] of tamper) await database.db.execute(broken);
    expect(await faultsOf()).toEqual([a.hold, b.hold, c.hold, voided].sort((x, y) => x - y));
    for (const [, repaired] of tamper) await database.db.execute(repaired);
    expect(await faultsOf()).toEqual([]);
  });

  it('draws a stake from cash first, then bonus; the bonus share of a win returns as bonus, rounded up', async () => {
    const u = newUser();
    await deposit(u, 300);
    await gift(u, 700);
    const h = await stake(u, 1_000);
    expect(await holdRow(h.txId)).toMatchObject({ amount: expect.anything(), bonus: expect.anything() });
    expect(Number((await holdRow(h.txId))!.bonus)).toBe(700);
    expect(await cash(u)).toMatchObject({ balance: 300, held: 300, available: 0 });
    expect(await bonus(u)).toMatchObject({ balance: 700, held: 700, available: 0 });
    await settle(database.db, {
      holdId: h.txId,
      capture: 1_000,
      to: [{ kind: 'house.casino', amount: 1_000 }],
      payout: { from: 'house.casino', amount: 1_001 },
    });
    // 1001 x 700/1000 = 700.7: the bonus gets 701, cash the other 300.
    expect(await cash(u)).toMatchObject({ balance: 300, held: 0 });
    expect(await bonus(u)).toMatchObject({ balance: 701, held: 0 });
    expect(await holdRow(h.txId)).toMatchObject({ state: 'posted' });
    expect(Number((await holdRow(h.txId))!.paid_bonus)).toBe(701);
  });

  it('captures part of a spanning stake cash first and releases the rest where it came from', async () => {
    const u = newUser();
    await deposit(u, 300);
    await gift(u, 700);
    const h = await stake(u, 1_000);
    // Capture 500: 300 cash and 200 bonus; the other 500 of bonus goes back to the bonus account.
    await settle(database.db, {
      holdId: h.txId,
      capture: 500,
      to: [{ kind: 'house.lottery', amount: 500 }],
      payout: { from: 'house.lottery', amount: 3 },
    });
    // 3 x 200/500 = 1.2: 2 to bonus, 1 to cash.
    expect(await cash(u)).toMatchObject({ balance: 1, held: 0 });
    expect(await bonus(u)).toMatchObject({ balance: 502, held: 0 });
  });

  it('voids a spanning stake back to each account, and refuses one larger than cash and bonus together', async () => {
    const u = newUser();
    await deposit(u, 50);
    await gift(u, 150);
    await expect(stake(u, 201)).rejects.toMatchObject({ code: 9999 });
    expect(await cash(u)).toMatchObject({ held: 0 });
    expect(await bonus(u)).toMatchObject({ held: 0 });
    const h = await stake(u, 200);
    expect(await cash(u)).toMatchObject({ balance: 50, held: 50 });
    expect(await bonus(u)).toMatchObject({ balance: 150, held: 150 });
    await voidHold(database.db, { holdId: h.txId });
    expect(await cash(u)).toMatchObject({ balance: 50, held: 0 });
    expect(await bonus(u)).toMatchObject({ balance: 150, held: 0 });
    // A player with bonus money only stakes it all from bonus; a withdrawal never touches bonus.
    const v = newUser();
    await gift(v, 100);
    await expect(withdrawal(v, 10)).rejects.toMatchObject({ code: 9999 });
    const b = await stake(v, 100);
    await settle(database.db, {
      holdId: b.txId,
      capture: 100,
      to: [{ kind: 'house.originals', amount: 100 }],
      payout: { from: 'house.originals', amount: 150 },
    });
    expect(await bonus(v)).toMatchObject({ balance: 150, held: 0 });
    expect(await cash(v)).toBeUndefined();
  });

  it('resettles a settled stake any number of times, one settlement in effect, turnover by difference', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const house = 'house.sports' as const;
    const houseBefore = await systemBalance(database.db, 'real', house);
    const reference = `resettled-${u}`;
    const h = await stake(u, 100, { product: 'sports', reference });
    // The player's records must add up to the balance after every correction, as a statement would.
    const records = () =>
      listEntries(database.db, {
        userId: u,
        types: [TxType.DEPOSIT, TxType.BET, TxType.BET_SETTLED, TxType.SETTLEMENT_REVERSED],
        limit: 20,
      });
    const expectRecordsToAddUp = async () => {
      const sum = (await records()).reduce((n, e) => n + e.amount, 0);
      expect(sum).toBe((await cash(u))!.balance);
    };
    const lose = { capture: 100, to: [{ kind: house, amount: 100 }] };
    const first = await settle(database.db, { holdId: h.txId, ...lose });
    expect(await cash(u)).toMatchObject({ balance: 900 });
    await expectRecordsToAddUp();
    const win = await resettle(database.db, {
      holdId: h.txId,
      ...lose,
      payout: { from: house, amount: 250 },
    });
    expect(win.txId).not.toBe(first.txId);
    expect(await cash(u)).toMatchObject({ balance: 1_150, held: 0 });
    await expectRecordsToAddUp();
    await resettle(database.db, { holdId: h.txId, capture: 0, to: [] });
    expect(await cash(u)).toMatchObject({ balance: 1_000 });
    await expectRecordsToAddUp();
    // The void in effect gave back the stake and won nothing: a refund, not a prize.
    const settlements = async () =>
      (await records()).filter((e) => e.type === TxType.BET_SETTLED).map((e) => [e.amount, e.refund]);
    expect(await settlements()).toEqual([
      [100, true],
      [250, false],
    ]);
    const last = await resettle(database.db, { holdId: h.txId, ...lose });
    expect(await cash(u)).toMatchObject({ balance: 900 });
    await expectRecordsToAddUp();
    expect(await holdRow(h.txId)).toMatchObject({ state: 'posted' });
    expect(Number((await holdRow(h.txId))!.closed_by)).toBe(last.txId);
    expect((await systemBalance(database.db, 'real', house)) - houseBefore).toBe(100);
    const turnovers = (await database.db.execute(
      sql`select payload->>'turnover' as t from outbox_events
          where topic = 'ledger.stakeSettled' and payload->>'holdId' = ${String(h.txId)} order by id`,
    )) as unknown as { rows: { t: string }[] };
    expect(turnovers.rows.map((r) => Number(r.t))).toEqual([100, 0, -100, 100]);
    // Newest first: the void taken back by the last correction, the void (the stake given back) and the
    // correction that took the 250 prize back before it, the prize once paid, at its own time, and the stake. A
    // settlement that gave nothing back (the losses) has no line, nor has its reversal. The void, superseded,
    // is still a refund (its reversal's memo says it won nothing).
    const entries = (await records()).filter((e) => e.type !== TxType.DEPOSIT);
    expect(entries.map((e) => [e.type, e.amount, e.refund])).toEqual([
      [TxType.SETTLEMENT_REVERSED, -100, false],
      [TxType.SETTLEMENT_REVERSED, -250, false],
      [TxType.BET_SETTLED, 100, true],
      [TxType.BET_SETTLED, 250, false],
      [TxType.BET, -100, false],
    ]);
    expect(entries.map((e) => e.hold)).toEqual(Array(5).fill({ product: 'sports', reference }));
    expect(entries[3]!.id).toBe(win.txId);
    expect((await auditLedger(database)).ok).toBe(true);
  });

  it('settles and resettles many holds in one statement inside a transaction, each as it would alone', async () => {
    const [a, b] = [newUser(), newUser()];
    await deposit(a, 1_000);
    await deposit(b, 1_000);
    const house = 'house.sports' as const;
    const houseBefore = await systemBalance(database.db, 'real', house);
    const lose = { capture: 100, to: [{ kind: house, amount: 100 }] };
    const [h1, h2, h3] = [await stake(a, 100), await stake(a, 100), await stake(b, 100)];
    await settle(database.db, { holdId: h3.txId, ...lose });
    // a's two bets: one won (250 back), one lost; b's settled loss corrected to a win of 300; one key each.
    const items = [
      {
        input: { holdId: h1.txId, ...lose, payout: { from: house, amount: 250 }, idempotencyKey: `m1-${a}` },
      },
      { input: { holdId: h2.txId, ...lose, idempotencyKey: `m2-${a}` } },
      {
        input: { holdId: h3.txId, ...lose, payout: { from: house, amount: 300 }, idempotencyKey: `m3-${b}` },
        resettle: true,
      },
    ];
    const posted = await database.transaction((tx) => settleMany(tx, items));
    expect(posted.map((p) => p.replayed)).toEqual([false, false, false]);
    expect(await cash(a)).toMatchObject({ balance: 1_050, held: 0 });
    expect(await cash(b)).toMatchObject({ balance: 1_200, held: 0 });
    expect((await systemBalance(database.db, 'real', house)) - houseBefore).toBe(200 - 250 - 200);
    // The same page again (a job run twice): every answer a replay of the first, nothing moved.
    const again = await database.transaction((tx) => settleMany(tx, items));
    expect(again).toEqual(posted.map((p) => ({ ...p, replayed: true })));
    expect(await cash(a)).toMatchObject({ balance: 1_050 });
    // A hold already closed under another key: refused as `settle` refuses it, and the transaction undone.
    const h4 = await stake(b, 100);
    await expect(
      database.transaction((tx) =>
        settleMany(tx, [
          { input: { holdId: h4.txId, ...lose } },
          { input: { holdId: h2.txId, ...lose, idempotencyKey: `other-${a}` } },
        ]),
      ),
    ).rejects.toMatchObject({ httpStatus: 409 });
    expect(await holdRow(h4.txId)).toMatchObject({ state: 'held' });
    await voidHold(database.db, { holdId: h4.txId });
    expect((await auditLedger(database)).ok).toBe(true);
  });

  it('moves bonus and cash back by the stake rule on a resettlement', async () => {
    const u = newUser();
    await deposit(u, 100);
    await gift(u, 100);
    const h = await stake(u, 200);
    const to = [{ kind: 'house.casino' as const, amount: 200 }];
    await settle(database.db, {
      holdId: h.txId,
      capture: 200,
      to,
      payout: { from: 'house.casino', amount: 400 },
    });
    expect(await cash(u)).toMatchObject({ balance: 200 });
    expect(await bonus(u)).toMatchObject({ balance: 200 });
    await resettle(database.db, {
      holdId: h.txId,
      capture: 200,
      to,
      payout: { from: 'house.casino', amount: 3 },
    });
    // 3 x 100/200 = 1.5: 2 to bonus, 1 to cash.
    expect(await cash(u)).toMatchObject({ balance: 1 });
    expect(await bonus(u)).toMatchObject({ balance: 2 });
  });

  it('refuses a resettlement taking back a win the player no longer has, and changes nothing', async () => {
    const u = newUser();
    await deposit(u, 100);
    const h = await stake(u, 100);
    const to = [{ kind: 'house.originals' as const, amount: 100 }];
    const won = await settle(database.db, {
      holdId: h.txId,
      capture: 100,
      to,
      payout: { from: 'house.originals', amount: 1_000 },
    });
    await withdrawal(u, 950);
    await expect(resettle(database.db, { holdId: h.txId, capture: 100, to })).rejects.toMatchObject({
      code: 9999,
      key: 'insufficientBalance',
    });
    expect(await cash(u)).toMatchObject({ balance: 1_000, held: 950 });
    expect(Number((await holdRow(h.txId))!.closed_by)).toBe(won.txId);
    expect(Number((await holdRow(h.txId))!.paid)).toBe(1_000);
  });

  it('answers a repeated resettlement key once, and refuses to resettle an open, voided or withdrawal hold', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const h = await stake(u, 100);
    const to = [{ kind: 'house.originals' as const, amount: 100 }];
    await expect(resettle(database.db, { holdId: h.txId, capture: 100, to })).rejects.toMatchObject({
      key: 'holdNotOpen',
    });
    await settle(database.db, { holdId: h.txId, capture: 100, to });
    const input = { holdId: h.txId, capture: 0, to: [], idempotencyKey: `fix-${u}` };
    const a = await resettle(database.db, input);
    const b = await resettle(database.db, input);
    expect(b).toEqual({ txId: a.txId, replayed: true });
    await expect(resettle(database.db, { ...input, capture: 100, to })).rejects.toMatchObject({
      code: 40901,
    });
    expect(await cash(u)).toMatchObject({ balance: 1_000 });
    const v = await stake(u, 10);
    await voidHold(database.db, { holdId: v.txId });
    await expect(resettle(database.db, { holdId: v.txId, capture: 0, to: [] })).rejects.toMatchObject({
      key: 'holdNotOpen',
    });
    const w = await withdrawal(u, 10);
    await settle(database.db, {
      holdId: w.txId,
      capture: 10,
      to: [{ kind: 'payment_clearing', amount: 10 }],
    });
    await expect(resettle(database.db, { holdId: w.txId, capture: 0, to: [] })).rejects.toMatchObject({
      key: 'ledgerInvalid',
    });
    await expect(resettle(database.db, { holdId: 987_654_321, capture: 0, to: [] })).rejects.toMatchObject({
      key: 'holdNotFound',
    });
  });

  it("posts a provider round through that provider's clearing account", async () => {
    const u = newUser();
    await deposit(u, 500);
    const h = await stake(u, 200, { product: 'casino', reference: 'pragmatic:round-9' });
    const clearing = providerClearing('pragmatic');
    await settle(database.db, {
      holdId: h.txId,
      capture: 200,
      to: [{ kind: clearing, amount: 200 }],
      payout: { from: clearing, amount: 50 },
    });
    expect(await systemBalance(database.db, 'real', clearing)).toBe(150);
    expect(() => providerClearing('Bad:Code')).toThrow(TypeError);
    await expect(
      settle(database.db, { holdId: h.txId, capture: 1, to: [{ kind: 'house.poker' as never, amount: 1 }] }),
    ).rejects.toThrow(TypeError);
  });

  it.runIf(onPostgres)(
    'lets 500 concurrent stakes of a on a balance B through exactly floor(B/a) times',
    async () => {
      const u = newUser();
      const B = 50_000;
      const a = 333;
      await deposit(u, B);
      const results = await Promise.allSettled(Array.from({ length: 500 }, () => stake(u, a)));
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(Math.floor(B / a));
      expect(refused.every((r) => (r.reason as { code?: number }).code === 9999)).toBe(true);
      expect(await cash(u)).toMatchObject({ balance: B, held: ok.length * a });
      const settled = await Promise.all(
        ok.map((r) =>
          settle(database.db, {
            holdId: r.value.txId,
            capture: a,
            to: [{ kind: 'house.sports', amount: a }],
          }),
        ),
      );
      expect(new Set(settled.map((s) => s.txId)).size).toBe(ok.length);
      expect(await cash(u)).toMatchObject({ balance: B - ok.length * a, held: 0 });
    },
  );

  it.runIf(onPostgres)(
    'runs the same stake key 10 times at once as one hold with identical answers',
    async () => {
      const u = newUser();
      await deposit(u, 1_000);
      const once = () => stake(u, 100, { reference: `bet-${u}`, idempotencyKey: `bet-${u}` });
      const answers = await Promise.all(Array.from({ length: 10 }, once));
      expect(new Set(answers.map((a) => a.txId)).size).toBe(1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect(await cash(u)).toMatchObject({ balance: 1_000, held: 100 });
      const close = () =>
        settle(database.db, {
          holdId: answers[0]!.txId,
          capture: 100,
          to: [{ kind: 'house.sports', amount: 100 }],
          idempotencyKey: `settle-${u}`,
        });
      const closed = await Promise.all(Array.from({ length: 10 }, close));
      expect(new Set(closed.map((c) => c.txId)).size).toBe(1);
      expect(await cash(u)).toMatchObject({ balance: 900, held: 0 });
    },
  );

  it('batches stakes and settlements of players who share rows, spanning cash and bonus, exactly', async () => {
    // Many calls at once on database.db leave in batches (set-based in the database); players appear several
    // times in a batch and in batches in flight together, and some stakes are refused for want of money.
    const players = Array.from({ length: 6 }, newUser);
    for (const u of players) {
      await deposit(u, 1_000);
      await gift(u, 500);
    }
    const stakeOf = (i: number) => 100 + 10 * (i % 5);
    /** One bet: a stake (maybe refused), then its settlement, won when i % 3 = 0; what it moved. */
    const bet = async (u: number, i: number) => {
      const a = stakeOf(i);
      const h = await stake(u, a).catch((err: { code?: number }) => {
        if (err.code !== 9999) throw err;
        return null;
      });
      if (!h) return 0;
      const payout = i % 3 === 0 ? 2 * a : 0;
      await settle(database.db, {
        holdId: h.txId,
        capture: a,
        to: [{ kind: 'house.originals', amount: a }],
        ...(payout ? { payout: { from: 'house.originals', amount: payout } } : {}),
      });
      return payout - a;
    };
    // 32 callers, each betting 12 times in turn on the players, so a player's rows change in one batch
    // while another batch that touches them is in flight.
    const outcomes = (
      await Promise.all(
        Array.from({ length: 32 }, async (_, w) => {
          const mine: { u: number; moved: number }[] = [];
          for (let k = 0; k < 12; k++) {
            const u = players[(w + k) % players.length]!;
            mine.push({ u, moved: await bet(u, w * 12 + k) });
          }
          return mine;
        }),
      )
    ).flat();
    for (const u of players) {
      const moved = outcomes.filter((o) => o.u === u).reduce((s, o) => s + o.moved, 0);
      const [c, b] = [await cash(u), await bonus(u)];
      expect(c!.held + b!.held).toBe(0);
      expect(c!.balance + b!.balance).toBe(1_500 + moved);
    }
    // Every settlement posted what its hold records, cash first then bonus, the bonus share rounded up.
    expect((await auditLedger(database)).ok).toBe(true);
  });

  it.runIf(onPostgres)(
    "settles in a batch exactly when another transaction changed the player's rows meanwhile",
    async () => {
      // The batch's statement starts while another transaction holds (and then changes) the rows it
      // updates: its update must apply to the new row, not be skipped.
      const players = [newUser(), newUser()];
      const holds: { txId: number }[] = [];
      for (const u of players) {
        await deposit(u, 1_000);
        holds.push(await stake(u, 300));
      }
      const { pending } = await database.transaction(async (tx) => {
        // A change the batch must build on (taken back below): 7 more on the first player's cash.
        await tx.execute(
          sql`update ledger_accounts set balance = balance + 7 where id = ${`u${players[0]}:cash:BRL`}`,
        );
        // Both settlements in one batch (one call of the batch function, as the group commit sends them).
        const ops = holds.map((h) => ({
          op: 'settle',
          hold: h.txId,
          capture: 300,
          payout: 600,
          kinds: ['house.originals'],
          amounts: [-300],
          key: null,
          hash: null,
          ref: null,
          memo: null,
        }));
        const pending = database.db.execute(
          sql`select ledger_batch(${JSON.stringify(ops)}::jsonb) as a`,
        ) as unknown as Promise<{ rows: { a: { id: number | null }[] }[] }>;
        await new Promise((r) => setTimeout(r, 300));
        return { pending }; // not awaited here: it waits for this transaction's locks
      });
      const { a } = (await pending).rows[0]!;
      expect(a.every((answer) => Number(answer.id) > 0)).toBe(true);
      await database.db.execute(
        sql`update ledger_accounts set balance = balance - 7 where id = ${`u${players[0]}:cash:BRL`}`,
      );
      for (const u of players) {
        expect(await cash(u)).toMatchObject({ balance: 1_300, held: 0 });
      }
    },
  );

  it.runIf(onPostgres)('runs 20 resettlements of one stake at once, one after another', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const h = await stake(u, 100);
    const to = [{ kind: 'house.sports' as const, amount: 100 }];
    await settle(database.db, { holdId: h.txId, capture: 100, to });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        resettle(database.db, {
          holdId: h.txId,
          capture: 100,
          to,
          payout: { from: 'house.sports', amount: 10 * (i + 1) },
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.txId)).size).toBe(20);
    const row = await holdRow(h.txId);
    expect(await cash(u)).toMatchObject({ balance: 900 + Number(row!.paid) });
    expect((await auditLedger(database)).ok).toBe(true);
  });
});
