import crypto from 'node:crypto';
import {
  BetResult,
  placeBetAnswer,
  priceChangedData,
  sportsBet,
  sportsEventDetail,
  sportsList,
  SPORTS,
  SPORTS_OPERATOR_PATH,
  type SportsBet,
  type SportsMarket,
} from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * The sportsbook through its HTTP routes on the real app: an operator creates events with priced markets, a
 * player bets singles and a parlay on Asian quarter lines and totals, the operator posts the result, the
 * settlement job pays exactly what the guide's rules give, and a corrected result resettles.
 */
let t: TestApp;
let c: TestPlayers;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const {
  data,
  operator,
  get,
  bet,
  createEvent,
  market,
  sel,
  cash,
  settledBet: settled,
} = sportsTestApp((app) => ({ t, c } = app));

/** Payout by the guide's rules, in centavos, written out again: stake × Π effective prices, rounded down. */
function expected(stake: number, legs: { price: number; result: number }[]) {
  let f = stake;
  for (const l of legs) {
    const p = Math.round(l.price * 100);
    if (l.result === BetResult.WIN) f = (f * p) / 100;
    else if (l.result === BetResult.WIN_HALF) f = (f * (p + 100)) / 200;
    else if (l.result === BetResult.LOSE_HALF) f = f / 2;
    else if (l.result === BetResult.LOSE) f = 0;
  }
  return Math.floor(f + 1e-9);
}

