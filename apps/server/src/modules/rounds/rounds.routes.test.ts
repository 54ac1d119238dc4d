import crypto from 'node:crypto';
import {
  operatorRoundBetsPage,
  operatorRoundsPage,
  recordsAnswer,
  roundBet,
  roundChain,
  roundHistory,
  roundState,
  LUCKY_GAMES,
  type RoundChain,
  ROUND_GAMES,
  ROUNDS_PATH,
  type RoundGame,
  type RoundState,
  WALLET_RECORDS_PATH,
} from '@aposta/contracts';
import {
  chainNext,
  crashPoint,
  doubleMultiplier,
  doubleTile,
  luckyDigit,
  luckyMultiplier,
  roundResult,
  roundValue,
  type DoubleColor,
  type LuckyPick,
} from '@aposta/fairness';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  onPostgres,
  TEST_OPERATOR_KEY,
  testOperators,
  testPlayers,
} from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import { GAMES } from './rounds.games';
import { BETS_PER_PLAYER } from './rounds.routes';
import { staleAfterMs } from './rounds.service';

type LuckyGame = (typeof LUCKY_GAMES)[number];

/**
 * The shared rounds through their HTTP routes on the real app. This node runs no clock (JOBS=off): the tests
 * step the clock themselves (`rounds.advance`), so a test decides when a stopped clock resumes. The round
 * schedule still runs on the database's clock, five times faster than in production (ROUNDS_TIME_SCALE).
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof testPlayers>;
const SCALE = 0.2;

beforeAll(async () => {
  t = await createTestApp({ JOBS: 'off', ROUNDS_TIME_SCALE: String(SCALE), ROUNDS_CHAIN_LENGTH: '40' });
  c = testPlayers(t.app, t.database);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const call = (path: string, token?: string, payload?: object, key: string | null = crypto.randomUUID()) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `${ROUNDS_PATH}/${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload && key ? { 'idempotency-key': key } : {}),
    },
    ...(payload ? { payload } : {}),
  });

const stateOf = async (game: RoundGame) => roundState.parse(data(await call(`${game}/state`)));

/** Steps the clock until `done` holds for the game's state (the schedule is the database's). */
async function until(
  game: RoundGame,
  done: (s: RoundState) => boolean,
  limitMs = 60_000,
): Promise<RoundState> {
  const end = Date.now() + limitMs;
  for (;;) {
    await t.app.rounds.advance(game);
    const res = await call(`${game}/state`);
    if (res.statusCode === 200) {
      const s = roundState.parse(res.json().data);
      if (done(s)) return s;
    }
    if (Date.now() > end) throw new Error(`${game}: state never came`);
    await sleep(50);
  }
}

/** A betting round with at least `leftMs` of its window left. */
const bettingRound = (game: RoundGame, leftMs = 800) =>
  until(game, (s) => s.phase === 'betting' && Date.parse(s.closesAt) - Date.parse(s.serverTime) > leftMs);

/** Steps the clock until the round is drawn and every bet of it settled. */
async function settled(game: RoundGame, roundId: string) {
  await until(game, (s) => s.roundId !== roundId || s.phase === 'result');
  for (;;) {
    await t.app.rounds.advance(game);
    const [r] = (
      (await t.database.db.execute(
        sql`select settled_at from rounds where id = ${roundId}::bigint`,
      )) as unknown as { rows: { settled_at: unknown }[] }
    ).rows;
    if (r?.settled_at) break;
    await sleep(50);
  }
  return roundState.parse(data(await call(`${game}/state`))).roundId === roundId ? await stateOf(game) : null;
}

const cashOf = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')?.available ?? 0;

async function player(deposit = 100_000) {
  const p = await c.signUp();
  await c.fund(p.id, deposit);
  return p;
}

/** The round's committed result, recomputed from its hash and the chain's salt. */
async function verified(game: RoundGame, roundId: string) {
  const chain = roundChain.parse(data(await call(`${game}/chain`)));
  const history = roundHistory.parse(data(await call(`${game}/history?limit=100`)));
  const item = history.find((h) => h.roundId === roundId);
  expect(item).toBeDefined();
  return { value: roundValue(item!.hash, chain.salt!), item: item!, chain, history };
}

