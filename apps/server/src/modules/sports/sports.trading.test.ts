import {
  priceChangedData,
  sportsBet,
  sportsEventList,
  SPORTS_OPERATOR_PATH,
  tradingEvent,
  tradingMarket,
  type SportsBet,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY, testOperators } from '../../../test/helpers';
import { queryRows } from '../../platform/db';
import { PREMATCH } from './pricing';
import { sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * Price overrides through the real routes: a trader fixes a selection's price and shifts a market's margin; a
 * player sees the override, bets at it and is paid at it, a bet at the engine's old price is refused as moved;
 * absurd prices, stale versions, closed markets and a support operator are refused with nothing changed; every
 * change is audited; the engine's repricing goes on underneath and a clear goes back to it.
 */
let t: TestApp;
let c: TestPlayers;
const kit = sportsTestApp((app) => ({ t, c } = app));
const { data, get, bet, detail, market, sel, createEvent, cash } = kit;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Headers = Record<string, string>;
const asKey: Headers = { 'x-operator-key': TEST_OPERATOR_KEY };
const prices = (marketId: string, payload: object | null, headers: Headers = asKey) =>
  t.app.inject({
    method: payload ? 'POST' : 'DELETE',
    url: `${SPORTS_OPERATOR_PATH}/markets/${marketId}/prices`,
    headers: { ...headers, lang: 'en' },
    ...(payload ? { payload } : {}),
  });
const trading = async (eventId: string) =>
  tradingEvent.parse(
    data(await t.app.inject({ url: `${SPORTS_OPERATOR_PATH}/events/${eventId}/trading`, headers: asKey })),
  );

async function settled(token: string, betId: string, until: (b: SportsBet) => boolean) {
  const end = Date.now() + 30_000;
  for (;;) {
    const b = sportsBet.parse(data(await get(`bets/${betId}`, token)));
    if (until(b)) return b;
    if (Date.now() > end) throw new Error(`bet ${betId} not settled: ${JSON.stringify(b)}`);
    await sleep(200);
  }
}

describe('price overrides', () => {
  it('is what players see, bet and are paid at; the old price is refused; audited', async () => {
    const d = await createEvent('Bahia', 'Vitória');
    const x = market(d, '1x2', 1, null);
    const engine = sel(x, 'home');
    // A little above the engine's (the market's margin stays above 0).
    const fixed = Math.round(engine.price * 102 + 1) / 100;
    const trader = await testOperators(t.app).signIn('trader');

    const set = await prices(
      x.marketId,
      {
        selections: x.selections.map((s) => ({
          selectionId: s.selectionId,
          version: s.version,
          override: s.name === 'home' ? fixed : null,
        })),
      },
      trader.headers,
    );
    const m = tradingMarket.parse(data(set));
    const home = m.selections.find((s) => s.name === 'home')!;
    expect(home).toMatchObject({ price: fixed, enginePrice: engine.price, override: fixed });
    expect(home.version).toBe(engine.version + 1);
    // The others keep the engine's price (and version).
    for (const s of m.selections.filter((s) => s.name !== 'home'))
      expect(s).toMatchObject({ price: s.enginePrice, override: null });

    // A player's event detail and the events list answer the override.
    expect(sel(market(await detail(d.event.eventId), '1x2', 1, null), 'home').price).toBe(fixed);
    const list = sportsEventList.parse(data(await get('events?limit=500')));
    expect(list.find((e) => e.eventId === d.event.eventId)!.main!.selections[0]).toMatchObject({
      price: fixed,
    });

    // A bet at the engine's old price is refused as moved, with the override in `data`.
    const player = await c.signUp('override');
    await c.fund(player.id, 100_000);
    const cash0 = await cash(player.id);
    const old = await bet(player.token, {
      stake: 10,
      acceptOdds: 'none',
      selections: [{ selectionId: engine.selectionId, price: engine.price }],
    });
    expect(old.statusCode).toBe(409);
    expect(priceChangedData.parse(old.json().data).selections[0]).toMatchObject({ price: fixed });
    expect(await cash(player.id)).toBe(cash0);

    // A bet at the override is accepted at it, and paid at it.
    const placed = data<{ betId: string; price: number; potentialPayout: number }>(
      await bet(player.token, {
        stake: 10,
        acceptOdds: 'none',
        selections: [{ selectionId: engine.selectionId, price: fixed }],
      }),
    );
    expect(placed.price).toBe(fixed);
    expect(placed.potentialPayout).toBe(Math.floor(1000 * fixed) / 100);
    // The cash-out value is read off the same price: taken = current, so stake less the cash-out margin.
    const quote = data<{ value: number; available: boolean }>(
      await get(`bets/${placed.betId}/cashout`, player.token),
    );
    expect(quote.available).toBe(true);
    expect(quote.value).toBeLessThanOrEqual(10);
    expect(quote.value).toBeGreaterThan(9);

    data(await kit.operator(`events/${d.event.eventId}/result`, { home: 2, away: 0 }));
    const paid = await settled(player.token, placed.betId, (b) => b.status === 'settled');
    expect(paid.payout).toBe(Math.floor(1000 * fixed) / 100);
    expect(await cash(player.id)).toBe(cash0 - 1000 + Math.floor(1000 * fixed));

    // The trader's change is audited with before and after.
    const audit = await t.app.inject({ url: '/api/operator/audit?limit=20', headers: asKey });
    const rows =
      data<{ action: string; target: string; actor?: string; before: unknown; after: unknown }[]>(audit);
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'sports.trade',
        target: `sports-market:${x.marketId}`,
        before: expect.objectContaining({ marginShiftBp: 0, overrides: {} }),
        after: expect.objectContaining({ marginShiftBp: 0, overrides: { home: fixed } }),
      }),
    );

    // A settled market takes no override.
    const late = await prices(x.marketId, {
      selections: m.selections.map((s) => ({ selectionId: s.selectionId, version: s.version, override: 3 })),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This market is already settled or void');
  });

  it('refuses absurd prices, stale versions, unknown markets, a book below 0 and a support operator', async () => {
    const d = await createEvent('Ceará', 'Fortaleza');
    const x = market(d, '1x2', 1, null);
    const all = (override: (name: string) => number | null, version = (v: number) => v) =>
      x.selections.map((s) => ({
        selectionId: s.selectionId,
        version: version(s.version),
        override: override(s.name),
      }));
    const refused = async (payload: object, status: number, message: string) => {
      const res = await prices(x.marketId, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      return res;
    };
    const priceMsg = 'Odds must be above 1.01 and at most 1000';
    await refused({ selections: all((n) => (n === 'home' ? 1.01 : null)) }, 400, priceMsg);
    await refused({ selections: all((n) => (n === 'home' ? 1 : null)) }, 400, priceMsg);
    await refused({ selections: all((n) => (n === 'home' ? 1000.01 : null)) }, 400, priceMsg);
    await refused({ selections: all((n) => (n === 'home' ? 5e9 : null)) }, 400, priceMsg);
    await refused({ selections: all((n) => (n === 'home' ? 2.345 : null)) }, 400, priceMsg);
    await refused({ selections: all((n) => (n === 'home' ? -3 : null)) }, 400, priceMsg);
    // Every outcome at 3.5: Σ 1/p < 1, a bettor backing all three wins whatever happens.
    await refused(
      { selections: all(() => 3.5) },
      400,
      'These odds would pay a bettor on every outcome: the market needs a margin of 0 or more',
    );
    await refused(
      { selections: all(() => null), marginShiftBp: 5000 },
      400,
      'The margin shift must be between -500 and 2000 basis points',
    );
    await refused({ selections: all(() => null).slice(1) }, 400, 'List every option of this market once');
    const other = market(d, 'total', 1, 2.5);
    await refused(
      {
        selections: [
          ...all(() => null).slice(1),
          { selectionId: other.selections[0]!.selectionId, version: 1, override: null },
        ],
      },
      400,
      'List every option of this market once',
    );
    const stale = await refused(
      {
        selections: all(
          (n) => (n === 'home' ? 4 : null),
          (v) => v - 1,
        ),
      },
      409,
      'The prices changed since you loaded them: reload and try again',
    );
    expect(tradingMarket.parse(stale.json().data).marketId).toBe(x.marketId);
    const unknown = await prices('999999999', { selections: all(() => null) });
    expect(unknown.statusCode).toBe(404);
    const bad = await prices('x1', null);
    expect(bad.statusCode).toBe(400);

    const support = await testOperators(t.app).signIn('support');
    const denied = await prices(
      x.marketId,
      { selections: all((n) => (n === 'home' ? 4 : null)) },
      support.headers,
    );
    expect(denied.statusCode).toBe(403);
    const deniedClear = await prices(x.marketId, null, support.headers);
    expect(deniedClear.statusCode).toBe(403);

    // Nothing changed.
    expect(market(await detail(d.event.eventId), '1x2', 1, null)).toEqual(x);
  });

  it('shifts a margin, keeps overrides under the engine repricing, survives in the database and clears', async () => {
    const d = await createEvent('Sport', 'Náutico');
    const x = market(d, '1x2', 1, null);
    const drawFixed = Math.round(sel(x, 'draw').price * 95) / 100;
    const over = (m: { selections: { price: number }[] }) =>
      m.selections.reduce((s, x) => s + 1 / x.price, 0) - 1;
    const shifted = tradingMarket.parse(
      data(
        await prices(x.marketId, {
          marginShiftBp: 500,
          selections: x.selections.map((s) => ({
            selectionId: s.selectionId,
            version: s.version,
            override: s.name === 'draw' ? drawFixed : null,
          })),
        }),
      ),
    );
    expect(shifted.marginShiftBp).toBe(500);
    for (const s of shifted.selections)
      if (s.name === 'draw') expect(s.price).toBe(drawFixed);
      else {
        expect(s.price).toBe(Math.floor((s.enginePrice * 100) / 1.05) / 100);
        expect(s.price).toBeLessThan(s.enginePrice);
      }
    expect(over(shifted)).toBeGreaterThan(over(x));

    // The engine reprices underneath (a feed's update): the fixed price stays, the shift applies to the new
    // engine prices; the state is the database's (what a restarted server reads).
    await t.database.db.execute(
      sql`update sports_events set strength = 1.2 where id = ${d.event.eventId}::bigint`,
    );
    await t.app.sports.update(d.event.eventId, 0, PREMATCH);
    const after = (await trading(d.event.eventId)).markets.find((m) => m.marketId === x.marketId)!;
    const draw = after.selections.find((s) => s.name === 'draw')!;
    expect(draw).toMatchObject({ price: drawFixed, override: drawFixed });
    const home = after.selections.find((s) => s.name === 'home')!;
    expect(home.enginePrice).not.toBe(shifted.selections.find((s) => s.name === 'home')!.enginePrice);
    expect(home.price).toBe(Math.floor((home.enginePrice * 100) / 1.05) / 100);
    const rows = await queryRows<{ override_price: number | null; margin_shift_bp: number }>(
      t.database.db,
      sql`select s.override_price, m.margin_shift_bp from sports_selections s join sports_markets m on m.id = s.market_id
          where s.id = ${draw.selectionId}::bigint`,
    );
    expect(rows[0]).toEqual({ override_price: Math.round(drawFixed * 100), margin_shift_bp: 500 });

    // Cleared: the engine's prices again, each moved one a new version.
    const cleared = tradingMarket.parse(data(await prices(x.marketId, null)));
    expect(cleared.marginShiftBp).toBe(0);
    for (const s of cleared.selections) expect(s).toMatchObject({ price: s.enginePrice, override: null });
    const seen = market(await detail(d.event.eventId), '1x2', 1, null);
    expect(seen.selections.map((s) => s.price)).toEqual(cleared.selections.map((s) => s.enginePrice));
    expect(seen.selections.find((s) => s.name === 'draw')!.version).toBe(draw.version + 1);

    // A dangerous moment drops fixed prices (set before a goal, they are no price after it).
    const again = market(await detail(d.event.eventId), '1x2', 1, null);
    data(
      await prices(x.marketId, {
        selections: again.selections.map((s) => ({
          selectionId: s.selectionId,
          version: s.version,
          override: s.name === 'away' ? 9 : null,
        })),
      }),
    );
    await t.app.sports.update(
      d.event.eventId,
      1,
      { ...PREMATCH, minute: 10, progress: 0.1, score: { home: 1, away: 0 } },
      true,
    );
    const goal = (await trading(d.event.eventId)).markets.find((m) => m.marketId === x.marketId)!;
    expect(goal.selections.find((s) => s.name === 'away')!.override).toBeNull();
  });
  it('a goal the feed does not flag drops fixed prices; a move that would price the book below 1 resets it', async () => {
    const d = await createEvent('Ceará', 'Fortaleza');
    const x = market(d, '1x2', 1, null);
    const fix = async (override: (name: string, price: number) => number | null, marginShiftBp?: number) => {
      const m = market(await detail(d.event.eventId), '1x2', 1, null);
      return prices(x.marketId, {
        ...(marginShiftBp === undefined ? {} : { marginShiftBp }),
        selections: m.selections.map((s) => ({
          selectionId: s.selectionId,
          version: s.version,
          override: override(s.name, s.price),
        })),
      });
    };
    const now = async () => (await trading(d.event.eventId)).markets.find((m) => m.marketId === x.marketId)!;
    const book = (m: { selections: { price: number }[] }) =>
      m.selections.reduce((sum, s) => sum + 1 / s.price, 0);

    // Home fixed a little below the engine's; then home scores, sent as a calm update.
    const first = await fix((name, price) => (name === 'home' ? Math.round(price * 98) / 100 : null));
    expect(first.statusCode, first.body).toBe(200);
    await t.app.sports.update(d.event.eventId, 1, {
      ...PREMATCH,
      minute: 20,
      progress: 0.2,
      score: { home: 1, away: 0 },
    });
    const scored = await now();
    for (const s of scored.selections) expect(s).toMatchObject({ override: null, price: s.enginePrice });

    // The away side fixed as long as the book allows, with the margin shifted down; the engine then moves the
    // other prices up (the home side looks weaker) without a goal: kept only while the book holds.
    const longest = await fix(
      (name, price) => (name === 'away' ? Math.round(price * 100 * 1.04) / 100 : null),
      -500,
    );
    expect(longest.statusCode, longest.body).toBe(200);
    await t.database.db.execute(
      sql`update sports_events set strength = -1.5 where id = ${d.event.eventId}::bigint`,
    );
    await t.app.sports.update(d.event.eventId, 1, {
      ...PREMATCH,
      minute: 21,
      progress: 0.21,
      score: { home: 1, away: 0 },
    });
    const moved = await now();
    expect(book(moved)).toBeGreaterThanOrEqual(1);
    // The away side's fixed price was far too long once it looked stronger: the market is back on the engine.
    expect(moved.marginShiftBp).toBe(0);
    for (const s of moved.selections) expect(s).toMatchObject({ override: null, price: s.enginePrice });
  });

  it('an override and a reprice at once: the override is never lost, a moved version is refused', async () => {
    const d = await createEvent('Santa Cruz', 'Treze');
    const outcomes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const m = (await trading(d.event.eventId)).markets.find((x) => x.type === '1x2' && x.period === 1)!;
      const draw = m.selections.find((s) => s.name === 'draw')!;
      // Below the engine's draw price: the market's margin only grows.
      const fixed = Math.round(draw.enginePrice * (95 - i)) / 100;
      await t.database.db.execute(
        sql`update sports_events set strength = ${0.2 + i * 0.15} where id = ${d.event.eventId}::bigint`,
      );
      const [set] = await Promise.all([
        prices(m.marketId, {
          selections: m.selections.map((s) => ({
            selectionId: s.selectionId,
            version: s.version,
            override: s.name === 'draw' ? fixed : null,
          })),
        }),
        t.app.sports.update(d.event.eventId, 0, PREMATCH),
      ]);
      outcomes.push(set.statusCode);
      const now = (await trading(d.event.eventId)).markets.find((x) => x.marketId === m.marketId)!;
      const after = now.selections.find((s) => s.name === 'draw')!;
      if (set.statusCode === 200) expect(after).toMatchObject({ price: fixed, override: fixed });
      else {
        // The reprice came first and moved the versions the trader saw.
        expect(set.statusCode).toBe(409);
        expect(after.override).toBeNull();
      }
      // Either way the engine's price is the model's at the new strength, and what players see follows it.
      for (const s of now.selections) expect(s.price).toBe(s.override ?? s.enginePrice);
      data(await prices(m.marketId, null));
    }
    expect(outcomes.every((c) => c === 200 || c === 409)).toBe(true);
  });
});
