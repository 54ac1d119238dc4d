import { TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, expectCleanLedgerThenClose } from '../../../test/helpers';
import type { Database, Executor } from '../../platform/db';
import { hold, post, resettle, reverse, settle, type SettledFact } from '../ledger';
import { auditWagering, onStakeSettled, recordCredit, requirements, totals, wageringHandlers } from './index';

const MULTIPLIERS = { 'wagering.depositMultiplier': 1, 'wagering.bonusMultiplier': 2 };

let database: Database;
let nextUser = 5000;
const newUser = () => ++nextUser;
let nextRef = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => expectCleanLedgerThenClose(database, () => database.close()));

/** A deposit credited as payments does it: ledger posting and wagering fact in one transaction. */
const deposit = (userId: number, amount: number, inside?: (tx: Executor) => Promise<void>) =>
  database.transaction(async (tx) => {
    const { txId } = await post(tx, {
      type: TxType.DEPOSIT,
      players: [{ userId, amount }],
      system: [{ kind: 'payment_clearing', amount: -amount }],
    });
    await recordCredit(tx, { userId, txId, deposit: amount }, MULTIPLIERS);
    await inside?.(tx);
    return txId;
  });

/** The ledger's outbox rows of one topic and hold, oldest first, as a handler receives them. */
async function facts(topic: string, holdId: number): Promise<SettledFact[]> {
  const result = (await database.db.execute(
    sql`select payload from outbox_events where topic = ${topic} and payload->>'holdId' = ${String(holdId)} order by id`,
  )) as unknown as { rows: { payload: unknown }[] };
  return result.rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}

const apply = (topic: keyof typeof wageringHandlers, payload: unknown) =>
  database.transaction((tx) => wageringHandlers[topic](payload as never, tx));

const stake = async (userId: number, amount: number) =>
  (
    await hold(database.db, {
      type: TxType.BET,
      userId,
      amount,
      product: 'sports',
      reference: `ticket-${++nextRef}`,
    })
  ).txId;

const lose = (capture: number) => ({ capture, to: [{ kind: 'house.sports' as const, amount: capture }] });