describe('double', { timeout: 90_000 }, () => {
  it('takes bets in the window, refuses bad ones, and pays the tile from the chain', async () => {
    const p = await player();
    // Signed up first: a sign-up's password hashing must not eat the round's window.
    const poor = await c.signUp();
    const s = await bettingRound('double', 1_500);
    const before = await cashOf(p.id);
    const key = crypto.randomUUID();
    const red = roundBet.parse(
      data(await call('double/bet', p.token, { roundId: s.roundId, amount: 1, color: 'red' }, key)),
    );
    expect(red).toMatchObject({ roundId: s.roundId, amount: 1, pick: 'red', state: 'open' });
    expect(red.balance).toBe((before - 100) / 100);
    // The same key and body answers the first bet; another body under it is refused.
    const again = roundBet.parse(
      data(await call('double/bet', p.token, { roundId: s.roundId, amount: 1, color: 'red' }, key)),
    );
    expect(again.betId).toBe(red.betId);
    const conflictRes = await call(
      'double/bet',
      p.token,
      { roundId: s.roundId, amount: 2, color: 'red' },
      key,
    );
    expect(conflictRes.statusCode).toBe(409);
    const white = roundBet.parse(
      data(await call('double/bet', p.token, { roundId: s.roundId, amount: 2.5, color: 'white' })),
    );

    // Bad input: refused with a message, nothing posted.
    const bad = [
      await call('double/bet', p.token, { roundId: s.roundId, amount: 1, color: 'green' }),
      await call('double/bet', p.token, { roundId: '999999', amount: 1, color: 'red' }),
      await call('double/bet', p.token, { roundId: s.roundId, amount: 0.01, color: 'red' }),
      await call('double/bet', p.token, { roundId: s.roundId, amount: 1, color: 'red' }, null),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([400, 404, 400, 400]);
    for (const r of bad) expect(r.json().message).toBeTruthy();
    const over = await call('double/bet', poor.token, { roundId: s.roundId, amount: 5, color: 'red' });
    expect(over.json().status).toBe(9999);
    // The stake was counted (rg_stake) before the hold failed, in the same statement: none of it stays.
    const [left] = (
      (await t.database.db.execute(
        sql`select (select count(*) from rg_usage where user_id = ${poor.id} and staked > 0)::int as counted,
                   (select count(*) from ledger_holds where user_id = ${poor.id})::int as holds,
                   (select count(*) from round_bets where user_id = ${poor.id})::int as bets`,
      )) as unknown as { rows: { counted: number; holds: number; bets: number }[] }
    ).rows;
    expect(left).toEqual({ counted: 0, holds: 0, bets: 0 });
    expect(await cashOf(p.id)).toBe(before - 350);

    // The public list shows the bets, masked.
    const listed = await stateOf('double');
    expect(listed.bets.length).toBeGreaterThanOrEqual(2);
    expect(listed.bets.every((b) => b.player.includes('***'))).toBe(true);
    // Each known by its bet's id (what a phone merges a late push of it by), newest first.
    expect(listed.bets.map((b) => b.id).slice(0, 2)).toEqual([white.betId, red.betId]);

    // A bet after the close is refused by the server's clock.
    await until('double', (x) => x.roundId === s.roundId && x.phase !== 'betting');
    const late = await call('double/bet', p.token, { roundId: s.roundId, amount: 1, color: 'black' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/encerradas/);
    // A retry of a bet taken in the window still answers that bet (a client whose answer was lost), and
    // another body under its key is still a conflict of keys, not a closed window.
    const retried = await call('double/bet', p.token, { roundId: s.roundId, amount: 1, color: 'red' }, key);
    expect(roundBet.parse(data(retried)).betId).toBe(red.betId);
    const retriedOther = await call(
      'double/bet',
      p.token,
      { roundId: s.roundId, amount: 2, color: 'red' },
      key,
    );
    expect(retriedOther.statusCode).toBe(409);
    expect(retriedOther.json().message).not.toMatch(/encerradas/);

    const done = await settled('double', s.roundId);
    const { value, item } = await verified('double', s.roundId);
    const tile = doubleTile(value);
    expect(item.result).toBe(tile);
    if (done) expect(done.result).toBe(tile);
    const mine = roundBet.array().parse(data(await call('double/bets', p.token)));
    expect(mine.map((b) => b.period)).toEqual(mine.map(() => null));
    const paid = (color: DoubleColor, amount: number) =>
      Math.floor((amount * doubleMultiplier(color, tile)) / 10_000);
    const redBet = mine.find((b) => b.betId === red.betId)!;
    const whiteBet = mine.find((b) => b.betId === white.betId)!;
    expect(redBet.payout * 100).toBe(paid('red', 100));
    expect(whiteBet.payout * 100).toBe(paid('white', 250));
    expect(redBet.state).toBe(paid('red', 100) > 0 ? 'won' : 'lost');
    expect(await cashOf(p.id)).toBe(before - 350 + paid('red', 100) + paid('white', 250));
    // The records name the game of each stake.
    const records = recordsAnswer.parse(
      data(
        await t.app.inject({
          url: `${WALLET_RECORDS_PATH}?type=bet`,
          headers: { authorization: `Bearer ${p.token}` },
        }),
      ),
    );
    expect(records.list.map((r) => [r.amount, r.bet])).toEqual(
      [-2.5, -1].map((amount) => [amount, { product: 'rounds', game: 'double', gameName: null }]),
    );
  });

  it('pushes a settled round at once and again from its delivery, its state before its winners’ balances', async () => {
    const p = await player();
    const s = await bettingRound('double', 1_500);
    // One of the three colours wins whatever the tile.
    for (const color of ['white', 'red', 'black'] as const)
      roundBet.parse(data(await call('double/bet', p.token, { roundId: s.roundId, amount: 1, color })));
    const settledStates: RoundState[] = [];
    const off = t.app.bus.subscribe('rounds.push', ({ event, payload }) => {
      const state = payload as RoundState;
      if (event === 'roundState' && state.roundId === s.roundId && state.bets.some((b) => b.payout > 0))
        settledStates.push(state);
    });
    let paidPushes = 0; // the stakes' pushes carry cause 'stake'
    const offPaid = t.app.bus.subscribe('balance.changed', ({ userId, cause }) => {
      if (userId === p.id && !cause) paidPushes++;
    });
    try {
      await settled('double', s.roundId);
      // The settlement's own pushes, and the repeats of the delivery of `rounds.settled`.
      for (let end = Date.now() + 10_000; (settledStates.length < 2 || paidPushes < 2) && Date.now() < end;)
        await sleep(50);
      expect(settledStates.length).toBeGreaterThanOrEqual(2);
      expect(settledStates.every((x) => x.phase === 'result' && x.betCount === 3)).toBe(true);
      expect(paidPushes).toBe(2);
    } finally {
      off();
      offPaid();
    }

    // Within a push, the state goes before the balances (a player nothing else pushes for).
    const idle = await c.signUp();
    const order: string[] = [];
    const offState = t.app.bus.subscribe('rounds.push', ({ payload }) => {
      if ((payload as RoundState).roundId === s.roundId) order.push('state');
    });
    const offBalance = t.app.bus.subscribe('balance.changed', ({ userId }) => {
      if (userId === idle.id) order.push('balance');
    });
    try {
      await t.app.rounds.pushSettled(s.roundId, [idle.id]);
      for (let end = Date.now() + 5_000; order.length < 2 && Date.now() < end;) await sleep(20);
      expect(order).toEqual(['state', 'balance']);
    } finally {
      offState();
      offBalance();
    }
  });
});

describe('crash', { timeout: 90_000 }, () => {
  it('pays an automatic target reached, refuses a second bet and cash-outs it should', async () => {
    const a = await player();
    const b = await player();
    const s = await bettingRound('crash', 1_200);
    const before = await cashOf(a.id);
    // The window is 1 s at this speed: the calls that need it open come first.
    const auto = roundBet.parse(
      data(await call('crash/bet', a.token, { roundId: s.roundId, amount: 2, autoCashout: 1.5 })),
    );
    const manual = roundBet.parse(data(await call('crash/bet', b.token, { roundId: s.roundId, amount: 1 })));
    const early = await call('crash/cashout', b.token, { roundId: s.roundId });
    expect(early.statusCode).toBe(409);
    expect(auto.autoCashout).toBe(1.5);
    // A second bet in the round is refused (one bet per round, or the window has closed meanwhile).
    const second = await call('crash/bet', a.token, { roundId: s.roundId, amount: 2 });
    expect(second.statusCode).toBe(409);
    const bad = await call('crash/bet', b.token, { roundId: s.roundId, amount: 1, autoCashout: 1.001 });
    expect(bad.statusCode).toBe(400);

    // Cash out by hand while it rises (or find it crashed).
    await until('crash', (x) => x.roundId === s.roundId && x.phase !== 'betting');
    // The state and the cash-out judge by the same clock (the database's): once the state says the round has
    // left betting, a cash-out is never "not started yet", even before the clock's next step marks the row.
    const out = await call('crash/cashout', b.token, { roundId: s.roundId });
    expect(out.json().message).not.toMatch(/ainda não começou/);
    await settled('crash', s.roundId);
    const { value, item } = await verified('crash', s.roundId);
    const point = crashPoint(value);
    expect(Math.round(item.result * 100)).toBe(point);
    if (out.statusCode === 200) {
      const cashed = roundBet.parse(out.json().data);
      expect(cashed.cashout! * 100).toBeLessThanOrEqual(point);
      expect(cashed.payout * 100).toBe(Math.floor(100 * cashed.cashout!));
      const twice = await call('crash/cashout', b.token, { roundId: s.roundId });
      expect(twice.statusCode).toBe(409);
    } else {
      expect(out.statusCode).toBe(409);
      expect(out.json().message).toMatch(/explodiu/);
      const mine = roundBet.array().parse(data(await call('crash/bets', b.token)));
      expect(mine.find((x) => x.betId === manual.betId)?.state).toBe('lost');
    }
    const mine = roundBet.array().parse(data(await call('crash/bets', a.token)));
    const won = point >= 150;
    expect(mine.find((x) => x.betId === auto.betId)).toMatchObject({
      state: won ? 'won' : 'lost',
      payout: won ? 3 : 0,
      cashout: won ? 1.5 : null,
    });
    expect(await cashOf(a.id)).toBe(before - 200 + (won ? 300 : 0));
  });

  it('stores and pays a crash point and an automatic target beyond an integer column', async () => {
    // A crash point reaches 21,474,836.47× (an integer in hundredths) about once in 22 million rounds and a
    // target of 1,000,000× is allowed: its multiplier, 10,000,000,000 ten-thousandths, is beyond an integer too.
    // The chain cannot be made to draw one here, so the round's committed point is raised in the database
    // (and put back after, for the chain's verification below).
    const p = await player();
    const s = await bettingRound('crash', 800);
    const before = await cashOf(p.id);
    const bet = roundBet.parse(
      data(await call('crash/bet', p.token, { roundId: s.roundId, amount: 0.1, autoCashout: 1_000_000 })),
    );
    const [kept] = (
      (await t.database.db.execute(
        sql`select result from rounds where id = ${s.roundId}::bigint`,
      )) as unknown as { rows: { result: number | string }[] }
    ).rows;
    await t.database.db.execute(
      sql`update rounds set result = 5000000000, result_at = closes_at + interval '200 milliseconds'
          where id = ${s.roundId}::bigint`,
    );
    await settled('crash', s.roundId);
    const state = await stateOf('crash');
    if (state.roundId === s.roundId) expect(state.result).toBe(50_000_000);
    const history = roundHistory.parse(data(await call('crash/history?limit=5')));
    expect(history.find((h) => h.roundId === s.roundId)?.result).toBe(50_000_000);
    const mine = roundBet.array().parse(data(await call('crash/bets', p.token)));
    expect(mine.find((x) => x.betId === bet.betId)).toMatchObject({
      state: 'won',
      cashout: 1_000_000,
      multiplier: 1_000_000,
      payout: 100_000,
    });
    expect(await cashOf(p.id)).toBe(before - 10 + 10_000_000);
    await t.database.db.execute(
      sql`update rounds set result = ${kept!.result}::bigint where id = ${s.roundId}::bigint`,
    );
  });
});

describe('lucky colour', { timeout: 150_000 }, () => {
  // Every period length at once (the 5-minute period lasts a minute at this speed).
  it('pays picks on the digit of each period length after the 2% fee', async () => {
    await Promise.all(LUCKY_GAMES.map((game) => luckyRound(game)));
  });
});

/** A player bets three picks in a period of `game` and is paid on its digit, recomputed from the chain. */
async function luckyRound(game: LuckyGame) {
  const p = await player();
  const s = await bettingRound(game, 1_000);
  // The period number (games.md: date + length code + index of the day) and the close before the draw.
  expect(s.period).toMatch(new RegExp(`^\\d{8}${GAMES[game].periodCode}\\d{5}$`));
  expect(Date.parse(s.resultAt!) - Date.parse(s.closesAt)).toBe(GAMES[game].closeBeforeMs * SCALE);
  const before = await cashOf(p.id);
  const picks: LuckyPick[] = ['green', '7', 'big'];
  const bets = [];
  for (const pick of picks)
    bets.push(
      roundBet.parse(data(await call(`${game}/bet`, p.token, { roundId: s.roundId, amount: 10, pick }))),
    );
  const wrong = await call(`${game}/bet`, p.token, { roundId: s.roundId, amount: 10, pick: 'blue' });
  expect(wrong.statusCode).toBe(400);
  await settled(game, s.roundId);
  const { value, item } = await verified(game, s.roundId);
  expect(item.period).toBe(s.period);
  const digit = luckyDigit(value);
  expect(item.result).toBe(digit);
  const expected = picks.map((pick) => Math.floor((1000 * luckyMultiplier(pick, digit)) / 10_000));
  const mine = roundBet.array().parse(data(await call(`${game}/bets`, p.token)));
  expect(bets.map((b) => Math.round(mine.find((m) => m.betId === b.betId)!.payout * 100))).toEqual(expected);
  expect(await cashOf(p.id)).toBe(before - 3000 + expected.reduce((x, y) => x + y, 0));
}

describe('the polls of a state', { timeout: 90_000 }, () => {
  /** A statement's text, its nested fragments included (drizzle's chunks: strings, params, fragments). */
  const textOf = (q: unknown): string =>
    ((q as { queryChunks?: unknown[] }).queryChunks ?? [])
      .map((c) => {
        const value = (c as { value?: unknown }).value;
        return Array.isArray(value) ? value.join('') : textOf(c);
      })
      .join(' ');
  /**
   * A poll's read: the state's statement (it reads the clock) by game. The reads by round are the pushes'
   * (an earlier test's settled round delivered late by the outbox, say), not the polls'.
   */
  const isStateRead = (q: unknown) => {
    const text = textOf(q);
    return text.includes('clock_timestamp() as now') && text.includes('r.game =');
  };

  it('answers a burst from one read, its server time moving on; reads again after a quarter second and across a phase change', async () => {
    const s = await bettingRound('double', 2_000);
    const execute = vi.spyOn(t.database.db, 'execute');
    try {
      const reads = () => execute.mock.calls.filter(([q]) => isStateRead(q)).length;
      await sleep(300);
      const started = performance.now();
      const burst = await Promise.all(Array.from({ length: 20 }, () => stateOf('double')));
      await sleep(60);
      const later = await stateOf('double');
      // One read per quarter second at most (a slow machine may take more than one for all this).
      expect(reads()).toBeGreaterThanOrEqual(1);
      expect(reads()).toBeLessThanOrEqual(1 + Math.floor((performance.now() - started) / 250));
      for (const b of [...burst, later])
        expect({ ...b, serverTime: '' }).toEqual({ ...later, serverTime: '' });
      // The clients' countdown is placed by serverTime: it moves on with the time since the read.
      expect(Date.parse(later.serverTime) - Date.parse(burst[0]!.serverTime)).toBeGreaterThanOrEqual(55);
      await sleep(250);
      const before = reads();
      const fresh = await stateOf('double');
      expect(reads()).toBe(before + 1);
      expect(fresh.roundId).toBe(s.roundId);
      // Read 100 ms before the close, asked again 120 ms later: past the close, whatever was read before.
      await sleep(Date.parse(fresh.closesAt) - Date.parse(fresh.serverTime) - 100);
      await stateOf('double');
      await sleep(120);
      expect((await stateOf('double')).phase).not.toBe('betting');
    } finally {
      execute.mockRestore();
    }
  });

  const isHistoryRead = (q: unknown) => textOf(q).includes("phase = 'result' and not void");

  it('answers the history to a burst from one read, and reads it again as soon as a round of the game changes', async () => {
    // A round drawn at least, whichever tests ran before.
    await settled('double', (await bettingRound('double', 0)).roundId);
    const s = await bettingRound('double', 600);
    const readAt = performance.now();
    const closesIn = Date.parse(s.closesAt) - Date.parse(s.serverTime);
    await sleep(closesIn - 300);
    const execute = vi.spyOn(t.database.db, 'execute');
    try {
      const reads = () => execute.mock.calls.filter(([q]) => isHistoryRead(q)).length;
      const asks = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(`double/history?limit=${i % 2 ? 5 : 100}`)),
      );
      const [full, short] = [asks[0]!, asks[1]!].map((r) => roundHistory.parse(data(r)));
      expect(full!.length).toBeGreaterThan(0);
      expect(short).toEqual(full!.slice(0, 5));
      await call('double/history?limit=100');
      expect(reads()).toBe(1);
      // The round closes a moment later (well within the second a read is kept): the next ask reads again.
      await sleep(Math.max(0, closesIn + 30 - (performance.now() - readAt)));
      await until('double', (x) => x.roundId !== s.roundId || x.phase !== 'betting', 5_000);
      await call('double/history?limit=5');
      expect(reads()).toBe(2);
    } finally {
      execute.mockRestore();
    }
  });
});

