import {
  BetResult,
  builderPriceAnswer,
  liabilityAnswer,
  placeBetAnswer,
  sportsEventDetail,
  SPORTS_PATH,
} from '@aposta/contracts';
import { DEFAULT_CURRENCY, formatMoney } from '@aposta/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { TEST_OPERATOR_KEY } from '../../../test/helpers';
import { rates, FOOTBALL_DEFAULTS } from './pricing/football';
import { sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * The bet builder (same-game multi) and risk through the HTTP routes on the real app: a builder's joint price
 * against a Monte Carlo simulation of the model, its refusals, its settlement; stake factors, the maximum
 * payout, the market liability limit and alert, and the operators' liability view.
 */
let t: TestApp;
let c: TestPlayers;

const {
  data,
  operator,
  get,
  bet,
  market,
  sel,
  createEvent,
  cash,
  settledBet: settled,
} = sportsTestApp((app) => ({ t, c } = app));
const builderPrice = (selections: string[], lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${SPORTS_PATH}/builder/price`,
    headers: lang ? { lang } : {},
    payload: { selections },
  });

/** A seeded generator (mulberry32), so the simulation is the same at every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
function poissonSample(lambda: number, u: () => number) {
  // Knuth's method: fine for football's small rates.
  const l = Math.exp(-lambda);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= u();
  } while (p > l);
  return k - 1;
}

/**
 * Monte Carlo of the model written out again: each side's goals Poisson at its rate, each simulated match
 * weighted by Dixon–Coles' τ (the model's low-score correction), the share where home wins with over 2.5 goals.
 */
function simulateHomeAndOver(strength: number, n: number) {
  const r = rates({ supremacy: strength, ...FOOTBALL_DEFAULTS });
  const rho = FOOTBALL_DEFAULTS.rho;
  const u = random(20261124);
  let hit = 0;
  let all = 0;
  for (let i = 0; i < n; i++) {
    const h = poissonSample(r.home, u);
    const a = poissonSample(r.away, u);
    const tau =
      h === 0 && a === 0
        ? 1 - r.home * r.away * rho
        : h === 0 && a === 1
          ? 1 + r.home * rho
          : h === 1 && a === 0
            ? 1 + r.away * rho
            : h === 1 && a === 1
              ? 1 - rho
              : 1;
    all += tau;
    if (h > a && h + a > 2.5) hit += tau;
  }
  return hit / all;
}

describe('bet builder', () => {
  it('prices home win + over 2.5 by its joint probability, within 2% of a simulation, not the product', async () => {
    const strength = 0.4;
    const d = await createEvent('Santos', 'São Paulo', strength);
    const home = sel(market(d, '1x2', 1, null), 'home');
    const over = sel(market(d, 'total', 1, 2.5), 'over');
    const { price } = builderPriceAnswer.parse(
      data(await builderPrice([home.selectionId, over.selectionId])),
    );
    const s = await t.app.settings.all();
    const margin = s['sports.builderMarginBp'] / 10_000;
    const simulated = simulateHomeAndOver(strength, 400_000);
    const fromSimulation = 1 / (simulated * (1 + margin));
    expect(Math.abs(price - fromSimulation) / fromSimulation).toBeLessThan(0.02);
    // Not the product of the legs' prices (correlated: home wins go with goals).
    const product = home.price * over.price;
    expect(Math.abs(price - product) / product).toBeGreaterThan(0.05);
    expect(price).toBeLessThan(product);
  }, 60_000);

  it("follows a trader's fixed price on a leg: a shortened favourite shortens the builder alike", async () => {
    const d = await createEvent('Bahia', 'Sport', 0.4);
    const x = market(d, '1x2', 1, null);
    const home = sel(x, 'home');
    const btts = sel(market(d, 'btts', 1, null), 'yes');
    const quote = async () =>
      builderPriceAnswer.parse(data(await builderPrice([home.selectionId, btts.selectionId]))).price;
    const before = await quote();
    // News the model has not seen: the trader fixes the home win at 60% of its price.
    const fixed = Math.round(home.price * 60) / 100;
    const set = await operator(
      `markets/${x.marketId}/prices`,
      {
        selections: x.selections.map((s) => ({
          selectionId: s.selectionId,
          version: s.version,
          override: s.name === 'home' ? fixed : null,
        })),
      },
      'POST',
    );
    expect(set.statusCode).toBe(200);
    const after = await quote();
    // The joint chance rises as the leg's did: the builder's price falls by the same ratio (to the hundredth).
    expect(after).toBeLessThan(before);
    expect(Math.abs(after - (before * fixed) / home.price)).toBeLessThanOrEqual(0.02);
  });

  it('never pays more than a leg alone: a correct score with the goals it implies is priced as the score', async () => {
    const d = await createEvent('Bahia', 'Sport', 0.3);
    const score = sel(market(d, 'correctScore', 1, null), '1-0');
    const home = sel(market(d, '1x2', 1, null), 'home');
    const over = sel(market(d, 'total', 1, 0.5), 'over');
    const implied = builderPriceAnswer.parse(
      data(await builderPrice([score.selectionId, over.selectionId, home.selectionId])),
    );
    // 1-0 implies both other legs: the joint probability is the score's, so its price is the score's at most.
    expect(implied.price).toBe(score.price);
    // A home win implies a goal: home with over 0.5 is the home win, at its price at most.
    const homeOver = builderPriceAnswer.parse(data(await builderPrice([home.selectionId, over.selectionId])));
    expect(homeOver.price).toBeLessThanOrEqual(home.price);
    expect(homeOver.price).toBeGreaterThan(over.price);
  });

  it('refuses contradictory legs, legs of two events, markets it cannot price, and changes nothing', async () => {
    const d = await createEvent('Vasco', 'Botafogo');
    const e = await createEvent('Cuiabá', 'Goiás');
    const x = market(d, '1x2', 1, null);
    const player = await c.signUp('bb-bad');
    await c.fund(player.id, 10_000);
    const contradictory = await builderPrice([sel(x, 'home').selectionId, sel(x, 'away').selectionId]);
    expect(contradictory.statusCode).toBe(400);
    expect(contradictory.json().message).toBe('Essas seleções não podem ganhar todas juntas');
    const under05 = sel(market(d, 'total', 1, 0.5), 'under');
    const impossible = await builderPrice([sel(x, 'home').selectionId, under05.selectionId], 'en');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe('These selections cannot all win together');
    const two = await builderPrice([
      sel(x, 'home').selectionId,
      sel(market(e, '1x2', 1, null), 'home').selectionId,
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Um criar aposta aceita seleções de um único evento');
    const corners = market(d, 'cornersTotal', 4, 9.5);
    const unsupported = await builderPrice([sel(x, 'home').selectionId, sel(corners, 'over').selectionId]);
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().message).toBe('Este mercado não pode ser combinado no criar aposta');
    const before = await cash(player.id);
    const placed = await bet(player.token, {
      type: 'builder',
      stake: 10,
      price: 3,
      selections: [
        { selectionId: sel(x, 'home').selectionId, price: sel(x, 'home').price },
        { selectionId: sel(x, 'away').selectionId, price: sel(x, 'away').price },
      ],
    });
    expect(placed.statusCode).toBe(400);
    expect(await cash(player.id)).toBe(before);
    // An ordinary parlay of one event's legs is still refused.
    const parlay = await bet(player.token, {
      stake: 10,
      selections: [
        { selectionId: sel(x, 'home').selectionId, price: sel(x, 'home').price },
        { selectionId: sel(market(d, 'total', 1, 2.5), 'over').selectionId, price: 2 },
      ],
    });
    expect(parlay.statusCode).toBe(400);
    expect(await cash(player.id)).toBe(before);
  });

  it('is placed at its joint price and settled like a parlay whose legs must all win', async () => {
    const d = await createEvent('Cruzeiro', 'Atlético', 0.3);
    const home = sel(market(d, '1x2', 1, null), 'home');
    const over = sel(market(d, 'total', 1, 2.5), 'over');
    const btts = sel(market(d, 'btts', 1, null), 'yes');
    const player = await c.signUp('bb');
    await c.fund(player.id, 50_000);
    const slip = (ids: { selectionId: string; price: number }[], price: number) => ({
      type: 'builder',
      stake: 20,
      price,
      selections: ids.map((s) => ({ selectionId: s.selectionId, price: s.price })),
    });
    const p2 = builderPriceAnswer.parse(data(await builderPrice([home.selectionId, over.selectionId]))).price;
    const p3 = builderPriceAnswer.parse(
      data(await builderPrice([home.selectionId, over.selectionId, btts.selectionId])),
    ).price;
    // A price that is not the one now: 409 with the builder's price.
    const moved = await bet(player.token, slip([home, over], p2 + 0.5));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().data.price).toBe(p2);
    const a = placeBetAnswer.parse(data(await bet(player.token, slip([home, over], p2))));
    const b = placeBetAnswer.parse(data(await bet(player.token, slip([home, over, btts], p3))));
    expect(a.price).toBe(p2);
    expect(a.potentialPayout).toBe(Math.floor((2_000 * Math.round(p2 * 100)) / 100) / 100);
    // Its cash-out value: stake × its price / the joint price now (unchanged here), less the cash-out margin.
    const margin = (await t.app.settings.all())['sports.cashoutMarginBp'];
    const value = data<{ value: number; available: boolean }>(
      await get(`bets/${a.betId}/cashout`, player.token),
    );
    expect(value).toEqual({ value: Math.floor((2_000 * (10_000 - margin)) / 10_000) / 100, available: true });
    const cash0 = await cash(player.id);
    // 3-0: home and over win, both teams to score loses.
    data(await operator(`events/${d.event.eventId}/result`, { home: 3, away: 0 }));
    const wa = await settled(player.token, a.betId);
    const wb = await settled(player.token, b.betId);
    expect(wa).toMatchObject({ kind: 'builder', result: BetResult.WIN, payout: a.potentialPayout });
    expect(wb).toMatchObject({ kind: 'builder', result: BetResult.LOSE, payout: 0 });
    expect(await cash(player.id)).toBe(cash0 + Math.round(a.potentialPayout * 100));
  });
});

describe('risk', () => {
  it('limits a player by their stake factor (audited), and refuses a bet over the maximum payout', async () => {
    const d = await createEvent('Remo', 'Paysandu');
    const home = sel(market(d, '1x2', 1, null), 'home');
    const sharp = await c.signUp('sharp');
    await c.fund(sharp.id, 500_000);
    const slip = (stake: number) => ({
      stake,
      selections: [{ selectionId: home.selectionId, price: home.price }],
    });
    data(await bet(sharp.token, slip(500)));
    const max = (await t.app.settings.all())['sports.maxStake'];
    const set = await operator(`players/${sharp.id}/stakeFactor`, { factor: 0.01, note: 'sharp' }, 'PUT');
    expect(data(set)).toEqual({ userId: String(sharp.id), factor: 0.01 });
    const limited = await bet(sharp.token, slip(500));
    expect(limited.statusCode).toBe(400);
    expect(limited.json().message).toContain(`${(max * 0.01) / 100}`);
    data(await bet(sharp.token, slip((max * 0.01) / 100)));
    data(await operator(`players/${sharp.id}/stakeFactor`, { factor: 0 }, 'PUT'));
    const none = await bet(sharp.token, slip(1), { lang: 'en' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Sports bets are not available on this account');
    const audit = await t.app.inject({
      url: '/api/operator/audit?limit=5',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    const rows = data<{ action: string; target: string; before: unknown; after: unknown }[]>(audit);
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'sports.trade',
        target: `player:${sharp.id}`,
        before: { stakeFactor: 0.01 },
        after: { stakeFactor: 0 },
      }),
    );

    // A factor above 1 raises the largest stake, exactly (R$ 10.000 × 2.01 is R$ 20.100,00: 20.099,99 in floats).
    const valued = await c.signUp('valued');
    await c.fund(valued.id, 3 * max);
    expect((await bet(valued.token, slip(max / 100 + 1))).statusCode).toBe(400);
    data(await operator(`players/${valued.id}/stakeFactor`, { factor: 2.01 }, 'PUT'));
    const top = Math.floor((max * 201) / 100);
    data(await bet(valued.token, slip(top / 100)));
    const above = await bet(valued.token, slip((top + 1) / 100));
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toContain(formatMoney(top, DEFAULT_CURRENCY));

    // The maximum payout.
    const player = await c.signUp('maxpay');
    await c.fund(player.id, 500_000);
    await t.app.settings.change({ 'sports.maxPayout': 10_000 });
    const over = await bet(player.token, slip(100));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('100,00');
    await t.app.settings.change({ 'sports.maxPayout': 50_000_000 });
  });

  it('takes a parlay priced past an integer (hundredths) on a small stake when the settings allow it', async () => {
    const was = await t.app.settings.all();
    await t.app.settings.change({
      'sports.minStake': 1,
      'sports.maxPayout': 1_000_000_000,
      'sports.maxLegs': 40,
      'sports.maxMarketLiability': 2_000_000_000,
      'sports.liabilityAlert': 2_000_000_000,
    });
    try {
      // The longest price of each new event's 1x2 until the product passes 21,474,836.47×.
      const legs: { selectionId: string; price: number }[] = [];
      let product = 1;
      while (product <= 22_000_000) {
        const d = await createEvent(`Casa ${legs.length}`, `Fora ${legs.length}`, 0.9);
        const best = market(d, '1x2', 1, null).selections.reduce((a, b) => (b.price > a.price ? b : a));
        legs.push({ selectionId: best.selectionId, price: best.price });
        product *= best.price;
      }
      const player = await c.signUp('longshot');
      await c.fund(player.id, 100);
      const placed = data<{ betId: string; price: number; stake: number }>(
        await bet(player.token, { stake: 0.01, selections: legs }),
      );
      expect(placed.stake).toBe(0.01);
      expect(placed.price).toBeGreaterThan(21_474_836.47);
      const [stored] = await queryRows<{ price: string | number }>(
        t.database.db,
        sql`select price from sports_bets where id = ${placed.betId}::bigint`,
      );
      expect(Number(stored!.price)).toBe(Math.round(placed.price * 100));
    } finally {
      await t.app.settings.change({
        'sports.minStake': was['sports.minStake'],
        'sports.maxPayout': was['sports.maxPayout'],
        'sports.maxLegs': was['sports.maxLegs'],
        'sports.maxMarketLiability': was['sports.maxMarketLiability'],
        'sports.liabilityAlert': was['sports.liabilityAlert'],
      });
    }
  });

  it('shows open liability per event and market, alerts over the threshold and refuses over the limit', async () => {
    const d = await createEvent('Avaí', 'Figueirense', 0.2);
    const x = market(d, '1x2', 1, null);
    const home = sel(x, 'home');
    const away = sel(x, 'away');
    const player = await c.signUp('liab');
    await c.fund(player.id, 500_000);
    const slip = (s: { selectionId: string; price: number }, stake: number) => ({
      stake,
      selections: [{ selectionId: s.selectionId, price: s.price }],
    });
    await t.app.settings.change({ 'sports.liabilityAlert': 30_000 });
    const a = placeBetAnswer.parse(data(await bet(player.token, slip(home, 100))));
    const b = placeBetAnswer.parse(data(await bet(player.token, slip(home, 50))));
    const c1 = placeBetAnswer.parse(data(await bet(player.token, slip(away, 20))));
    const view = liabilityAnswer.parse(
      data(await operator(`liability?eventId=${d.event.eventId}`, undefined, 'GET')),
    );
    expect(view.events).toHaveLength(1);
    const ev = view.events[0]!;
    expect(ev).toMatchObject({ eventId: d.event.eventId, bets: 3, stakes: 170 });
    const cents = (v: number) => Math.round(v * 100);
    expect(cents(ev.liability)).toBe(
      cents(a.potentialPayout) + cents(b.potentialPayout) + cents(c1.potentialPayout),
    );
    const m = ev.markets.find((y) => y.marketId === x.marketId)!;
    expect(cents(m.liability)).toBe(cents(a.potentialPayout) + cents(b.potentialPayout));
    expect(m.alert).toBe(true);
    expect(m.selections.find((s) => s.selectionId === home.selectionId)).toMatchObject({
      bets: 2,
      stakes: 150,
    });
    // The limit: a bet that would take the market past it is refused, nothing posted.
    await t.app.settings.change({ 'sports.maxMarketLiability': cents(m.liability) + 100 });
    const before = await cash(player.id);
    const refused = await bet(player.token, slip(home, 10));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Esta seleção não está aceitando mais apostas no momento');
    expect(await cash(player.id)).toBe(before);
    const [count] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from sports_bet_legs where market_id = ${x.marketId}::bigint`,
    );
    expect(Number(count!.n)).toBe(3);
    await t.app.settings.change({
      'sports.maxMarketLiability': 100_000_000,
      'sports.liabilityAlert': 20_000_000,
    });
    // Without an event: every event with open bets; an unknown event: 404.
    const all = liabilityAnswer.parse(data(await operator('liability', undefined, 'GET')));
    expect(all.events.map((e) => e.eventId)).toContain(d.event.eventId);
    expect((await operator('liability?eventId=99999999', undefined, 'GET')).statusCode).toBe(404);
  });

  it('waits the in-play delay of the sport', async () => {
    const d = await createEvent('Paraná', 'Londrina');
    await t.app.sports.update(d.event.eventId, 1, {
      minute: 10,
      progress: 10 / 90,
      score: { home: 0, away: 0 },
      halfTime: null,
      corners: { home: 0, away: 0 },
      games: null,
      setGames: null,
    });
    const live = sportsEventDetail.parse(data(await get(`events/${d.event.eventId}`)));
    const home = sel(market(live, '1x2', 1, null), 'home');
    const player = await c.signUp('delay');
    await c.fund(player.id, 10_000);
    await t.app.settings.change({ 'sports.acceptanceDelayMsBySport': { football: 700 } });
    const start = Date.now();
    data(
      await bet(player.token, {
        stake: 5,
        acceptOdds: 'any',
        selections: [{ selectionId: home.selectionId, price: home.price }],
      }),
    );
    expect(Date.now() - start).toBeGreaterThanOrEqual(650);
    await t.app.settings.change({ 'sports.acceptanceDelayMsBySport': {} });
  });
});
