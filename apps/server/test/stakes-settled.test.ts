import crypto from 'node:crypto';
import { TxType } from '@aposta/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hold, post, settle, type SettledFact } from '../src/modules/ledger';
import type { Tx } from '../src/platform/db';
import { createTestApp, expectCleanLedgerThenClose, rolledBack, testPlayers } from './helpers';

/**
 * The outbox relay's set-based paths of `ledger.stakeSettled` (responsible gambling's day figures, wagering's
 * turnover): on the facts of real settlements, they must leave the same books as the handlers fact by fact.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

// The relay paused: the facts wait, and each test applies them itself, twice, in transactions rolled back.
beforeAll(async () => {
  t = await createTestApp({ OUTBOX_RELAY: 'paused' });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

/**
 * A stake of `amount` as a product makes it (counted against the day's stakes, then held), settled at once:
 * `capture` of it taken for the originals' house, `payout` paid from it.
 */
async function stake(userId: number, amount: number, capture: number, payout: number) {
  await t.database.executeSql('select rg_stake($1, $2)', [userId, amount]);
  const h = await hold(t.database.db, {
    type: TxType.BET,
    userId,
    amount,
    product: 'originals',
    reference: `bet-${crypto.randomUUID()}`,
  });
  await settle(t.database.db, {
    holdId: h.txId,
    capture,
    to: [{ kind: 'house.originals', amount: capture }],
    ...(payout ? { payout: { from: 'house.originals', amount: payout } } : {}),
  });
}

async function facts(users: number[]): Promise<SettledFact[]> {
  const { rows } = await t.database.executeSql(
    `select payload from outbox_events where topic = 'ledger.stakeSettled' order by id`,
  );
  return rows
    .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as SettledFact)
    .filter((f) => users.includes(Number(f.userId)));
}

/** Runs `apply` in a transaction rolled back, and answers what `read` saw after it. */
const dryRun = <T>(
  apply: (tx: Tx) => Promise<void>,
  read: (q: (s: SQL) => Promise<unknown[]>) => Promise<T>,
) =>
  rolledBack(t.database, async (query, tx) => {
    await apply(tx);
    return read(query);
  });

const list = (xs: number[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb)::bigint)`;

describe('the set-based paths of ledger.stakeSettled', () => {
  it('count the same day figures and turnover as fact by fact, and leave the players with requirements', async () => {
    const { signUp, fund } = testPlayers(t.app, t.database);
    const plain = await signUp();
    const other = await signUp();
    const required = await signUp();
    // Cash credited without a requirement (as a transfer would), and a deposit, which raises one.
    for (const p of [plain, other])
      await post(t.database.db, {
        type: TxType.DEPOSIT,
        players: [{ userId: p.id, amount: 50_000 }],
        system: [{ kind: 'payment_clearing', amount: -50_000 }],
      });
    await fund(required.id, 50_000);

    await stake(plain.id, 1_000, 1_000, 0); // lost
    await stake(plain.id, 2_000, 2_000, 3_960); // won
    await stake(plain.id, 500, 200, 0); // 300 of the stake given back
    await stake(other.id, 700, 700, 700); // paid back
    await stake(required.id, 1_000, 1_000, 1_980);
    await stake(required.id, 400, 100, 0);
    const users = [plain.id, other.id, required.id];
    const settled = await facts(users);
    expect(settled).toHaveLength(6);

    const { rg, wagering } = t.app;
    const each = wagering.handlers['ledger.stakeSettled'];
    const readRg = async (q: (s: SQL) => Promise<unknown[]>) =>
      q(
        sql`select user_id::int, day, staked::text, paid::text from rg_usage where user_id = any(${list(users)}) order by 1, 2`,
      );
    const readWagering = async (q: (s: SQL) => Promise<unknown[]>) => ({
      totals: await q(
        sql`select user_id::int, currency, wagered::text, deposited::text from wagering_totals
              where user_id = any(${list(users)}) order by 1`,
      ),
      events: await q(
        sql`select key, user_id::int, hold_id::text, wagered::text, worn_cash::text, worn_bonus::text from wagering_events
              where user_id = any(${list(users)}) and key like 'settled:%' order by key`,
      ),
      requirements: await q(
        sql`select user_id::int, kind, remaining::text from wagering_requirements where user_id = any(${list(users)})
              order by 1, 2`,
      ),
      pushes: await q(
        sql`select distinct payload->>'userId' as user_id from outbox_events
              where topic = 'wagering.totalsChanged' and (payload->>'userId')::bigint = any(${list(users)}) order by 1`,
      ),
    });

    let rgLeft: number[] = [];
    const rgSet = await dryRun(async (tx) => {
      rgLeft = await rg.onStakesSettled(settled, tx);
      for (const i of rgLeft) await rg.onStakeSettled(settled[i]!, tx);
    }, readRg);
    const rgEach = await dryRun(async (tx) => {
      for (const f of settled) await rg.onStakeSettled(f, tx);
    }, readRg);
    expect(rgLeft).toEqual([]);
    expect(rgSet).toEqual(rgEach);
    // The stakes count staked, less the 300 and 300 given back; the payouts count paid.
    expect(rgSet).toEqual([
      expect.objectContaining({ user_id: plain.id, staked: String(3_500 - 300), paid: '3960' }),
      expect.objectContaining({ user_id: other.id, staked: '700', paid: '700' }),
      expect.objectContaining({ user_id: required.id, staked: String(1_400 - 300), paid: '1980' }),
    ]);

    let wageringLeft: number[] = [];
    const wageringSet = await dryRun(async (tx) => {
      wageringLeft = await wagering.stakesSettled(settled, tx);
      for (const i of wageringLeft) await each(settled[i]!, tx);
    }, readWagering);
    const wageringEach = await dryRun(async (tx) => {
      for (const f of settled) await each(f, tx);
    }, readWagering);
    // The player with a requirement to wear is left to the handler, in order; the others took the fast path.
    expect(wageringLeft).toEqual([4, 5]);
    expect(wageringSet).toEqual(wageringEach);
    expect(wageringSet.totals).toEqual([
      expect.objectContaining({ user_id: plain.id, wagered: '3200' }),
      expect.objectContaining({ user_id: other.id, wagered: '700' }),
      expect.objectContaining({ user_id: required.id, wagered: '1100' }),
    ]);

    // Delivered for real by the relay: the same books, every delivery done.
    while ((await t.app.outbox.relayOnce()) > 0);
    expect(await dryRun(async () => {}, readRg)).toEqual(rgEach);
    expect(await dryRun(async () => {}, readWagering)).toEqual(wageringEach);
  });
});