describe('the clock', { timeout: 90_000 }, () => {
  it('answers when the next phase is due, and steps the round once it is', async () => {
    const s = await bettingRound('double', 1_000);
    const left = Date.parse(s.closesAt) - Date.parse(s.serverTime);
    // Nothing due yet: the close is answered, by the database's clock.
    const inMs = await t.app.rounds.advanceDue(['double']);
    expect(inMs).toBeGreaterThan(0);
    expect(inMs).toBeLessThanOrEqual(left);
    const phase = async () =>
      (
        (await t.database.db.execute(
          sql`select phase from rounds where id = ${s.roundId}::bigint`,
        )) as unknown as { rows: { phase: string }[] }
      ).rows[0]!.phase;
    expect(await phase()).toBe('betting');
    // Once it has passed, the step closes the round and answers 0 (its next moment is read next time).
    await sleep(Math.ceil(inMs) + 5);
    expect(await t.app.rounds.advanceDue(['double'])).toBe(0);
    expect(await phase()).not.toBe('betting');
  });

  it('refunds a round a stopped clock left before its draw, and settles each bet once', async () => {
    const p = await player();
    const s = await bettingRound('double');
    const before = await cashOf(p.id);
    data(await call('double/bet', p.token, { roundId: s.roundId, amount: 3, color: 'black' }));
    // The clock stops past the close and the grace: the round never reached its draw.
    await sleep(Date.parse(s.closesAt) - Date.parse(s.serverTime) + staleAfterMs(SCALE) + 300);
    await Promise.all([t.app.rounds.advance('double'), t.app.rounds.advance('double')]);
    const after = await t.app.rounds.stateById(s.roundId);
    expect(after).toMatchObject({ phase: 'result', void: true, result: null });
    expect(await cashOf(p.id)).toBe(before);
    const mine = roundBet.array().parse(data(await call('double/bets', p.token)));
    expect(mine[0]).toMatchObject({ roundId: s.roundId, state: 'refunded', payout: 0 });
  });

  it('settles, not refunds, a crash round a stopped clock left after a player cashed out of it', async () => {
    // By the database's clock the curve rises from the close, steps of the clock or not: a cash-out then is
    // paid, so the round had begun and is settled from its committed point.
    const p = await player();
    const q = await player();
    for (let attempt = 1; ; attempt++) {
      const s = await bettingRound('crash', 400);
      const before = await cashOf(q.id);
      data(await call('crash/bet', p.token, { roundId: s.roundId, amount: 1 }));
      data(await call('crash/bet', q.token, { roundId: s.roundId, amount: 2, autoCashout: 1.01 }));
      await sleep(Date.parse(s.closesAt) - Date.parse(s.serverTime) + 50);
      const out = await call('crash/cashout', p.token, { roundId: s.roundId });
      await sleep(staleAfterMs(SCALE) + 300);
      await t.app.rounds.advance('crash');
      await settled('crash', s.roundId);
      if (out.statusCode !== 200) {
        // Crashed before the cash-out: a round nobody cashed out of, refunded (another round is tried).
        expect(attempt, 'no cash-out in five rounds').toBeLessThan(5);
        continue;
      }
      const point = crashPoint((await verified('crash', s.roundId)).value);
      const state = await t.app.rounds.stateById(s.roundId);
      expect(state).toMatchObject({ phase: 'result', void: false, result: point / 100 });
      const mine = roundBet.array().parse(data(await call('crash/bets', q.token)));
      expect(mine.find((x) => x.roundId === s.roundId)?.state).toBe(point >= 101 ? 'won' : 'lost');
      expect(await cashOf(q.id)).toBe(before - 200 + (point >= 101 ? 202 : 0));
      break;
    }
  });

  it.skipIf(!onPostgres)(
    'settles, not voids, a stale crash round when the clock resumes while a cash-out of it is in flight',
    async () => {
      // Only PostgreSQL runs two transactions at once (PGlite has one connection), so only there can they meet.
      const exec = async <T>(query: ReturnType<typeof sql>) =>
        ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
      /** Backends of this file's database waiting for a lock. */
      const waiting = (n: number) =>
        vi.waitFor(
          async () => {
            const [w] = await exec<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(Number(w!.n)).toBeGreaterThanOrEqual(n);
          },
          { timeout: 30_000, interval: 25 },
        );
      const p = await player();
      const q = await player();
      const s = await bettingRound('crash', 400);
      data(await call('crash/bet', p.token, { roundId: s.roundId, amount: 1 }));
      data(await call('crash/bet', q.token, { roundId: s.roundId, amount: 2, autoCashout: 1.01 }));
      const before = await cashOf(q.id);
      // The chain's point, put back at the end: the chain's verification below reads every round's result.
      const [kept] = await exec<{ result: number | string }>(
        sql`select result from rounds where id = ${s.roundId}::bigint`,
      );
      // The clock stopped in the betting phase: by the database's clock the round closed past the grace after
      // which a round that never began is refunded, and still rises (a high crash point).
      const ago = `${staleAfterMs(SCALE) + 2_000} milliseconds`;
      await exec(
        sql`update rounds set closes_at = now() - ${ago}::interval, opens_at = now() - ${ago}::interval,
              result_at = now() + interval '1 hour', next_at = now() + interval '1 hour', result = 100000000
            where id = ${s.roundId}::bigint`,
      );
      // p's cash-out takes its bet and round, then waits for p's cash account, held here until the clock resumes.
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = t.database.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ledger_accounts where user_id = ${p.id} and kind = 'cash' for update`,
        );
        locked();
        await released;
      });
      await isLocked;
      const cashout = call('crash/cashout', p.token, { roundId: s.roundId });
      await waiting(1);
      // The clock resumes and waits for the cash-out (before the fix: on the bet, having voided the round).
      const step = t.app.rounds.advance('crash');
      await waiting(2);
      release();
      await holder;
      data(await cashout);
      await step;
      const [round] = await exec<{ void: boolean }>(
        sql`select void from rounds where id = ${s.roundId}::bigint`,
      );
      expect(round!.void).toBe(false);
      // Settled from its committed point, which pays q's automatic target.
      await exec(sql`update rounds set result_at = now(), next_at = now() where id = ${s.roundId}::bigint`);
      await settled('crash', s.roundId);
      const mine = roundBet.array().parse(data(await call('crash/bets', q.token)));
      expect(mine.find((x) => x.roundId === s.roundId)).toMatchObject({ state: 'won', payout: 2.02 });
      expect(await cashOf(q.id)).toBe(before + 202);
      await exec(sql`update rounds set result = ${kept!.result}::bigint where id = ${s.roundId}::bigint`);
    },
  );

  it('pays a bet as it was taken though the maximum payout was lowered before its settlement', async () => {
    const p = await player();
    const s = await bettingRound('crash', 400);
    const before = await cashOf(p.id);
    data(await call('crash/bet', p.token, { roundId: s.roundId, amount: 100, autoCashout: 1.01 }));
    const max = await t.app.settings.get('originals.maxPayout');
    await t.app.settings.change({ 'originals.maxPayout': 5_000 });
    try {
      await settled('crash', s.roundId);
    } finally {
      await t.app.settings.change({ 'originals.maxPayout': max });
    }
    const won = crashPoint((await verified('crash', s.roundId)).value) >= 101;
    expect(await cashOf(p.id)).toBe(before - 10_000 + (won ? 10_100 : 0));
  });

  it('goes on with its game when a round cannot be settled, and settles it once it can', async () => {
    const s = await bettingRound('double', 400);
    // A bet whose hold the ledger does not know: its settlement fails until the row is gone.
    const [broken] = (
      (await t.database.db.execute(
        sql`insert into round_bets (round_id, game, user_id, pick, amount, hold_id, state, player, key, request_hash)
            values (${s.roundId}::bigint, 'double', 0, 'red', 100, 999999999, 'open', 'x***', ${crypto.randomUUID()}, '')
            returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    try {
      // The clock's steps fail on the round (its error is thrown for the clock's log) but go on: the next round
      // opens though this one is still owed.
      let failures = 0;
      const end = Date.now() + 30_000;
      for (;;) {
        await t.app.rounds.advance('double').catch(() => failures++);
        if (roundState.parse(data(await call('double/state'))).roundId !== s.roundId) break;
        expect(Date.now(), 'no next round').toBeLessThan(end);
        await sleep(50);
      }
      expect(failures).toBeGreaterThan(0);
      const [owed] = (
        (await t.database.db.execute(
          sql`select settled_at from rounds where id = ${s.roundId}::bigint`,
        )) as unknown as { rows: { settled_at: unknown }[] }
      ).rows;
      expect(owed?.settled_at).toBeNull();
    } finally {
      await t.database.db.execute(sql`delete from round_bets where id = ${broken!.id}::bigint`);
    }
    // Tried again a while later, it settles.
    await settled('double', s.roundId);
  });

  it('settles a crash round interrupted while rising from its committed point', async () => {
    const p = await player();
    // A round that crashes at once (or rises for less than a step of the clock here) is never seen rising: it
    // is settled like any other and the next round is taken.
    let s = await bettingRound('crash', 400);
    let before = 0;
    for (let attempt = 1; ; attempt++) {
      before = await cashOf(p.id);
      data(await call('crash/bet', p.token, { roundId: s.roundId, amount: 1, autoCashout: 1.01 }));
      const seen = await until('crash', (x) => x.roundId !== s.roundId || x.phase !== 'betting');
      if (seen.roundId === s.roundId && seen.phase === 'running') break;
      expect(attempt, 'no crash round seen rising in five').toBeLessThan(5);
      await settled('crash', s.roundId);
      s = await bettingRound('crash', 400);
    }
    // Stopped while rising; when the clock resumes after the crash moment, the committed point decides.
    const [r] = (
      (await t.database.db.execute(
        sql`select extract(epoch from result_at - now()) * 1000 as left_ms from rounds where id = ${s.roundId}::bigint`,
      )) as unknown as { rows: { left_ms: number }[] }
    ).rows;
    await sleep(Math.max(0, Number(r!.left_ms)) + 100);
    await Promise.all([t.app.rounds.advance('crash'), t.app.rounds.advance('crash')]);
    await settled('crash', s.roundId);
    const { value } = await verified('crash', s.roundId);
    const won = crashPoint(value) >= 101;
    expect(await cashOf(p.id)).toBe(before - 100 + (won ? 101 : 0));
  });

  it('publishes a chain whose every round verifies and links to the next', async () => {
    for (const game of ROUND_GAMES) {
      const chain = roundChain.parse(data(await call(`${game}/chain`)));
      expect(Date.parse(chain.saltSetAt!)).toBeGreaterThan(Date.parse(chain.committedAt));
      expect(await expectChainVerifies(game, chain)).toBeGreaterThan(0);
    }
  });

  it('lets an operator start a new chain; the old one stays verifiable', async () => {
    const old = roundChain.parse(data(await call('double/chain')));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator/rounds/double/chain',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    const fresh = roundChain.parse(data(res));
    expect(fresh.chainId).not.toBe(old.chainId);
    expect(fresh.salt).toBeNull();
    expect(fresh.commitment).not.toBe(old.commitment);
    // The old chain is still published by its id, salt and all (the verifier asks for it by a round's chainId).
    const kept = roundChain.parse(data(await call(`double/chain?chainId=${old.chainId}`)));
    expect(kept).toMatchObject({ chainId: old.chainId, commitment: old.commitment, salt: old.salt });
    const missing = await call('double/chain?chainId=999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Esta cadeia não existe');
    expect((await call('double/chain?chainId=abc')).statusCode).toBe(400);
    const unknown = await call('dice/state');
    expect(unknown.statusCode).toBe(400);

    // The next round runs on the fresh chain: its first link, which hashes to the new commitment.
    const current = (await stateOf('double')).roundId;
    const first = await until('double', (x) => x.roundId !== current);
    const [row] = await rowsOf<{ chain_id: string; chain_index: number; hash: string }>(
      sql`select chain_id, chain_index, hash from rounds where id = ${first.roundId}::bigint`,
    );
    expect({ chainId: String(row!.chain_id), index: row!.chain_index }).toEqual({
      chainId: fresh.chainId,
      index: 1,
    });
    expect(chainNext(row!.hash)).toBe(fresh.commitment);
    await settled('double', first.roundId);
    // Its salt was fixed after the commitment, and its result is the fresh chain's.
    const live = roundChain.parse(data(await call('double/chain')));
    expect(live.chainId).toBe(fresh.chainId);
    expect(Date.parse(live.saltSetAt!)).toBeGreaterThan(Date.parse(live.committedAt));
    const { value, item } = await verified('double', first.roundId);
    expect(item.chainId).toBe(fresh.chainId);
    expect(item.result).toBe(doubleTile(value));
    expect(await expectChainVerifies('double', live)).toBeGreaterThan(0);
    // The old chain's rounds still verify against its own commitment and salt, and none was added to it.
    const oldCount = await expectChainVerifies('double', kept);
    expect(oldCount).toBeGreaterThan(0);
    expect(await expectChainVerifies('double', kept)).toBe(oldCount);
  });
});

