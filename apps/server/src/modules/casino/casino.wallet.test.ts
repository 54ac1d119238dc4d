import { CASINO_SORT, recordsAnswer, TxType, WALLET_RECORDS_PATH } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose } from '../../../test/helpers';
import { playerAccounts, post } from '../ledger';
import { recordCredit } from '../wagering';
import { casinoClient, uid, walletRound } from './casino.testing';
import { signWalletBody } from './casino.wallet';

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

/** A round's calls for one player. */
const rounds = (token: string, gameCode = p.gameCode) => walletRound(token, gameCode);

const balanceOf = async (token: string) =>
  (await p.call('user/balance', { request_uuid: uid('q'), token })).answer.balance;

describe('casino wallet: signatures and identity', () => {
  it('refuses unsigned, wrongly signed and unknown-provider calls before anything else (HTTP 200, as Hub88 answers)', async () => {
    const pl = await c.launched(p.gameCode);
    const body = { request_uuid: 'q1', token: pl.gameToken };
    const unsigned = await p.call('user/info', body, { signature: null });
    expect(unsigned.http).toBe(200);
    expect(unsigned.answer.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const wrong = await p.call('user/info', body, { signature: 'ab'.repeat(32) });
    expect(wrong.answer.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // Signed over other bytes than those sent.
    const raw = JSON.stringify(body);
    const tampered = await p.call('user/info', body, {
      raw: raw.replace('q1', 'q2'),
      signature: signWalletBody(p.secret, raw),
    });
    expect(tampered.http).toBe(200);
    expect(tampered.answer.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // An unknown provider, and one whose code is longer than any provider's.
    for (const code of ['nobody', 'x'.repeat(41)]) {
      const other = await t.app.inject({
        method: 'POST',
        url: `/api/provider/${code}/user/info`,
        headers: { 'content-type': 'application/json', 'x-signature': 'ab'.repeat(32) },
        payload: raw,
      });
      expect(other.statusCode, code).toBe(200);
      expect(other.json().status, code).toBe('RS_ERROR_INVALID_SIGNATURE');
    }
  });

  it('answers user/info and user/balance with the balance in centavos, echoing request_uuid', async () => {
    const pl = await c.launched(p.gameCode, 12_345);
    const info = await p.call('user/info', {
      request_uuid: 'abc',
      token: pl.gameToken,
      game_code: p.gameCode,
    });
    expect(info).toEqual({
      http: 200,
      answer: { status: 'RS_OK', balance: 12_345, currency: 'BRL', request_uuid: 'abc', user: String(pl.id) },
    });
    const unknown = await p.call('user/balance', { request_uuid: 'u', token: 'nope' });
    expect(unknown.http).toBe(200);
    expect(unknown.answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    const game = await p.call('user/info', { request_uuid: 'g', token: pl.gameToken, game_code: 'other' });
    expect(game.answer.status).toBe('RS_ERROR_INVALID_GAME');
  });

  it('answers malformed bodies, negative and fractional amounts with a status and moves nothing', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    expect((await p.call('transaction/bet', {}, { raw: '{not json' })).answer.status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    // Past the body limit (64 KB) the call never reaches the handler: still the wallet's answer, not an error page.
    const huge = await p.call('transaction/bet', {}, { raw: JSON.stringify({ pad: 'x'.repeat(70_000) }) });
    expect(huge).toEqual({
      http: 200,
      answer: { status: 'RS_ERROR_WRONG_SYNTAX', balance: 0, currency: '', request_uuid: '', user: '' },
    });
    expect((await p.call('transaction/bet', r.bet(-100))).answer.status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await p.call('transaction/bet', r.bet(10.5))).answer.status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await p.call('transaction/bet', r.bet(0))).answer.status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await p.call('transaction/bet', { ...r.bet(100), amount: '100' })).answer.status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
    // Past the ledger's largest amount, or a transaction id the ledger's references cannot hold: a status too.
    expect((await p.call('transaction/bet', r.bet(10_000_000_000_001))).answer.status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
    expect(
      (await p.call('transaction/bet', { ...r.bet(100), transaction_uuid: 'tx\nline' })).answer.status,
    ).toBe('RS_ERROR_WRONG_TYPES');
    expect(await balanceOf(pl.gameToken)).toBe(10_000);
    // U+0000 (which PostgreSQL text cannot hold) in a field, sent with another player's bet: refused alone.
    const other = await c.launched(p.gameCode, 10_000);
    const [nul, fine] = await Promise.all([
      p.call('transaction/bet', { ...r.bet(100), round: 'r\u0000' }),
      p.call('transaction/bet', rounds(other.gameToken).bet(100)),
    ]);
    expect(nul.answer.status).toBe('RS_ERROR_WRONG_TYPES');
    expect(fine.answer).toMatchObject({ status: 'RS_OK', balance: 9_900 });
    expect(await balanceOf(pl.gameToken)).toBe(10_000);
  });
});

describe('casino wallet: bets, wins, rollbacks', () => {
  it('debits a bet and credits its win into the provider clearing account', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    const bet = r.bet(1_000);
    const b = await p.call('transaction/bet', bet);
    expect(b.answer).toMatchObject({ status: 'RS_OK', balance: 9_000, currency: 'BRL', user: String(pl.id) });
    const w = await p.call('transaction/win', r.win(2_500, bet.transaction_uuid as string));
    expect(w.answer).toMatchObject({ status: 'RS_OK', balance: 11_500 });
    // A second win of the same round (free spins paid one by one) is a plain credit.
    const secondWin = r.win(300, bet.transaction_uuid as string);
    const w2 = await p.call('transaction/win', secondWin);
    expect(w2.answer.balance).toBe(11_800);
    const recall = await t.app.inject({
      url: `/api/app/casino/rounds/${p.code}:${r.round}`,
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(recall.statusCode, recall.body).toBe(200);
    const round = recall.json().data;
    expect(round).toMatchObject({ stake: 10, win: 28, state: 'settled', gameName: 'Test Slot' });
    expect(
      round.steps.map((s: { call: string; balanceBefore: number; balanceAfter: number }) => [
        s.call,
        s.balanceBefore,
        s.balanceAfter,
      ]),
    ).toEqual([
      ['bet', 100, 90],
      ['win', 90, 115],
      ['win', 115, 118],
    ]);
    // Another player cannot read it; the operator can.
    const other = await c.launched(p.gameCode, 0);
    expect(
      (
        await t.app.inject({
          url: `/api/app/casino/rounds/${p.code}:${r.round}`,
          headers: { authorization: `Bearer ${other.token}` },
        })
      ).statusCode,
    ).toBe(404);
    const op = await t.app.inject({
      url: `/api/operator/casino/rounds/${p.code}:${r.round}`,
      headers: c.operator,
    });
    expect(op.json().data.userId).toBe(pl.id);
    // The operator may name one of the round's wallet calls instead (a provider's dispute quotes one).
    const byTransaction = await t.app.inject({
      url: `/api/operator/casino/rounds/${p.code}:${secondWin.transaction_uuid as string}`,
      headers: c.operator,
    });
    expect(byTransaction.statusCode, byTransaction.body).toBe(200);
    expect(byTransaction.json().data).toMatchObject({ roundId: `${p.code}:${r.round}`, win: 28 });
    const notMine = await t.app.inject({
      url: `/api/app/casino/rounds/${p.code}:${bet.transaction_uuid as string}`,
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(notMine.statusCode).toBe(404);
    const mine = await t.app.inject({
      url: '/api/app/casino/rounds',
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(mine.json().data[0].roundId).toBe(`${p.code}:${r.round}`);
    // The records name the game of the stake and of its settlement (the further win is a plain credit).
    const records = await t.app.inject({
      url: WALLET_RECORDS_PATH,
      headers: { authorization: `Bearer ${pl.token}` },
    });
    const bets = recordsAnswer
      .parse(records.json().data)
      .list.filter((x) => x.bet)
      .map((x) => [x.category, x.amount, x.bet]);
    const named = { product: 'casino', game: p.gameCode, gameName: 'Test Slot' };
    expect(bets).toEqual([
      ['prize', 25, named],
      ['bet', -10, named],
    ]);
  });

  it('the recall pages back: each page starts before the last round of the one before; a round not mine is a 404', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const played: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = rounds(pl.gameToken);
      const bet = r.bet(100);
      expect((await p.call('transaction/bet', bet)).answer.status).toBe('RS_OK');
      expect(
        (await p.call('transaction/win', r.win(i * 10, bet.transaction_uuid as string))).answer.status,
      ).toBe('RS_OK');
      played.unshift(`${p.code}:${r.round}`);
    }
    const page = async (query: string, token = pl.token) =>
      t.app.inject({ url: `/api/app/casino/rounds?${query}`, headers: { authorization: `Bearer ${token}` } });
    const ids = async (query: string) =>
      ((await page(query)).json().data as { roundId: string }[]).map((r) => r.roundId);
    expect(await ids('limit=2')).toEqual(played.slice(0, 2));
    expect(await ids(`limit=2&before=${encodeURIComponent(played[1]!)}`)).toEqual(played.slice(2, 4));
    expect(await ids(`limit=2&before=${encodeURIComponent(played[3]!)}`)).toEqual(played.slice(4));
    expect(await ids(`before=${encodeURIComponent(played[4]!)}`)).toEqual([]);
    // Another player's round, or no round at all, is not a place to start from.
    const other = await c.launched(p.gameCode, 0);
    for (const [query, token] of [
      [`before=${encodeURIComponent(played[0]!)}`, other.token],
      [`before=${encodeURIComponent(`${p.code}:nothing`)}`, pl.token],
      ['before=nocolon', pl.token],
    ] as const) {
      const res = await page(query, token);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('pays a further win of a round staked with bonus money back to bonus, as the first win', async () => {
    const pl = await c.launched(p.gameCode, 0);
    const s = await t.app.settings.all();
    await t.database.transaction(async (tx) => {
      const { txId } = await post(tx, {
        type: TxType.PROMOTION,
        idempotencyKey: `test-bonus:${pl.id}`,
        players: [{ userId: pl.id, kind: 'bonus', amount: 1_000 }],
        system: [{ kind: 'promotions', amount: -1_000 }],
      });
      await recordCredit(tx, { userId: pl.id, txId, bonus: 1_000 }, s);
    });
    const r = rounds(pl.gameToken);
    const bet = r.bet(100);
    expect((await p.call('transaction/bet', bet)).answer.status).toBe('RS_OK');
    expect((await p.call('transaction/win', r.win(0, bet.transaction_uuid as string))).answer.status).toBe(
      'RS_OK',
    );
    // Free spins paid one by one after the round's first win: all of it won with bonus money.
    expect(
      (await p.call('transaction/win', r.win(5_000, bet.transaction_uuid as string))).answer.status,
    ).toBe('RS_OK');
    const accounts = await playerAccounts(t.database.db, pl.id);
    expect(accounts.find((a) => a.kind === 'cash')?.balance ?? 0).toBe(0);
    expect(accounts.find((a) => a.kind === 'bonus')?.balance).toBe(1_000 - 100 + 5_000);
  });

  it('refuses a bet above the balance with RS_ERROR_NOT_ENOUGH_MONEY and the balance', async () => {
    const pl = await c.launched(p.gameCode, 500);
    const r = rounds(pl.gameToken);
    const b = await p.call('transaction/bet', r.bet(501));
    expect(b.answer).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 500 });
    // Remembered: once there is money, a retry of the same bet answers the first answer and takes nothing; a win
    // for it does not exist, a rollback of it moves nothing; it is in no round of the player's.
    const bet = r.bet(501);
    expect((await p.call('transaction/bet', bet)).answer.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await c.fund(pl.id, 1_000);
    const retry = await p.call('transaction/bet', { ...bet, request_uuid: 'retry-refused' });
    expect(retry.answer).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 500,
      request_uuid: 'retry-refused',
    });
    expect(await balanceOf(pl.gameToken)).toBe(1_500);
    const win = await p.call('transaction/win', r.win(1_000, bet.transaction_uuid as string));
    expect(win.answer.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const mine = await t.app.inject({
      url: '/api/app/casino/rounds',
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(mine.json().data).toEqual([]);
    expect(
      (await p.call('transaction/rollback', r.rollback(bet.transaction_uuid as string))).answer,
    ).toMatchObject({ status: 'RS_OK', balance: 1_500 });
    expect(await balanceOf(pl.gameToken)).toBe(1_500);
  });

  it('refuses a win past the largest balance the ledger holds (RS_ERROR_LIMIT_REACHED), moving nothing; the wallet still reads', async () => {
    const pl = await c.launched(p.gameCode, 500);
    const r = rounds(pl.gameToken);
    const bet = r.bet(100);
    expect((await p.call('transaction/bet', bet)).answer).toMatchObject({ status: 'RS_OK', balance: 400 });
    const huge = await p.call('transaction/win', r.win(10_000_000_000_000, bet.transaction_uuid as string));
    expect(huge.answer).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: 400,
      user: String(pl.id),
    });
    const read = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${pl.token}` } });
    const balance = await read('/api/app/user/getBalance');
    expect(balance.statusCode).toBe(200);
    expect(balance.json().data).toMatchObject({ balance: 4 });
    expect((await read('/api/app/user/userInfo')).statusCode).toBe(200);
    // The bet is still open: its real win pays, and a further win of that size is refused as the first was.
    const win = await p.call('transaction/win', r.win(1_000, bet.transaction_uuid as string));
    expect(win.answer).toMatchObject({ status: 'RS_OK', balance: 1_400 });
    const further = await p.call('transaction/win', r.win(9_999_999_999_000, bet.transaction_uuid as string));
    expect(further.answer).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: 1_400 });
    const mine = await read('/api/app/casino/rounds');
    expect(mine.statusCode).toBe(200);
    expect(await balanceOf(pl.gameToken)).toBe(1_400);
  });

  it('is idempotent by transaction_uuid, refuses the same uuid with other data', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    const bet = r.bet(1_000);
    const first = await p.call('transaction/bet', bet);
    const again = await p.call('transaction/bet', { ...bet, request_uuid: 'retry-1' });
    expect(again.answer).toEqual({ ...first.answer, request_uuid: 'retry-1' });
    const other = await p.call('transaction/bet', { ...bet, amount: 2_000 });
    expect(other.answer).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION', balance: 9_000 });
    const win = r.win(1_500, bet.transaction_uuid as string);
    await p.call('transaction/win', win);
    const winAgain = await p.call('transaction/win', win);
    expect(winAgain.answer).toMatchObject({ status: 'RS_OK', balance: 10_500 });
    expect((await p.call('transaction/win', { ...win, amount: 9 })).answer.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect(await balanceOf(pl.gameToken)).toBe(10_500);
  });

  it('moves money once when the same bet, win or rollback arrives ten times at once', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    const bet = r.bet(700);
    const bets = await Promise.all(Array.from({ length: 10 }, () => p.call('transaction/bet', bet)));
    expect(bets.map((b) => [b.answer.status, b.answer.balance])).toEqual(Array(10).fill(['RS_OK', 9_300]));
    const win = r.win(1_000, bet.transaction_uuid as string);
    const wins = await Promise.all(Array.from({ length: 10 }, () => p.call('transaction/win', win)));
    expect(new Set(wins.map((w) => `${w.answer.status}:${w.answer.balance}`))).toEqual(
      new Set(['RS_OK:10300']),
    );
    const r2 = rounds(pl.gameToken);
    const bet2 = r2.bet(300);
    await p.call('transaction/bet', bet2);
    const rb = r2.rollback(bet2.transaction_uuid as string);
    const rbs = await Promise.all(Array.from({ length: 10 }, () => p.call('transaction/rollback', rb)));
    expect(new Set(rbs.map((w) => `${w.answer.status}:${w.answer.balance}`))).toEqual(
      new Set(['RS_OK:10300']),
    );
    expect(await balanceOf(pl.gameToken)).toBe(10_300);
    const counted = await t.database.db.execute(
      sql`select count(*)::int as n from casino_transactions
          where transaction_uuid in (${bet.transaction_uuid as string}, ${win.transaction_uuid as string})`,
    );
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });

  it('answers many players at once (one batch) each with their own balance; one refusal leaves the others', async () => {
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => c.launched(p.gameCode, 1_000 + i)),
    );
    // The last player stakes more than they have: refused, alone.
    const plays = players.map((pl, i) => ({
      pl,
      r: rounds(pl.gameToken),
      stake: i === 11 ? 5_000 : 100 + i,
    }));
    const bets = await Promise.all(plays.map(({ r, stake }) => r.bet(stake)));
    const betAnswers = await Promise.all(bets.map((b) => p.call('transaction/bet', b)));
    expect(betAnswers.map((a) => [a.answer.status, a.answer.balance, a.answer.user])).toEqual(
      plays.map(({ pl, stake }, i) =>
        i === 11
          ? ['RS_ERROR_NOT_ENOUGH_MONEY', 1_011, String(pl.id)]
          : ['RS_OK', 1_000 + i - stake, String(pl.id)],
      ),
    );
    const wins = await Promise.all(
      plays
        .slice(0, 11)
        .map(({ r }, i) => p.call('transaction/win', r.win(i * 10, bets[i]!.transaction_uuid as string))),
    );
    expect(wins.map((w) => [w.answer.status, w.answer.balance])).toEqual(
      plays.slice(0, 11).map(({ stake }, i) => ['RS_OK', 1_000 + i - stake + i * 10]),
    );
    // What a repeat answers and the recall shows was stored with the money: the hold, balances before and after.
    const stored = (await t.database.db.execute(
      sql`select kind, state, hold_id, balance_before, balance_after from casino_transactions
          where transaction_uuid = ${bets[3]!.transaction_uuid as string}`,
    )) as unknown as {
      rows: { state: string; hold_id: string | null; balance_before: string; balance_after: string }[];
    };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.state).toBe('settled');
    expect(stored.rows[0]!.hold_id).not.toBeNull();
    expect([Number(stored.rows[0]!.balance_before), Number(stored.rows[0]!.balance_after)]).toEqual([
      1_003, 900,
    ]);
    // The refused bet is kept as refused, with no hold (its retry answers the same).
    const refused = (await t.database.db.execute(
      sql`select state, hold_id from casino_transactions
          where transaction_uuid = ${bets[11]!.transaction_uuid as string}`,
    )) as unknown as { rows: { state: string; hold_id: string | null }[] };
    expect(refused.rows).toEqual([{ state: 'refused', hold_id: null }]);
  });

  it('rolls back a bet once, refuses a win for it, remembers a rollback of an unseen bet and refuses the late bet', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    const bet = r.bet(2_000);
    await p.call('transaction/bet', bet);
    const rb1 = await p.call('transaction/rollback', r.rollback(bet.transaction_uuid as string));
    expect(rb1.answer).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    // A second rollback (another uuid) answers OK and moves nothing.
    const rb2 = await p.call('transaction/rollback', r.rollback(bet.transaction_uuid as string));
    expect(rb2.answer).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    const win = await p.call('transaction/win', r.win(5_000, bet.transaction_uuid as string));
    expect(win.answer).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 10_000 });

    const late = rounds(pl.gameToken);
    const unseen = uid('b');
    const early = await p.call('transaction/rollback', late.rollback(unseen));
    expect(early.answer).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    const lateBet = await p.call('transaction/bet', late.bet(1_000, unseen));
    expect(lateBet.answer).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION', balance: 10_000 });
    // A win before any bet: nothing to pay.
    const orphan = await p.call('transaction/win', late.win(100, uid('b')));
    expect(orphan.answer.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // A rollback of a bet already paid out is refused, money unmoved.
    const r3 = rounds(pl.gameToken);
    const paid = r3.bet(100);
    await p.call('transaction/bet', paid);
    await p.call('transaction/win', r3.win(0, paid.transaction_uuid as string));
    expect(
      (await p.call('transaction/rollback', r3.rollback(paid.transaction_uuid as string))).answer.status,
    ).toBe('RS_ERROR_UNKNOWN');
    expect(await balanceOf(pl.gameToken)).toBe(9_900);
  });

  it('refuses a rollback naming another round or game than its bet, money unmoved', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    const bet = r.bet(1_000);
    await p.call('transaction/bet', bet);
    const ref = bet.transaction_uuid as string;
    for (const other of [{ round: uid('r') }, { game_code: 'other' }])
      expect((await p.call('transaction/rollback', { ...r.rollback(ref), ...other })).answer).toMatchObject({
        status: 'RS_ERROR_INVALID_GAME',
        balance: 9_000,
      });
    // The bet is still open: its own rollback undoes it.
    expect((await p.call('transaction/rollback', r.rollback(ref))).answer).toMatchObject({
      status: 'RS_OK',
      balance: 10_000,
    });
  });

  it('refuses a wrong currency and a game other than the launched one', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    expect((await p.call('transaction/bet', { ...r.bet(100), currency: 'NGN' })).answer).toMatchObject({
      status: 'RS_ERROR_WRONG_CURRENCY',
      balance: 10_000,
      currency: 'BRL',
    });
    expect((await p.call('transaction/bet', { ...r.bet(100), game_code: 'other' })).answer.status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    const bet = r.bet(100);
    await p.call('transaction/bet', bet);
    expect(
      (await p.call('transaction/win', { ...r.win(100, bet.transaction_uuid as string), currency: 'NGN' }))
        .answer.status,
    ).toBe('RS_ERROR_WRONG_CURRENCY');
    await p.call('transaction/win', r.win(0, bet.transaction_uuid as string));
  });

  it("refuses a rollback of an unseen bet in a currency not the session's, storing nothing; the recall still reads", async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    const unseen = uid('b');
    // Not a currency at all, a property name of every object, and a currency we hold but not this session's.
    for (const currency of ['ZZZ', 'toString', 'NGN'])
      expect(
        (await p.call('transaction/rollback', { ...r.rollback(unseen), currency })).answer,
      ).toMatchObject({ status: 'RS_ERROR_WRONG_CURRENCY', balance: 10_000, currency: 'BRL' });
    // No tombstone was left: the bet itself is taken, and the recall answers.
    expect((await p.call('transaction/bet', r.bet(100, unseen))).answer).toMatchObject({
      status: 'RS_OK',
      balance: 9_900,
    });
    await p.call('transaction/win', r.win(0, unseen));
    const recall = await t.app.inject({
      url: '/api/app/casino/rounds',
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(recall.json().data).toHaveLength(1);
  });
});

describe('casino wallet: game sessions', () => {
  it('refuses bets after sign-out but pays wins and rollbacks of the rounds already open', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    const b1 = r.bet(1_000);
    const b2 = r.bet(500);
    await p.call('transaction/bet', b1);
    await p.call('transaction/bet', b2);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/logout',
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await p.call('transaction/bet', r.bet(100))).answer).toMatchObject({
      status: 'RS_ERROR_INVALID_TOKEN',
      balance: 8_500,
    });
    expect(
      (await p.call('transaction/win', r.win(3_000, b1.transaction_uuid as string))).answer,
    ).toMatchObject({
      status: 'RS_OK',
      balance: 11_500,
    });
    expect(
      (await p.call('transaction/rollback', r.rollback(b2.transaction_uuid as string))).answer,
    ).toMatchObject({
      status: 'RS_OK',
      balance: 12_000,
    });
  });

  it('refuses bets once the session expired (RS_ERROR_TOKEN_EXPIRED) and after stopGame, wins still pass', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const r = rounds(pl.gameToken);
    const bet = r.bet(1_000);
    await p.call('transaction/bet', bet);
    await t.database.db.execute(
      sql`update casino_sessions set expires_at = now() - interval '1 second' where user_id = ${pl.id}`,
    );
    expect((await p.call('transaction/bet', r.bet(100))).answer.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    // A repeat of the bet taken before the expiry still answers its first answer.
    expect((await p.call('transaction/bet', bet)).answer.status).toBe('RS_OK');
    expect(
      (await p.call('transaction/win', r.win(2_000, bet.transaction_uuid as string))).answer.balance,
    ).toBe(11_000);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/app/casino/launch',
      headers: { authorization: `Bearer ${pl.token}` },
      payload: { gameCode: p.gameCode },
    });
    const token = new URL(again.json().data.url).searchParams.get('token')!;
    const r2 = rounds(token);
    const bet2 = r2.bet(100);
    expect((await p.call('transaction/bet', bet2)).answer.status).toBe('RS_OK');
    const inPlay = await t.app.inject({
      url: '/api/app/game/inPlay',
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(inPlay.json().data).toMatchObject({ gameCode: p.gameCode, round: r2.round, roundOpen: true });
    const stop = await t.app.inject({
      url: '/api/app/game/stopGame',
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(stop.statusCode).toBe(200);
    expect((await p.call('transaction/bet', r2.bet(100))).answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await p.call('transaction/win', r2.win(0, bet2.transaction_uuid as string))).answer.status).toBe(
      'RS_OK',
    );
    const none = await t.app.inject({
      url: '/api/app/game/inPlay',
      headers: { authorization: `Bearer ${pl.token}` },
    });
    expect(none.json().data).toBeNull();
  });

  it('a game disabled after its launch takes no more bets (RS_ERROR_INVALID_GAME), its rounds still end', async () => {
    const q = await c.provider();
    const pl = await c.launched(q.gameCode, 10_000);
    const call = (path: Parameters<typeof q.call>[0], body: Record<string, unknown>) =>
      q.call(path, body).then((x) => x.answer);
    const r = rounds(pl.gameToken, q.gameCode);
    const open = r.bet(1_000);
    expect((await call('transaction/bet', open)).status).toBe('RS_OK');
    const games = await t.app.inject({ url: '/api/operator/casino/games', headers: c.operator });
    const { version } = (games.json().data as { gameCode: string; version: number }[]).find(
      (g) => g.gameCode === q.gameCode,
    )!;
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/operator/casino/games/${q.gameCode}`,
      headers: c.operator,
      payload: { enabled: false, version },
    });
    expect(off.statusCode, off.body).toBe(200);
    // Bets one by one and at once (the group commit), and the player's identity, refused with the balance.
    const refused = await Promise.all([1, 2, 3].map(() => call('transaction/bet', r.bet(100))));
    expect(refused.map((a) => [a.status, a.balance])).toEqual(
      [1, 2, 3].map(() => ['RS_ERROR_INVALID_GAME', 9_000]),
    );
    expect((await call('user/info', { request_uuid: uid('q'), token: pl.gameToken })).status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    // The round already open still ends.
    expect((await call('transaction/win', r.win(2_500, open.transaction_uuid as string))).balance).toBe(
      11_500,
    );
    // Enabled again, the old game session stays ended; a new launch plays.
    await t.app.inject({
      method: 'POST',
      url: `/api/operator/casino/games/${q.gameCode}`,
      headers: c.operator,
      payload: { enabled: true, version: version + 1 },
    });
    expect((await call('transaction/bet', r.bet(100))).status).toBe('RS_ERROR_INVALID_TOKEN');
    const again = await c.launched(q.gameCode, 1_000);
    expect((await call('transaction/bet', rounds(again.gameToken, q.gameCode).bet(100))).status).toBe(
      'RS_OK',
    );
  });

  it("refuses a lobby order out of bounds with the operator's message, changing nothing", async () => {
    const q = await c.provider();
    const gameOf = async () =>
      (
        (await t.app.inject({ url: '/api/operator/casino/games', headers: c.operator })).json().data as {
          gameCode: string;
          sort: number;
          version: number;
        }[]
      ).find((g) => g.gameCode === q.gameCode)!;
    const before = await gameOf();
    for (const sort of [CASINO_SORT.max + 1, CASINO_SORT.min - 1, 2.5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/operator/casino/games/${q.gameCode}`,
        headers: c.operator,
        payload: { sort, version: before.version },
      });
      expect(res.statusCode, String(sort)).toBe(400);
      expect(res.json().message).toBe('Verifique o campo sort');
    }
    expect(await gameOf()).toEqual(before);
  });

  it('a game of a disabled provider does not launch', async () => {
    const q = await c.provider();
    const pl = await c.signUp('d');
    await t.database.db.execute(sql`update casino_providers set enabled = false where code = ${q.code}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/casino/launch',
      headers: { authorization: `Bearer ${pl.token}` },
      payload: { gameCode: q.gameCode },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });

  it('tells the realtime gateway of every movement (a stake as such), and ends the game left by offGame', async () => {
    const pl = await c.launched(p.gameCode, 10_000);
    const seen: unknown[] = [];
    const off = t.app.bus.subscribe('balance.changed', (e) => {
      if (e.userId === pl.id) seen.push(e);
    });
    try {
      const r = rounds(pl.gameToken);
      const bet = r.bet(1_000);
      await p.call('transaction/bet', bet);
      await p.call('transaction/bet', bet); // a repeat moves nothing and tells nothing
      await p.call('transaction/win', r.win(500, bet.transaction_uuid as string));
      await vi.waitFor(() => expect(seen).toEqual([{ userId: pl.id, cause: 'stake' }, { userId: pl.id }]), {
        timeout: 10_000,
      });
    } finally {
      await off();
    }
    await t.app.bus.publish('game.left', { userId: pl.id, gameCode: p.gameCode });
    await vi.waitFor(async () =>
      expect((await p.call('transaction/bet', rounds(pl.gameToken).bet(100))).answer.status).toBe(
        'RS_ERROR_INVALID_TOKEN',
      ),
    );
  });
});
