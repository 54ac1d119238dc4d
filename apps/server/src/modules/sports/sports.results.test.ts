import {
  BetResult,
  MatchTime,
  placeBetAnswer,
  SPORTS_OPERATOR_PATH,
  TxType,
  type SportsEventDetail,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY } from '../../../test/helpers';
import { queryRows } from '../../platform/db';
import { PREMATCH } from './pricing';
import { sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * Results the settlement reads. Tennis: the result counts sets (2-1), but the handicap and total lines count
 * games, as they are priced (pricing/others.ts): they are settled on the games the feed recorded for the whole
 * match (`state.setGames`), and void when it recorded none or only part, never on the number of sets. A result
 * whose half or quarters exceed the full-time score is refused.
 */
let t: TestApp;
let c: TestPlayers;
const { data, operator, get, bet, createEvent, market, sel, cash, settledBet, records } = sportsTestApp(
  (app) => ({ t, c } = app),
);

/** A R$ 10 single on the selection `name` of the market (full match unless `period` says otherwise). */
async function stake10(
  token: string,
  d: SportsEventDetail,
  type: string,
  line: number | null,
  name: string,
  period = 1,
) {
  const s = sel(market(d, type, period, line), name);
  const placed = placeBetAnswer.parse(
    data(
      await bet(token, {
        stake: 10,
        acceptOdds: 'none',
        selections: [{ selectionId: s.selectionId, price: s.price }],
      }),
    ),
  );
  return { betId: placed.betId, price: s.price };
}

describe('tennis games lines', () => {
  it('settles the handicap and total on games, not sets; voids them when no games were recorded', async () => {
    const player = await c.signUp('tennis');
    await c.fund(player.id, 10_000);
    const d = await createEvent('Fonseca', 'Alcaraz', 0.4, 'tennis');
    const over = await stake10(player.token, d, 'total', 23.5, 'over');
    const under = await stake10(player.token, d, 'total', 27.5, 'under');
    const home = await stake10(player.token, d, 'ah', -1.5, 'home');
    const away = await stake10(player.token, d, 'ah', 1.5, 'away');
    const winner = await stake10(player.token, d, 'winner', null, 'home');

    // 6-4 4-6 6-3: sets 2-1, games 16-13 (29 games, home by 3), as the feed records them before the result.
    await t.app.sports.update(d.event.eventId, MatchTime.FINISHED, {
      ...PREMATCH,
      progress: 1,
      score: { home: 2, away: 1 },
      setGames: { home: 16, away: 13 },
    });
    expect((await operator(`events/${d.event.eventId}/result`, { home: 2, away: 1 })).statusCode).toBe(200);
    // By hand: over 23.5 with 29 games wins; under 27.5 loses; home −1.5 with +3 games wins; away +1.5 with
    // −3 games loses; the match winner (sets) is home. A win pays R$ 10 × price, rounded down to the centavo.
    const paid = (price: number) => Math.floor(10 * Math.round(price * 100)) / 100;
    expect(await settledBet(player.token, over.betId)).toMatchObject({
      result: BetResult.WIN,
      payout: paid(over.price),
    });
    expect(await settledBet(player.token, under.betId)).toMatchObject({ result: BetResult.LOSE, payout: 0 });
    expect(await settledBet(player.token, home.betId)).toMatchObject({
      result: BetResult.WIN,
      payout: paid(home.price),
    });
    expect(await settledBet(player.token, away.betId)).toMatchObject({ result: BetResult.LOSE, payout: 0 });
    expect(await settledBet(player.token, winner.betId)).toMatchObject({
      result: BetResult.WIN,
      payout: paid(winner.price),
    });
    const cents = (x: number) => Math.round(x * 100);
    expect(await cash(player.id)).toBe(
      10_000 - 5 * 1_000 + cents(paid(over.price)) + cents(paid(home.price)) + cents(paid(winner.price)),
    );

    // A result without the games (no feed recorded them): the games lines are void, stakes back.
    const e = await createEvent('Sinner', 'Ruud', 0.4, 'tennis');
    const before = await cash(player.id);
    const noGames = await stake10(player.token, e, 'total', 23.5, 'over');
    expect((await operator(`events/${e.event.eventId}/result`, { home: 2, away: 0 })).statusCode).toBe(200);
    expect(await settledBet(player.token, noGames.betId)).toMatchObject({
      result: BetResult.REFUND,
      payout: 10,
    });
    expect(await cash(player.id)).toBe(before);

    // Games recorded only up to the second set (the last update before the match ended): void too, not settled
    // on 20 games that are not the match's.
    const f = await createEvent('Zverev', 'Rune', 0.4, 'tennis');
    const partial = await stake10(player.token, f, 'total', 23.5, 'under');
    await t.app.sports.update(f.event.eventId, MatchTime.FIRST_HALF, {
      ...PREMATCH,
      progress: 0.7,
      score: { home: 1, away: 1 },
      setGames: { home: 10, away: 10 },
      games: { home: 3, away: 2 },
    });
    expect((await operator(`events/${f.event.eventId}/result`, { home: 2, away: 1 })).statusCode).toBe(200);
    expect(await settledBet(player.token, partial.betId)).toMatchObject({
      result: BetResult.REFUND,
      payout: 10,
    });
    expect(await cash(player.id)).toBe(before);
  });
});

describe("tennis games in the operator's result", () => {
  it('settle the games lines without a feed, over the feed when both exist; a correction of the games resettles', async () => {
    const player = await c.signUp('tennis-games');
    await c.fund(player.id, 10_000);
    const d = await createEvent('Fonseca', 'Mensik', 0.4, 'tennis');
    const under = await stake10(player.token, d, 'total', 27.5, 'under');
    const over = await stake10(player.token, d, 'total', 23.5, 'over');
    const home = await stake10(player.token, d, 'ah', -1.5, 'home');
    // The same market's away side: the line is the home side's handicap, so away takes +1.5.
    const away = await stake10(player.token, d, 'ah', -1.5, 'away');
    const paid = (price: number) => Math.floor(10 * Math.round(price * 100)) / 100;
    const cents = (x: number) => Math.round(x * 100);
    const won = (bet: { price: number }) => cents(paid(bet.price));
    const is = (result: number) => (b: { status: string; result: number }) =>
      b.status === 'settled' && b.result === result;

    // No feed: 6-4 3-6 6-3, sets 2-1 and games 15-13 (28 games, home by 2), typed by the operator. By hand:
    // under 27.5 loses, over 23.5 wins, home −1.5 (+2) wins, away +1.5 (−2) loses.
    const posted = { home: 2, away: 1, gamesHome: 15, gamesAway: 13 };
    expect((await operator(`events/${d.event.eventId}/result`, posted)).statusCode).toBe(200);
    expect(await settledBet(player.token, under.betId)).toMatchObject({ result: BetResult.LOSE, payout: 0 });
    expect(await settledBet(player.token, over.betId)).toMatchObject({
      result: BetResult.WIN,
      payout: paid(over.price),
    });
    expect(await settledBet(player.token, home.betId)).toMatchObject({
      result: BetResult.WIN,
      payout: paid(home.price),
    });
    expect(await settledBet(player.token, away.betId)).toMatchObject({ result: BetResult.LOSE, payout: 0 });
    expect(await cash(player.id)).toBe(10_000 - 4 * 1_000 + won(over) + won(home));
    const trading = async () =>
      data<{ result: unknown; resultVersion: number }>(
        await operator(`events/${d.event.eventId}/trading`, undefined, 'GET'),
      );
    expect(await trading()).toMatchObject({ result: posted, resultVersion: 1 });
    // The same result again is the same result: refused.
    expect((await operator(`events/${d.event.eventId}/result`, posted)).statusCode).toBe(409);

    // Corrected: 6-4 1-6 6-4, still 2-1 in sets but games 13-14 (27 games, away by 1). By hand: under 27.5 now
    // wins, over 23.5 still wins, home −1.5 (−1) now loses, away +1.5 (+1) now wins.
    const corrected = await operator(`events/${d.event.eventId}/result`, {
      ...posted,
      gamesHome: 13,
      gamesAway: 14,
    });
    expect(data(corrected)).toMatchObject({ resultVersion: 2, previous: posted, resettled: 4 });
    expect(await settledBet(player.token, under.betId, is(BetResult.WIN))).toMatchObject({
      payout: paid(under.price),
    });
    expect(await settledBet(player.token, home.betId, is(BetResult.LOSE))).toMatchObject({ payout: 0 });
    expect(await settledBet(player.token, away.betId, is(BetResult.WIN))).toMatchObject({
      payout: paid(away.price),
    });
    expect(await settledBet(player.token, over.betId)).toMatchObject({
      result: BetResult.WIN,
      payout: paid(over.price),
    });
    expect(await cash(player.id)).toBe(10_000 - 4 * 1_000 + won(under) + won(over) + won(away));
    // The player's records add up to the balance: every prize paid keeps its line (home's too, at its time),
    // home's prize taken back is its correction's line, and a loss turned into a win (under, away) has only
    // its new prize (the capture did not change).
    const { list, total } = await records(player.token);
    expect(total).toBe(await cash(player.id));
    const corrections = list.filter((r) => r.type === TxType.SETTLEMENT_REVERSED);
    expect(corrections.map((r) => [r.category, cents(r.amount), r.bet?.product])).toEqual([
      ['prize', -won(home), 'sports'],
    ]);
    const prizes = list.filter((r) => r.type === TxType.BET_SETTLED);
    expect(prizes.map((r) => cents(r.amount))).toEqual(
      expect.arrayContaining([won(under), won(away), won(over), won(home)]),
    );
    expect(prizes.filter((r) => r.refund)).toEqual([]);
    expect(await trading()).toMatchObject({
      result: { home: 2, away: 1, gamesHome: 13, gamesAway: 14 },
      resultVersion: 2,
    });

    // The feed recorded the whole match as 16-13 (home −1.5 would win), the operator's result says 14-13: the
    // result's games settle it (home +1: −1.5 loses).
    const e = await createEvent('Sinner', 'Draper', 0.4, 'tennis');
    const fed = await stake10(player.token, e, 'ah', -1.5, 'home');
    const before = await cash(player.id);
    await t.app.sports.update(e.event.eventId, MatchTime.FINISHED, {
      ...PREMATCH,
      progress: 1,
      score: { home: 2, away: 1 },
      setGames: { home: 16, away: 13 },
    });
    const result = { home: 2, away: 1, gamesHome: 14, gamesAway: 13 };
    expect((await operator(`events/${e.event.eventId}/result`, result)).statusCode).toBe(200);
    expect(await settledBet(player.token, fed.betId)).toMatchObject({ result: BetResult.LOSE, payout: 0 });
    expect(await cash(player.id)).toBe(before);
  });

  it('refuses games for another sport, one side without the other, or fewer than the sets won (400)', async () => {
    const football = (await createEvent('Santos', 'Sport')).event.eventId;
    const tennis = (await createEvent('Fils', 'Paul', 0.4, 'tennis')).event.eventId;
    const refusals: [string, object, string | undefined, string, string][] = [
      [
        football,
        { home: 1, away: 0, gamesHome: 6, gamesAway: 4 },
        undefined,
        'gamesHome',
        'Games só são informados no resultado de tênis',
      ],
      [
        tennis,
        { home: 2, away: 0, gamesHome: 12 },
        undefined,
        'gamesAway',
        'Informe os games dos dois lados, ou de nenhum',
      ],
      [
        tennis,
        { home: 2, away: 0, gamesAway: 3 },
        'en',
        'gamesHome',
        'Enter the games of both sides, or of neither',
      ],
      [
        tennis,
        { home: 2, away: 1, gamesHome: 1, gamesAway: 6 },
        undefined,
        'gamesHome',
        'Os games de um lado não podem ser menos que os sets que ele venceu',
      ],
    ];
    for (const [eventId, payload, lang, field, message] of refusals) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${SPORTS_OPERATOR_PATH}/events/${eventId}/result`,
        headers: { 'x-operator-key': TEST_OPERATOR_KEY, ...(lang ? { lang } : {}) },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ status: 40000, message, data: { field } });
    }
    for (const eventId of [football, tennis]) {
      const detail = await operator(`events/${eventId}/trading`, undefined, 'GET');
      expect(data<{ result: unknown }>(detail).result).toBeNull();
    }
  });
});

describe('impossible results', () => {
  it('refuses a half-time or quarters score above the full-time score (a clear 400) and settles nothing', async () => {
    const player = await c.signUp('halves');
    await c.fund(player.id, 10_000);
    const d = await createEvent('Bahia', 'Vitória');
    const fullMatch = await stake10(player.token, d, '1x2', null, 'home');
    const placed = await stake10(player.token, d, '1x2', null, 'home', 2);
    // 3-0 at half time and 0-0 at full time cannot happen: refused, not settled (it would pay the half's home).
    const refused = await operator(`events/${d.event.eventId}/result`, {
      home: 0,
      away: 0,
      halfTimeHome: 3,
      halfTimeAway: 0,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 40000, message: 'Verifique as informações inseridas' });
    const b = await basketball();
    const quarters = await operator(`events/${b}/result`, {
      home: 80,
      away: 70,
      quarters: [
        { home: 30, away: 20 },
        { home: 30, away: 20 },
        { home: 30, away: 20 },
        { home: 0, away: 10 },
      ],
    });
    expect(quarters.statusCode).toBe(400);
    const detail = await operator(`events/${d.event.eventId}/trading`, undefined, 'GET');
    expect(data<{ result: unknown }>(detail).result).toBeNull();

    // The true result: 1-1, 0-1 at half time. By hand: the half's home loses, the full match's home loses.
    expect(
      (
        await operator(`events/${d.event.eventId}/result`, {
          home: 1,
          away: 1,
          halfTimeHome: 0,
          halfTimeAway: 1,
        })
      ).statusCode,
    ).toBe(200);
    expect(await settledBet(player.token, placed.betId)).toMatchObject({ result: BetResult.LOSE, payout: 0 });
    expect(await settledBet(player.token, fullMatch.betId)).toMatchObject({
      result: BetResult.LOSE,
      payout: 0,
    });
    expect(await cash(player.id)).toBe(10_000 - 2 * 1_000);
  });
});

describe('a result before the scheduled start', () => {
  it('is refused (409) and settles nothing unless the trader says the match was played early', async () => {
    const player = await c.signUp('early');
    await c.fund(player.id, 10_000);
    const d = await createEvent('Sport', 'Náutico'); // starts in an hour
    const placed = await stake10(player.token, d, '1x2', null, 'home');
    const refused = await operator(`events/${d.event.eventId}/result`, { home: 2, away: 0, early: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Este evento ainda não começou: confirme que o jogo foi antecipado para lançar o resultado',
    );
    const detail = await operator(`events/${d.event.eventId}/trading`, undefined, 'GET');
    expect(data<{ result: unknown }>(detail).result).toBeNull();
    expect(data<{ status: string }>(await get(`bets/${placed.betId}`, player.token)).status).toBe('open');
    // Once it has started (its start moved back), no word is needed.
    await t.database.db.execute(
      sql`update sports_events set starts_at = now() - interval '2 hours' where id = ${d.event.eventId}::bigint`,
    );
    const posted = await operator(`events/${d.event.eventId}/result`, { home: 2, away: 0, early: false });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await settledBet(player.token, placed.betId)).toMatchObject({ result: BetResult.WIN });
  });
});

async function basketball() {
  return (await createEvent('Flamengo', 'Franca', 0, 'basketball')).event.eventId;
}

describe('a closed market', () => {
  it('is neither suspended nor reopened by an operator (its period is under way or over), only voided', async () => {
    const d = await createEvent('Fechado FC', 'Período EC');
    const m = market(d, '1x2', 1, null);
    // As the catalogue closes a market whose period has begun.
    await t.database.db.execute(
      sql`update sports_markets set status = 'closed' where id = ${m.marketId}::bigint`,
    );
    for (const action of ['suspend', 'open']) {
      const res = await operator(`markets/${m.marketId}/${action}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'O período deste mercado já começou ou terminou: ele só pode ser anulado',
      );
    }
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from sports_markets where id = ${m.marketId}::bigint`,
    );
    expect(row!.status).toBe('closed');
    expect((await operator(`markets/${m.marketId}/void`)).statusCode).toBe(200);
  });
});

describe('a parlay with a lost leg', () => {
  it('is lost at once, without waiting for its other legs; a won leg alone leaves a parlay open', async () => {
    const player = await c.signUp('parlay-lost');
    await c.fund(player.id, 10_000);
    const a = await createEvent('Flamengo', 'Botafogo');
    const b = await createEvent('Santos', 'Ponte Preta');
    const later = await createEvent('Bahia', 'Sport');
    const pick = (d: SportsEventDetail, name: string) => sel(market(d, '1x2', 1, null), name);
    const parlay = async (legs: ReturnType<typeof sel>[]) =>
      placeBetAnswer.parse(
        data(
          await bet(player.token, {
            stake: 5,
            acceptOdds: 'none',
            selections: legs.map((s) => ({ selectionId: s.selectionId, price: s.price })),
          }),
        ),
      ).betId;
    const lost = await parlay([pick(a, 'draw'), pick(b, 'home')]);
    const alive = await parlay([pick(a, 'home'), pick(later, 'home')]);
    expect(await cash(player.id)).toBe(10_000 - 1_000);

    data(await operator(`events/${a.event.eventId}/result`, { home: 2, away: 1, early: true }));
    const settled = await settledBet(player.token, lost);
    expect(settled).toMatchObject({ result: BetResult.LOSE, payout: 0 });
    expect(settled.legs.map((l) => l.result).sort()).toEqual([BetResult.PENDING, BetResult.LOSE].sort());
    const open = await settledBet(player.token, alive, (x) => x.legs.some((l) => l.result === BetResult.WIN));
    expect(open.status).toBe('open');
    expect(await cash(player.id)).toBe(10_000 - 1_000);

    // The other leg's event ends: the lost parlay stays as it was, nothing paid twice.
    data(await operator(`events/${b.event.eventId}/result`, { home: 1, away: 0, early: true }));
    expect(await t.app.sports.settleEvent(b.event.eventId)).toMatchObject({ settled: 0, resettled: 0 });
    expect(await settledBet(player.token, lost)).toMatchObject({ result: BetResult.LOSE, payout: 0 });
    expect(await cash(player.id)).toBe(10_000 - 1_000);
  });
});