describe('catalogue', () => {
  it('lists the twelve sports and an event with priced markets of every football type', async () => {
    const list = sportsList.parse(data(await get('sports')));
    expect(list.map((s) => s.sport)).toEqual([...SPORTS]);
    const d = await createEvent('Flamengo', 'Palmeiras');
    const types = new Set(d.markets.map((m) => m.type));
    for (const type of [
      '1x2',
      'ah',
      'total',
      'oddEven',
      'btts',
      'correctScore',
      'corners1x2',
      'cornersTotal',
    ])
      expect(types).toContain(type);
    expect(d.markets.some((m) => m.period === 2)).toBe(true);
    expect(d.markets.some((m) => m.type === 'ah' && Math.abs((m.line! * 4) % 2) === 1)).toBe(true);
    for (const m of d.markets)
      for (const s of m.selections) expect(Math.round(s.price * 100)).toBeCloseTo(s.price * 100, 9);
    const after = sportsList.parse(data(await get('sports')));
    expect(after.find((s) => s.sport === 'football')!.events).toBeGreaterThanOrEqual(1);
    const events = data<unknown[]>(await get('events?sport=football&live=0'));
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect((await get('events/999999')).statusCode).toBe(404);
  });

  it('creates events of every sport', async () => {
    for (const sport of SPORTS) {
      const d = await createEvent(`${sport} A`, `${sport} B`, 0.3, sport);
      expect(d.event.sport).toBe(sport);
      expect(d.markets.length).toBeGreaterThan(0);
      expect(d.markets.some((m) => m.status === 'open')).toBe(true);
    }
  });

  it('refuses a side against itself and a start in the past or years ahead, creating nothing', async () => {
    const listed = async () => (await operator('events?limit=100', undefined, 'GET')).json().data.total;
    const before = await listed();
    const hour = 3_600_000;
    const refusals: [object, string][] = [
      [{ home: 'Flamengo', away: ' flamengo ' }, 'Um time não pode jogar contra si mesmo: confira os times'],
      [{ startsAt: new Date(Date.now() - hour).toISOString() }, 'O início deve ser no futuro, em até um ano'],
      [{ startsAt: '2999-01-01T15:00:00Z' }, 'O início deve ser no futuro, em até um ano'],
    ];
    for (const [change, message] of refusals) {
      const res = await operator('events', {
        sport: 'football',
        competition: 'Série A',
        home: 'Flamengo',
        away: 'Fluminense',
        startsAt: new Date(Date.now() + hour).toISOString(),
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await listed()).toBe(before);
  });
});

describe('bets, settlement and resettlement', () => {
  it('pays singles and a parlay on quarter lines and totals exactly, then resettles a corrected result', async () => {
    const a = await createEvent('Santos', 'Grêmio', 0.4);
    const b = await createEvent('Bahia', 'Vasco', 0.1);
    const player = await c.signUp('sports');
    await c.fund(player.id, 100_000);

    // The AH market at −0.75 and totals at 2.25 and 2.75: quarter lines.
    const ahA = market(a, 'ah', 1, -0.75);
    const over225 = market(a, 'total', 1, 2.25);
    const over275 = market(b, 'total', 1, 2.75);
    const ahB = market(b, 'ah', 1, b.markets.find((m) => m.type === 'ah' && m.line! % 0.5 !== 0)!.line);

    const place = async (stake: number, legs: { selectionId: string; price: number }[]) =>
      placeBetAnswer.parse(data(await bet(player.token, { stake, acceptOdds: 'none', selections: legs })));
    const pick = (m: SportsMarket, name: string) => ({
      selectionId: sel(m, name).selectionId,
      price: sel(m, name).price,
    });

    const s1 = await place(100, [pick(ahA, 'home')]);
    const s2 = await place(50, [pick(over225, 'over')]);
    const s3 = await place(20, [pick(over225, 'under')]);
    const p1 = await place(10, [pick(ahA, 'home'), pick(over275, 'over')]);
    expect(p1.price).toBe(
      Math.floor(
        (Math.round(sel(ahA, 'home').price * 100) * Math.round(sel(over275, 'over').price * 100)) / 100,
      ) / 100,
    );
    // Two legs of one event are refused in a parlay.
    expect(
      (
        await bet(player.token, {
          stake: 10,
          acceptOdds: 'none',
          selections: [pick(over275, 'over'), pick(ahB, 'away')],
        })
      ).statusCode,
    ).toBe(400);
    const stakes = 100_00 + 50_00 + 20_00 + 10_00;
    expect(await cash(player.id)).toBe(100_000 - stakes);

    // A repeat of a key answers the first answer; another body under it is refused.
    const key = crypto.randomUUID();
    const first = data(
      await bet(player.token, { stake: 5, acceptOdds: 'none', selections: [pick(over225, 'over')] }, { key }),
    );
    const again = data(
      await bet(player.token, { stake: 5, acceptOdds: 'none', selections: [pick(over225, 'over')] }, { key }),
    );
    expect(again).toEqual(first);
    expect(
      (
        await bet(
          player.token,
          { stake: 6, acceptOdds: 'none', selections: [pick(over225, 'over')] },
          { key },
        )
      ).statusCode,
    ).toBe(409);
    const repeat = placeBetAnswer.parse(first);

    // Event A: 2-1 (home by one; 3 goals), B: 3-0 (3 goals).
    const resA = data<{ resultVersion: number; bets: number }>(
      await operator(`events/${a.event.eventId}/result`, {
        home: 2,
        away: 1,
        halfTimeHome: 1,
        halfTimeAway: 0,
        cornersHome: 5,
        cornersAway: 4,
      }),
    );
    expect(resA.resultVersion).toBe(1);
    expect(resA.bets).toBe(5);
    // The event shows the figures it was settled on (the corners too, not the feed's last ones).
    expect(data(await get(`events/${a.event.eventId}`))).toMatchObject({
      event: { score: { home: 2, away: 1 }, corners: { home: 5, away: 4 } },
    });
    // The same result twice is refused; a result for an unknown event too.
    expect(
      (
        await operator(`events/${a.event.eventId}/result`, {
          home: 2,
          away: 1,
          halfTimeHome: 1,
          halfTimeAway: 0,
          cornersHome: 5,
          cornersAway: 4,
        })
      ).statusCode,
    ).toBe(409);
    expect((await operator('events/999999/result', { home: 0, away: 0 })).statusCode).toBe(404);
    data(await operator(`events/${b.event.eventId}/result`, { home: 3, away: 0 }));
    // A repeat of a key once its event is resulted still answers the first bet (not "not available").
    const late = placeBetAnswer.parse(
      data(
        await bet(
          player.token,
          { stake: 5, acceptOdds: 'none', selections: [pick(over225, 'over')] },
          { key },
        ),
      ),
    );
    expect(late).toMatchObject({ betId: repeat.betId, price: repeat.price, stake: 5 });

    const lineA = ahA.line!;
    const ahResult = (h: number, aw: number) => {
      // Home −0.75: one-goal win → win half; two+ → win; draw or loss → lose.
      const m = h - aw + lineA;
      if (lineA === -0.75) return m >= 1 ? BetResult.WIN : m > 0 ? BetResult.WIN_HALF : BetResult.LOSE;
      return null;
    };

    const b1 = await settled(player.token, s1.betId, (x) => x.status === 'settled');
    const b2 = await settled(player.token, s2.betId, (x) => x.status === 'settled');
    const b3 = await settled(player.token, s3.betId, (x) => x.status === 'settled');
    const b4 = await settled(player.token, p1.betId, (x) => x.status === 'settled');
    const b5 = await settled(player.token, repeat.betId, (x) => x.status === 'settled');
    // Home −0.75 and a one-goal win: win half.
    expect(b1.result).toBe(BetResult.WIN_HALF);
    expect(b1.result).toBe(ahResult(2, 1));
    // Over 2.25 with 3 goals wins; under loses.
    expect(b2.result).toBe(BetResult.WIN);
    expect(b3.result).toBe(BetResult.LOSE);
    // Over 2.75 with 3 goals wins half; with the AH leg's result the parlay pays the product of both factors.
    expect(b4.legs.find((l) => l.eventId === b.event.eventId)!.result).toBe(BetResult.WIN_HALF);
    expect(b4.result).toBe(BetResult.WIN_HALF);
    for (const x of [b1, b2, b3, b4, b5]) {
      const pay = expected(Math.round(x.stake * 100), x.legs);
      expect(Math.round(x.payout * 100), JSON.stringify(x)).toBe(pay);
    }
    const payouts = [b1, b2, b3, b4, b5].reduce((s, x) => s + Math.round(x.payout * 100), 0);
    expect(await cash(player.id)).toBe(100_000 - stakes - 500 + payouts);

    // Corrected result for A: 1-1 (2 goals). AH −0.75 loses, over 2.25 loses half, under 2.25 wins half.
    const corrected = data<{ resultVersion: number }>(
      await operator(`events/${a.event.eventId}/result`, { home: 1, away: 1 }),
    );
    expect(corrected.resultVersion).toBe(2);
    const r2 = await settled(player.token, s2.betId, (x) => x.result === BetResult.LOSE_HALF);
    const r3 = await settled(player.token, s3.betId, (x) => x.result === BetResult.WIN_HALF);
    const r1 = await settled(player.token, s1.betId, (x) => x.result === BetResult.LOSE);
    expect(r1.payout).toBe(0);
    const r5 = await settled(player.token, repeat.betId, (x) => x.result === BetResult.LOSE_HALF);
    expect(r2.payout).toBe(25); // ½ of 50 refunded, ½ lost
    expect(Math.round(r3.payout * 100)).toBe(
      Math.floor((2000 * (Math.round(sel(over225, 'under').price * 100) + 100)) / 200),
    );
    // First-half and corner markets had no figures in the corrected result: void, refunded (no bets there).
    const detail = sportsEventDetail.parse(data(await get(`events/${a.event.eventId}`)));
    expect(market(detail, 'corners1x2', 4, null).status).toBe('void');
    expect(market(detail, 'total', 1, 2.25).status).toBe('settled');
    // The parlay's AH leg now loses: the parlay loses, resettled from its half win.
    const b4again = await settled(player.token, p1.betId, (x) => x.result === BetResult.LOSE);
    expect(b4again.payout).toBe(0);
    // Each says it was settled again (the app marks it "Resultado corrigido").
    expect([r1, r2, r3, b4again, r5].map((x) => x.settlements)).toEqual([2, 2, 2, 2, 2]);
    const all = [r1, r2, r3, b4again, r5];
    for (const x of all) expect(Math.round(x.payout * 100)).toBe(expected(Math.round(x.stake * 100), x.legs));
    const payouts2 = all.reduce((s, x) => s + Math.round(x.payout * 100), 0);
    expect(await cash(player.id)).toBe(100_000 - stakes - 500 + payouts2);

    // My bets: open and settled lists.
    const open = data<SportsBet[]>(await get('bets?status=open', player.token));
    expect(open).toEqual([]);
    const done = data<SportsBet[]>(await get('bets?status=settled', player.token));
    expect(done.length).toBe(5);
  });
});

describe('a push corrected', () => {
  it('settles a market a result refunded on both sides once a correction decides it; an operator’s void stays', async () => {
    const d = await createEvent('Goiás', 'Vila Nova', 0.3);
    const player = await c.signUp('push');
    await c.fund(player.id, 10_000);
    const total2 = market(d, 'total', 1, 2);
    const total3 = market(d, 'total', 1, 3);
    const over = sel(total2, 'over');
    const under3 = sel(total3, 'under');
    const place = async (s: { selectionId: string; price: number }) =>
      placeBetAnswer.parse(
        data(
          await bet(player.token, {
            stake: 10,
            selections: [{ selectionId: s.selectionId, price: s.price }],
          }),
        ),
      );
    const onPush = await place(over);
    const onVoid = await place(under3);
    data(await operator(`markets/${total3.marketId}/void`));
    // 1-1: two goals on a line of 2, a push: refunded.
    data(await operator(`events/${d.event.eventId}/result`, { home: 1, away: 1 }));
    expect((await settled(player.token, onPush.betId)).result).toBe(BetResult.REFUND);
    expect((await settled(player.token, onVoid.betId)).result).toBe(BetResult.REFUND);
    // Corrected to 2-1: over 2 wins; the market the operator voided stays void.
    data(await operator(`events/${d.event.eventId}/result`, { home: 2, away: 1 }));
    const won = await settled(player.token, onPush.betId, (x) => x.result === BetResult.WIN);
    expect(won.payout).toBe(Math.floor(10 * Math.round(over.price * 100)) / 100);
    expect((await settled(player.token, onVoid.betId)).result).toBe(BetResult.REFUND);
    expect(await cash(player.id)).toBe(10_000 - 1_000 + Math.floor(10 * Math.round(over.price * 100)));
  });
});

describe('a resettlement the player cannot cover', () => {
  it('is refused by the ledger: the bet keeps its settlement, the job fails (retried), nothing else moves', async () => {
    const x = await createEvent('Juventude', 'Criciúma', 0.2);
    const y = await createEvent('Goiás', 'Avaí', 0.2);
    const player = await c.signUp('spent');
    await c.fund(player.id, 1_000);
    const home = sel(market(x, '1x2', 1, null), 'home');
    const won = placeBetAnswer.parse(
      data(
        await bet(player.token, {
          stake: 10,
          acceptOdds: 'none',
          selections: [{ selectionId: home.selectionId, price: home.price }],
        }),
      ),
    );
    data(await operator(`events/${x.event.eventId}/result`, { home: 1, away: 0 }));
    const first = await settled(player.token, won.betId, (b) => b.status === 'settled');
    expect(first.result).toBe(BetResult.WIN);
    // The winnings are staked at once on another event: nothing left to take back.
    const all = (await cash(player.id)) / 100;
    const draw = sel(market(y, '1x2', 1, null), 'draw');
    data(
      await bet(player.token, {
        stake: all,
        acceptOdds: 'none',
        selections: [{ selectionId: draw.selectionId, price: draw.price }],
      }),
    );
    expect(await cash(player.id)).toBe(0);
    data(await operator(`events/${x.event.eventId}/result`, { home: 0, away: 1 }));
    // The settlement job ran and failed (it waits for a retry, shown to operators).
    const end = Date.now() + 20_000;
    while (!(await t.app.jobs.problems()).some((p) => p.name === 'sports.settleEvent')) {
      if (Date.now() > end) throw new Error('the settlement job did not fail');
      await sleep(250);
    }
    const after = sportsBet.parse(data(await get(`bets/${won.betId}`, player.token)));
    expect(after.result).toBe(BetResult.WIN);
    expect(after.payout).toBe(first.payout);
    expect(await cash(player.id)).toBe(0);
  });
});

describe('refusals (nothing posted)', () => {
  it('a moved price, a suspended market, a finished event, limits, two legs of one event, unknown selections', async () => {
    const e = await createEvent('Ceará', 'Fortaleza', 0);
    const f = await createEvent('Sport', 'Náutico', 0);
    const g = await createEvent('Coritiba', 'Athletico', 0);
    const player = await c.signUp('refuse');
    await c.fund(player.id, 10_000);
    const m1 = market(e, '1x2', 1, null);
    const home = sel(m1, 'home');
    const before = await cash(player.id);

    // A price the player did not see: 409 with the current prices; "any" takes it; "higher" only if higher.
    const moved = await bet(player.token, {
      stake: 10,
      acceptOdds: 'none',
      selections: [{ selectionId: home.selectionId, price: home.price + 0.05 }],
    });
    expect(moved.statusCode).toBe(409);
    const prices = priceChangedData.parse(moved.json().data);
    expect(prices.selections[0]).toMatchObject({
      selectionId: home.selectionId,
      price: home.price,
      status: 'open',
    });
    expect(
      (
        await bet(player.token, {
          stake: 10,
          acceptOdds: 'higher',
          selections: [{ selectionId: home.selectionId, price: home.price + 0.05 }],
        })
      ).statusCode,
    ).toBe(409);
    const lower = placeBetAnswer.parse(
      data(
        await bet(player.token, {
          stake: 10,
          acceptOdds: 'higher',
          selections: [{ selectionId: home.selectionId, price: home.price - 0.05 }],
        }),
      ),
    );
    expect(lower.price).toBe(home.price);
    const any = placeBetAnswer.parse(
      data(
        await bet(player.token, {
          stake: 10,
          acceptOdds: 'any',
          selections: [{ selectionId: home.selectionId, price: 1.5 }],
        }),
      ),
    );
    expect(any.price).toBe(home.price);
    const spent = 2_000;

    // Stake limits, in the player's language.
    const low = await bet(player.token, {
      stake: 0.5,
      acceptOdds: 'none',
      selections: [{ selectionId: home.selectionId, price: home.price }],
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toMatch(/^A aposta mínima é R\$\s1,00$/);
    const enLow = await bet(
      player.token,
      { stake: 0.5, acceptOdds: 'none', selections: [{ selectionId: home.selectionId, price: home.price }] },
      { lang: 'en' },
    );
    expect(enLow.json().message).toMatch(/minimum bet/);
    const big = await bet(player.token, {
      stake: 20_000,
      acceptOdds: 'none',
      selections: [{ selectionId: home.selectionId, price: home.price }],
    });
    expect(big.statusCode).toBe(400);
    await t.app.settings.change({ 'sports.maxPayout': 5_000 });
    expect(
      (
        await bet(player.token, {
          stake: 40,
          acceptOdds: 'none',
          selections: [{ selectionId: home.selectionId, price: home.price }],
        })
      ).json().message,
    ).toMatch(/pagamento máximo/);
    await t.app.settings.change({ 'sports.maxPayout': 50_000_000 });

    // Two legs of one event; the leg limit.
    const over = sel(market(e, 'total', 1, 2.5), 'over');
    const same = await bet(player.token, {
      stake: 10,
      acceptOdds: 'none',
      selections: [home, over].map((s) => ({ selectionId: s.selectionId, price: s.price })),
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Uma aposta múltipla não pode ter duas seleções do mesmo evento');
    await t.app.settings.change({ 'sports.maxLegs': 2 });
    const three = [e, f, g].map((d) => sel(market(d, '1x2', 1, null), 'draw'));
    const limit = await bet(player.token, {
      stake: 10,
      acceptOdds: 'none',
      selections: three.map((s) => ({ selectionId: s.selectionId, price: s.price })),
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toBe('A aposta múltipla atingiu o limite');
    await t.app.settings.change({ 'sports.maxLegs': 10 });

    // A suspended market: the spec's prompt; reopened, bets again.
    const suspended = sportsEventDetail.shape.markets.element.parse(
      data(await operator(`markets/${m1.marketId}/suspend`)),
    );
    expect(suspended.status).toBe('suspended');
    const refused = await bet(player.token, {
      stake: 10,
      acceptOdds: 'none',
      selections: [{ selectionId: home.selectionId, price: home.price }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Esta opção não está aberta para apostas no momento');
    data(await operator(`markets/${m1.marketId}/open`));

    // Unknown selection; an over-long id.
    expect(
      (
        await bet(player.token, {
          stake: 10,
          acceptOdds: 'none',
          selections: [{ selectionId: '99999999', price: 2 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await bet(player.token, { stake: 10, acceptOdds: 'none', selections: [] })).statusCode).toBe(400);
    // A type that disagrees with the slip: a "single" of two events is not placed as a multiple.
    const other = sel(market(f, '1x2', 1, null), 'home');
    const two = [
      { selectionId: home.selectionId, price: home.price },
      { selectionId: other.selectionId, price: other.price },
    ];
    const single = await bet(player.token, {
      type: 'single',
      stake: 10,
      acceptOdds: 'none',
      selections: two,
    });
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe('Uma aposta simples tem exatamente uma seleção');
    const parlay = await bet(player.token, {
      type: 'parlay',
      stake: 10,
      acceptOdds: 'none',
      selections: two.slice(0, 1),
    });
    expect(parlay.statusCode).toBe(400);
    expect(parlay.json().message).toBe('Uma aposta múltipla precisa de pelo menos duas seleções');

    // A finished event: the spec's prompt.
    data(await operator(`events/${f.event.eventId}/result`, { home: 0, away: 0 }));
    const fd = sel(market(f, '1x2', 1, null), 'draw');
    const finished = await bet(player.token, {
      stake: 10,
      acceptOdds: 'none',
      selections: [{ selectionId: fd.selectionId, price: fd.price }],
    });
    expect(finished.statusCode).toBe(409);
    expect(finished.json().message).toBe('O jogo atual não está disponível para compra');

    // Over the balance.
    const poor = await bet(player.token, {
      stake: 5_000,
      acceptOdds: 'none',
      selections: [{ selectionId: home.selectionId, price: home.price }],
    });
    expect(poor.statusCode).toBe(409);

    expect(await cash(player.id)).toBe(before - spent);
    const mine = data<SportsBet[]>(await get('bets', player.token));
    expect(mine.length).toBe(2);

    // A voided market refunds its bets.
    data(await operator(`markets/${m1.marketId}/void`));
    const v = await settled(player.token, any.betId, (x) => x.status === 'settled');
    expect(v.result).toBe(BetResult.REFUND);
    expect(v.payout).toBe(10);
    await settled(player.token, lower.betId, (x) => x.status === 'settled');
    expect(await cash(player.id)).toBe(before);
    expect((await operator(`markets/${m1.marketId}/open`)).statusCode).toBe(409);
  });

  it('operator routes need the trade permission', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${SPORTS_OPERATOR_PATH}/events`, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