describe('bad input', { timeout: 60_000 }, () => {
  it('refuses a burst of bets from one player with 429 in their language, posting nothing for them', async () => {
    const p = await player();
    const other = await player();
    const s = await bettingRound('luckyColor-30s', 1_500);
    const before = await cashOf(p.id);
    const n = BETS_PER_PLAYER.max + 5;
    const burst = await Promise.all(
      Array.from({ length: n }, () =>
        t.app.inject({
          method: 'POST',
          url: `${ROUNDS_PATH}/luckyColor-30s/bet`,
          headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': crypto.randomUUID(), lang: 'en' },
          payload: { roundId: s.roundId, amount: 1, pick: 'green' },
        }),
      ),
    );
    const accepted = burst.filter((r) => r.statusCode === 200);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(accepted.length + refused.length, burst.map((r) => r.body).join('\n')).toBe(n);
    expect(accepted.length).toBe(BETS_PER_PLAYER.max);
    for (const r of refused)
      expect(r.json()).toMatchObject({ status: 42900, message: 'Too many requests, please try again later' });
    // Another player is not held back by the first one's burst.
    data(await call('luckyColor-30s/bet', other.token, { roundId: s.roundId, amount: 1, pick: 'red' }));
    // Only the accepted bets hold money and exist.
    expect(await cashOf(p.id)).toBe(before - 100 * accepted.length);
    const mine = roundBet.array().parse(data(await call('luckyColor-30s/bets', p.token)));
    expect(mine.filter((b) => b.roundId === s.roundId)).toHaveLength(accepted.length);
    // Each names its round's period, as the game shows its rounds.
    expect(new Set(mine.map((b) => b.period))).toEqual(new Set([s.period]));
    expect(s.period).toMatch(/^\d{8}\w+\d{5}$/);
    await settled('luckyColor-30s', s.roundId);
  });
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Every round of `chain` verifies as a player's verifier would: each hash hashes to the round before it (round
 * 1's to the commitment), each published result is recomputed from the hash and the chain's salt. Answers how
 * many rounds the chain has.
 */
async function expectChainVerifies(game: RoundGame, chain: RoundChain) {
  const all = await rowsOf<{ hash: string; chain_index: number }>(
    sql`select hash, chain_index from rounds where chain_id = ${chain.chainId}::bigint order by chain_index desc`,
  );
  for (let i = 0; i < all.length; i++) {
    const next = i + 1 < all.length ? all[i + 1]!.hash : chain.commitment;
    expect(chainNext(all[i]!.hash)).toBe(next);
  }
  const history = roundHistory
    .parse(data(await call(`${game}/history?limit=1000`)))
    .filter((h) => h.chainId === chain.chainId);
  for (const h of history) {
    const v = roundValue(h.hash, chain.salt!);
    const kind = GAMES[game].kind;
    expect(h.result).toBe(kind === 'crash' ? roundResult(kind, v) / 100 : roundResult(kind, v));
  }
  return all.length;
}

describe('the back office history', { timeout: 90_000 }, () => {
  const op = (path: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/operator/rounds/${path}`, headers });

  it('pages every round with its sums and a round’s bets; refuses bad input and other roles', async () => {
    const ops = testOperators(t.app);
    const admin = (await ops.signIn('admin')).headers;
    const finance = (await ops.signIn('finance')).headers;
    const a = await player();
    const b = await player();
    const s = await bettingRound('double', 1_500);
    data(await call('double/bet', a.token, { roundId: s.roundId, amount: 2, color: 'red' }));
    data(await call('double/bet', b.token, { roundId: s.roundId, amount: 3.5, color: 'white' }));
    await settled('double', s.roundId);
    const { item } = await verified('double', s.roundId);

    const [counted] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from rounds where game = 'double'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    const all = operatorRoundsPage.parse(data(await op('double/history?pageSize=100', admin)));
    expect(all.total).toBe(counted!.n);
    // Newest first; the round of the bets: drawn, settled, its sums, the hash the verifier reads.
    expect(all.list.map((r) => Number(r.roundId))).toEqual(
      all.list.map((r) => Number(r.roundId)).sort((x, y) => y - x),
    );
    const row = all.list.find((r) => r.roundId === s.roundId)!;
    const paid = async (userId: number) =>
      (
        (await t.database.db.execute(
          sql`select coalesce(sum(payout), 0)::int as p from round_bets where round_id = ${s.roundId}::bigint
              and user_id = ${userId}`,
        )) as unknown as { rows: { p: number }[] }
      ).rows[0]!.p;
    expect(row).toMatchObject({
      state: 'settled',
      hash: item.hash,
      result: item.result,
      betCount: 2,
      stakes: 5.5,
      payouts: ((await paid(a.id)) + (await paid(b.id))) / 100,
    });
    // A round still taking bets tells neither its hash nor its result.
    for (const r of all.list.filter((x) => x.state === 'betting' || x.state === 'running'))
      expect([r.hash, r.result]).toEqual([null, null]);

    // Paging: one row a page, oldest first on request.
    const second = operatorRoundsPage.parse(data(await op('double/history?page=2&pageSize=1', admin)));
    expect(second.list.map((r) => r.roundId)).toEqual([all.list[1]!.roundId]);
    const oldest = operatorRoundsPage.parse(data(await op('double/history?pageSize=1&order=asc', admin)));
    expect(oldest.list[0]!.roundId).toBe(all.list.at(-1)!.roundId);
    const beyond = operatorRoundsPage.parse(data(await op('double/history?page=1000', admin)));
    expect(beyond).toEqual({ list: [], total: counted!.n });

    // The round's bets, with the players' ids.
    const bets = operatorRoundBetsPage.parse(data(await op(`double/history/${s.roundId}/bets`, admin)));
    expect(bets.total).toBe(2);
    expect(bets.list.map((x) => [x.userId, x.amount, x.pick])).toEqual([
      [b.id, 3.5, 'white'],
      [a.id, 2, 'red'],
    ]);
    expect(bets.list.every((x) => ['won', 'lost'].includes(x.state) && x.settledAt)).toBe(true);
    const paged = operatorRoundBetsPage.parse(
      data(await op(`double/history/${s.roundId}/bets?pageSize=1&page=2`, admin)),
    );
    expect(paged.list.map((x) => x.userId)).toEqual([a.id]);

    // Bad input: 4xx with a message.
    const bad = await Promise.all(
      [
        'double/history?page=0',
        'double/history?pageSize=0',
        'double/history?pageSize=101',
        'double/history?page=x',
        'double/history?order=up',
        'roulette/history',
        'double/history/abc/bets',
        'double/history/0/bets',
        'double/history/99999999999999999999/bets',
        'double/history/999999/bets',
        `crash/history/${s.roundId}/bets`,
      ].map((path) => op(path, admin)),
    );
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 404, 404]);
    for (const r of bad) expect(r.json().message).toBeTruthy();

    // Refused: no credentials, a player's token, a role without rounds.chains.
    for (const path of ['double/history', `double/history/${s.roundId}/bets`]) {
      expect((await op(path, {})).statusCode).toBe(401);
      expect((await op(path, { authorization: `Bearer ${a.token}` })).statusCode).toBe(403);
      const refused = await op(path, finance);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBeTruthy();
    }
  });
});
