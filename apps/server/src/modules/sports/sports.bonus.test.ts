import crypto from 'node:crypto';
import { cashoutQuote, MatchTime, SPORTS_PATH, TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { rolledBack } from '../../../test/helpers';
import { post, type SettledFact } from '../ledger';
import { recordCredit } from '../wagering';
import { inPlay, sportsTestApp, type TestApp, type TestPlayers } from './sports.testkit';

/**
 * How sports stakes count towards a bonus (the resolver the sports module registers with the wagering module):
 * a cashed-out stake makes no turnover and wears no bonus; a bet under `bonus.sportsMinPrice` wears none.
 */
let t: TestApp;
let c: TestPlayers;

const { data, get, bet, main, single, createEvent, operator } = sportsTestApp((app) => ({ t, c } = app), {
  env: { OUTBOX_RELAY: 'paused' },
});

async function relay() {
  while ((await t.app.outbox.relayOnce()) > 0);
}

async function giveBonus(userId: number, amount: number) {
  const s = await t.app.settings.all();
  await t.database.transaction(async (tx) => {
    const { txId } = await post(tx, {
      type: TxType.PROMOTION,
      idempotencyKey: `test-bonus:${userId}:${crypto.randomUUID()}`,
      players: [{ userId, kind: 'bonus', amount }],
      system: [{ kind: 'promotions', amount: -amount }],
    });
    await recordCredit(tx, { userId, txId, bonus: amount }, s);
  });
}

const figures = async (userId: number) => {
  const [w] = await queryRows<{ wagered: string }>(
    t.database.db,
    sql`select wagered from wagering_totals where user_id = ${userId}`,
  );
  const [r] = await queryRows<{ remaining: string }>(
    t.database.db,
    sql`select sum(remaining) as remaining from wagering_requirements where user_id = ${userId} and kind = 'bonus'`,
  );
  return { wagered: Number(w?.wagered ?? 0), bonusDue: Number(r?.remaining ?? 0) };
};

describe('sports stakes and the bonus engine', () => {
  it('a bet and its own cash-out make no turnover and wear no bonus', async () => {
    const d = await createEvent('Santos', 'Ceará', 0.2);
    const player = await c.signUp('sbonus');
    await c.fund(player.id, 50_000);
    await giveBonus(player.id, 1_000);
    await relay();
    const before = await figures(player.id);
    const home = main(d).selections.find((s) => s.name === 'home')!;
    const placed = await single(player.token, home, 50);
    await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, inPlay(20, 1, 0));
    const q = cashoutQuote.parse(data(await get(`bets/${placed.betId}/cashout`, player.token)));
    const res = await t.app.inject({
      method: 'POST',
      url: `${SPORTS_PATH}/bets/${placed.betId}/cashout`,
      headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { value: q.value },
    });
    expect(res.statusCode).toBe(200);
    await relay();
    expect(await figures(player.id)).toEqual(before);
  });

  it('a settled bet counts in turnover, but wears the bonus only at the minimum price or more', async () => {
    const d = await createEvent('Sport', 'Náutico', 0.2);
    const home = main(d).selections.find((s) => s.name === 'home')!;
    // The minimum price just above this bet's: it counts in turnover, not for the bonus.
    await t.app.settings.change({ 'bonus.sportsMinPrice': Math.round(home.price * 100) + 1 });
    const player = await c.signUp('sprice');
    await c.fund(player.id, 50_000);
    await giveBonus(player.id, 1_000);
    await relay();
    const before = await figures(player.id);
    await bet(player.token, {
      stake: 50,
      selections: [{ selectionId: home.selectionId, price: home.price }],
    });
    data(await operator(`events/${d.event.eventId}/result`, { home: 0, away: 1 }));
    await settledAll();
    await relay();
    expect(await figures(player.id)).toEqual({ wagered: before.wagered + 5_000, bonusDue: before.bonusDue });

    // At the minimum price, a bet wears the bonus by its stake.
    const d2 = await createEvent('Sport', 'Náutico', 0.2);
    const home2 = main(d2).selections.find((s) => s.name === 'home')!;
    await t.app.settings.change({ 'bonus.sportsMinPrice': Math.round(home2.price * 100) });
    await bet(player.token, {
      stake: 5,
      selections: [{ selectionId: home2.selectionId, price: home2.price }],
    });
    data(await operator(`events/${d2.event.eventId}/result`, { home: 0, away: 1 }));
    await settledAll();
    await relay();
    expect(await figures(player.id)).toEqual({
      wagered: before.wagered + 5_500,
      bonusDue: before.bonusDue - 500,
    });
    await t.app.settings.change({ 'bonus.sportsMinPrice': 150 });
  });

  it('without a bonus, the relay takes the stakes at once: a settled bet wears the deposit, a cash-out does not', async () => {
    const d = await createEvent('Bahia', 'Vitória', 0.2);
    const home = main(d).selections.find((s) => s.name === 'home')!;
    const settledBy = await c.signUp('sset');
    const cashedBy = await c.signUp('scash');
    for (const p of [settledBy, cashedBy]) await c.fund(p.id, 50_000); // each raises a cash requirement of 50,000
    await relay();
    const [{ id: before }] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select coalesce(max(id), 0)::int as id from outbox_events`,
    );
    const placed = new Map<number, string>();
    for (const p of [settledBy, cashedBy]) {
      const answer = await single(p.token, home, 50);
      placed.set(p.id, answer.betId);
    }
    await t.app.sports.update(d.event.eventId, MatchTime.FIRST_HALF, inPlay(20, 1, 0));
    const path = `bets/${placed.get(cashedBy.id)}/cashout`;
    const q = cashoutQuote.parse(data(await get(path, cashedBy.token)));
    const res = await t.app.inject({
      method: 'POST',
      url: `${SPORTS_PATH}/${path}`,
      headers: { authorization: `Bearer ${cashedBy.token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { value: q.value },
    });
    expect(res.statusCode).toBe(200);
    data(await operator(`events/${d.event.eventId}/result`, { home: 0, away: 1 }));
    await settledAll();

    // Of the two settlements, the set-based path leaves only the cash-out's (it does not count) to the handler.
    const facts = (
      await queryRows<{ payload: SettledFact | string }>(
        t.database.db,
        sql`select payload from outbox_events where topic = 'ledger.stakeSettled' and id > ${before} order by id`,
      )
    ).map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as SettledFact);
    expect(facts.map((f) => Number(f.userId)).sort()).toEqual([settledBy.id, cashedBy.id].sort());
    const left = await rolledBack(t.database, (_q, tx) => t.app.wagering.stakesSettled(facts, tx));
    expect(left.map((i) => Number(facts[i]!.userId))).toEqual([cashedBy.id]);

    await relay();
    const cashDue = async (userId: number) =>
      Number(
        (
          await queryRows<{ remaining: string }>(
            t.database.db,
            sql`select sum(remaining) as remaining from wagering_requirements where user_id = ${userId} and kind = 'cash'`,
          )
        )[0]!.remaining,
      );
    expect(await figures(settledBy.id)).toMatchObject({ wagered: 5_000 });
    expect(await cashDue(settledBy.id)).toBe(50_000 - 5_000);
    expect(await figures(cashedBy.id)).toMatchObject({ wagered: 0 });
    expect(await cashDue(cashedBy.id)).toBe(50_000);
  });
});

/** Runs the queued settlement jobs now (the test app's pg-boss works them; wait until no bet is open). */
async function settledAll() {
  const end = Date.now() + 30_000;
  for (;;) {
    const [open] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sports_bets where status = 'open'`,
    );
    if (Number(open!.n) === 0) return;
    if (Date.now() > end) throw new Error('bets not settled');
    await new Promise((r) => setTimeout(r, 200));
  }
}
