import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, rolledBack } from '../../../test/helpers';
import { providerClearing } from '../ledger';
import { casinoClient, uid } from './casino.testing';

/**
 * `casino_batch` (migrations 0034, 0049): a batch of the usual kind (new bets on sessions in force, first wins of
 * open bets, distinct players) takes the set-based fast path (`casino_batch_set`), anything else runs call by call
 * (`casino_batch_each`). Both must answer the same and leave the same books.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof casinoClient>;
let p: Awaited<ReturnType<ReturnType<typeof casinoClient>['provider']>>;

beforeAll(async () => {
  t = await createTestApp();
  c = casinoClient(t.app, t.database);
  p = await c.provider();
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** A bet as the wallet hands it to the batch (casino.wallet.ts). */
const betCall = (token: string, amount: number, round = uid('r'), uuid = uid('b')) => ({
  call: 'bet',
  token: sha256(token),
  provider: p.code,
  uuid,
  hash: `h-${uuid}`,
  game: p.gameCode,
  round,
  currency: 'BRL',
  amount,
  reference: `${p.code}:${uuid}`,
  memo: { provider: p.code, game: p.gameCode, round },
  expires: new Date(Date.now() + 3_600_000).toISOString(),
});

/** A win of the bet `ref` in `round`, as the wallet hands it to the batch. */
const winCall = (ref: string, round: string, amount: number, uuid = uid('w')) => ({
  call: 'win',
  provider: p.code,
  uuid,
  ref,
  hash: `h-${uuid}`,
  game: p.gameCode,
  round,
  currency: 'BRL',
  amount,
  clearing: providerClearing(p.code),
  memo: { provider: p.code, win: uuid },
});

/** A player with an open bet of `amount` (placed through the wallet route): its win's call. */
async function openBet(amount: number, win: number) {
  const pl = await c.launched(p.gameCode);
  const round = uid('r');
  const uuid = uid('b');
  const res = await p.call('transaction/bet', {
    request_uuid: uid('q'),
    token: pl.gameToken,
    round,
    round_closed: false,
    game_code: p.gameCode,
    currency: 'BRL',
    amount,
    transaction_uuid: uuid,
  });
  expect(res.answer.status).toBe('RS_OK');
  return { player: pl, win: winCall(uuid, round, win) };
}

