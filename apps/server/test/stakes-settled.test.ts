import crypto from 'node:crypto';
import { TxType } from '@aposta/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hold, post, settle, type SettledFact } from '../src/modules/ledger';
import { recordCredit } from '../src/modules/wagering';
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

/** The stake facts of `users` since event `afterId`. */
async function facts(users: number[], afterId: number): Promise<SettledFact[]> {
  const { rows } = await t.database.executeSql(
    `select payload from outbox_events where topic = 'ledger.stakeSettled' and id > $1 order by id`,
    [afterId],
  );
  return rows
    .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as SettledFact)
    .filter((f) => users.includes(Number(f.userId)));
}

/** A bonus credited as a promotion does it: the ledger credit and its grant, in one transaction. */
async function giveBonus(userId: number, amount: number) {
  const settings = await t.app.settings.all();
  await t.database.transaction(async (tx) => {
    const { txId } = await post(tx, {
      type: TxType.PROMOTION,
      idempotencyKey: `test-bonus:${userId}`,
      players: [{ userId, kind: 'bonus', amount }],
      system: [{ kind: 'promotions', amount: -amount }],
    });
    await recordCredit(tx, { userId, txId, bonus: amount }, settings);
  });
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

/** Today's RG figures of `users`, as a reader for `dryRun`. */
const rgOf = (users: number[]) => async (q: (s: SQL) => Promise<unknown[]>) =>
  q(
    sql`select user_id::int, day, staked::text, paid::text from rg_usage where user_id = any(${list(users)}) order by 1, 2`,
  );

/** Everything wagering keeps of `users`' stakes (totals, events, requirements, wear, pushes), as a reader for `dryRun`. */
const wageringOf = (users: number[]) => async (q: (s: SQL) => Promise<unknown[]>) => ({
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
          order by 1, 2, id`,
  ),
  wear: await q(
    sql`select k.hold_id::text, k.requirement_id::text, k.worn::text from wagering_wear k
          join wagering_requirements r on r.id = k.requirement_id
         where r.user_id = any(${list(users)}) order by 1, 2`,
  ),
  pushes: await q(
    sql`select distinct payload->>'userId' as user_id from outbox_events
          where topic = 'wagering.totalsChanged' and (payload->>'userId')::bigint = any(${list(users)}) order by 1`,
  ),
});

/** The facts' next event id: what `facts` reads from. */
async function lastEventId() {
  const { rows } = await t.database.executeSql('select coalesce(max(id), 0)::int as id from outbox_events');
  return Number(rows[0]!.id);
}

describe('the set-based paths of ledger.stakeSettled', () => {
  it('count the same day figures, turnover and wear as fact by fact, and leave the players with a bonus to wear', async () => {
    const { signUp, fund } = testPlayers(t.app, t.database);
    const plain = await signUp();
    const other = await signUp();
    const required = await signUp();
    const spent = await signUp();
    const bonused = await signUp();
    // Cash credited without a requirement (as a transfer would), and deposits, which raise one each.
    for (const p of [plain, other, spent])
      await post(t.database.db, {
        type: TxType.DEPOSIT,
        players: [{ userId: p.id, amount: 50_000 }],
        system: [{ kind: 'payment_clearing', amount: -50_000 }],
      });
    await fund(required.id, 600);
    await fund(required.id, 50_000);
    await fund(spent.id, 500);
    await fund(spent.id, 1_000);
    await fund(bonused.id, 10_000);
    await giveBonus(bonused.id, 2_000);
    // Players' stakes interleaved, as bets come; spent's first requirement worn out before this run.
    await stake(spent.id, 400, 400, 0);
    while ((await t.app.outbox.relayOnce()) > 0);
    const before = await lastEventId();

    await stake(plain.id, 1_000, 1_000, 0); // lost
    await stake(required.id, 1_000, 1_000, 1_980); // wears 600 of the first deposit's row, 400 of the second
    await stake(bonused.id, 300, 300, 0);
    await stake(plain.id, 2_000, 2_000, 3_960); // won
    await stake(spent.id, 700, 700, 0); // the last 100 of the first row, then the second
    await stake(plain.id, 500, 200, 0); // 300 of the stake given back
    await stake(other.id, 700, 700, 700); // paid back
    await stake(required.id, 400, 100, 0);
    await stake(spent.id, 6_000, 6_000, 0); // more than is left to wear
    await stake(bonused.id, 200, 200, 400);
    const users = [plain.id, other.id, required.id, spent.id, bonused.id];
    const settled = await facts(users, before);
    expect(settled).toHaveLength(10);

    const { rg, wagering } = t.app;
    const each = wagering.handlers['ledger.stakeSettled'];
    const readRg = rgOf(users);
    const readWagering = wageringOf(users);

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
      expect.objectContaining({ user_id: spent.id, staked: '7100', paid: '0' }),
      expect.objectContaining({ user_id: bonused.id, staked: '500', paid: '400' }),
    ]);

    let wageringLeft: number[] = [];
    const wageringSet = await dryRun(async (tx) => {
      wageringLeft = await wagering.stakesSettled(settled, tx);
      for (const i of wageringLeft) await each(settled[i]!, tx);
    }, readWagering);
    const wageringEach = await dryRun(async (tx) => {
      for (const f of settled) await each(f, tx);
    }, readWagering);
    // The player with a bonus to wear is left to the handler, in order; the others took the set-based path.
    expect(wageringLeft).toEqual([2, 9]);
    expect(wageringSet).toEqual(wageringEach);
    expect(wageringSet.totals).toEqual([
      expect.objectContaining({ user_id: plain.id, wagered: '3200' }),
      expect.objectContaining({ user_id: other.id, wagered: '700' }),
      expect.objectContaining({ user_id: required.id, wagered: '1100' }),
      expect.objectContaining({ user_id: spent.id, wagered: '7100' }),
      expect.objectContaining({ user_id: bonused.id, wagered: '500' }),
    ]);
    // What was left to wear: required 0 and 50,000 − 400 − 100; spent nothing; bonused 500 less of each.
    expect(
      wageringSet.requirements.map((r) => [
        (r as { user_id: number }).user_id,
        (r as { remaining: string }).remaining,
      ]),
    ).toEqual([
      [required.id, '0'],
      [required.id, String(50_000 - 500)],
      [spent.id, '0'],
      [spent.id, '0'],
      [bonused.id, String(2 * 2_000 - 500)], // bonus (multiple 2), then cash
      [bonused.id, String(10_000 - 500)],
    ]);

    // Delivered for real by the relay: the same books, every delivery done.
    while ((await t.app.outbox.relayOnce()) > 0);
    expect(await dryRun(async () => {}, readRg)).toEqual(rgEach);
    expect(await dryRun(async () => {}, readWagering)).toEqual(wageringEach);
  });

  it("wear deposits' requirements as fact by fact would, over random deposits and stakes", async () => {
    const { signUp, fund } = testPlayers(t.app, t.database);
    // A fixed seed (mulberry32): the same case every run, still a case nobody wrote by hand.
    let seed = 0x5eed;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
    };
    const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const users: number[] = [];
    for (let p = 0; p < 6; p++) {
      const { id } = await signUp();
      users.push(id);
      // Money to stake with and no requirement, then up to three deposits, each raising one.
      await post(t.database.db, {
        type: TxType.DEPOSIT,
        players: [{ userId: id, amount: 100_000 }],
        system: [{ kind: 'payment_clearing', amount: -100_000 }],
      });
      for (let d = between(0, 3); d > 0; d--) await fund(id, between(1, 30) * 100);
    }
    while ((await t.app.outbox.relayOnce()) > 0);
    const before = await lastEventId();
    for (let n = 0; n < 40; n++) {
      const amount = between(1, 40) * 50;
      const capture = random() < 0.8 ? amount : between(1, amount);
      await stake(users[between(0, users.length - 1)]!, amount, capture, random() < 0.45 ? 2 * capture : 0);
    }
    const settled = await facts(users, before);
    expect(settled).toHaveLength(40);
    const each = t.app.wagering.handlers['ledger.stakeSettled'];
    let left: number[] = [];
    const read = wageringOf(users);
    const bySet = await dryRun(async (tx) => {
      left = await t.app.wagering.stakesSettled(settled, tx);
      for (const i of left) await each(settled[i]!, tx);
    }, read);
    const byEach = await dryRun(async (tx) => {
      for (const f of settled) await each(f, tx);
    }, read);
    expect(bySet).toEqual(byEach);
    // The case wears something, on the set-based path (no bonus: nothing left), and leaves something to wear.
    expect(left).toEqual([]);
    const worn = (byEach.wear as { worn: string }[]).reduce((a, w) => a + Number(w.worn), 0);
    expect(worn).toBeGreaterThan(0);
    expect((byEach.requirements as { remaining: string }[]).some((r) => Number(r.remaining) > 0)).toBe(true);
    // Delivered for real by the relay (the wagering audit runs after the file): the same books.
    while ((await t.app.outbox.relayOnce()) > 0);
    expect(await dryRun(async () => {}, read)).toEqual(byEach);
  });
});
