import crypto from 'node:crypto';
import {
  ErrorCode,
  ORIGINALS_PATH,
  RG_PATH,
  rgLimits,
  rgOperatorPlayer,
  SPORTS_OPERATOR_PATH,
  SPORTS_PATH,
  sportsEventDetail,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { playerAccounts } from '../src/modules/ledger';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  testOperators,
  testPlayers,
  TEST_OPERATOR_KEY,
} from './helpers';

/**
 * Responsible gambling run by operators, through the real routes: limits an operator imposes on a player (the
 * same one check of every stake refuses past them; the player cannot set theirs above; lifting is an audited
 * operator action with a stale-form check), and a corrected sports result recounted in the loss limits.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let players: ReturnType<typeof testPlayers>;
let operators: ReturnType<typeof testOperators>;

beforeAll(async () => {
  t = await createTestApp();
  players = testPlayers(t.app, t.database);
  operators = testOperators(t.app);
  await t.app.settings.change({ 'sports.acceptanceDelayMs': 0 });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const playerLimits = async (token: string) =>
  rgLimits.parse((await t.app.inject({ url: `${RG_PATH}/limits`, headers: bearer(token) })).json().data);

const setOwn = (token: string, body: object, lang?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `${RG_PATH}/limits`,
    headers: { ...bearer(token), ...(lang ? { lang } : {}) },
    payload: body,
  });

const view = async (headers: Record<string, string>, userId: number) => {
  const res = await t.app.inject({ url: `/api/operator/rg/players/${userId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return rgOperatorPlayer.parse(res.json().data);
};

const impose = (headers: Record<string, string>, userId: number | string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/operator/rg/players/${userId}/limits`, headers, payload: body });

const dice = (token: string, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: `${ORIGINALS_PATH}/dice/bet`,
    headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
    payload: { amount, target: 50, condition: 'over' },
  });

const cash = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')?.balance ?? 0;

async function lastAudit() {
  const { rows } = (await t.database.db.execute(
    sql`select action, target, outcome, before, after, actor_email from operator_audit order by id desc limit 1`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return rows[0]!;
}

describe('operator-imposed limits', () => {
  it('a risk operator limits a player: the one check refuses past it, the player sees it and cannot go above', async () => {
    const risk = await operators.signIn('risk');
    const p = await players.signUp('lim');
    await players.fund(p.id, 100_000);
    // The player's own daily stake limit, higher than what the operator will impose.
    expect((await setOwn(p.token, { stake: { day: 50 } })).statusCode).toBe(200);

    const before = await view(risk.headers, p.id);
    expect(before.version).toBe(0);
    expect(before.limits.stake.day).toMatchObject({ value: 50, operatorValue: null });
    const set = await impose(risk.headers, p.id, { stake: { day: 10 }, deposit: { week: 200 }, version: 0 });
    expect(set.statusCode, set.body).toBe(200);
    const after = rgOperatorPlayer.parse(set.json().data);
    expect(after.version).toBe(1);
    expect(after.limits.stake.day).toMatchObject({ value: 50, operatorValue: 10 });
    expect(after.limits.deposit.week.operatorValue).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'rg.write',
      target: `player:${p.id}`,
      outcome: 'ok',
      before: {},
      after: { stake: { day: 10 }, deposit: { week: 200 } },
      actor_email: risk.email,
    });

    // The player sees the operator's limit beside their own.
    const mine = await playerLimits(p.token);
    expect(mine.stake.day).toMatchObject({ value: 50, operatorValue: 10 });
    expect(mine.loss.day.operatorValue).toBeNull();

    // Lowering by the operator applies at once: the one check of every stake refuses past 10.
    expect((await dice(p.token, 6)).statusCode).toBe(200);
    const balance = await cash(p.id);
    const refused = await dice(p.token, 6);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().status).toBe(ErrorCode.LIMIT_REACHED);
    expect(refused.json().message).toMatch(
      /^Esta aposta passaria do seu limite diário de apostas \(R\$\s10,00\)/,
    );
    expect(await cash(p.id)).toBe(balance);

    // The player cannot set theirs above the operator's (translated, the field's data beside it); lower is fine.
    const above = await setOwn(p.token, { stake: { day: 20 } });
    expect(above.statusCode, above.body).toBe(400);
    expect(above.json().message).toMatch(/^A operadora definiu este limite em R\$\s10,00/);
    expect(above.json().data).toEqual({ kind: 'stake', period: 'day', operatorValue: 10 });
    const aboveEn = await setOwn(p.token, { stake: { day: 20 } }, 'en');
    expect(aboveEn.json().message).toMatch(/^The operator set this limit at 10\.00:/);
    expect((await playerLimits(p.token)).stake.day.value).toBe(50);
    expect((await setOwn(p.token, { stake: { day: 8 } })).statusCode).toBe(200);
    expect((await playerLimits(p.token)).stake.day).toMatchObject({ value: 8, operatorValue: 10 });

    // A form read before another operator's write is refused; nothing changes.
    const stale = await impose(risk.headers, p.id, { stake: { day: null }, version: 0 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe('Outro operador alterou este registro; recarregue');
    expect((await view(risk.headers, p.id)).limits.stake.day.operatorValue).toBe(10);

    // Lifting is an operator action, at once and audited; the player's own (8) still binds.
    const lifted = await impose(risk.headers, p.id, { stake: { day: null }, version: 1 });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await lastAudit()).toMatchObject({
      before: { stake: { day: 10 }, deposit: { week: 200 } },
      after: { deposit: { week: 200 } },
    });
    expect((await dice(p.token, 2)).statusCode).toBe(200);
    expect((await dice(p.token, 2)).statusCode).toBe(403);
    // Removing their own limit (allowed: nothing above the operator's) waits 24 hours as always.
    expect((await setOwn(p.token, { deposit: { week: null } })).statusCode).toBe(200);
    expect((await playerLimits(p.token)).deposit.week.operatorValue).toBe(200);
  });

  it('an operator limits the number of bets: the bet past it is refused, the player cannot go above it', async () => {
    const risk = await operators.signIn('risk');
    const p = await players.signUp('nbets');
    await players.fund(p.id, 100_000);
    // Counts are whole: a fraction is refused with its field named, nothing saved.
    const half = await impose(risk.headers, p.id, { bets: { day: 2.5 }, version: 0 });
    expect(half.statusCode, half.body).toBe(400);
    expect((await view(risk.headers, p.id)).limits.bets.day.operatorValue).toBeNull();

    const set = await impose(risk.headers, p.id, { bets: { day: 2, week: 30 }, version: 0 });
    expect(set.statusCode, set.body).toBe(200);
    // Stored and answered as a count (not as reais: 2, never 0.02).
    expect(rgOperatorPlayer.parse(set.json().data).limits.bets.day).toMatchObject({
      value: null,
      operatorValue: 2,
    });
    expect(await lastAudit()).toMatchObject({ before: {}, after: { bets: { day: 2, week: 30 } } });

    expect((await dice(p.token, 1)).statusCode).toBe(200);
    expect((await dice(p.token, 1)).statusCode).toBe(200);
    const balance = await cash(p.id);
    const third = await dice(p.token, 1);
    expect(third.statusCode, third.body).toBe(403);
    expect(third.json().message).toBe('Você já fez as 2 apostas do seu limite diário. Aposta recusada.');
    expect(await cash(p.id)).toBe(balance);
    expect((await playerLimits(p.token)).bets.day).toMatchObject({ operatorValue: 2, used: 2 });

    const above = await setOwn(p.token, { bets: { week: 31 } });
    expect(above.statusCode, above.body).toBe(400);
    expect(above.json().message).toBe('A operadora definiu este limite em 30: o seu não pode ser maior');
    expect((await setOwn(p.token, { bets: { week: 20 } })).statusCode).toBe(200);
  });

  it('an operator deposit limit refuses a deposit past it (the same check as the player’s)', async () => {
    const admin = await operators.signIn('admin');
    const p = await players.signUp('dep');
    expect((await impose(admin.headers, p.id, { deposit: { day: 5 }, version: 0 })).statusCode).toBe(200);
    await expect(t.app.rg.assertCanDeposit(p.id, 600)).rejects.toMatchObject({
      code: ErrorCode.LIMIT_REACHED,
      key: 'rgLimitDepositDay',
    });
    await expect(t.app.rg.assertCanDeposit(p.id, 500)).resolves.toBeUndefined();
  });

  it('refuses roles without rg.write, players, unknown players and bad bodies; nothing written', async () => {
    const finance = await operators.signIn('finance');
    const risk = await operators.signIn('risk');
    const p = await players.signUp('bad');
    const denied = await impose(finance.headers, p.id, { stake: { day: 10 }, version: 0 });
    expect(denied.statusCode).toBe(403);
    // Support reads a player's limits but may not lift or change one risk imposed.
    const supportOnly = await operators.signIn('support');
    expect((await impose(supportOnly.headers, p.id, { stake: { day: 10 }, version: 0 })).statusCode).toBe(
      403,
    );
    expect((await impose(bearer(p.token), p.id, { stake: { day: 10 }, version: 0 })).statusCode).toBe(403);
    expect((await impose(risk.headers, 2_000_000_000, { stake: { day: 10 }, version: 0 })).statusCode).toBe(
      404,
    );
    for (const body of [
      { stake: { day: 10 } },
      { stake: { day: -1 }, version: 0 },
      { stake: { day: 10.001 }, version: 0 },
      { stake: { day: 2_000_000 }, version: 0 },
      { time: { day: 10 }, version: 0 },
      { stake: { year: 10 }, version: 0 },
      { stake: { day: '10' }, version: 0 },
    ]) {
      const res = await impose(risk.headers, p.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).not.toMatch(/internal/i);
    }
    expect((await impose(risk.headers, 'abc', { version: 0 })).statusCode).toBe(400);
    expect((await impose(risk.headers, '99999999999', { version: 0 })).statusCode).toBe(400);
    const after = await view(risk.headers, p.id);
    expect(after.version).toBe(0);
    expect(after.limits.stake.day.operatorValue).toBeNull();
    // Two saves of one version at once: one wins, the other is stale.
    const both = await Promise.all([
      impose(risk.headers, p.id, { stake: { day: 10 }, version: 0 }),
      impose(risk.headers, p.id, { stake: { day: 20 }, version: 0 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await view(risk.headers, p.id)).version).toBe(1);
  });
});

describe('a corrected sports result in the loss limits', () => {
  const settled = { timeout: 30_000, interval: 50 };
  const op = { 'x-operator-key': TEST_OPERATOR_KEY };

  async function footballEvent() {
    const created = await t.app.inject({
      method: 'POST',
      url: `${SPORTS_OPERATOR_PATH}/events`,
      headers: op,
      payload: {
        sport: 'football',
        competition: 'Série A',
        home: 'Bahia',
        away: 'Vasco',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        strength: 0.3,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const event = sportsEventDetail.parse(created.json().data);
    const market = event.markets.find((m) => m.type === '1x2' && m.period === 1)!;
    const home = market.selections.find((s) => s.name === 'home')!;
    const bet = (token: string, stake: number) =>
      t.app.inject({
        method: 'POST',
        url: `${SPORTS_PATH}/bets`,
        headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
        payload: {
          stake,
          acceptOdds: 'any',
          selections: [{ selectionId: home.selectionId, price: home.price }],
        },
      });
    const result = async (homeGoals: number, awayGoals: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${SPORTS_OPERATOR_PATH}/events/${event.event.eventId}/result`,
        headers: op,
        payload: { home: homeGoals, away: awayGoals, early: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    return { bet, result, price: home.price };
  }

  it('a lost bet that reached the loss limit, corrected to won: the loss drops and the player stakes again', async () => {
    const p = await players.signUp('fix');
    await players.fund(p.id, 100_000);
    expect((await setOwn(p.token, { loss: { day: 10 } })).statusCode).toBe(200);
    const first = await footballEvent();
    const second = await footballEvent();
    const placed = await first.bet(p.token, 10);
    expect(placed.statusCode, placed.body).toBe(200);
    const lossUsed = async () => (await playerLimits(p.token)).loss.day.used;
    expect(await lossUsed()).toBe(10);
    expect((await second.bet(p.token, 1)).json().status).toBe(ErrorCode.LIMIT_REACHED);

    // Lost (0-1): the loss stays at the limit.
    await first.result(0, 1);
    await vi.waitFor(
      async () =>
        expect(
          (
            (await t.database.db.execute(
              sql`select count(*)::int as n from ledger_holds where user_id = ${p.id} and state = 'posted'`,
            )) as unknown as { rows: { n: number }[] }
          ).rows[0]!.n,
        ).toBe(1),
      settled,
    );
    expect(await lossUsed()).toBe(10);
    expect((await second.bet(p.token, 1)).json().status).toBe(ErrorCode.LIMIT_REACHED);

    // Corrected to won (2-0): the payout counts, the loss drops to nothing, the player can stake again.
    const payout = Math.round(1_000 * first.price);
    await first.result(2, 0);
    await vi.waitFor(async () => expect(await cash(p.id)).toBe(100_000 - 1_000 + payout), settled);
    await vi.waitFor(async () => expect(await lossUsed()).toBe(0), settled);
    const again = await second.bet(p.token, 1);
    expect(again.statusCode, again.body).toBe(200);

    // Corrected back to lost (0-1): the payout taken back counts as lost again (10, and the open stake of 1).
    await first.result(0, 1);
    await vi.waitFor(async () => expect(await lossUsed()).toBe(11), settled);
    expect((await second.bet(p.token, 1)).json().status).toBe(ErrorCode.LIMIT_REACHED);
  });
});
