import { BetResult, MatchTime, placeBetAnswer, sportsBet, type SportsEventDetail } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/helpers';
import { queryRows } from '../../platform/db';
import { auditLedger } from '../ledger';
import { PREMATCH } from './pricing';
import { sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * Events not played, on the real app: a cancelled match voids at once — a single returns its stake (result
 * 90), a parlay leg on it counts 1 and the other legs pay; a postponed match stands within
 * `sports.postponedVoidHours` of its kick-off (and when it is played meanwhile) and is void after; the job run
 * again pays nothing twice; the ledger's audit clean at the end.
 */
let t: TestApp;
let c: TestPlayers;
const {
  data,
  bet,
  get,
  detail,
  market,
  sel,
  createEvent,
  cash,
  operator,
  settledBet: settled,
  records,
} = sportsTestApp((app) => ({ t, c } = app));
const HOUR = 3_600_000;

async function place(token: string, stake: number, legs: { selectionId: string; price: number }[]) {
  const selections = legs.map(({ selectionId, price }) => ({ selectionId, price }));
  return placeBetAnswer.parse(data(await bet(token, { stake, acceptOdds: 'none', selections })));
}

async function betOf(token: string, betId: string) {
  return sportsBet.parse(data(await get(`bets/${betId}`, token)));
}

const home = (d: SportsEventDetail) => sel(market(d, '1x2', 1, null), 'home');
const draw = (d: SportsEventDetail) => sel(market(d, '1x2', 1, null), 'draw');
const cents = (major: number) => Math.round(major * 100);

describe('events not played', () => {
  it('a cancelled match: a single is void and returns its stake, a parlay leg on it counts 1', async () => {
    const a = await createEvent('Flamengo', 'Palmeiras', 0.3);
    const b = await createEvent('Santos', 'Grêmio', 0.1);
    const player = await c.signUp('void');
    await c.fund(player.id, 10_000);
    const before = await cash(player.id);
    const single = await place(player.token, 10, [home(a)]);
    const parlayLegs = [draw(a), home(b)];
    const parlay = await place(player.token, 5, parlayLegs);
    expect(await cash(player.id)).toBe(before - 1_500);

    await t.app.sports.update(a.event.eventId, MatchTime.CANCELLED, PREMATCH);
    expect(await t.app.sports.voidDue()).toContain(a.event.eventId);

    const s = await settled(player.token, single.betId);
    expect(s).toMatchObject({ result: BetResult.REFUND, payout: 10, stake: 10 });
    expect(s.legs.map((l) => l.result)).toEqual([BetResult.REFUND]);
    expect(await cash(player.id)).toBe(before - 500);
    // The records show the stake returned as the void single's line, a refund and not a prize: they add up to
    // the money available.
    const refund = (await records(player.token)).list.filter((r) => r.category === 'prize');
    expect(refund.map((r) => [r.amount, r.refund])).toEqual([[10, true]]);
    expect((await records(player.token)).total).toBe(await cash(player.id));
    const voided = await detail(a.event.eventId);
    expect(voided.event.clock).toBe(MatchTime.CANCELLED);
    expect(voided.markets.every((m) => m.status === 'void')).toBe(true);
    // Nothing is taken on it any more, and an operator cannot reopen a voided market.
    const refused = await bet(player.token, {
      stake: 1,
      acceptOdds: 'any',
      selections: [{ selectionId: home(a).selectionId, price: home(a).price }],
    });
    expect(refused.statusCode).toBe(409);
    expect((await operator(`markets/${market(a, '1x2', 1, null).marketId}/open`)).statusCode).toBe(409);

    // The parlay waits for its other leg; the voided leg counts 1.
    let p = await betOf(player.token, parlay.betId);
    expect(p.status).toBe('open');
    expect(p.legs.find((l) => l.selectionId === draw(a).selectionId)!.result).toBe(BetResult.REFUND);
    data(await operator(`events/${b.event.eventId}/result`, { home: 2, away: 0 }));
    p = await settled(player.token, parlay.betId);
    const paid = Math.floor((500 * cents(home(b).price)) / 100);
    expect(p.result).toBe(BetResult.WIN);
    expect(cents(p.payout)).toBe(paid);
    expect(await cash(player.id)).toBe(before - 500 + paid);

    // The job again, and the event's settlement again: nothing moves.
    expect(await t.app.sports.voidDue()).toEqual([]);
    expect(await t.app.sports.settleEvent(a.event.eventId)).toMatchObject({ settled: 0, resettled: 0 });
    expect(await cash(player.id)).toBe(before - 500 + paid);
    expect(await betOf(player.token, single.betId)).toEqual(s);
    expect((await auditLedger(t.database)).ok).toBe(true);
  });

  it('a postponed match stands within the wait and is void after it; one played meanwhile stands', async () => {
    await t.app.settings.change({ 'sports.postponedVoidHours': 2 });
    const e = await createEvent('Bahia', 'Vitória', 0.2);
    const later = await createEvent('Ceará', 'Fortaleza', 0.2);
    const player = await c.signUp('postponed');
    await c.fund(player.id, 10_000);
    const before = await cash(player.id);
    const over = sel(market(e, 'total', 1, 2.5), 'over');
    const placed = await place(player.token, 7.5, [over]);
    const kept = await place(player.token, 4, [home(later)]);
    expect(await cash(player.id)).toBe(before - 1_150);

    const kickOff = new Date(e.event.startsAt).getTime();
    for (const d of [e, later]) await t.app.sports.update(d.event.eventId, MatchTime.POSTPONED, PREMATCH);
    // Within the wait: nothing voided, the bets open.
    expect(await t.app.sports.voidDue(new Date(kickOff + 2 * HOUR - 60_000))).toEqual([]);
    expect((await detail(e.event.eventId)).markets.some((m) => m.status === 'void')).toBe(false);
    expect((await betOf(player.token, placed.betId)).status).toBe('open');

    // The second is played after all, within the wait: its bets stand and are settled by its result.
    await t.app.sports.update(later.event.eventId, MatchTime.FIRST_HALF, {
      ...PREMATCH,
      minute: 5,
      progress: 5 / 90,
    });

    // After the wait: the postponed one is void, its single returned; the played one is not touched.
    const after = new Date(kickOff + 2 * HOUR + 60_000);
    expect(await t.app.sports.voidDue(after)).toEqual([e.event.eventId]);
    const b = await settled(player.token, placed.betId);
    expect(b).toMatchObject({ result: BetResult.REFUND, payout: 7.5 });
    expect(await cash(player.id)).toBe(before - 400);
    expect((await detail(later.event.eventId)).markets.some((m) => m.status === 'void')).toBe(false);
    expect((await betOf(player.token, kept.betId)).status).toBe('open');
    data(await operator(`events/${later.event.eventId}/result`, { home: 0, away: 1 }));
    expect(await settled(player.token, kept.betId)).toMatchObject({ result: BetResult.LOSE, payout: 0 });

    // Again, later: nothing twice.
    expect(await t.app.sports.voidDue(new Date(after.getTime() + 5 * HOUR))).toEqual([]);
    expect(await cash(player.id)).toBe(before - 400);
    await t.app.settings.change({ 'sports.postponedVoidHours': 48 });
  });
});

describe('an abandoned match', () => {
  it('keeps the markets play had decided, voids the rest; a parlay leg decided pays, a void one counts 1', async () => {
    await t.app.settings.change({ 'sports.postponedVoidHours': 2 });
    const e = await createEvent('Cruzeiro', 'Atlético-MG', 0.3);
    const other = await createEvent('Goiás', 'Vila Nova', 0.1);
    const player = await c.signUp('abandoned');
    await c.fund(player.id, 10_000);
    const before = await cash(player.id);
    const total = (line: number, name: string, period = 1) => sel(market(e, 'total', period, line), name);
    // Each single, its stake and the result the interruption at 2–1 (1–0 at half time) decides.
    const picks: [string, ReturnType<typeof sel>, number][] = [
      ['over 2.5', total(2.5, 'over'), BetResult.WIN],
      ['under 2.5', total(2.5, 'under'), BetResult.LOSE],
      ['both score', sel(market(e, 'btts', 1, null), 'yes'), BetResult.WIN],
      ['1x2 home', home(e), BetResult.REFUND],
      ['correct score 1-0', sel(market(e, 'correctScore', 1, null), '1-0'), BetResult.LOSE],
      ['over 3.5', total(3.5, 'over'), BetResult.REFUND],
      ['over 2.75', total(2.75, 'over'), BetResult.WIN_HALF],
      ['under 2.75', total(2.75, 'under'), BetResult.LOSE_HALF],
      ['over 2.25', total(2.25, 'over'), BetResult.WIN],
      ['first half over 0.5', total(0.5, 'over', 2), BetResult.WIN],
    ];
    const singles = [];
    for (const [, pick] of picks) singles.push(await place(player.token, 4, [pick]));
    const parlay = await place(player.token, 5, [total(2.5, 'over'), home(other)]);
    const halfParlay = await place(player.token, 3, [total(2.75, 'over'), draw(other)]);
    expect(await cash(player.id)).toBe(before - 4_000 - 800);

    await t.app.sports.update(e.event.eventId, MatchTime.INTERRUPTED, {
      ...PREMATCH,
      minute: 70,
      progress: 70 / 90,
      score: { home: 2, away: 1 },
      halfTime: { home: 1, away: 0 },
      corners: { home: 5, away: 2 },
    });
    // The other was cancelled before it started: all of it void.
    await t.app.sports.update(other.event.eventId, MatchTime.CANCELLED, PREMATCH);
    const after = new Date(new Date(e.event.startsAt).getTime() + 2 * HOUR + 60_000);
    expect((await t.app.sports.voidDue(after)).sort()).toEqual([e.event.eventId, other.event.eventId].sort());

    // What each single returns, in cents: win the price, win half (1 + price) / 2, refund the stake.
    const returned = (result: number, price: number) =>
      result === BetResult.WIN
        ? Math.floor((400 * cents(price)) / 100)
        : result === BetResult.WIN_HALF
          ? Math.floor((400 * (cents(price) + 100)) / 200)
          : result === BetResult.REFUND
            ? 400
            : result === BetResult.LOSE_HALF
              ? 200
              : 0;
    let paid = 0;
    for (const [i, [what, pick, result]] of picks.entries()) {
      const b = await settled(player.token, singles[i]!.betId);
      expect(b.result, what).toBe(result);
      expect(b.legs[0]!.result, what).toBe(result);
      expect(cents(b.payout), what).toBe(returned(result, pick.price));
      paid += returned(result, pick.price);
    }
    // The parlay: over 2.5 won, the cancelled leg counts 1; the other, a half won leg and a void one.
    const p = await settled(player.token, parlay.betId);
    expect(p.result).toBe(BetResult.WIN);
    expect(p.legs.map((l) => l.result)).toEqual([BetResult.WIN, BetResult.REFUND]);
    expect(cents(p.payout)).toBe(Math.floor((500 * cents(total(2.5, 'over').price)) / 100));
    const h = await settled(player.token, halfParlay.betId);
    expect(h.result).toBe(BetResult.WIN_HALF);
    expect(cents(h.payout)).toBe(Math.floor((300 * (cents(total(2.75, 'over').price) + 100)) / 200));
    paid += cents(p.payout) + cents(h.payout);
    expect(await cash(player.id)).toBe(before - 4_800 + paid);

    const d = await detail(e.event.eventId);
    const status = (type: string, period: number, line: number | null) =>
      market(d, type, period, line).status;
    expect(status('total', 1, 2.5)).toBe('settled');
    expect(status('correctScore', 1, null)).toBe('settled');
    expect(status('total', 1, 3.5)).toBe('void');
    expect(status('1x2', 1, null)).toBe('void');
    // Handicaps: the match's void, the first half's (played) settled on its 1–0.
    const ah = d.markets.filter((m) => m.type === 'ah');
    expect(ah.filter((m) => m.period === 1).every((m) => m.status === 'void')).toBe(true);
    expect(ah.filter((m) => m.period === 2).every((m) => m.status === 'settled')).toBe(true);
    expect((await detail(other.event.eventId)).markets.every((m) => m.status === 'void')).toBe(true);

    // Again, and a result posted afterwards: nothing moves, what the interruption decided stays.
    expect(await t.app.sports.voidDue(new Date(after.getTime() + HOUR))).toEqual([]);
    data(await operator(`events/${e.event.eventId}/result`, { home: 4, away: 1 }));
    await t.app.sports.settleEvent(e.event.eventId);
    expect(await cash(player.id)).toBe(before - 4_800 + paid);
    expect((await betOf(player.token, singles[6]!.betId)).result).toBe(BetResult.WIN_HALF);
    expect((await betOf(player.token, singles[3]!.betId)).result).toBe(BetResult.REFUND);
    await t.app.settings.change({ 'sports.postponedVoidHours': 48 });
  });
});

describe('a settlement job lost', () => {
  it('is queued again for a resulted event whose decided bets are still open', async () => {
    const e = await createEvent('Remo', 'Tuna Luso', 0.2);
    const player = await c.signUp('lostjob');
    await c.fund(player.id, 10_000);
    const pick = home(e);
    const placed = await place(player.token, 5, [pick]);
    // The result committed as `postResult` commits it, and the process gone before it queued the settlement.
    await t.database.db.execute(
      sql`update sports_bet_legs set result = ${BetResult.WIN} where bet_id = ${placed.betId}::bigint`,
    );
    await t.database.db.execute(
      sql`update sports_events set result = '{"home": 1, "away": 0}'::jsonb, result_version = 1,
            updated_at = now() - interval '3 minutes' where id = ${e.event.eventId}::bigint`,
    );
    await t.app.sports.voidDue();
    const b = await settled(player.token, placed.betId);
    expect(b).toMatchObject({
      result: BetResult.WIN,
      payout: Math.floor((500 * cents(pick.price)) / 100) / 100,
    });
  });

  it.runIf(onPostgres)(
    'a result posted while a bet is being written waits for it, marks its leg and settles it',
    async () => {
      const e = await createEvent('Paysandu', 'Remo', 0.2);
      const player = await c.signUp('racing');
      await c.fund(player.id, 10_000);
      const pick = home(e);
      await place(player.token, 5, [pick]);
      // Another transaction holds the selection's running exposure: the next bet passes the batch's checks (the
      // market open, no result), writes its leg, then waits for the row at the end of its batch.
      let release!: () => void;
      let holder!: (pid: number) => void;
      const held = new Promise<number>((r) => (holder = r));
      const other = t.database.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(
          tx,
          sql`select pg_backend_pid() as pid from sports_exposure where selection_id = ${pick.selectionId}::bigint
              for update`,
        );
        holder(Number(row!.pid));
        await new Promise<void>((r) => (release = r));
      });
      const pid = await held;
      const blocked = async (where: ReturnType<typeof sql>) => {
        const [w] = await queryRows<{ n: string }>(
          t.database.db,
          sql`select count(*) as n from pg_stat_activity where cardinality(pg_blocking_pids(pid)) > 0 and ${where}`,
        );
        return Number(w!.n) > 0;
      };
      const slip = {
        stake: 5,
        acceptOdds: 'none',
        selections: [{ selectionId: pick.selectionId, price: pick.price }],
      };
      const pending = bet(player.token, slip);
      while (!(await blocked(sql`${pid}::int = any(pg_blocking_pids(pid))`)))
        await new Promise((r) => setTimeout(r, 20));
      // The result meanwhile: it waits for the bet's batch (or, before, committed at once without its leg).
      let answered = false;
      const resulted = operator(`events/${e.event.eventId}/result`, { home: 2, away: 0 }).then((r) => {
        answered = true;
        return r;
      });
      while (!answered && !(await blocked(sql`not (${pid}::int = any(pg_blocking_pids(pid)))`)))
        await new Promise((r) => setTimeout(r, 20));
      release();
      await other;
      const late = placeBetAnswer.parse(data(await pending));
      data(await resulted);
      const b = await settled(player.token, late.betId);
      expect(b).toMatchObject({
        result: BetResult.WIN,
        payout: Math.floor((500 * cents(pick.price)) / 100) / 100,
      });
      expect(b.legs[0]!.result).toBe(BetResult.WIN);
    },
  );
});
