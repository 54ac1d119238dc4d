import crypto from 'node:crypto';
import { TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, rolledBack } from '../../../test/helpers';
import { playerAccountId, post, type SystemKind } from '../ledger';
import type { BatchedBet } from './originals.batch';
import { originalsClient } from './originals.testing';

/**
 * `originals_bet_batch` (migrations 0017, 0023, 0048): a batch of the usual kind takes the set-based fast path
 * (`originals_bet_set`), anything else runs bet by bet (`originals_bet_each`). Both must leave the same books.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof originalsClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = originalsClient(t.app, t.database);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const HOUSE: SystemKind = 'house.originals';

/** A funded player whose seed pair exists (one dice bet made through the route). */
async function player(deposit: number, bonus = 0) {
  const p = await c.signUp();
  await c.fund(p.id, deposit);
  if (bonus)
    await post(t.database.db, {
      type: TxType.PROMOTION,
      players: [{ userId: p.id, kind: 'bonus', amount: bonus }],
      system: [{ kind: 'promotions', amount: -bonus }],
    });
  const res = await c.call(p.token, 'dice/bet', { amount: 0.1, target: 50, condition: 'over' });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

/** A bet as the service hands it to the batch, for the player's current nonce. */
async function betOf(
  userId: number,
  amount: number,
  paid: number,
  key = crypto.randomUUID(),
): Promise<BatchedBet> {
  const { rows } = await t.database.executeSql(
    'select id::text as id, nonce from originals_seeds where user_id = $1 and active',
    [userId],
  );
  const seed = rows[0] as { id: string; nonce: number };
  const time = new Date().toISOString();
  return {
    user: userId,
    seed: seed.id,
    nonce: seed.nonce,
    cash: playerAccountId(userId, 'cash', 'BRL'),
    currency: 'BRL',
    amount,
    paid,
    house: HOUSE,
    game: 'dice',
    params: { target: 50, condition: 'over' },
    state: paid > 0 ? 'won' : 'lost',
    multiplier: amount ? Math.round((paid / amount) * 10_000) : 0,
    outcome: { roll: 77.77 },
    answer: { game: 'dice', nonce: seed.nonce, time },
    key: `test:${key}`,
    hash: 'h',
    time,
  };
}

/** A JSON array of ids as a PostgreSQL array, the same on PGlite and PostgreSQL. */
const ids = (xs: unknown[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb)::bigint)`;

/**
 * Runs `fn` (`originals_bet_set`, `originals_bet_each` or `originals_bet_batch`) on the bets in a transaction that
 * is rolled back, and answers what it answered and the books it left, with the ids of this run taken out; and
 * apart, how many rows of system-account deltas it appended (the fast path appends one per account and batch).
 */
async function dryRun(
  fn: 'originals_bet_set' | 'originals_bet_each' | 'originals_bet_batch',
  bets: BatchedBet[],
) {
  const users = ids(bets.map((b) => b.user));
  return rolledBack(t.database, async (run) => {
    const [{ last }] = (await run(sql`select coalesce(max(id), 0)::int as last from ledger_deltas`)) as [
      { last: number },
    ];
    const [{ answers: raw }] = (await run(
      sql`select ${sql.raw(fn)}(${JSON.stringify(bets)}::jsonb) as answers`,
    )) as [{ answers: Record<string, unknown>[] | string }];
    const answers = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>[]) : raw;
    const holds = ids(answers.map((a) => a.hold).filter((h) => h !== undefined));
    const books = {
      answers: answers.map(({ bet: _bet, hold: _hold, ...rest }) => rest),
      accounts: await run(
        sql`select id, balance::text, held::text from ledger_accounts where user_id = any(${users}) order by id`,
      ),
      seeds: await run(
        sql`select user_id, nonce from originals_seeds where user_id = any(${users}) order by 1`,
      ),
      usage: await run(
        sql`select user_id, staked::text, bets from rg_usage where user_id = any(${users}) order by 1`,
      ),
      bets: await run(
        sql`select user_id, game, nonce, amount::text, state, multiplier, payout::text, outcome, balance::text,
                params from originals_bets where hold_id = any(${holds}) order by user_id`,
      ),
      requests: await run(
        sql`select key, request_hash, r.answer - 'betId' as answer, r.balance::text from originals_requests r
                join originals_bets b on b.id = r.bet_id where b.hold_id = any(${holds}) order by key`,
      ),
      holds: await run(
        sql`select user_id, state, amount::text, bonus::text, posted::text, paid::text, paid_bonus::text, product
                from ledger_holds where tx_id = any(${holds}) order by user_id`,
      ),
      postings: await run(
        sql`select p.account_id, sum(p.amount)::text as amount, count(*)::int as n from ledger_postings p
                join ledger_transactions x on x.id = p.tx_id
                where x.id = any(${holds}) or x.hold_id = any(${holds}) group by 1 order by 1`,
      ),
      deltas: await run(
        sql`select account_id, sum(amount)::text as amount from ledger_deltas where id > ${last}
                group by 1 order by 1`,
      ),
      facts: await run(
        sql`select payload - 'txId' - 'holdId' - 'reference' as payload from outbox_events
                where topic = 'ledger.stakeSettled' and (payload->>'holdId')::bigint = any(${holds})
                order by payload->>'userId'`,
      ),
    };
    const [{ n }] = (await run(sql`select count(*)::int as n from ledger_deltas where id > ${last}`)) as [
      { n: number },
    ];
    return { books, deltaRows: n };
  });
}

/** Calls a batch function for real (committed) and answers its answers. */
async function call(fn: 'originals_bet_set' | 'originals_bet_batch', bets: unknown[]) {
  const { rows } = await t.database.executeSql(`select ${fn}($1::jsonb) as answers`, [JSON.stringify(bets)]);
  const raw = (rows[0] as { answers: Record<string, unknown>[] | string }).answers;
  return typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>[]) : raw;
}

const cashOf = async (userId: number) =>
  (
    await t.database.executeSql('select balance::text from ledger_accounts where id = $1', [
      playerAccountId(userId, 'cash', 'BRL'),
    ])
  ).rows[0];

describe('originals_bet_batch', () => {
  it('takes a batch of distinct players set-based, with the same answers and books as bet by bet', async () => {
    const [a, b, d, e] = [
      await player(10_000),
      await player(10_000),
      await player(10_000),
      await player(30, 500), // 0.30 of cash, the rest of a 1.00 stake from bonus money
    ];
    const bets = [
      await betOf(a!.id, 100, 198), // a win
      await betOf(b!.id, 250, 0), // a loss
      await betOf(d!.id, 100, 100), // paid back the stake: no posting to the house
      await betOf(e!.id, 100, 990), // a win on a stake drawn partly from bonus money
    ];
    const fast = await dryRun('originals_bet_set', bets);
    const each = await dryRun('originals_bet_each', bets);
    expect(fast.books.answers).toHaveLength(4);
    expect(fast.books.answers.every((x) => 'balance' in x && 'cash_before' in x)).toBe(true);
    expect(fast.books.bets).toHaveLength(4);
    expect(fast.books.facts).toHaveLength(4);
    expect(fast.books).toEqual(each.books);
    // Three settlements post to the house: bet by bet appends three deltas, the fast path one for the batch.
    expect([fast.deltaRows, each.deltaRows]).toEqual([1, 3]);
    // The batch itself takes the fast path, and commits what it showed.
    const batch = await dryRun('originals_bet_batch', bets);
    expect(batch).toEqual(fast);
    const answers = await call('originals_bet_batch', bets);
    expect(answers.map(({ bet: _bet, hold: _hold, ...rest }) => rest)).toEqual(fast.books.answers);
  });

  it('stores a limbo win at the top of the scale (1,000,000×: 10,000,000,000 ten-thousandths), either path', async () => {
    const players = [await player(10_000), await player(10_000), await player(10_000), await player(10_000)];
    // R$ 0,10 at 1,000,000× pays R$ 100.000,00: under the default maximum payout (R$ 500.000,00).
    const bets = await Promise.all(
      players.map(async (p) => ({
        ...(await betOf(p.id, 10, 10_000_000)),
        game: 'limbo',
        params: { target: 1_000_000 },
        outcome: { result: 1_000_000 },
      })),
    );
    const fast = await dryRun('originals_bet_set', bets);
    const each = await dryRun('originals_bet_each', bets);
    expect(fast.books.bets.map((b) => String(b.multiplier))).toEqual(Array(4).fill('10000000000'));
    expect(fast.books).toEqual(each.books);
  });

  it('runs a batch of fewer than four bets bet by bet, which costs less there (migration 0051)', async () => {
    const [a, b] = [await player(10_000), await player(10_000)];
    const bets = [await betOf(a!.id, 100, 198), await betOf(b!.id, 250, 0)];
    const fast = await dryRun('originals_bet_set', bets);
    const each = await dryRun('originals_bet_each', bets);
    // Either way the same books; the fast path would append one house delta, bet by bet appends two.
    expect([fast.deltaRows, each.deltaRows]).toEqual([1, 2]);
    const batch = await dryRun('originals_bet_batch', bets);
    expect(batch).toEqual(each);
    expect(batch.books).toEqual(fast.books);
  });

  it('runs bet by bet what the fast path cannot take, each bet answered on its own', async () => {
    const rich = await player(10_000);
    const poor = await player(50);
    const twice = await player(10_000);
    const replayed = await player(10_000);
    const first = await betOf(replayed.id, 100, 0);
    expect((await call('originals_bet_batch', [first]))[0]).toHaveProperty('bet');
    const second = await betOf(twice.id, 100, 0);
    const bets = [
      await betOf(rich.id, 100, 198),
      await betOf(poor.id, 100, 0), // more than the balance
      second,
      { ...second, nonce: second.nonce + 1, key: `${second.key}-2` }, // the same player's next nonce
      { ...(await betOf(replayed.id, 100, 0)), key: first.key }, // a key already used
    ];
    await expect(call('originals_bet_set', bets)).rejects.toThrow();
    const poorBefore = await cashOf(poor.id);
    const answers = await call('originals_bet_batch', bets);
    expect(answers[0]).toHaveProperty('bet');
    expect(answers[1]).toEqual({ error: '23514', constraint: 'ledger_accounts_player_funds' });
    expect(answers[2]).toHaveProperty('bet');
    expect(answers[3]).toHaveProperty('bet');
    expect(answers[4]).toEqual({ replay: true });
    expect(await cashOf(poor.id)).toEqual(poorBefore);
  });

  it('leaves a player with a responsible-gambling limit to the bet-by-bet path and its refusal', async () => {
    const limited = await player(10_000);
    const other = await player(10_000);
    await t.database.executeSql(
      `insert into rg_limits (user_id, kind, period, value) values ($1, 'stake', 'day', 50)`,
      [limited.id],
    );
    const bets = [await betOf(limited.id, 100, 0), await betOf(other.id, 100, 0)];
    await expect(call('originals_bet_set', bets)).rejects.toThrow();
    const answers = await call('originals_bet_batch', bets);
    expect(answers[0]).toMatchObject({ error: 'RG001' });
    expect(answers[1]).toHaveProperty('bet');
  });
});
