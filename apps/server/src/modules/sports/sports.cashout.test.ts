import crypto from 'node:crypto';
import {
  BetResult,
  cashoutAnswer,
  MatchTime,
  OrderStatus,
  placeBetAnswer,
  recordsAnswer,
  sportsBet,
  SPORTS_PATH,
  TxType,
  type SportsEventDetail,
  WALLET_RECORDS_PATH,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { baseUrlOf } from '../../../test/helpers';
import { connectClient, connected, next } from '../../../test/realtime-client';
import { auditLedger } from '../ledger';
import { createSandboxFeed } from './feeds/sandbox';
import { createFeedRunner } from './sports.feed';
import { inPlay, sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * Cash out through the HTTP routes on the real app: full, partial and automatic cash-outs with the ledger's
 * movements checked at every step (and the audit clean), during a sandbox feed's match and on operator events;
 * every refusal changes nothing; two cash-outs at once of one bet give one.
 */
let t: TestApp;
let c: TestPlayers;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kit = sportsTestApp((app) => ({ t, c } = app), { listen: true });
const { createEvent, detail, main, sel, single, bet, quote, cashOut, cash } = kit;
const { data, get, operator, settledBet, records } = kit;

/** The ledger's transactions of a bet (reference `sports-bet:<id>`) with the player's net amount of each. */
async function ledgerOf(betId: string) {
  const rows = await queryRows<{ id: string; key: string | null; player: string; held: string | null }>(
    t.database.db,
    sql`select t.id, t.idempotency_key as key, (select h.amount from ledger_holds h where h.tx_id = t.id) as held,
          coalesce((select sum(p.amount) from ledger_postings p where p.tx_id = t.id and p.account_id like 'u%'), 0)
            as player
        from ledger_transactions t where t.ref = ${`sports-bet:${betId}`} order by t.id`,
  );
  return rows.map((r) => ({ ...r, held: r.held === null ? 0 : Number(r.held), player: Number(r.player) }));
}

/** Each step as [amount held by it, the player's net posting]: a hold moves nothing yet, a settlement nets. */
const steps = (rows: Awaited<ReturnType<typeof ledgerOf>>) => rows.map((r) => [r.held, r.player]);

/** A bet once closed: settled, or cashed out meanwhile. */
const closedBet = (token: string, betId: string) => settledBet(token, betId, (b) => b.status !== 'open');

async function expectAuditClean() {
  const audit = await auditLedger(t.database);
  expect(audit.ok, JSON.stringify(audit.checks.filter((x) => x.faults.length > 0))).toBe(true);
}

describe('cash out value', () => {
  it('is stake × price taken / current price less the margin, pushed on the socket when prices move', async () => {
    const d = await createEvent('Grêmio', 'Inter', 0.3);
    const player = await c.signUp('co');
    await c.fund(player.id, 50_000);
    const home = sel(main(d), 'home');
    const placed = await single(player.token, home, 100);
    const socket = await connected(connectClient(baseUrlOf(t.app.server), { token: player.token }));
    const pushed = next(socket, 'sportsCashout');
    await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, inPlay(30, 1, 0));
    const push = await pushed;
    socket.disconnect();
    const now = sel(main(await detail(d.event.eventId)), 'home');
    expect(now.price).toBeLessThan(home.price);
    const q = await quote(player.token, placed.betId);
    const margin = (await t.app.settings.all())['sports.cashoutMarginBp'];
    const want = Math.floor(
      (10_000 * Math.round(home.price * 100) * (10_000 - margin)) / (Math.round(now.price * 100) * 10_000),
    );
    expect(q).toEqual({ value: want / 100, available: true });
    expect(q.value).toBeGreaterThan(100);
    // The socket's push (to the bet's owner) carried the same value.
    expect(push).toEqual({ betId: placed.betId, value: q.value, available: true });

    // Someone else's bet: not found; a suspended market: none.
    const other = await c.signUp('co-other');
    expect((await get(`bets/${placed.betId}/cashout`, other.token)).statusCode).toBe(404);
    data(await operator(`markets/${main(d).marketId}/suspend`));
    expect(await quote(player.token, placed.betId)).toMatchObject({ available: false });
    const before = await cash(player.id);
    const refused = await cashOut(player.token, placed.betId, { value: q.value });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('O encerramento de aposta não está disponível no momento');
    expect(await cash(player.id)).toBe(before);
    data(await operator(`markets/${main(d).marketId}/open`));
  });
});

describe('full, partial and automatic cash out on operator events', () => {
  it('pays in full once, refuses what it must, and the settlement leaves a cashed-out bet alone', async () => {
    const d = await createEvent('Bahia', 'Vitória', 0.2);
    const player = await c.signUp('full');
    await c.fund(player.id, 50_000);
    const home = sel(main(d), 'home');
    const placed = await single(player.token, home, 50);
    await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, inPlay(20, 1, 0));
    const q = await quote(player.token, placed.betId);
    const cashBefore = await cash(player.id);

    // A stale value (far from the value now): refused with the value now, nothing moved.
    const stale = await cashOut(player.token, placed.betId, { value: q.value * 0.5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toEqual(q);
    expect(await cash(player.id)).toBe(cashBefore);
    // Someone else's bet: not found, nothing moved.
    const other = await c.signUp('thief');
    expect((await cashOut(other.token, placed.betId, { value: q.value })).statusCode).toBe(404);
    // Bad share.
    expect((await cashOut(player.token, placed.betId, { value: q.value, share: 1.5 })).statusCode).toBe(400);

    // Twice at once (two keys): exactly one succeeds. Each asks a centavo above the value now (within the
    // tolerance): accepted, but paid the value now, never more.
    const asked = Math.round(q.value * 100 + 1) / 100;
    const key = crypto.randomUUID();
    const both = await Promise.all([
      cashOut(player.token, placed.betId, { value: asked }, key),
      cashOut(player.token, placed.betId, { value: asked }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const done = cashoutAnswer.parse(both.find((r) => r.statusCode === 200)!.json().data);
    expect(done).toMatchObject({ paid: q.value, stake: 0, status: 'cashedOut', auto: false });
    expect(await cash(player.id)).toBe(cashBefore + Math.round(q.value * 100));
    // The key again: the same answer, nothing more paid.
    if (both[0]!.statusCode === 200) {
      const again = await cashOut(player.token, placed.betId, { value: asked }, key);
      expect(cashoutAnswer.parse(data(again))).toEqual(done);
    }
    expect(await cash(player.id)).toBe(cashBefore + Math.round(q.value * 100));
    // Already cashed out: refused.
    const twice = await cashOut(player.token, placed.betId, { value: q.value });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Esta aposta já foi liquidada ou encerrada');

    // Ledger: the stake's hold, then one settlement paying the value.
    const rows = await ledgerOf(placed.betId);
    expect(steps(rows)).toEqual([
      [5_000, 0],
      [0, Math.round(q.value * 100) - 5_000],
    ]);
    expect(rows[1]!.key).toBe(`sports:cashout:${placed.betId}:1`);

    // The result: the settlement job leaves it alone.
    data(await operator(`events/${d.event.eventId}/result`, { home: 3, away: 0 }));
    await sleep(1_500);
    const b = sportsBet.parse(data(await get(`bets/${placed.betId}`, player.token)));
    expect(b).toMatchObject({ status: 'cashedOut', cashedOut: q.value, payout: q.value });
    expect((await ledgerOf(placed.betId)).length).toBe(2);
    expect(await cash(player.id)).toBe(cashBefore + Math.round(q.value * 100));
    await expectAuditClean();
  });

  it('cashes out part of a parlay and settles the rest on the remaining stake only', async () => {
    const a = await createEvent('Ceará', 'Fortaleza', 0.5);
    const b = await createEvent('Sport', 'Náutico', 0.1);
    const player = await c.signUp('part');
    await c.fund(player.id, 50_000);
    const h1 = sel(main(a), 'home');
    const h2 = sel(main(b), 'home');
    const placed = placeBetAnswer.parse(
      data(
        await bet(player.token, {
          stake: 40,
          selections: [
            { selectionId: h1.selectionId, price: h1.price },
            { selectionId: h2.selectionId, price: h2.price },
          ],
        }),
      ),
    );
    await t.app.sports.update(a.event.eventId, MatchTime.FIRST_HALF, inPlay(60, 2, 0));
    const q = await quote(player.token, placed.betId);
    const h1now = sel(main(await detail(a.event.eventId)), 'home');
    const margin = (await t.app.settings.all())['sports.cashoutMarginBp'];
    const p = (x: number) => Math.round(x * 100);
    // A parlay's value: the open legs' taken / current prices.
    expect(Math.round(q.value * 100)).toBe(
      Math.floor(
        (4_000 * p(h1.price) * p(h2.price) * (10_000 - margin)) / (p(h1now.price) * p(h2.price) * 10_000),
      ),
    );
    const cashBefore = await cash(player.id);
    const part = cashoutAnswer.parse(
      data(await cashOut(player.token, placed.betId, { value: q.value, share: 0.25 })),
    );
    const paid = Math.floor(Math.round(q.value * 100) * 0.25);
    expect(part).toMatchObject({ paid: paid / 100, stake: 30, status: 'open' });
    expect(await cash(player.id)).toBe(cashBefore + paid);
    const open = sportsBet.parse(data(await get(`bets/${placed.betId}`, player.token)));
    expect(open).toMatchObject({ status: 'open', stake: 30, placedStake: 40, cashedOut: paid / 100 });
    // The records: the stake of 40 once (the rest carried on is the same stake), the cash-out's value alone
    // (the 30 it released is held again), and they add up to the money available.
    const running = await records(player.token);
    expect(running.total).toBe(await cash(player.id));
    // The stake's line: pending while its rest runs (the first hold is closed, the bet is not).
    const stakeLine = (list: typeof running.list) => list.filter((r) => r.type === TxType.BET);
    expect(stakeLine(running.list).map((r) => [r.amount, r.status])).toEqual([[-40, OrderStatus.PENDING]]);
    await expectAuditClean();

    // Both legs win: paid on the remaining R$ 30 only.
    data(await operator(`events/${a.event.eventId}/result`, { home: 3, away: 0 }));
    data(await operator(`events/${b.event.eventId}/result`, { home: 1, away: 0 }));
    const settled = await closedBet(player.token, placed.betId);
    const win = Math.floor((3_000 * p(h1.price) * p(h2.price)) / 10_000);
    expect(settled).toMatchObject({
      status: 'settled',
      result: BetResult.WIN,
      payout: win / 100,
      placedStake: 40,
    });
    expect(await cash(player.id)).toBe(cashBefore + paid + win);
    const done = await records(player.token);
    expect(done.total).toBe(await cash(player.id));
    expect(stakeLine(done.list).map((r) => [r.amount, r.status])).toEqual([[-40, OrderStatus.PAID]]);
    // A settled bet: no value, and a cash-out of it is refused without moving anything.
    expect(await quote(player.token, placed.betId)).toEqual({ value: 0, available: false });
    const late = await cashOut(player.token, placed.betId, { value: q.value }, crypto.randomUUID());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Esta aposta já foi liquidada ou encerrada');
    expect(await cash(player.id)).toBe(cashBefore + paid + win);
    // Ledger: the hold of 40; the cash-out's settlement (10 taken, 30 released, the value's share paid); the rest
    // held again; the win on it.
    const rows = await ledgerOf(placed.betId);
    expect(steps(rows)).toEqual([
      [4_000, 0],
      [0, paid - 1_000],
      [3_000, 0],
      [0, win - 3_000],
    ]);
    await expectAuditClean();
  });

  it('pays a partial cash-out for the part of the stake it takes, not for the share asked', async () => {
    const d = await createEvent('Vasco', 'Bangu', 0.9);
    const player = await c.signUp('share');
    await c.fund(player.id, 10_000);
    const away = sel(main(d), 'away');
    const placed = await single(player.token, away, 1);
    // The long shot leads 3-0: the bet is worth several times its R$ 1,00.
    await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, inPlay(40, 0, 3));
    const q = await quote(player.token, placed.betId);
    const worth = Math.round(q.value * 100);
    expect(worth).toBeGreaterThan(300);
    const cashBefore = await cash(player.id);
    // 1.49 centavos asked: 1 taken, so 1% of the value is paid (1.49% had paid for half a centavo more stake).
    const part = cashoutAnswer.parse(
      data(await cashOut(player.token, placed.betId, { value: q.value, share: 0.0149 })),
    );
    const paid = Math.floor(worth / 100);
    expect(part).toMatchObject({ paid: paid / 100, stake: 0.99, status: 'open' });
    expect(await cash(player.id)).toBe(cashBefore + paid);
    await expectAuditClean();
  });

  it('refuses a partial cash-out worth less than a centavo, taking nothing of the stake', async () => {
    const d = await createEvent('Tuna Luso', 'Remo', 0.9);
    const player = await c.signUp('crumb');
    await c.fund(player.id, 10_000);
    const home = sel(main(d), 'home');
    const placed = await single(player.token, home, 10);
    const q = await quote(player.token, placed.betId);
    // Worth less than its stake before kick-off (the margin): a thousandth takes 1 centavo and pays 0.
    expect(Math.round(q.value * 100)).toBeLessThan(1_000);
    const cashBefore = await cash(player.id);
    // A thousandth takes a centavo worth nothing; a hundred-thousandth takes no centavo at all: both too small.
    for (const share of [0.001, 0.00001]) {
      const res = await cashOut(player.token, placed.betId, { value: q.value, share });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Essa parte do valor apostado vale menos de um centavo: escolha uma parte maior',
      );
    }
    // A value that is not a number did not move: the input is wrong.
    const text = await cashOut(player.token, placed.betId, { value: String(q.value) });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Verifique as informações inseridas');
    expect(sportsBet.parse(data(await get(`bets/${placed.betId}`, player.token)))).toMatchObject({
      stake: 10,
      status: 'open',
    });
    expect(await cash(player.id)).toBe(cashBefore);
    await expectAuditClean();
  });

  it('does not fire an automatic cash-out the player cleared after the prices were read', async () => {
    const d = await createEvent('Paraná', 'Londrina', 0);
    const player = await c.signUp('cleared');
    await c.fund(player.id, 50_000);
    const home = sel(main(d), 'home');
    const placed = await single(player.token, home, 20);
    const q = await quote(player.token, placed.betId);
    // As the price loop would call it, with the value read before the player cleared the target.
    const auto = () =>
      t.app.sports.cashOut(player.id, placed.betId, { value: q.value }, `auto-${placed.betId}`, true);
    await expect(auto()).rejects.toMatchObject({ httpStatus: 409 });
    expect(sportsBet.parse(data(await get(`bets/${placed.betId}`, player.token))).status).toBe('open');
    await expectAuditClean();
  });

  it('offers none once the event takes no bets: kicked off without a feed, or interrupted', async () => {
    const player = await c.signUp('stale');
    await c.fund(player.id, 50_000);
    const homeSingle = async (d: SportsEventDetail) =>
      (await single(player.token, sel(main(d), 'home'), 50)).betId;
    // An operator's event (no feed) past its kick-off: its pre-match prices stand still while it is played, and
    // after it (until a result), so a player who saw the other side score cashed out a lost bet at them.
    const unfed = await createEvent('Ypiranga', 'Caxias', 0.2);
    const late = await homeSingle(unfed);
    await t.database.db.execute(
      sql`update sports_events set starts_at = now() - interval '2 hours' where id = ${unfed.event.eventId}::bigint`,
    );
    // An interrupted match keeps the prices of its last minute played.
    const stopped = await createEvent('Brusque', 'Figueirense', 0.2);
    const paused = await homeSingle(stopped);
    await t.app.sports.update(stopped.event.eventId, MatchTime.FIRST_HALF, inPlay(30, 0, 1));
    await t.app.sports.update(stopped.event.eventId, MatchTime.INTERRUPTED, inPlay(30, 0, 1));
    const cashBefore = await cash(player.id);
    for (const betId of [late, paused]) {
      expect((await quote(player.token, betId)).available).toBe(false);
      const refused = await cashOut(player.token, betId, { value: 40 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('O encerramento de aposta não está disponível no momento');
    }
    expect(await cash(player.id)).toBe(cashBefore);
    await expectAuditClean();
  });

  it('fires the automatic cash-out when the value reaches the target, once', async () => {
    const d = await createEvent('Coritiba', 'Athletico', 0);
    const player = await c.signUp('auto');
    await c.fund(player.id, 50_000);
    const home = sel(main(d), 'home');
    const placed = await single(player.token, home, 20);
    const first = await quote(player.token, placed.betId);
    // A target the value can never reach (what the bet pays if it wins, or more) is refused, nothing set.
    const put = (value: number) =>
      t.app.inject({
        method: 'PUT',
        url: `${SPORTS_PATH}/bets/${placed.betId}/autoCashout`,
        headers: { authorization: `Bearer ${player.token}` },
        payload: { value },
      });
    for (const beyond of [placed.potentialPayout, placed.potentialPayout + 50]) {
      const refused = await put(beyond);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message.replace(/\s/g, ' ')).toBe(
        `O cash out automático precisa ficar abaixo do ganho possível (R$ ${placed.potentialPayout.toFixed(2).replace('.', ',')})`,
      );
    }
    expect(sportsBet.parse(data(await get(`bets/${placed.betId}`, player.token))).autoCashout).toBeNull();
    const target = Math.round(first.value * 1.3 * 100) / 100;
    const set = await t.app.inject({
      method: 'PUT',
      url: `${SPORTS_PATH}/bets/${placed.betId}/autoCashout`,
      headers: { authorization: `Bearer ${player.token}` },
      payload: { value: target },
    });
    expect(data(set)).toEqual({ betId: placed.betId, autoCashout: target });
    // Not reached: nothing happens.
    await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, inPlay(5, 0, 0));
    expect(sportsBet.parse(data(await get(`bets/${placed.betId}`, player.token))).status).toBe('open');
    const cashBefore = await cash(player.id);
    // The home side scores: the value passes the target and the cash-out fires, told on the owner's socket.
    const socket = await connected(connectClient(baseUrlOf(t.app.server), { token: player.token }));
    const paidPush = new Promise<unknown>((resolve) =>
      socket.on('sportsCashout', (u) => u.paid !== undefined && resolve(u)),
    );
    await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, inPlay(40, 2, 0));
    const b = sportsBet.parse(data(await get(`bets/${placed.betId}`, player.token)));
    expect(b.status).toBe('cashedOut');
    expect(b.cashedOut).toBeGreaterThanOrEqual(target);
    expect(await paidPush).toMatchObject({ betId: placed.betId, available: false, paid: b.cashedOut });
    socket.disconnect();
    expect(await cash(player.id)).toBe(cashBefore + Math.round(b.cashedOut * 100));
    const [row] = await queryRows<{ auto: boolean; n: number }>(
      t.database.db,
      sql`select auto, n from sports_cashouts where bet_id = ${placed.betId}::bigint`,
    );
    expect(row).toMatchObject({ auto: true, n: 1 });
    // Prices move again: no second cash-out.
    await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, inPlay(50, 3, 0));
    expect((await ledgerOf(placed.betId)).length).toBe(2);
    await expectAuditClean();
  });
});

describe('automatic cash-out target', () => {
  it('is refused at or below the value now, nothing changed; taken while the value is unavailable', async () => {
    const d = await createEvent('Náutico', 'Santa Cruz', 0.1);
    const player = await c.signUp('auto-low');
    await c.fund(player.id, 50_000);
    const home = sel(main(d), 'home');
    const placed = await single(player.token, home, 20);
    const put = (value: number | null) =>
      t.app.inject({
        method: 'PUT',
        url: `${SPORTS_PATH}/bets/${placed.betId}/autoCashout`,
        headers: { authorization: `Bearer ${player.token}` },
        payload: { value },
      });
    const autoOf = async () => {
      const [row] = await queryRows<{ auto_cashout: string | null }>(
        t.database.db,
        sql`select auto_cashout from sports_bets where id = ${placed.betId}::bigint`,
      );
      return row!.auto_cashout === null ? null : Number(row!.auto_cashout);
    };
    const now = await quote(player.token, placed.betId);
    expect(now.available).toBe(true);
    const shown = `R$ ${now.value.toFixed(2).replace('.', ',')}`;
    // A target set above the value stays when a lower one is refused.
    const above = Math.round((now.value + 1) * 100) / 100;
    expect(data(await put(above))).toEqual({ betId: placed.betId, autoCashout: above });
    for (const low of [Math.round((now.value - 1) * 100) / 100, now.value]) {
      const refused = await put(low);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message.replace(/\s/g, ' ')).toBe(
        `O cash out automático precisa ficar acima do valor atual (${shown})`,
      );
      expect(await autoOf()).toBe(Math.round(above * 100));
    }
    // While its market is suspended the bet has no value now: a target below the potential win is taken.
    data(await operator(`markets/${main(d).marketId}/suspend`));
    expect((await quote(player.token, placed.betId)).available).toBe(false);
    const low = Math.round((now.value - 1) * 100) / 100;
    expect(data(await put(low))).toEqual({ betId: placed.betId, autoCashout: low });
    expect(await autoOf()).toBe(Math.round(low * 100));
    expect(data(await put(null))).toEqual({ betId: placed.betId, autoCashout: null });
    data(await operator(`markets/${main(d).marketId}/open`));
  });
});

