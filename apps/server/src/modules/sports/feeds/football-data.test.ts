import fs from 'node:fs';
import crypto from 'node:crypto';
import {
  BetResult,
  MatchTime,
  SPORTS_PATH,
  sportsBet,
  sportsEventDetail,
  type SportsBet,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db';
import { createTestApp, expectCleanLedgerThenClose, testPlayers } from '../../../../test/helpers';
import { createFeedRunner } from '../sports.feed';
import { createFootballDataFeed, FOOTBALL_DATA_API, type Fetch } from './football-data';

/**
 * The football-data.org v4 adapter against answers shaped as its documentation shows (fixtures/football-data),
 * with only `fetch` replaced: fixtures become events, a match in play moves the clock and the prices, a
 * postponed one stops taking bets, a finished one is resulted and its bets settled.
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

describe('football-data.org v4 feed', () => {
  it('maps fixtures, play and results', async () => {
    const calls: { url: string; token: string | null }[] = [];
    let idsAnswer = 'matches-ids-live';
    const fetch: Fetch = async (url, init) => {
      calls.push({ url, token: new Headers(init.headers).get('x-auth-token') });
      const name = url.includes('dateFrom=') ? 'matches-scheduled' : idsAnswer;
      return new Response(recorded(name), { status: 200, headers: { 'content-type': 'application/json' } });
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

    const betId = placed.json().data.betId as string;
    const end = Date.now() + 30_000;
    let bet: SportsBet;
    for (;;) {
      bet = sportsBet.parse(
        (
          await t.app.inject({
            url: `${SPORTS_PATH}/bets/${betId}`,
            headers: { authorization: `Bearer ${player.token}` },
          })
        ).json().data,
      );
      if (bet.status === 'settled' || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(bet.result).toBe(BetResult.WIN); // 2-1: three goals, over 2.5
    expect(Math.round(bet.payout * 100)).toBe(Math.floor(10 * Math.round(over.price * 100)));
  });
});
