import crypto from 'node:crypto';
import {
  ErrorCode,
  RG_PATH,
  rgLimits,
  SPORTS_OPERATOR_PATH,
  SPORTS_PATH,
  sportsEventDetail,
} from '@aposta/contracts';
import { formatMoney } from '@aposta/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { playerAccounts, playerResultSince } from '../src/modules/ledger';
import { queryRows } from '../src/platform/db';
import { casinoClient, uid, walletRound } from '../src/modules/casino/casino.testing';
import {
  baseUrlOf,
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_OPERATOR_KEY,
  testPlayers,
} from './helpers';
import { connectClient, connected, next, type Client } from './realtime-client';

/**
 * The one responsible-gambling check in the sportsbook's bet and the casino's wallet bet: refused at the limit
 * (the sportsbook with the player's message, the provider with RS_ERROR_LIMIT_REACHED), nothing moved.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof casinoClient>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  c = casinoClient(t.app, t.database);
  await t.app.settings.change({ 'sports.acceptanceDelayMs': 0 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = baseUrlOf(t.app.server);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const setLimits = async (token: string, body: object) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${RG_PATH}/limits`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const cash = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')?.balance ?? 0;

/** A football event starting in an hour (on `app`), and a bet on its home win for a player. */
async function sportsEvent(app: TestApp['app'] = t.app) {
  const created = await app.inject({
    method: 'POST',
    url: `${SPORTS_OPERATOR_PATH}/events`,
    headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    payload: {
      sport: 'football',
      competition: 'Série A',
      home: 'Bahia',
      away: 'Vasco',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      strength: 0.3,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const event = sportsEventDetail.parse(created.json().data);
  const market = event.markets.find((m) => m.type === '1x2' && m.period === 1)!;
  const selection = market.selections[0]!;
  const betOf = (token: string) => (stake: number) =>
    app.inject({
      method: 'POST',
      url: `${SPORTS_PATH}/bets`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
      payload: {
        stake,
        acceptOdds: 'any',
        selections: [{ selectionId: selection.selectionId, price: selection.price }],
      },
    });
  return { event, market, betOf };
}

const stakeUsed = async (token: string) =>
  rgLimits.parse(
    (await t.app.inject({ url: `${RG_PATH}/limits`, headers: { authorization: `Bearer ${token}` } })).json()
      .data,
  ).stake.day.used;

describe('sportsbook', () => {
  it('a bet over the loss limit is refused with the message; nothing held', async () => {
    const { betOf } = await sportsEvent();
    const p = await c.signUp('s');
    await c.fund(p.id, 100_000);
    await setLimits(p.token, { loss: { day: 10 } });
    const bet = betOf(p.token);
    const first = await bet(6);
    expect(first.statusCode, first.body).toBe(200);
    const before = await cash(p.id);
    const res = await bet(6);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().status).toBe(ErrorCode.LIMIT_REACHED);
    expect(res.json().message).toMatch(
      /^Esta aposta passaria do seu limite diário de perdas \(R\$\s10,00\)\. Aposta recusada\.$/,
    );
    expect(await cash(p.id)).toBe(before);
  });
});

describe('casino wallet', () => {
  it('a provider’s bet over the stake limit answers RS_ERROR_LIMIT_REACHED, the player hears which limit; nothing moved', async () => {
    const provider = await c.provider();
    const pl = await c.launched(provider.gameCode, 10_000);
    await setLimits(pl.token, { stake: { day: 15 } });
    const { bet } = walletRound(pl.gameToken, provider.gameCode);
    expect((await provider.call('transaction/bet', bet(1_000))).answer).toMatchObject({
      status: 'RS_OK',
      balance: 9_000,
    });
    // The player's app, open in Portuguese beside the game.
    const socket: Client = await connected(connectClient(base, { token: pl.token, lang: 'pt_BR' }));
    try {
      const heard: string[] = [];
      socket.on('stakeRefused', ({ message }) => heard.push(message));
      const told = next(socket, 'stakeRefused');
      const over = bet(1_000);
      const refused = await provider.call('transaction/bet', over);
      expect(refused.answer.status).toBe('RS_ERROR_LIMIT_REACHED');
      expect((await told).message).toBe(
        `Esta aposta passaria do seu limite diário de apostas (${formatMoney(1_500, 'BRL')}). Aposta recusada.`,
      );
      // The provider's retry of the same bet answers the same refusal and tells the player nothing new.
      expect((await provider.call('transaction/bet', over)).answer.status).toBe('RS_ERROR_LIMIT_REACHED');
      expect(heard).toHaveLength(1);
      // Another bet sent three times at once (a provider's impatient retries): refused, told once.
      const again = bet(1_000);
      const toldAgain = next(socket, 'stakeRefused');
      const answers = await Promise.all([1, 2, 3].map(() => provider.call('transaction/bet', again)));
      expect(answers.map((a) => a.answer.status)).toEqual(Array(3).fill('RS_ERROR_LIMIT_REACHED'));
      // Its one message arrives whenever a loaded machine delivers it; a second copy would follow as closely.
      await toldAgain;
      await new Promise((r) => setTimeout(r, 500));
      expect(heard).toHaveLength(2);
    } finally {
      socket.close();
    }
    expect(await cash(pl.id)).toBe(10_000);
    const held = (await playerAccounts(t.database.db, pl.id)).find((a) => a.kind === 'cash')?.held;
    expect(held).toBe(1_000);
    // What is left under the limit still plays.
    expect((await provider.call('transaction/bet', bet(500))).answer.status).toBe('RS_OK');
  });

  it('a further win of a round settled as lost lowers the day’s loss: the next stake fits the loss limit', async () => {
    const provider = await c.provider();
    const pl = await c.launched(provider.gameCode, 10_000);
    await setLimits(pl.token, { loss: { day: 15 } });
    const { bet, win } = walletRound(pl.gameToken, provider.gameCode);
    const first = uid('b');
    expect((await provider.call('transaction/bet', bet(1_000, first))).answer.status).toBe('RS_OK');
    // Settled as lost (R$ 10 lost), then free spins pay R$ 8 for the round: a PRIZE, the day's loss is R$ 2.
    expect((await provider.call('transaction/win', win(0, first))).answer.status).toBe('RS_OK');
    expect((await provider.call('transaction/win', win(800, first))).answer).toMatchObject({
      status: 'RS_OK',
      balance: 9_800,
    });
    // R$ 10 more: a loss of R$ 12 counting the prize (under R$ 15), R$ 20 without it.
    const next = await provider.call('transaction/bet', bet(1_000));
    expect(next.answer).toMatchObject({ status: 'RS_OK', balance: 8_800 });
    // The reality check's net agrees (`playerResultSince` counts the prize).
    const since = new Date(Date.now() - 3_600_000);
    expect((await playerResultSince(t.database.db, pl.id, since)).net).toBe(-1_200);
    expect((await t.app.rg.limits(pl.id)).loss.day.used).toBe(12);
    // And past the limit it is still refused: R$ 4 more would be a loss of R$ 16.
    const over = await provider.call('transaction/bet', bet(400));
    expect(over.answer.status).toBe('RS_ERROR_LIMIT_REACHED');
  });
});

describe('a stake given back is no longer counted', () => {
  const settled = { timeout: 30_000, interval: 50 };

  it('a voided sports bet: its stake leaves the stake limit, so the same stake plays again', async () => {
    const { market, betOf } = await sportsEvent();
    const p = await c.signUp('v');
    await c.fund(p.id, 100_000);
    await setLimits(p.token, { stake: { day: 10 } });
    const bet = betOf(p.token);
    expect((await bet(8)).statusCode).toBe(200);
    expect((await bet(8)).json().status).toBe(ErrorCode.LIMIT_REACHED);
    const voided = await t.app.inject({
      method: 'POST',
      url: `${SPORTS_OPERATOR_PATH}/markets/${market.marketId}/void`,
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    await vi.waitFor(async () => expect(await stakeUsed(p.token)).toBe(0), settled);
    expect(await cash(p.id)).toBe(100_000);
  });

  it('a casino bet rolled back by the provider: its stake leaves the stake limit', async () => {
    const provider = await c.provider();
    const pl = await c.launched(provider.gameCode, 10_000);
    await setLimits(pl.token, { stake: { day: 15 } });
    const round = uid('r');
    const base = {
      token: pl.gameToken,
      round,
      round_closed: false,
      game_code: provider.gameCode,
      currency: 'BRL',
    };
    const first = uid('b');
    const bet = (transaction_uuid: string) =>
      provider.call('transaction/bet', { ...base, request_uuid: uid('q'), amount: 1_000, transaction_uuid });
    expect((await bet(first)).answer.status).toBe('RS_OK');
    expect((await bet(uid('b'))).answer.status).toBe('RS_ERROR_LIMIT_REACHED');
    const rb = await provider.call('transaction/rollback', {
      ...base,
      request_uuid: uid('q'),
      amount: 0,
      transaction_uuid: uid('rb'),
      reference_transaction_uuid: first,
    });
    expect(rb.answer.status).toBe('RS_OK');
    await vi.waitFor(async () => expect(await stakeUsed(pl.token)).toBe(0), settled);
    expect((await bet(uid('b'))).answer.status).toBe('RS_OK');
  });
});

describe('a payout counts on the day it was paid', () => {
  let late: TestApp;
  beforeAll(async () => {
    // The relay paused: the settlement's fact waits, as it would for a relay behind or stopped at midnight.
    late = await createTestApp({ OUTBOX_RELAY: 'paused' });
  });
  afterAll(() => expectCleanLedgerThenClose(late.database, late.close));

  it('a win settled before midnight and delivered after lowers that day’s loss, not the next one’s', async () => {
    const lc = casinoClient(late.app, late.database);
    const provider = await lc.provider();
    const pl = await lc.launched(provider.gameCode, 10_000);
    const { bet, win } = walletRound(pl.gameToken, provider.gameCode);
    const staked = uid('b');
    expect((await provider.call('transaction/bet', bet(1_000, staked))).answer.status).toBe('RS_OK');
    expect((await provider.call('transaction/win', win(3_000, staked))).answer.status).toBe('RS_OK');
    // The settlement happened "yesterday" (Brasília): its fact is dated so, and delivered only now.
    await late.database.db.execute(
      sql`update outbox_events set created_at = created_at - interval '1 day'
          where topic = 'ledger.stakeSettled' and (payload->>'userId')::bigint = ${pl.id}`,
    );
    while ((await late.app.outbox.backlog()).undelivered + (await late.app.outbox.backlog()).undispatched > 0)
      await late.app.outbox.relayOnce();
    const rows = await queryRows<{ today: boolean; staked: string | number; paid: string | number }>(
      late.database.db,
      sql`select day = rg_today() as today, staked, paid from rg_usage where user_id = ${pl.id} order by day`,
    );
    expect(rows.map((r) => ({ today: r.today, staked: Number(r.staked), paid: Number(r.paid) }))).toEqual([
      { today: false, staked: 0, paid: 3_000 },
      { today: true, staked: 1_000, paid: 0 },
    ]);
  });

  it('a corrected result delivered after midnight moves the payout on the day of the correction', async () => {
    const op = { 'x-operator-key': TEST_OPERATOR_KEY };
    const player = await testPlayers(late.app, late.database).signUp('rc');
    await testPlayers(late.app, late.database).fund(player.id, 10_000);
    const { event, market, betOf } = await sportsEvent(late.app);
    const home = market.selections[0]!;
    const placed = await betOf(player.token)(10);
    expect(placed.statusCode, placed.body).toBe(200);
    const won = Math.floor(1_000 * home.price);
    const result = async (r: object, settled: (bet: { result: number }) => boolean) => {
      const res = await late.app.inject({
        method: 'POST',
        url: `${SPORTS_OPERATOR_PATH}/events/${event.event.eventId}/result`,
        headers: op,
        payload: { ...r, early: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      await vi.waitFor(
        async () => {
          const bet = await late.app.inject({
            url: `${SPORTS_PATH}/bets/${placed.json().data.betId}`,
            headers: { authorization: `Bearer ${player.token}` },
          });
          expect(settled(bet.json().data)).toBe(true);
        },
        { timeout: 30_000, interval: 50 },
      );
    };
    // Won today, delivered today: the payout counts today.
    await result({ home: 1, away: 0 }, (b) => b.result === 10);
    const deliverAll = async () => {
      for (
        let b = await late.app.outbox.backlog();
        b.undelivered + b.undispatched > 0;
        b = await late.app.outbox.backlog()
      )
        await late.app.outbox.relayOnce();
    };
    await deliverAll();
    // Corrected to a loss "yesterday" (the fact dated so), delivered only now: the payout leaves that day.
    await result({ home: 0, away: 1 }, (b) => b.result === 20);
    await late.database.db.execute(
      sql`update outbox_events set created_at = created_at - interval '1 day'
          where topic = 'ledger.stakeSettled' and (payload->>'userId')::bigint = ${player.id}
            and payload->>'supersedes' is not null`,
    );
    await deliverAll();
    const rows = await queryRows<{ today: boolean; staked: string | number; paid: string | number }>(
      late.database.db,
      sql`select day = rg_today() as today, staked, paid from rg_usage where user_id = ${player.id} order by day`,
    );
    expect(rows.map((r) => ({ today: r.today, staked: Number(r.staked), paid: Number(r.paid) }))).toEqual([
      { today: false, staked: 0, paid: -won },
      { today: true, staked: 1_000, paid: won },
    ]);
  });
});