const ids = (xs: unknown[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb)::bigint)`;

type Fn = 'casino_batch_set' | 'casino_batch_each' | 'casino_batch';

/**
 * Runs `fn` on the calls in a transaction rolled back: its answers and the books it left for `users`, and apart,
 * how many rows of system-account deltas it appended (the fast path appends one per account and batch).
 */
async function dryRun(fn: Fn, calls: unknown[], users: number[]) {
  return rolledBack(t.database, async (run) => {
    const [{ last }] = (await run(sql`select coalesce(max(id), 0)::int as last from ledger_deltas`)) as [
      { last: number },
    ];
    const [{ answers: raw }] = (await run(
      sql`select ${sql.raw(fn)}(${JSON.stringify(calls)}::jsonb) as answers`,
    )) as [{ answers: unknown }];
    const who = ids(users);
    const books = {
      answers: typeof raw === 'string' ? JSON.parse(raw) : raw,
      wallet: await run(
        sql`select transaction_uuid, kind, request_hash, user_id::int, game_code, round, currency, amount::int,
                reference_uuid, state, hold_id is not null as held, answer, balance_before::int, balance_after::int
                from casino_transactions where user_id = any(${who}) order by transaction_uuid`,
      ),
      sessions: await run(
        sql`select user_id::int, expires_at, opened_at is not null as opened, last_round from casino_sessions
                where user_id = any(${who}) order by user_id`,
      ),
      accounts: await run(
        sql`select id, balance::text, held::text from ledger_accounts where user_id = any(${who}) order by id`,
      ),
      usage: await run(
        sql`select user_id, staked::text, bets from rg_usage where user_id = any(${who}) order by 1`,
      ),
      holds: await run(
        sql`select user_id::int, state, amount::text, bonus::text, posted::text, paid::text, product, reference
                from ledger_holds where user_id = any(${who}) order by reference`,
      ),
      postings: await run(
        sql`select p.account_id, sum(p.amount)::text as amount, count(*)::int as n from ledger_postings p
                join ledger_transactions x on x.id = p.tx_id where x.user_id = any(${who}) group by 1 order by 1`,
      ),
      memos: await run(
        sql`select type, memo from ledger_transactions where user_id = any(${who}) and memo is not null
                order by type, memo::text`,
      ),
      deltas: await run(
        sql`select account_id, sum(amount)::text as amount from ledger_deltas where id > ${last}
                group by 1 order by 1`,
      ),
      facts: await run(
        sql`select payload - 'txId' - 'holdId' as payload from outbox_events
                where topic = 'ledger.stakeSettled' and (payload->>'userId')::bigint = any(${who})
                order by payload->>'reference'`,
      ),
    };
    const [{ n }] = (await run(sql`select count(*)::int as n from ledger_deltas where id > ${last}`)) as [
      { n: number },
    ];
    return { books, deltaRows: n };
  });
}

async function call(fn: Exclude<Fn, 'casino_batch_each'>, calls: unknown[]) {
  const { rows } = await t.database.executeSql(`select ${fn}($1::jsonb) as answers`, [JSON.stringify(calls)]);
  const raw = (rows[0] as { answers: unknown }).answers;
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>[];
}

describe('casino_batch', () => {
  it('takes new bets and first wins of distinct players set-based, with the same answers and books as call by call', async () => {
    const won = await openBet(1_000, 2_500);
    const lost = await openBet(700, 0);
    const even = await openBet(300, 300);
    const a = await c.launched(p.gameCode, 50_000);
    const b = await c.launched(p.gameCode, 50_000);
    const calls = [betCall(a.gameToken, 1_200), won.win, betCall(b.gameToken, 800), lost.win, even.win];
    const users = [won.player.id, lost.player.id, even.player.id, a.id, b.id];

    const fast = await dryRun('casino_batch_set', calls, users);
    const each = await dryRun('casino_batch_each', calls, users);
    expect(fast.books.answers).toHaveLength(5);
    expect((fast.books.answers as Record<string, unknown>[]).every((x) => 'balance' in x)).toBe(true);
    expect(fast.books).toEqual(each.books);
    // Two wins and the stakes post to the provider's clearing account: one delta for the fast path's batch.
    expect(fast.deltaRows).toBe(1);
    expect(each.deltaRows).toBeGreaterThan(1);
    // The batch itself takes the fast path, and commits what it showed.
    const batch = await dryRun('casino_batch', calls, users);
    expect(batch).toEqual(fast);
    expect(await call('casino_batch', calls)).toEqual(fast.books.answers);
  });

  it('runs a batch of fewer than four calls call by call, which costs less there (migration 0051)', async () => {
    const won = await openBet(1_000, 2_500);
    const lost = await openBet(700, 0);
    const a = await c.launched(p.gameCode, 50_000);
    const calls = [betCall(a.gameToken, 1_200), won.win, lost.win];
    const users = [won.player.id, lost.player.id, a.id];
    const fast = await dryRun('casino_batch_set', calls, users);
    const each = await dryRun('casino_batch_each', calls, users);
    // Either way the same books; the fast path would append one clearing delta for the two wins, call by call two.
    expect([fast.deltaRows, each.deltaRows]).toEqual([1, 2]);
    const batch = await dryRun('casino_batch', calls, users);
    expect(batch).toEqual(each);
    expect(batch.books).toEqual(fast.books);
  });

  it('runs call by call what the fast path cannot take, each call answered on its own', async () => {
    const open = await openBet(500, 1_000);
    const a = await c.launched(p.gameCode, 50_000);
    const poor = await c.launched(p.gameCode, 100);
    const repeated = betCall(a.gameToken, 100);
    expect((await call('casino_batch', [repeated]))[0]).toHaveProperty('balance');
    const calls = [
      open.win,
      betCall(poor.gameToken, 5_000), // more than the balance
      repeated, // a transaction uuid already taken
      betCall('no-such-token', 100),
    ];
    await expect(call('casino_batch_set', calls)).rejects.toThrow();
    const answers = await call('casino_batch', calls);
    expect(answers[0]).toHaveProperty('balance');
    expect(answers[1]).toMatchObject({ error: '23514' });
    expect(answers[2]).toEqual({ slow: true });
    expect(answers[3]).toEqual({ slow: true });
  });
});
