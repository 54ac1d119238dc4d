import { BetResult, MatchTime, placeBetAnswer, type SportsEventDetail } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
const { data, operator, bet, createEvent, market, sel, cash, settledBet } = sportsTestApp(
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
