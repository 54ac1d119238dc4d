import crypto from 'node:crypto';
import { ErrorCode, operatorBonus, TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  onPostgres,
  TEST_CAPTCHA,
  TEST_OPERATOR_KEY,
  testPlayers,
  withoutVipRewards,
} from '../../../test/helpers';
import type { App } from '../../app';
import type { Database } from '../../platform/db';
import { hold, playerAccounts, resettle, settle, type SettledFact } from '../ledger';
import { playerGrants } from '../wagering';
import { saoPauloDay } from './index';

/** Promotions where money could move twice or to an excluded player: keys, races with exclusions and conversions. */
let app: App;
let database: Database;
let close: () => Promise<void>;
let players: ReturnType<typeof testPlayers>;

const OPS = '/api/operator/promo/bonuses';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ OUTBOX_RELAY: 'paused' }));
  players = testPlayers(app, database);
  await withoutVipRewards(app);
  // 10% at level 1: a small stake pays a visible commission.
  await app.settings.change({ 'promo.referralRatesBp': [1_000, 500, 200] });
});
afterAll(() => expectCleanLedgerThenClose(database, close));

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const grant = (body: object, key: string, lang = 'pt') =>
  app.inject({
    method: 'POST',
    url: OPS,
    headers: { 'x-operator-key': TEST_OPERATOR_KEY, 'idempotency-key': key, lang },
    payload: body,
  });

const forfeit = (id: number, lang = 'pt') =>
  app.inject({
    method: 'POST',
    url: `${OPS}/${id}/forfeit`,
    headers: { 'x-operator-key': TEST_OPERATOR_KEY, lang },
  });

const balances = async (userId: number) => {
  const list = await playerAccounts(database.db, userId);
  return {
    cash: list.find((a) => a.kind === 'cash')?.balance ?? 0,
    bonus: list.find((a) => a.kind === 'bonus')?.balance ?? 0,
  };
};

const grantsOf = async (userId: number) =>
  (await playerGrants(database.db, { userId })).map((g) => ({
    id: g.id,
    status: g.status,
    amount: g.amount,
  }));

/** Promotion credits of a player in the ledger (every bonus paid to it). */
const promotionsPaid = async (userId: number) =>
  Number(
    (
      await rowsOf<{ n: string }>(
        sql`select coalesce(sum(p.amount), 0) as n from ledger_transactions t
            join ledger_postings p on p.tx_id = t.id and p.account_id like 'u%'
            where t.type = ${TxType.PROMOTION} and t.user_id = ${userId} and p.amount > 0`,
      )
    )[0]!.n,
  );