describe('wagering', () => {
  it('records a deposit with its requirement in the crediting transaction, once', async () => {
    const u = newUser();
    const txId = await deposit(u, 10_000);
    await database.transaction((tx) => recordCredit(tx, { userId: u, txId, deposit: 10_000 }, MULTIPLIERS));
    expect(await totals(database.db, u)).toEqual({
      deposited: 10_000,
      withdrawn: 0,
      wagered: 0,
      cashDue: 10_000,
    });
    // A credit whose transaction rolls back leaves no requirement behind, and no money either.
    const v = newUser();
    await expect(
      deposit(v, 500, async () => {
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await totals(database.db, v)).toEqual({ deposited: 0, withdrawn: 0, wagered: 0, cashDue: 0 });
  });

  it('turns the facts a settlement writes into turnover, once, wearing requirements oldest first', async () => {
    const u = newUser();
    await deposit(u, 300);
    await deposit(u, 500);
    const h = await stake(u, 400);
    await settle(database.db, { holdId: h, ...lose(400) });
    const [fact] = await facts('ledger.stakeSettled', h);
    expect(fact).toMatchObject({
      holdId: h,
      userId: u,
      product: 'sports',
      cash: 400,
      bonus: 0,
      turnover: 400,
    });
    await apply('ledger.stakeSettled', fact);
    await apply('ledger.stakeSettled', fact);
    expect(await totals(database.db, u)).toMatchObject({ wagered: 400, cashDue: 400 });
    expect((await requirements(database.db, u)).map((r) => [r.required, r.remaining])).toEqual([
      [300, 0],
      [500, 400],
    ]);
  });

  it('applies a resettlement by its difference and gives back only what the stake wore', async () => {
    const u = newUser();
    await deposit(u, 1_000);
    const h = await stake(u, 300);
    await settle(database.db, { holdId: h, ...lose(300) });
    await resettle(database.db, { holdId: h, capture: 0, to: [] });
    await resettle(database.db, { holdId: h, ...lose(100) });
    const list = await facts('ledger.stakeSettled', h);
    expect(list.map((f) => f.turnover)).toEqual([300, -300, 100]);
    expect(list[1]!.supersedes).toBeGreaterThan(0);
    for (const f of list) await apply('ledger.stakeSettled', f);
    expect(await totals(database.db, u)).toMatchObject({ wagered: 100, cashDue: 900 });
    // A lowered stake that wore nothing (the requirement was already met) gives nothing back.
    const v = newUser();
    await database.transaction(async (tx) => {
      const { txId } = await post(tx, {
        type: TxType.DEPOSIT,
        players: [{ userId: v, amount: 1_000 }],
        system: [{ kind: 'payment_clearing', amount: -1_000 }],
      });
      await recordCredit(
        tx,
        { userId: v, txId, deposit: 1_000 },
        { ...MULTIPLIERS, 'wagering.depositMultiplier': 0 },
      );
    });
    const k = await stake(v, 200);
    await settle(database.db, { holdId: k, ...lose(200) });
    await resettle(database.db, { holdId: k, capture: 0, to: [] });
    for (const f of await facts('ledger.stakeSettled', k)) await onStakeSettled(f, database.db);
    expect(await totals(database.db, v)).toMatchObject({ wagered: 0, cashDue: 0 });
    expect(await requirements(database.db, v)).toEqual([]);
  });

  it('counts a paid withdrawal, and takes back a reversed deposit and what is left of its requirement', async () => {
    const u = newUser();
    const first = await deposit(u, 2_000);
    await deposit(u, 700);
    const w = (
      await hold(database.db, {
        type: TxType.WITHDRAWAL,
        userId: u,
        amount: 100,
        product: 'withdrawal',
        reference: `order-${u}`,
      })
    ).txId;
    await settle(database.db, { holdId: w, capture: 100, to: [{ kind: 'payment_clearing', amount: 100 }] });
    const [paid] = await facts('ledger.withdrawalPaid', w);
    await apply('ledger.withdrawalPaid', paid);
    await apply('ledger.withdrawalPaid', paid);
    const h = await stake(u, 500);
    await settle(database.db, { holdId: h, ...lose(500) });
    for (const f of await facts('ledger.stakeSettled', h)) await apply('ledger.stakeSettled', f);
    const r = await reverse(database.db, { txId: first });
    const reversed = (await database.db.execute(
      sql`select payload from outbox_events where topic = 'ledger.reversed' and payload->>'reversalId' = ${String(r.txId)}`,
    )) as unknown as { rows: { payload: unknown }[] };
    const fact = reversed.rows[0]!.payload;
    const payload = typeof fact === 'string' ? JSON.parse(fact) : fact;
    await apply('ledger.reversed', payload);
    await apply('ledger.reversed', payload);
    // The first deposit's requirement had 1500 left (500 worn by the stake): cleared; the second stands.
    expect(await totals(database.db, u)).toEqual({
      deposited: 700,
      withdrawn: 100,
      wagered: 500,
      cashDue: 700,
    });
    expect((await requirements(database.db, u)).map((q) => [q.required, q.remaining])).toEqual([
      [2_000, 0],
      [700, 700],
    ]);
  });

  it('a lowered stake gives nothing back to the cleared requirement of a reversed deposit', async () => {
    const u = newUser();
    const first = await deposit(u, 1_000);
    const h = await stake(u, 400);
    await settle(database.db, { holdId: h, ...lose(400) });
    for (const f of await facts('ledger.stakeSettled', h)) await apply('ledger.stakeSettled', f);
    await deposit(u, 500);
    // The first deposit is reversed (a chargeback): the 600 left of its requirement is cleared.
    const r = await reverse(database.db, { txId: first });
    const reversed = (await database.db.execute(
      sql`select payload from outbox_events where topic = 'ledger.reversed' and payload->>'reversalId' = ${String(r.txId)}`,
    )) as unknown as { rows: { payload: unknown }[] };
    const fact = reversed.rows[0]!.payload;
    await apply('ledger.reversed', typeof fact === 'string' ? JSON.parse(fact) : fact);
    // The stake is voided: the 400 it wore belonged to the reversed deposit, whose row stays cleared; the second
    // deposit's requirement, which the stake never wore, is as it was.
    await resettle(database.db, { holdId: h, capture: 0, to: [] });
    for (const f of await facts('ledger.stakeSettled', h)) await apply('ledger.stakeSettled', f);
    expect((await requirements(database.db, u)).map((q) => [q.required, q.remaining])).toEqual([
      [1_000, 0],
      [500, 500],
    ]);
    expect(await totals(database.db, u)).toMatchObject({ deposited: 500, wagered: 0, cashDue: 500 });
    expect((await auditWagering(database)).ok).toBe(true);
    // The audit sees a cleared requirement given something back.
    const tamper = (by: number) =>
      database.db.execute(
        sql`update wagering_requirements set remaining = remaining + ${by} where source = ${`tx:${first}:cash`}`,
      );
    await tamper(1);
    try {
      const names = (await auditWagering(database)).checks.filter((c) => c.faults.length).map((c) => c.name);
      expect(names).toContain('a cleared requirement stays cleared');
    } finally {
      await tamper(-1);
    }
  });

  it('reports a tampered total, and is clean again once it is put back', async () => {
    const u = newUser();
    await deposit(u, 100);
    await database.db.execute(sql`update wagering_totals set deposited = deposited + 1 where user_id = ${u}`);
    const audit = await auditWagering(database);
    expect(audit.ok).toBe(false);
    expect(audit.checks.find((c) => c.faults.length)?.name).toBe(
      'each player total equals the sum of its journal',
    );
    await database.db.execute(sql`update wagering_totals set deposited = deposited - 1 where user_id = ${u}`);
    expect((await auditWagering(database)).ok).toBe(true);
  });
});
