import { MatchTime, placeBetAnswer, type SportsEventDetail } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { onPostgres } from '../../../test/helpers';
import { PREMATCH } from './pricing';
import { sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * `sports_exposure`, the running total the liability check reads, on the real app: after bets, a partial and a
 * full cash out, a settlement, a corrected result and a cancelled match it equals what the open bets sum to;
 * bets sent at once on one selection never take it past the limit together; and a batch of bets overtaken by
 * another commit is sent again and checked against the new totals (PostgreSQL: two connections).
 */
let t: TestApp;
let c: TestPlayers;
const { data, operator, bet, quote, cashOut, market, sel, createEvent, cash, settledBet } = sportsTestApp(
  (app) => ({ t, c } = app),
);

const home = (d: SportsEventDetail) => sel(market(d, '1x2', 1, null), 'home');
const away = (d: SportsEventDetail) => sel(market(d, '1x2', 1, null), 'away');
const slip = (stake: number, legs: { selectionId: string; price: number }[]) => ({
  stake,
  acceptOdds: 'any',
  selections: legs.map(({ selectionId, price }) => ({ selectionId, price })),
});
/** The running totals, and the same figures summed from the open bets (selections at 0 left out of both). */
async function totals() {
  const kept = await queryRows<{ selection_id: string; market_id: string; potential: string }>(
    t.database.db,
    sql`select selection_id, market_id, potential from sports_exposure where potential <> 0 order by selection_id`,
  );
  const summed = await queryRows<{ selection_id: string; market_id: string; potential: string }>(
    t.database.db,
    sql`select l.selection_id, l.market_id, sum(b.potential) as potential
        from sports_bet_legs l join sports_bets b on b.id = l.bet_id
        where b.status = 'open' group by l.selection_id, l.market_id order by l.selection_id`,
  );
  const shape = (rows: typeof kept) =>
    rows.map((r) => [String(r.selection_id), String(r.market_id), Number(r.potential)]);
  return { kept: shape(kept), summed: shape(summed) };
}

async function expectInStep() {
  const { kept, summed } = await totals();
  expect(kept).toEqual(summed);
  return kept;
}

describe('sports exposure', () => {
  it('follows bets through cash outs, a settlement, a correction and a cancelled match', async () => {
    const a = await createEvent('Bahia', 'Vitória', 0.3);
    const b = await createEvent('Goiás', 'Vila Nova', 0.1);
    const player = await c.signUp('expo');
    await c.fund(player.id, 100_000);
    const place = async (stake: number, legs: { selectionId: string; price: number }[]) =>
      placeBetAnswer.parse(data(await bet(player.token, slip(stake, legs))));

    const s1 = await place(20, [home(a)]);
    const s2 = await place(15, [home(a)]);
    const s3 = await place(10, [away(a)]);
    const parlay = await place(5, [home(a), home(b)]);
    const single = await place(8, [home(b)]);
    const kept = await expectInStep();
    const of = (id: string) => kept.find((r) => r[0] === id)?.[2];
    const cents = (major: number) => Math.round(major * 100);
    // A parlay's whole potential counts on each of its selections.
    expect(of(home(a).selectionId)).toBe(
      cents(s1.potentialPayout) + cents(s2.potentialPayout) + cents(parlay.potentialPayout),
    );
    expect(of(home(b).selectionId)).toBe(cents(parlay.potentialPayout) + cents(single.potentialPayout));

    // A partial cash out lowers the bet's potential, a full one takes it out.
    const v1 = (await quote(player.token, s1.betId)).value;
    data(await cashOut(player.token, s1.betId, { value: v1, share: 0.5 }));
    await expectInStep();
    const v2 = (await quote(player.token, s2.betId)).value;
    data(await cashOut(player.token, s2.betId, { value: v2 }));
    await expectInStep();

    // The settlement closes every bet of the event; a corrected result leaves the totals as they are.
    data(await operator(`events/${a.event.eventId}/result`, { home: 2, away: 0 }));
    await settledBet(player.token, s3.betId);
    await settledBet(player.token, s1.betId);
    const afterResult = await expectInStep();
    // The parlay stays open on its other leg: only its potential is left on the winning selection.
    expect(afterResult.find((r) => r[0] === home(a).selectionId)?.[2]).toBe(cents(parlay.potentialPayout));
    expect(of(away(a).selectionId)).toBe(cents(s3.potentialPayout));
    expect(afterResult.find((r) => r[0] === away(a).selectionId)).toBeUndefined();
    data(await operator(`events/${a.event.eventId}/result`, { home: 0, away: 1 }));
    await settledBet(player.token, s3.betId, (x) => x.payout > 0);
    await expectInStep();

    // A cancelled match voids what is left on it.
    await t.app.sports.update(b.event.eventId, MatchTime.CANCELLED, PREMATCH);
    await t.app.sports.voidDue();
    await settledBet(player.token, single.betId);
    expect((await expectInStep()).find((r) => r[0] === home(b).selectionId)).toBeUndefined();
  });

  it('refuses in the batch a bet whose market was voided after its slip was read, holding nothing', async () => {
    const d = await createEvent('Sampaio Corrêa', 'Moto Club', 0.2);
    const player = await c.signUp('late');
    await c.fund(player.id, 10_000);
    const m = market(d, '1x2', 1, null);
    const h = sel(m, 'home');
    // The slip was read with the market open; the void commits before the batch writes the bet.
    data(await operator(`markets/${m.marketId}/void`));
    const [next] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select nextval('sports_bets_id_seq') as id`,
    );
    const price = Math.round(h.price * 100);
    const batched = {
      id: String(next!.id),
      user: player.id,
      kind: 'single',
      stake: 500,
      currency: 'BRL',
      price,
      potential: Math.floor((500 * price) / 100),
      acceptOdds: 'none',
      key: `late-${next!.id}`,
      hash: 'h',
      legs: [{ selection_id: h.selectionId, market_id: m.marketId, event_id: d.event.eventId, price }],
      maxLiability: 1_000_000_000,
      liabilityAlert: 1_000_000_000,
    };
    const [row] = await queryRows<{ answers: { error?: string }[] }>(
      t.database.db,
      sql`select sports_bet_batch(${JSON.stringify([batched])}::jsonb) as answers`,
    );
    expect(row!.answers).toMatchObject([{ error: 'SP002' }]);
    expect(await cash(player.id)).toBe(10_000);
  });

  it('bets sent at once on one selection stay within the market limit together', async () => {
    const d = await createEvent('Remo', 'Paysandu', 0.2);
    const h = home(d);
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => c.signUp(`race${i}`)));
    for (const p of players) await c.fund(p.id, 10_000);
    // Room for exactly two bets of R$ 10 at this price, not three.
    const potential = Math.floor((1_000 * Math.round(h.price * 100)) / 100);
    const limit = 2 * potential + Math.floor(potential / 2);
    const before = (await t.app.settings.all())['sports.maxMarketLiability'];
    await t.app.settings.change({ 'sports.maxMarketLiability': limit });
    try {
      const answers = await Promise.all(players.map((p) => bet(p.token, slip(10, [h]))));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 200, ...Array(10).fill(409)]);
      const kept = await expectInStep();
      expect(kept.find((r) => r[0] === h.selectionId)?.[2]).toBe(2 * potential);
    } finally {
      await t.app.settings.change({ 'sports.maxMarketLiability': before });
    }
  });
  it.runIf(onPostgres)(
    'a batch overtaken at its end by another commit is checked again: the room is gone',
    async () => {
      const d = await createEvent('Sampaio', 'Moto Club', 0.2);
      const h = home(d);
      const player = await c.signUp('late');
      await c.fund(player.id, 10_000);
      const potential = Math.floor((1_000 * Math.round(h.price * 100)) / 100);
      const before = (await t.app.settings.all())['sports.maxMarketLiability'];
      await t.app.settings.change({ 'sports.maxMarketLiability': 2 * potential });
      try {
        data(await bet(player.token, slip(10, [h])));
        // Another transaction takes the rest of the room and holds the row: the bet passes its check against the
        // committed total, then waits for the row at the end of its batch.
        let commit!: () => void;
        let locked!: () => void;
        const holding = new Promise<void>((r) => (locked = r));
        const other = t.database.transaction(async (tx) => {
          await tx.execute(
            sql`update sports_exposure set potential = potential + ${potential}
              where selection_id = ${h.selectionId}::bigint`,
          );
          locked();
          await new Promise<void>((r) => (commit = r));
        });
        await holding;
        const cashBefore = await cash(player.id);
        const pending = bet(player.token, slip(10, [h]));
        await new Promise((r) => setTimeout(r, 500));
        commit();
        await other;
        const refused = await pending;
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().message).toBe('Esta seleção não está aceitando mais apostas no momento');
        expect(await cash(player.id)).toBe(cashBefore);
        await t.database.db.execute(
          sql`update sports_exposure set potential = potential - ${potential}
            where selection_id = ${h.selectionId}::bigint`,
        );
        expect((await expectInStep()).find((r) => r[0] === h.selectionId)?.[2]).toBe(potential);
      } finally {
        await t.app.settings.change({ 'sports.maxMarketLiability': before });
      }
    },
  );
});
