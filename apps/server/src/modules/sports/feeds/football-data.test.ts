import fs from 'node:fs';
import crypto from 'node:crypto';
import { BetResult, MatchTime, SPORTS_PATH, sportsEventDetail } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db';
import { createTestApp, expectCleanLedgerThenClose, testPlayers } from '../../../../test/helpers';
import { playerAccounts } from '../../ledger';
import { createFeedRunner } from '../sports.feed';
import { sportsKit } from '../sports.testkit';
import {
  createFootballDataFeed,
  FOOTBALL_DATA_API,
  updateOf,
  type Fetch,
  type FdMatch,
} from './football-data';

/**
 * The football-data.org v4 adapter against answers shaped as its documentation shows (fixtures/football-data),
 * with only `fetch` replaced: fixtures become events, a match in play moves the clock and the prices, a
 * postponed one stops taking bets, a finished one is resulted and its bets settled; matches not played
 * (postponed, cancelled, awarded) are voided and their stakes returned.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_SECONDS: '0.5' });
  await t.app.settings.change({ 'sports.acceptanceDelayMs': 0 });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const recorded = (name: string) =>
  fs.readFileSync(new URL(`./fixtures/football-data/${name}.json`, import.meta.url), 'utf8');
const answer = (name: string) =>
  new Response(recorded(name), { status: 200, headers: { 'content-type': 'application/json' } });

const { settledBet, bet, detail } = sportsKit(() => t);

describe('football-data.org v4 feed', () => {
  it('maps fixtures, play and results', async () => {
    const calls: { url: string; token: string | null }[] = [];
    let idsAnswer = 'matches-ids-live';
    const fetch: Fetch = async (url, init) => {
      calls.push({ url, token: new Headers(init.headers).get('x-auth-token') });
      return answer(url.includes('dateFrom=') ? 'matches-scheduled' : idsAnswer);
    };
    const feed = createFootballDataFeed({ token: 'secret-token', fetch });
    const runner = createFeedRunner({ database: t.database, sports: t.app.sports, feed, log: t.app.log });

    const first = await runner.step(new Date('2026-11-24T20:30:00Z'));
    expect(first.created).toBe(2); // the match already in play is not listed as a fixture
    expect(calls[0]).toEqual({
      url: `${FOOTBALL_DATA_API}/matches?dateFrom=2026-11-24&dateTo=2026-12-01`,
      token: 'secret-token',
    });
    const rows = await queryRows<{ id: string; external_id: string; home: string; away: string }>(
      t.database.db,
      sql`select id, external_id, home, away from sports_events where feed = 'football-data' order by external_id`,
    );
    expect(rows.map((r) => [r.external_id, r.home, r.away])).toEqual([
      ['540101', 'Flamengo', 'Palmeiras'],
      ['540102', 'Internacional', 'Mineiro'],
    ]);
    const [fla, inter] = rows as [(typeof rows)[0], (typeof rows)[0]];

    await runner.step(new Date('2026-11-26T00:31:00Z'));
    const ids = calls.at(-1)!.url;
    expect(ids.startsWith(`${FOOTBALL_DATA_API}/matches?ids=`)).toBe(true);
    expect(ids.split('ids=')[1]!.split(',').sort()).toEqual(['540101', '540102']);
    const live = sportsEventDetail.parse(
      (await t.app.inject({ url: `${SPORTS_PATH}/events/${fla.id}` })).json().data,
    );
    expect(live.event).toMatchObject({
      clock: MatchTime.SECOND_HALF,
      minute: 63,
      score: { home: 1, away: 1 },
      live: true,
    });
    expect(live.markets.filter((m) => m.period === 2).every((m) => m.status === 'closed')).toBe(true);
    const postponed = sportsEventDetail.parse(
      (await t.app.inject({ url: `${SPORTS_PATH}/events/${inter.id}` })).json().data,
    );
    expect(postponed.event.clock).toBe(MatchTime.POSTPONED);

    const c = testPlayers(t.app, t.database);
    const player = await c.signUp('fd');
    await c.fund(player.id, 10_000);
    const over = live.markets
      .find((m) => m.type === 'total' && m.line === 2.5)!
      .selections.find((s) => s.name === 'over')!;
    const placeBet = (selectionId: string, price: number) =>
      t.app.inject({
        method: 'POST',
        url: `${SPORTS_PATH}/bets`,
        headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': crypto.randomUUID() },
        payload: { stake: 10, acceptOdds: 'none', selections: [{ selectionId, price }] },
      });
    const placed = await placeBet(over.selectionId, over.price);
    expect(placed.statusCode, placed.body).toBe(200);
    const home = postponed.markets.find((m) => m.type === '1x2')!.selections[0]!;
    expect((await placeBet(home.selectionId, home.price)).statusCode).toBe(409);

    idsAnswer = 'matches-ids-finished';
    const done = await runner.step(new Date('2026-11-26T00:40:00Z'));
    expect(done.resulted).toBe(1);
    const detail = sportsEventDetail.parse(
      (await t.app.inject({ url: `${SPORTS_PATH}/events/${fla.id}` })).json().data,
    );
    expect(detail.event.clock).toBe(MatchTime.FINISHED);
    expect(detail.markets.find((m) => m.type === 'cornersTotal')!.status).toBe('void');
    expect(detail.markets.find((m) => m.type === '1x2' && m.period === 2)!.status).toBe('settled');

    const bet = await settledBet(player.token, placed.json().data.betId as string);
    expect(bet.result).toBe(BetResult.WIN); // 2-1: three goals, over 2.5
    expect(Math.round(bet.payout * 100)).toBe(Math.floor(10 * Math.round(over.price * 100)));
  });

  it('maps every match status of the v4 docs to a match time code', () => {
    const m = JSON.parse(recorded('matches-ids-off')).matches[0] as FdMatch;
    const clock = (status: FdMatch['status']) => updateOf({ ...m, status }, new Date(m.utcDate)).clock;
    expect(clock('SCHEDULED')).toBe(MatchTime.NOT_OPEN);
    expect(clock('TIMED')).toBe(MatchTime.NOT_OPEN);
    expect(clock('PAUSED')).toBe(MatchTime.HALF_TIME);
    expect(clock('EXTRA_TIME')).toBe(MatchTime.OVERTIME);
    expect(clock('PENALTY_SHOOTOUT')).toBe(MatchTime.PENALTY);
    expect(clock('POSTPONED')).toBe(MatchTime.POSTPONED);
    expect(clock('SUSPENDED')).toBe(MatchTime.INTERRUPTED);
    expect(clock('CANCELLED')).toBe(MatchTime.CANCELLED);
    expect(clock('AWARDED')).toBe(MatchTime.CANCELLED);
    // An awarded score was not played: no result from it.
    expect(updateOf({ ...m, status: 'AWARDED' }, new Date(m.utcDate)).result).toBeNull();
    // Nor a state of play: an abandoned match settles the markets its score has decided.
    const awarded = {
      ...m,
      status: 'AWARDED' as const,
      score: { ...m.score, fullTime: { home: 3, away: 0 } },
    };
    expect(updateOf(awarded, new Date(m.utcDate)).state.score).toEqual({ home: 0, away: 0 });
  });

  it('voids a cancelled or awarded match at once and a postponed one after the wait, stakes returned', async () => {
    const urls: string[] = [];
    let idsAnswer = 'matches-ids-off';
    const fetch: Fetch = async (url) => {
      urls.push(url);
      return answer(url.includes('dateFrom=') ? 'matches-scheduled-later' : idsAnswer);
    };
    const feed = createFootballDataFeed({ token: 'secret-token', fetch });
    const runner = createFeedRunner({ database: t.database, sports: t.app.sports, feed, log: t.app.log });
    expect((await runner.step(new Date('2031-05-10T12:00:00Z'))).created).toBe(3);
    const rows = await queryRows<{ id: string; external_id: string }>(
      t.database.db,
      sql`select id, external_id from sports_events where external_id in ('541001', '541002', '541003')
          order by external_id`,
    );
    const [postponed, cancelled, awarded] = rows.map((r) => String(r.id)) as [string, string, string];

    // A player backs each home side before kick-off.
    const c = testPlayers(t.app, t.database);
    const player = await c.signUp('fdvoid');
    await c.fund(player.id, 10_000);
    const bets: string[] = [];
    for (const id of [postponed, cancelled, awarded]) {
      const home = (await detail(id)).markets.find((m) => m.type === '1x2' && m.period === 1)!.selections[0]!;
      const res = await bet(player.token, {
        stake: 10,
        acceptOdds: 'any',
        selections: [{ selectionId: home.selectionId, price: home.price }],
      });
      expect(res.statusCode, res.body).toBe(200);
      bets.push(res.json().data.betId as string);
    }
    const clockOf = async (id: string) => (await detail(id)).event.clock;

    // After the kick-offs: postponed, cancelled, awarded (3–0 by the tribunal, never resulted from it).
    const night = new Date('2031-05-10T22:00:00Z');
    expect((await runner.step(night)).resulted).toBe(0);
    expect(await clockOf(postponed)).toBe(MatchTime.POSTPONED);
    expect(await clockOf(cancelled)).toBe(MatchTime.CANCELLED);
    expect(await clockOf(awarded)).toBe(MatchTime.CANCELLED);
    const voided = await t.app.sports.voidDue(night);
    expect(voided).not.toContain(postponed);
    for (const betId of bets.slice(1))
      expect(await settledBet(player.token, betId)).toMatchObject({ result: BetResult.REFUND, payout: 10 });

    // Rescheduled four days on (listed as TIMED again): still postponed, its bet open; past the 48 hours, void.
    idsAnswer = 'matches-ids-rescheduled';
    await runner.step(new Date('2031-05-11T10:00:00Z'));
    expect(urls.at(-1)).toBe(`${FOOTBALL_DATA_API}/matches?ids=541001`);
    expect(await clockOf(postponed)).toBe(MatchTime.POSTPONED);
    expect(await t.app.sports.voidDue(new Date('2031-05-12T18:00:00Z'))).toEqual([]);
    expect(await t.app.sports.voidDue(new Date('2031-05-12T20:00:00Z'))).toEqual([postponed]);
    expect(await settledBet(player.token, bets[0]!)).toMatchObject({ result: BetResult.REFUND, payout: 10 });
    const accounts = await playerAccounts(t.database.db, player.id);
    expect(accounts.find((a) => a.kind === 'cash')!.available).toBe(10_000);

    // A voided event is asked about no more.
    const asked = urls.length;
    await runner.step(new Date('2031-05-14T20:00:00Z'));
    expect(urls.slice(asked).filter((u) => u.includes('ids=') && /54100[123]/.test(u))).toEqual([]);
  });
});
