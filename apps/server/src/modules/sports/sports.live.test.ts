import {
  BetResult,
  MatchTime,
  placeBetAnswer,
  sportsEventDetail,
  sportsList,
  SPORTS,
  type SportsEventDetail,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { baseUrlOf } from '../../../test/helpers';
import { connectClient, connected, next } from '../../../test/realtime-client';
import { createSandboxFeed } from './feeds/sandbox';
import { PREMATCH } from './pricing';
import { createFeedRunner } from './sports.feed';
import { selectionResult } from './sports.settlement';
import { sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * In play: the acceptance delay and a suspension during it, dangerous moments, and the sandbox feed playing
 * matches of the twelve sports from fixture to settlement (its steps driven by the test with chosen times).
 */
let t: TestApp;
let c: TestPlayers;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const { data, operator, get, bet, detail, settledBet } = sportsTestApp((app) => ({ t, c } = app), {
  listen: true,
});
const main = (d: SportsEventDetail) => d.markets.find((m) => m.type === '1x2' && m.period === 1)!;

describe('in play', () => {
  it('prices follow the score; a suspension during the acceptance delay refuses the bet; dangerous moments suspend', async () => {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const pre = sportsEventDetail.parse(
      data(
        await operator('events', {
          sport: 'football',
          competition: 'Copa',
          home: 'Remo',
          away: 'Paysandu',
          startsAt,
          strength: 0,
        }),
      ),
    );
    const id = pre.event.eventId;
    const player = await c.signUp('live');
    await c.fund(player.id, 10_000);

    await t.app.sports.update(id, MatchTime.FIRST_HALF, {
      ...PREMATCH,
      minute: 30,
      progress: 30 / 90,
      score: { home: 1, away: 0 },
    });
    const live = await detail(id);
    expect(live.event).toMatchObject({ live: true, clock: 1, minute: 30, score: { home: 1, away: 0 } });
    const home = main(live).selections.find((s) => s.name === 'home')!;
    const preHome = main(pre).selections.find((s) => s.name === 'home')!;
    expect(home.price).toBeLessThan(preHome.price);
    expect(home.version).toBeGreaterThan(preHome.version);
    const listed = data<{ eventId: string }[]>(await get('events?sport=football&live=1'));
    expect(listed.map((e) => e.eventId)).toContain(id);

    await t.app.settings.change({ 'sports.acceptanceDelayMs': 600 });
    const slip = {
      stake: 10,
      acceptOdds: 'none',
      selections: [{ selectionId: home.selectionId, price: home.price }],
    };
    const before = Date.now();
    const waiting = bet(player.token, slip);
    await sleep(150);
    data(await operator(`markets/${main(live).marketId}/suspend`));
    const refused = await waiting;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Esta opção não está aberta para apostas no momento');
    expect(Date.now() - before).toBeGreaterThanOrEqual(550);
    data(await operator(`markets/${main(live).marketId}/open`));

    // Suspended and open again within the delay: refused all the same.
    await t.app.settings.change({ 'sports.acceptanceDelayMs': 2_500 });
    const flicker = bet(player.token, slip);
    await sleep(900);
    data(await operator(`markets/${main(live).marketId}/suspend`));
    data(await operator(`markets/${main(live).marketId}/open`));
    expect((await flicker).statusCode).toBe(409);
    await t.app.settings.change({ 'sports.acceptanceDelayMs': 600 });

    const accepted = placeBetAnswer.parse(data(await bet(player.token, slip)));
    expect(accepted.price).toBe(home.price);

    // A goal: every open market suspends; the next calm update reopens them repriced.
    await t.app.sports.update(
      id,
      MatchTime.FIRST_HALF,
      { ...PREMATCH, minute: 31, progress: 31 / 90, score: { home: 1, away: 1 } },
      true,
    );
    const goal = await detail(id);
    expect(goal.markets.filter((m) => m.status === 'open')).toEqual([]);
    await t.app.settings.change({ 'sports.acceptanceDelayMs': 0 });
    const now = main(goal).selections.find((s) => s.name === 'home')!;
    expect(
      (await bet(player.token, { ...slip, selections: [{ selectionId: now.selectionId, price: now.price }] }))
        .statusCode,
    ).toBe(409);
    await t.app.sports.update(id, MatchTime.FIRST_HALF, {
      ...PREMATCH,
      minute: 32,
      progress: 32 / 90,
      score: { home: 1, away: 1 },
    });
    const calm = await detail(id);
    expect(main(calm).status).toBe('open');
    expect(main(calm).selections.find((s) => s.name === 'home')!.price).toBeGreaterThan(home.price);
    // First-half markets close at half time.
    await t.app.sports.update(id, MatchTime.HALF_TIME, {
      ...PREMATCH,
      minute: 45,
      progress: 0.5,
      score: { home: 1, away: 1 },
      halfTime: { home: 1, away: 1 },
    });
    const ht = await detail(id);
    expect(ht.markets.filter((m) => m.period === 2).every((m) => m.status === 'closed')).toBe(true);

    data(
      await operator(`events/${id}/result`, {
        home: 2,
        away: 1,
        halfTimeHome: 1,
        halfTimeAway: 1,
        cornersHome: 3,
        cornersAway: 3,
      }),
    );
    const done = await settledBet(player.token, accepted.betId);
    expect(done.result).toBe(BetResult.WIN);
    expect(Math.round(done.payout * 100)).toBe(Math.floor((1000 * Math.round(home.price * 100)) / 100));
  });
});

describe('realtime', () => {
  /** A pre-match event an hour away, and a new player's socket watching it. */
  async function watched(
    event: { sport: string; competition: string; home: string; away: string },
    name: string,
  ) {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const d = sportsEventDetail.parse(data(await operator('events', { ...event, startsAt })));
    const player = await c.signUp(name);
    const socket = await connected(connectClient(baseUrlOf(t.app.server), { token: player.token }));
    expect((await socket.emitWithAck('sportsWatch', { eventId: d.event.eventId })).status).toBe(0);
    return { d, socket };
  }

  it("pushes an event's new clock, score and prices to the sockets watching it", async () => {
    const { d, socket } = await watched(
      { sport: 'basketball', competition: 'NBB', home: 'Franca', away: 'Bauru' },
      'socket',
    );
    try {
      const pushed = next(socket, 'sportsEvent');
      await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, {
        ...PREMATCH,
        progress: 0.3,
        score: { home: 30, away: 20 },
      });
      const update = await pushed;
      expect(update.event).toMatchObject({
        eventId: d.event.eventId,
        live: true,
        score: { home: 30, away: 20 },
      });
      const winner = update.markets.find(
        (m) => m.marketId === d.markets.find((x) => x.type === 'winner')!.marketId,
      )!;
      expect(winner.selections[0]!.price).toBeLessThan(
        d.markets.find((x) => x.type === 'winner')!.selections[0]!.price,
      );
      expect((await socket.emitWithAck('sportsWatch', { eventId: 'x' } as never)).status).not.toBe(0);
    } finally {
      socket.disconnect();
    }
  });

  it("pushes only the market a trader changed, with the event's clock and score", async () => {
    const { d, socket } = await watched(
      { sport: 'football', competition: 'Copa', home: 'Ceará', away: 'Sport' },
      'trader-push',
    );
    try {
      const target = main(d).marketId;
      for (const action of ['suspend', 'open'] as const) {
        const pushed = next(socket, 'sportsEvent');
        await operator(`markets/${target}/${action}`, {});
        const update = await pushed;
        expect(update.event).toMatchObject({ eventId: d.event.eventId, score: d.event.score });
        expect(update.markets.map((m) => [m.marketId, m.status])).toEqual([
          [target, action === 'suspend' ? 'suspended' : 'open'],
        ]);
        expect(update.markets[0]!.selections.map((s) => s.selectionId)).toEqual(
          main(d).selections.map((s) => s.selectionId),
        );
      }
    } finally {
      socket.disconnect();
    }
  });
});

describe('sandbox feed', () => {
  it('keeps fixtures of the twelve sports, plays them in play and settles them from its results', async () => {
    const feed = createSandboxFeed({ speed: 1, perSport: 2, stepSeconds: 5, postponed: 0, cancelled: 0 });
    const runner = createFeedRunner({ database: t.database, sports: t.app.sports, feed, log: t.app.log });
    const t0 = new Date(Date.now() + 60_000);
    const first = await runner.step(t0);
    expect(first.created).toBeGreaterThanOrEqual(12 * 2);
    const rows = await queryRows<{
      id: string;
      sport: string;
      external_id: string;
      starts_at: Date | string;
    }>(
      t.database.db,
      sql`select id, sport, external_id, starts_at from sports_events where feed = 'sandbox' order by starts_at`,
    );
    expect(new Set(rows.map((r) => r.sport))).toEqual(new Set(SPORTS));
    // Again at the same time: nothing new (one event per fixture).
    expect((await runner.step(t0)).created).toBe(0);

    // The first football fixture, 30 minutes in (speed 1: real minutes), or the first minute after when no
    // dangerous moment (a goal, a card: every market suspended for a step) is under way.
    const fx = rows.find((r) => r.sport === 'football')!;
    const start = new Date(fx.starts_at).getTime();
    const calm = (m: number) =>
      !feed.stateAt({ externalId: fx.external_id, startsAt: new Date(start) }, new Date(start + m * 60_000))
        .dangerous;
    let minute = 30;
    while (!calm(minute)) minute++;
    expect(minute).toBeLessThan(45);
    const pre = await detail(fx.id);
    await runner.step(new Date(start + minute * 60_000));
    const live = await detail(fx.id);
    expect(live.event.clock).toBe(MatchTime.FIRST_HALF);
    expect(live.event.minute).toBe(minute);
    expect(
      main(live)
        .selections.map((s) => s.version)
        .some((v, i) => v !== main(pre).selections[i]!.version),
    ).toBe(true);
    const expectedState = feed.stateAt(
      { externalId: fx.external_id, startsAt: new Date(start) },
      new Date(start + minute * 60_000),
    );
    expect(live.event.score).toEqual(expectedState.state.score);

    // An in-play bet on the total, then the match ends and the feed's result settles it.
    const player = await c.signUp('feed');
    await c.fund(player.id, 10_000);
    await t.app.settings.change({ 'sports.acceptanceDelayMs': 0 });
    const total = live.markets.find((m) => m.type === 'total' && m.period === 1 && m.status === 'open')!;
    const over = total.selections.find((s) => s.name === 'over')!;
    const placed = placeBetAnswer.parse(
      data(
        await bet(player.token, {
          stake: 20,
          acceptOdds: 'any',
          selections: [{ selectionId: over.selectionId, price: over.price }],
        }),
      ),
    );
    const end = new Date(start + 106 * 60_000);
    await runner.step(end);
    const finished = await detail(fx.id);
    expect(finished.event.clock).toBe(MatchTime.FINISHED);
    const final = feed.stateAt({ externalId: fx.external_id, startsAt: new Date(start) }, end);
    expect(final.result).not.toBeNull();
    const b = await settledBet(player.token, placed.betId);
    const want = selectionResult(
      { type: 'total', period: 1, line: total.line, names: ['over', 'under'] },
      'over',
      final.result!,
    );
    expect(b.result).toBe(want);

    // Every sport has events live at some time: step to a moment where each sport's first fixture is under way.
    // Fixtures listed from then on: each sport's next one, stepped to a minute after its start.
    const t1 = new Date(end.getTime() + 60_000);
    await runner.step(t1);
    const later = await queryRows<{ id: string; sport: string; starts_at: Date | string }>(
      t.database.db,
      sql`select id, sport, starts_at from sports_events where feed = 'sandbox' and starts_at > ${t1.toISOString()}
          order by starts_at`,
    );
    const lastOf = SPORTS.map((sport) => later.find((r) => r.sport === sport)!).sort(
      (a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime(),
    );
    for (const ev of lastOf) {
      await runner.step(new Date(new Date(ev.starts_at).getTime() + 60_000));
      const d = await detail(ev.id);
      expect(d.event.live, ev.sport).toBe(true);
      expect(d.markets.some((m) => m.selections.length > 0)).toBe(true);
    }
    const list = sportsList.parse(data(await get('sports')));
    expect(list.some((s) => s.live > 0)).toBe(true);
  }, 120_000);
});
