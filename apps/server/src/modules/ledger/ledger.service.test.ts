import { TxType } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, onPostgres, expectCleanLedgerThenClose } from '../../../test/helpers';
import type { Database } from '../../platform/db';
import {
  auditLedger,
  hold,
  listEntries,
  openPlayerAccounts,
  playerAccounts,
  post,
  reverse,
  rollUp,
  settle,
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
    players: [{ userId, amount, wagerDue: amount }],
    system: [{ kind: 'payment_clearing', amount: -amount }],
    idempotencyKey,
  });

const cash = async (userId: number) =>
  (await playerAccounts(database.db, userId)).find((a) => a.kind === 'cash');

describe('ledger', () => {
  it('credits a deposit, creating the account, and keeps the totals', async () => {
    const u = newUser();
    const { txId, replayed } = await deposit(u, 10_000);
    expect(txId).toBeGreaterThan(0);
    expect(replayed).toBe(false);
    expect(await cash(u)).toMatchObject({
      balance: 10_000,
      available: 10_000,
      deposited: 10_000,
      wagerDue: 10_000,
    });
    expect(await systemBalance(database.db, 'real', 'payment_clearing')).toBe(-10_000);
  });

  it('holds, settles a win in part, and counts the stake as turnover', async () => {
    const u = newUser();
    await deposit(u, 5_000);
    const h = await hold(database.db, { type: TxType.BET, userId: u, amount: 1_000, ref: 'bet-1' });
    expect(await cash(u)).toMatchObject({ balance: 5_000, held: 1_000, available: 4_000 });
    await settle(database.db, {
      holdId: h.txId,
      capture: 800,
      to: [{ kind: 'house.originals', amount: 800 }],
      payout: { from: 'house.originals', amount: 2_000 },
    });
    expect(await cash(u)).toMatchObject({ balance: 6_200, held: 0, wagered: 800, wagerDue: 4_200 });
    const entries = await listEntries(database.db, {
      userId: u,
      types: [TxType.DEPOSIT, TxType.BET, TxType.BET_SETTLED],
      limit: 10,
    });
    expect(entries.map((e) => [e.type, e.amount, e.state])).toEqual([
      [TxType.BET_SETTLED, 2_000, 'posted'],
      [TxType.BET, -1_000, 'posted'],
      [TxType.DEPOSIT, 5_000, 'posted'],
    ]);
  });

  it('voids a hold once, and refuses to settle it afterwards', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const h = await hold(database.db, { type: TxType.WITHDRAWAL, userId: u, amount: 1_000 });
    await expect(hold(database.db, { type: TxType.BET, userId: u, amount: 1 })).rejects.toMatchObject({
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

  it('reverses a transaction once, and not when the money is spent', async () => {
    const u = newUser();
    const d = await deposit(u, 300);
    const r = await reverse(database.db, { txId: d.txId });
    // A reversed deposit no longer counts as deposited nor owes its wagering.
    expect(await cash(u)).toMatchObject({ balance: 0, deposited: 0, wagerDue: 0 });
    await expect(reverse(database.db, { txId: d.txId })).rejects.toMatchObject({ key: 'alreadyReversed' });
    await reverse(database.db, { txId: r.txId });
    expect(await cash(u)).toMatchObject({ balance: 300, deposited: 300, wagerDue: 300 });
    const d2 = await deposit(u, 50);
    await hold(database.db, { type: TxType.BET, userId: u, amount: 340 });
    await expect(reverse(database.db, { txId: d2.txId })).rejects.toMatchObject({ code: 9999 });
  });

  it('takes back the bonus wagering of a reversed promotion, and refuses to reverse a settlement', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const gift = await post(database.db, {
      type: TxType.PROMOTION,
      players: [{ userId: u, kind: 'bonus', amount: 200, bonusWagerDue: 600 }],
      system: [{ kind: 'promotions', amount: -200 }],
    });
    const bonus = async () => (await playerAccounts(database.db, u)).find((a) => a.kind === 'bonus');
    expect(await bonus()).toMatchObject({ balance: 200, bonusWagerDue: 600 });
    await reverse(database.db, { txId: gift.txId });
    expect(await bonus()).toMatchObject({ balance: 0, bonusWagerDue: 0 });
    // Staked 400 of the 1000 owed: a reversal takes back the deposit's 1000, the requirement stops at 0.
    const stake = await hold(database.db, { type: TxType.BET, userId: u, amount: 400 });
    const settled = await settle(database.db, {
      holdId: stake.txId,
      capture: 400,
      to: [{ kind: 'house.casino', amount: 400 }],
    });
    await expect(reverse(database.db, { txId: settled.txId })).rejects.toMatchObject({
      key: 'ledgerInvalid',
    });
    expect(await cash(u)).toMatchObject({ balance: 600, deposited: 1_000, wagered: 400, wagerDue: 600 });
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
      await expect(hold(database.db, { type: TxType.BET, userId: u, amount })).rejects.toMatchObject({
        httpStatus: 400,
      });
    }
    await expect(
      hold(database.db, { type: TxType.BET, userId: u, amount: 10, currency: 'XXX' as never }),
    ).rejects.toMatchObject({ key: 'unknownCurrency' });
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

  it.runIf(onPostgres)(
    'lets 500 concurrent stakes of a on a balance B through exactly floor(B/a) times',
    async () => {
      const u = newUser();
      const B = 50_000;
      const a = 333;
      await deposit(u, B);
      const results = await Promise.allSettled(
        Array.from({ length: 500 }, () => hold(database.db, { type: TxType.BET, userId: u, amount: a })),
      );
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
      const stake = () =>
        hold(database.db, { type: TxType.BET, userId: u, amount: 100, idempotencyKey: `bet-${u}` });
      const answers = await Promise.all(Array.from({ length: 10 }, stake));
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
});