describe('operator grants: one Idempotency-Key is one operation', () => {
  it('answers 409 to the same key for another player, amount, multiple or expiry; replays the same body; pays once', async () => {
    const a = await players.signUp('grant-a');
    const b = await players.signUp('grant-b');
    const body = { userId: a.id, amount: 700, wageringMultiple: 2, expiresInDays: 5, reason: 'Compensação' };
    const key = crypto.randomUUID();
    const first = await grant(body, key);
    expect(first.statusCode, first.body).toBe(200);
    const made = operatorBonus.parse(first.json().data);

    for (const other of [
      { ...body, userId: b.id },
      { ...body, amount: 701 },
      { ...body, wageringMultiple: 3 },
      { ...body, expiresInDays: 6 },
    ]) {
      const res = await grant(other, key);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().status).toBe(ErrorCode.IDEMPOTENCY_CONFLICT);
      expect(res.json().message).toBe('Esta chave de idempotência já foi usada com outro pedido');
    }
    const en = await grant({ ...body, userId: b.id }, key, 'en');
    expect(en.json().message).toBe('This idempotency key was already used for another request');

    const again = await grant(body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(operatorBonus.parse(again.json().data)).toEqual(made);
    expect(await grantsOf(a.id)).toEqual([{ id: made.id, status: 'active', amount: 700 }]);
    expect(await grantsOf(b.id)).toEqual([]);
    expect(await balances(b.id)).toEqual({ cash: 0, bonus: 0 });
    expect(await promotionsPaid(a.id)).toBe(700);
  });

  it('two calls at once under one key: one grant, for one player (same body or another player)', async () => {
    const a = await players.signUp('grant-c');
    const b = await players.signUp('grant-d');
    const body = { userId: a.id, amount: 300, wageringMultiple: 1, expiresInDays: 3, reason: 'Teste' };
    const key = crypto.randomUUID();
    const same = await Promise.all([grant(body, key), grant(body, key)]);
    for (const res of same) expect(res.statusCode, res.body).toBe(200);
    expect(same[0]!.json().data.id).toBe(same[1]!.json().data.id);

    const other = crypto.randomUUID();
    const split = await Promise.all([grant(body, other), grant({ ...body, userId: b.id }, other)]);
    expect(split.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const grants = [...(await grantsOf(a.id)), ...(await grantsOf(b.id))];
    expect(grants).toHaveLength(2);
    expect((await promotionsPaid(a.id)) + (await promotionsPaid(b.id))).toBe(600);
  });

  it('a retry of a grant made before the player’s exclusion answers the grant, and pays nothing again', async () => {
    const p = await players.signUp('grant-e');
    const body = { userId: p.id, amount: 400, wageringMultiple: 1, expiresInDays: 3, reason: 'Teste' };
    const key = crypto.randomUUID();
    const first = await grant(body, key);
    expect(first.statusCode, first.body).toBe(200);
    await app.rg.exclude(p.id, { kind: 'cooloff', days: 1 });
    const again = await grant(body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    // A new key for the excluded player is refused.
    const fresh = await grant(body, crypto.randomUUID());
    expect(fresh.statusCode).toBe(403);
    expect(await promotionsPaid(p.id)).toBe(400);
  });
});

describe('forfeit against conversion', () => {
  /** A grant of R$ 1 to wager R$ 2 on a funded player, and a lost stake of R$ 2 whose fact is not delivered yet. */
  async function metGrant(prefix: string) {
    const p = await players.signUp(prefix);
    await players.fund(p.id, 10_000);
    const res = await grant(
      { userId: p.id, amount: 100, wageringMultiple: 2, expiresInDays: 5, reason: 'Teste' },
      crypto.randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = operatorBonus.parse(res.json().data).id;
    const h = await hold(database.db, {
      type: TxType.BET,
      userId: p.id,
      amount: 200,
      product: 'originals',
      reference: `bet-${crypto.randomUUID()}`,
    });
    await settle(database.db, {
      holdId: h.txId,
      capture: 200,
      to: [{ kind: 'house.originals', amount: 200 }],
    });
    const [fact] = await rowsOf<{ payload: unknown }>(
      sql`select payload from outbox_events where topic = 'ledger.stakeSettled' and payload->>'holdId' = ${String(h.txId)}`,
    );
    const payload = (
      typeof fact!.payload === 'string' ? JSON.parse(fact!.payload) : fact!.payload
    ) as SettledFact;
    return { p, id, payload };
  }

  /** The settlement's delivery: wears the grant's requirement and converts it, in its own transaction. */
  const deliver = (payload: SettledFact, hold?: () => Promise<void>) =>
    database.transaction(async (tx) => {
      await app.wagering.handlers['ledger.stakeSettled'](payload, tx);
      await hold?.();
    });

  const journal = async (grantId: number) =>
    (await rowsOf<{ key: string }>(sql`select key from wagering_events where key = ${`forfeit:${grantId}`}`))
      .length;

  it('refuses (409, in the caller’s language) a forfeit that waited on a conversion committing, and changes nothing', async () => {
    const { p, id, payload } = await metGrant('race-wait');
    let converting!: () => void;
    const converted = new Promise<void>((resolve) => (converting = resolve));
    // The conversion holds its transaction open a moment after converting: the forfeit comes in meanwhile.
    const conversion = deliver(payload, async () => {
      converting();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await converted;
    const res = await forfeit(id);
    await conversion;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Este bônus não está mais ativo.');
    expect((await forfeit(id, 'en')).json().message).toBe('This bonus is no longer active.');
    const [g] = await playerGrants(database.db, { id });
    expect(g).toMatchObject({ status: 'converted', converted: 100, forfeited: 0 });
    expect(await balances(p.id)).toEqual({ cash: 10_000 - 200 + 100, bonus: 0 });
    expect(await journal(id)).toBe(0);
  });

  it('a forfeit and a conversion at once: exactly one wins, and the books agree', async () => {
    for (let i = 0; i < 4; i++) {
      const { p, id, payload } = await metGrant(`race-${i}`);
      const [res] = await Promise.all([forfeit(id), deliver(payload)]);
      const [g] = await playerGrants(database.db, { id });
      if (res.statusCode === 200) {
        expect(g).toMatchObject({ status: 'forfeited', converted: 0, forfeited: 100 });
        expect(await balances(p.id)).toEqual({ cash: 10_000 - 200, bonus: 0 });
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(g).toMatchObject({ status: 'converted', converted: 100, forfeited: 0 });
        expect(await balances(p.id)).toEqual({ cash: 10_000 - 200 + 100, bonus: 0 });
        expect(await journal(id)).toBe(0);
      }
    }
  });

  it('two forfeits at once: one 200, one 409, the bonus goes back once', async () => {
    const p = await players.signUp('race-twice');
    const res = await grant(
      { userId: p.id, amount: 250, wageringMultiple: 2, expiresInDays: 5, reason: 'Teste' },
      crypto.randomUUID(),
    );
    const id = operatorBonus.parse(res.json().data).id;
    const both = await Promise.all([forfeit(id), forfeit(id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await playerGrants(database.db, { id }))[0]).toMatchObject({
      status: 'forfeited',
      forfeited: 250,
    });
    expect(await balances(p.id)).toEqual({ cash: 0, bonus: 0 });
  });
});

describe('the referral job and exclusions', () => {
  /** Registers through the real route with an invitation code; answers the id and the player's own code. */
  async function signUp(regcode = '') {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await app.inject({ url: `/api/auth/user/captcha/${codeId}` });
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        username: `ref-${crypto.randomBytes(5).toString('hex')}@example.com`,
        pwd: 'correct horse 1',
        pwd1: 'correct horse 1',
        codeId,
        captCode: TEST_CAPTCHA,
        regcode,
      },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const me = await app.inject({
      url: '/api/app/user/userInfo',
      headers: { authorization: `Bearer ${reg.json().data.access_token}` },
    });
    return { id: me.json().data.uId as number, yqm: me.json().data.yqm as string };
  }

  it('pays no commission to an inviter whose exclusion committed after the run began', async () => {
    const a = await signUp();
    const b = await signUp(a.yqm);
    await players.fund(b.id, 5_000);
    await players.lose(b.id, 1_000);
    const day = saoPauloDay(new Date());
    // The cool-off commits once the run has read the day's turnover and inviters, before it pays.
    const transaction = database.transaction.bind(database);
    let excluded = false;
    const spy = vi.spyOn(database, 'transaction').mockImplementation(async (fn, options) => {
      if (!excluded) {
        excluded = true;
        await app.rg.exclude(a.id, { kind: 'cooloff', days: 1 });
      }
      return transaction(fn, options);
    });
    try {
      const run = await app.promo.payReferrals(day);
      expect(run).toMatchObject({ day, paid: 0, amount: 0 });
    } finally {
      spy.mockRestore();
    }
    expect(excluded).toBe(true);
    expect(await promotionsPaid(a.id)).toBe(0);
    expect(await balances(a.id)).toEqual({ cash: 0, bonus: 0 });
    expect(await app.promo.referralAmounts(a.id)).toEqual([0, 0, 0]);
  });

  /** A lost stake of `amount` by `userId` (settled, all captured): its hold, to resettle it. */
  async function staked(userId: number, amount: number) {
    await players.lose(userId, amount);
    const [h] = await rowsOf<{ id: string }>(
      sql`select max(tx_id) as id from ledger_holds where user_id = ${userId}`,
    );
    return Number(h!.id);
  }

  const owed = async (userId: number) =>
    Number(
      (
        await rowsOf<{ owed: string }>(
          sql`select coalesce((select owed from promo_referral_totals where user_id = ${userId}), 0) as owed`,
        )
      )[0]!.owed,
    );

  it('forfeits for good the commission of a day run during the inviter’s exclusion; a later correction alone is paid', async () => {
    const a = await signUp();
    const b = await signUp(a.yqm);
    // C is never excluded: paid as ever.
    const c = await signUp();
    const d = await signUp(c.yqm);
    await players.fund(b.id, 5_000);
    await players.fund(d.id, 5_000);
    await app.rg.exclude(a.id, { kind: 'cooloff', days: 1 });
    const bet = await staked(b.id, 1_000);
    await staked(d.id, 1_000);
    const day = saoPauloDay(new Date());
    await app.promo.payReferrals(day);
    expect(await promotionsPaid(a.id)).toBe(0);
    expect(await promotionsPaid(c.id)).toBe(100);

    // The cool-off ends; the nightly job runs the day again: A's commission of it stays forfeited.
    await database.db.execute(
      sql`update rg_exclusions set ends_at = now() - interval '1 second' where user_id = ${a.id}`,
    );
    expect(await app.rg.promotionsAllowed(a.id)).toBe(true);
    await app.promo.payReferrals(day);
    expect(await promotionsPaid(a.id)).toBe(0);
    expect(await app.promo.referralAmounts(a.id)).toEqual([0, 0, 0]);
    expect(await promotionsPaid(c.id)).toBe(100);

    // A correction of the day found since (R$ 5 more of B's turnover settled on it) is paid, and only it.
    await staked(b.id, 500);
    await app.promo.payReferrals(day);
    expect(await promotionsPaid(a.id)).toBe(50);
    expect(await app.promo.referralAmounts(a.id)).toEqual([50, 0, 0]);
    // A fall takes back the forfeited part first (never paid): B's first stake voided leaves nothing owed.
    await resettle(database.db, {
      holdId: bet,
      capture: 0,
      to: [],
      idempotencyKey: `void-${crypto.randomUUID()}`,
    });
    await app.promo.payReferrals(day);
    expect(await owed(a.id)).toBe(0);
    expect(await app.promo.referralAmounts(a.id)).toEqual([50, 0, 0]);
    expect(await promotionsPaid(a.id)).toBe(50);
  });

  it.runIf(onPostgres)(
    'two runs of one day at once: the run that read the turnover first never applies after the other',
    async () => {
      const a = await signUp();
      const b = await signUp(a.yqm);
      await players.fund(b.id, 5_000);
      await staked(b.id, 1_000);
      const day = saoPauloDay(new Date());
      // The nightly run stops once it has read the day's turnover (at its first look-up of the chains).
      const uplines = app.accounts.uplines.bind(app.accounts);
      let atGate!: () => void;
      const stopped = new Promise<void>((resolve) => (atGate = resolve));
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let calls = 0;
      const spy = vi.spyOn(app.accounts, 'uplines').mockImplementation(async (exec, ids) => {
        if (++calls === 1) {
          atGate();
          await gate;
        }
        return uplines(exec, ids);
      });
      try {
        const nightly = app.promo.payReferrals(day);
        await stopped;
        // Meanwhile B's turnover of the day grows, and an operator runs the day.
        await staked(b.id, 500);
        let manualDone = false;
        const manual = app.promo.runReferrals(day).finally(() => (manualDone = true));
        // It waits for the nightly run's lock (before the fix it went through at once).
        await vi.waitFor(
          async () => {
            if (manualDone) return;
            const [w] = await rowsOf<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(Number(w!.n)).toBeGreaterThanOrEqual(1);
          },
          { timeout: 30_000, interval: 25 },
        );
        open();
        await Promise.all([nightly, manual]);
      } finally {
        spy.mockRestore();
      }
      // R$ 10 paid by the first run, R$ 5 by the second on top: no false fall recorded.
      expect(await promotionsPaid(a.id)).toBe(150);
      expect(await app.promo.referralAmounts(a.id)).toEqual([150, 0, 0]);
      expect(await owed(a.id)).toBe(0);
      // And the next run finds the day done.
      await app.promo.payReferrals(day);
      expect(await promotionsPaid(a.id)).toBe(150);
    },
  );
});
