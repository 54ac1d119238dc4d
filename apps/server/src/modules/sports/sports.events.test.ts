import { MatchTime, operatorEventsAnswer, SPORTS_OPERATOR_PATH } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, testOperators, testPlayers } from '../../../test/helpers';
import { sportsKit } from './sports.testkit';

/**
 * The traders' event list (`GET /api/operator/sports/events`): every event, finished and settled ones too, by
 * state (read off the result and the match time code), sport, a team's or competition's name and start, sorted
 * and paged; bad filters are a translated 400 and the list is the traders' (a player or a support operator is
 * refused).
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Op = Awaited<ReturnType<ReturnType<typeof testOperators>['signIn']>>;
let t: TestApp;
let trader: Op;
const kit = sportsKit(() => t);
const ids: Record<string, string> = {};

const list = (query: string, headers: Record<string, string> = trader.headers) =>
  t.app.inject({ url: `${SPORTS_OPERATOR_PATH}/events${query}`, headers: { ...headers, lang: 'en' } });
async function page(query: string) {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return operatorEventsAnswer.parse(res.json().data);
}
const names = async (query: string) => (await page(query)).list.map((e) => e.home).sort();
const setClock = (id: string, clock: number) =>
  t.database.db.execute(sql`update sports_events set clock = ${clock} where id = ${id}::bigint`);

beforeAll(async () => {
  t = await createTestApp();
  trader = await testOperators(t.app).signIn('trader');
  // Starts an hour apart, in this order: Alfa first.
  const made: [string, string, string][] = [
    ['Alfa', 'Xavante', 'football'],
    ['Bravo', 'Yankee', 'football'],
    ['Charlie', 'Zulu', 'football'],
    ['Delta', 'Oeste', 'football'],
    ['Echo', 'Leste', 'football'],
    ['Foxtrot', 'Norte', 'football'],
    ['Golf', 'Sul', 'basketball'],
  ];
  for (const [i, [home, away, sport]] of made.entries()) {
    // Created ahead (an event must start in the future), then dated where the filters below expect it.
    const res = await kit.operator('events', {
      sport,
      competition: sport === 'football' ? 'Série Lista' : 'Liga de Cesta',
      home,
      away,
      startsAt: new Date(Date.now() + (i + 1) * 3_600_000).toISOString(),
    });
    ids[home] = kit.data<{ event: { eventId: string } }>(res).event.eventId;
    const startsAt = new Date(Date.UTC(2026, 0, 10 + i, 18)).toISOString();
    await t.database.db.execute(
      sql`update sports_events set starts_at = ${startsAt}::timestamptz where id = ${ids[home]}::bigint`,
    );
  }
  await setClock(ids.Bravo!, MatchTime.SECOND_HALF);
  await setClock(ids.Charlie!, MatchTime.FINISHED);
  await setClock(ids.Echo!, MatchTime.CANCELLED);
  await setClock(ids.Foxtrot!, MatchTime.POSTPONED);
  // Delta is resulted through the real route, then corrected.
  for (const result of [
    { home: 2, away: 1 },
    { home: 0, away: 1 },
  ])
    kit.data(await kit.operator(`events/${ids.Delta}/result`, result));
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

describe('GET /api/operator/sports/events', () => {
  it('lists every event with its state, finished and settled ones the players no longer see', async () => {
    const all = await page('?sort=startsAt&order=asc&pageSize=100');
    expect(all.total).toBe(7);
    expect(all.list.map((e) => [e.home, e.status])).toEqual([
      ['Alfa', 'scheduled'],
      ['Bravo', 'live'],
      ['Charlie', 'finished'],
      ['Delta', 'settled'],
      ['Echo', 'cancelled'],
      ['Foxtrot', 'scheduled'],
      ['Golf', 'scheduled'],
    ]);
    const delta = all.list.find((e) => e.home === 'Delta')!;
    expect(delta).toMatchObject({
      eventId: ids.Delta,
      competition: 'Série Lista',
      away: 'Oeste',
      result: { home: 0, away: 1 },
      resultVersion: 2,
      markets: 0,
    });
    expect(all.list.find((e) => e.home === 'Alfa')).toMatchObject({ result: null, resultVersion: 0 });
    expect(all.list.find((e) => e.home === 'Alfa')!.markets).toBeGreaterThan(0);
    // The players' list has only the events open for betting.
    const open = kit.data<{ home: string }[]>(await kit.get('events')).map((e) => e.home);
    expect(open).not.toContain('Delta');
    expect(open).not.toContain('Charlie');
  });

  it('filters by state (one or several), sport, name and start', async () => {
    expect(await names('?status=settled')).toEqual(['Delta']);
    expect(await names('?status=finished')).toEqual(['Charlie']);
    expect(await names('?status=finished,settled')).toEqual(['Charlie', 'Delta']);
    expect(await names('?status=live')).toEqual(['Bravo']);
    expect(await names('?status=cancelled')).toEqual(['Echo']);
    expect(await names('?status=scheduled')).toEqual(['Alfa', 'Foxtrot', 'Golf']);
    expect(await names('?sportId=basketball')).toEqual(['Golf']);
    expect(await names('?sportId=football&status=scheduled')).toEqual(['Alfa', 'Foxtrot']);
    // Part of a team's name (home or away) or of the competition's, any case.
    expect(await names('?q=OEST')).toEqual(['Delta']);
    expect(await names('?q=delt')).toEqual(['Delta']);
    expect(await names(`?q=${encodeURIComponent('cesta')}`)).toEqual(['Golf']);
    expect((await page(`?q=${encodeURIComponent('série lista')}`)).total).toBe(6);
    // A wildcard is taken literally.
    expect((await page('?q=%25')).total).toBe(0);
    const from = new Date(Date.UTC(2026, 0, 11, 0)).toISOString();
    const to = new Date(Date.UTC(2026, 0, 13, 0)).toISOString();
    expect(await names(`?from=${from}&to=${to}`)).toEqual(['Bravo', 'Charlie']);
  });

  it('pages and sorts on the server', async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 4; p += 1) {
      const res = await page(`?sort=eventId&order=asc&pageSize=2&page=${p}`);
      expect(res.total).toBe(7);
      expect(res.list.length).toBe(p < 4 ? 2 : 1);
      seen.push(...res.list.map((e) => e.home));
    }
    expect(seen).toEqual(['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf']);
    expect((await page('?page=5&pageSize=2')).list).toEqual([]);
    // The default: the latest start first.
    expect((await page('?pageSize=1')).list[0]!.home).toBe('Golf');
    const byCompetition = await page('?sort=competition&order=asc&pageSize=1');
    expect(byCompetition.list[0]!.home).toBe('Golf');
  });

  it('refuses bad filters with a clear 400', async () => {
    const refused = async (query: string, message: string) => {
      const res = await list(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().message, query).toBe(message);
    };
    await refused('?status=over', 'Please check the field status');
    await refused('?status=settled,over', 'Please check the field status');
    await refused('?status=', 'Please check the field status');
    await refused(
      '?from=2026-01-12T00:00:00Z&to=2026-01-11T00:00:00Z',
      'The period must start before it ends',
    );
    await refused('?pageSize=101', 'Please check the field pageSize');
    await refused('?page=0', 'Please check the field page');
    await refused('?sort=home', 'Please check the field sort');
    await refused('?sportId=curling', 'Please check the field sportId');
    await refused('?from=0000-01-01T00:00:00Z', 'Please check the field from');
    await refused(`?q=${'x'.repeat(121)}`, 'Please check the field q');
  });

  it('is the traders’: no credentials 401, a player or a support operator 403', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    const player = await testPlayers(t.app, t.database).signUp('evl');
    const asPlayer = await list('', { authorization: `Bearer ${player.token}` });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().message).toBeTruthy();
    const support = await testOperators(t.app).signIn('support');
    const asSupport = await list('', support.headers);
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json().message).toContain('sports.trade');
    const admin = await testOperators(t.app).signIn('admin');
    expect((await list('?status=settled', admin.headers)).statusCode).toBe(200);
  });
});