describe('during the sandbox feed match', () => {
  it('cashes out in full, in part and automatically, each step in the ledger, then settles the rest', async () => {
    const feed = createSandboxFeed({ speed: 1, perSport: 1, stepSeconds: 5, postponed: 0, cancelled: 0 });
    const runner = createFeedRunner({ database: t.database, sports: t.app.sports, feed, log: t.app.log });
    const t0 = new Date(Date.now() + 60_000);
    await runner.step(t0);
    const [fx] = await queryRows<{ id: string; external_id: string; starts_at: Date | string }>(
      t.database.db,
      sql`select id, external_id, starts_at from sports_events where feed = 'sandbox' and sport = 'football'
          order by starts_at limit 1`,
    );
    const start = new Date(fx!.starts_at).getTime();
    const at = (minute: number) => new Date(start + minute * 60_000);
    // The bets are placed at the first minute from 10 on without a dangerous moment (the match's script comes
    // from its kick-off time): one would suspend their market and refuse them.
    let calm = 10;
    while (feed.stateAt({ externalId: fx!.external_id, startsAt: new Date(start) }, at(calm)).dangerous)
      calm++;
    await runner.step(at(calm));
    const player = await c.signUp('feedco');
    await c.fund(player.id, 100_000);
    const d = await detail(fx!.id);
    // Bets on the under 4.5 (its value grows as time passes without goals… or falls with them).
    const total = d.markets.find((m) => m.type === 'total' && m.period === 1 && m.line === 4.5)!;
    const under = sel(total, 'under');
    const place = () => single(player.token, under, 30, { acceptOdds: 'any' });
    const full = await place();
    const partial = await place();
    const auto = await place();
    // A target just above its value now (one below is refused): the under's value grows as time passes.
    const autoTarget = (await quote(player.token, auto.betId)).value + 0.01;
    data(
      await t.app.inject({
        method: 'PUT',
        url: `${SPORTS_PATH}/bets/${auto.betId}/autoCashout`,
        headers: { authorization: `Bearer ${player.token}` },
        payload: { value: Math.round(autoTarget * 100) / 100 },
      }),
    );
    // Step the match minute by minute until cash-out is offered (a dangerous moment suspends a step).
    let minute = calm + 1;
    let q = await quote(player.token, full.betId);
    for (; minute < 80 && !q.available; minute++) {
      await runner.step(at(minute));
      q = await quote(player.token, full.betId);
    }
    expect(q.available).toBe(true);
    const cash0 = await cash(player.id);
    const f = cashoutAnswer.parse(data(await cashOut(player.token, full.betId, { value: q.value })));
    const p = cashoutAnswer.parse(
      data(await cashOut(player.token, partial.betId, { value: q.value, share: 0.5 })),
    );
    expect(f.status).toBe('cashedOut');
    expect(p).toMatchObject({ status: 'open', stake: 15, paid: Math.floor(q.value * 50) / 100 });
    expect(await cash(player.id)).toBe(cash0 + Math.round(f.paid * 100) + Math.round(p.paid * 100));
    // The automatic one fires at the first price move that lifts its value.
    for (; minute < 85; minute++) {
      const b = sportsBet.parse(data(await get(`bets/${auto.betId}`, player.token)));
      if (b.status === 'cashedOut') break;
      await runner.step(at(minute));
    }
    const autoBet = sportsBet.parse(data(await get(`bets/${auto.betId}`, player.token)));
    expect(autoBet.status).toBe('cashedOut');
    expect(autoBet.cashedOut).toBeGreaterThanOrEqual(Math.round(autoTarget * 100) / 100);
    await expectAuditClean();

    // The match ends: only the partial bet's rest is settled.
    await runner.step(at(106));
    const settled = await closedBet(player.token, partial.betId);
    const won = settled.result === BetResult.WIN;
    expect(settled.payout).toBe(won ? Math.floor((1_500 * Math.round(under.price * 100)) / 100) / 100 : 0);
    const [l1, l2, l3] = await Promise.all([full, partial, auto].map((b) => ledgerOf(b.betId)));
    expect(steps(l1!)).toEqual([
      [3_000, 0],
      [0, Math.round(f.paid * 100) - 3_000],
    ]);
    expect(steps(l2!)).toEqual([
      [3_000, 0],
      [0, Math.round(p.paid * 100) - 1_500],
      [1_500, 0],
      [0, Math.round(settled.payout * 100) - 1_500],
    ]);
    expect(steps(l3!)).toEqual([
      [3_000, 0],
      [0, Math.round(autoBet.cashedOut * 100) - 3_000],
    ]);
    // The records show the partial bet's stake once: the rest held again at the cash-out is not a new stake,
    // so its lines add up to what the bet really took and paid.
    const records = recordsAnswer.parse(
      data(
        await t.app.inject({
          url: `${WALLET_RECORDS_PATH}?limit=50`,
          headers: { authorization: `Bearer ${player.token}` },
        }),
      ),
    );
    const lines = records.list.filter((r) => r.ref === `sports-bet:${partial.betId}`);
    expect(lines.filter((r) => r.amount < 0).map((r) => [r.amount, r.bet])).toEqual([
      [-30, { product: 'sports', game: 'single', gameName: null }],
    ]);
    expect(Math.round(lines.reduce((sum, r) => sum + r.amount * 100, 0))).toBe(
      Math.round(p.paid * 100) + Math.round(settled.payout * 100) - 3_000,
    );
    // The cash-out's line says it is one; the settlement of the rest is a prize as usual.
    expect(lines.filter((r) => r.cashout).map((r) => r.amount)).toEqual([p.paid]);
    expect(lines.filter((r) => r.amount > 0 && !r.cashout)).toHaveLength(settled.payout > 0 ? 1 : 0);
    await expectAuditClean();
  }, 120_000);
});
