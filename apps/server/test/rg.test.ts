import crypto from 'node:crypto';
import {
  ErrorCode,
  exclusionBalances,
  OrderStatus,
  ORIGINALS_PATH,
  TxType,
  RG_NATIONAL_SELF_EXCLUSION_URL,
  RG_PATH,
  ROUNDS_PATH,
  rgLimits,
  type RoundState,
} from '@aposta/contracts';
import { formatMoney } from '@aposta/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brasiliaTime, expectCleanLedgerThenClose, TEST_CAPTCHA, TEST_OPERATOR_KEY } from './helpers';
import { playerAccounts, post } from '../src/modules/ledger';
import {
  paymentsClient,
  paymentsTestApp,
  type Player,
  type TestApp,
} from '../src/modules/payments/payments.test-client';

/**
 * Responsible gambling through the real routes: limits (lower at once, higher after 24 hours), the one check
 * of every stake path in this branch (instant originals, mines, shared rounds) and of deposits, cool-off and
 * self-exclusion (signed out everywhere, sign-in refused, a pending withdrawal still paid).
 */
let t: TestApp;
let c: ReturnType<typeof paymentsClient>;
const PWD = 'correct horse 1';

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
  await c.setSettings({ 'wagering.depositMultiplier': 0 });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A KYC'd player with R$ 100 deposited through the sandbox PIX page. */
async function funded(): Promise<Player & { username: string }> {
  const p = await c.signUp();
  await c.deposit(p, 4);
  const info = await c.call('GET', '/api/app/user/userInfo', p.token);
  return { ...p, username: info.json().data.username as string };
}

const limits = (p: Player, body?: object) =>
  body ? c.call('PUT', `${RG_PATH}/limits`, p.token, body) : c.call('GET', `${RG_PATH}/limits`, p.token);

const dice = (p: Player, amount: number, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${ORIGINALS_PATH}/dice/bet`,
    headers: {
      authorization: `Bearer ${p.token}`,
      'idempotency-key': crypto.randomUUID(),
      ...(lang ? { lang } : {}),
    },
    payload: { amount, target: 50, condition: 'over' },
  });

const cash = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')?.balance ?? 0;

const nonceOf = async (p: Player) =>
  (await c.call('GET', `${ORIGINALS_PATH}/fairness`, p.token)).json().data.nonce as number;

function expectLimit(res: { statusCode: number; body: string; json(): { status: number; message: string } }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().status).toBe(ErrorCode.LIMIT_REACHED);
}

async function login(username: string) {
  const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
  await c.call('GET', `/api/auth/user/captcha/${codeId}`);
  return c.call('POST', '/api/auth/user/restLogin', undefined, {
    username,
    pwd: PWD,
    codeId,
    captCode: TEST_CAPTCHA,
  });
}

describe('limits', () => {
  it('a lower limit applies at once; a higher one or a removal waits 24 hours, shown with its time', async () => {
    const p = await funded();
    let res = await limits(p, { loss: { day: 50 }, time: { week: 600 }, realityCheckMinutes: 30 });
    expect(res.statusCode, res.body).toBe(200);
    let body = rgLimits.parse(res.json().data);
    expect(body.loss.day).toMatchObject({ value: 50, pending: null });
    expect(body.time.week.value).toBe(600);
    expect(body.realityCheckMinutes).toBe(30);

    res = await limits(p, { loss: { day: 20 } });
    expect(rgLimits.parse(res.json().data).loss.day).toMatchObject({ value: 20, pending: null });

    const before = Date.now();
    res = await limits(p, { loss: { day: 80 }, time: { week: null } });
    body = rgLimits.parse(res.json().data);
    expect(body.loss.day.value).toBe(20);
    expect(body.loss.day.pending?.value).toBe(80);
    const due = Date.parse(body.loss.day.pending!.effectiveAt) - before;
    expect(due).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(due).toBeLessThan(24 * 3_600_000 + 60_000);
    expect(body.time.week.value).toBe(600);
    expect(body.time.week.pending).toMatchObject({ value: null });

    // Once the 24 hours have passed, the raise is in force.
    await t.database.db.execute(
      sql`update rg_limits set pending_at = now() - interval '1 second' where user_id = ${p.userId}`,
    );
    body = rgLimits.parse((await limits(p)).json().data);
    expect(body.loss.day).toMatchObject({ value: 80, pending: null });
    expect(body.time.week).toMatchObject({ value: null, pending: null });
  });

  it('refuses a negative, zero, absurd or over-precise limit with a clear message, and changes nothing', async () => {
    const p = await funded();
    for (const [payload, message] of [
      [{ loss: { day: -5 } }, 'O limite deve ser um valor positivo, com no máximo 2 casas decimais'],
      [{ stake: { week: 0 } }, 'O limite deve ser um valor positivo, com no máximo 2 casas decimais'],
      [{ deposit: { month: 1e12 } }, 'Limite grande demais: no máximo R$ 1.000.000 ou a duração do período'],
      [{ time: { day: 5000 } }, 'Limite grande demais: no máximo R$ 1.000.000 ou a duração do período'],
      [{ stake: { day: 1.234 } }, 'O limite deve ser um valor positivo, com no máximo 2 casas decimais'],
      // Minutes are not money: their own words.
      [{ time: { day: 0 } }, 'O limite de tempo deve ser um número inteiro de minutos, maior que zero'],
      [{ time: { week: 90.5 } }, 'O limite de tempo deve ser um número inteiro de minutos, maior que zero'],
      // A number of bets is neither money nor minutes.
      [{ bets: { day: 0 } }, 'O número de apostas deve ser um número inteiro, maior que zero'],
      [{ bets: { week: 2.5 } }, 'O número de apostas deve ser um número inteiro, maior que zero'],
      [{ bets: { month: 100_001 } }, 'Limite grande demais: no máximo R$ 1.000.000 ou a duração do período'],
    ] as const) {
      const res = await limits(p, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const body = rgLimits.parse((await limits(p)).json().data);
    expect(body.loss.day.value).toBeNull();
    expect(body.stake.week.value).toBeNull();
  });

  it('another player’s id cannot be named: limits are the session’s own', async () => {
    const a = await funded();
    const b = await funded();
    const res = await limits(a, { userId: b.userId, stake: { day: 1 } });
    expect(res.statusCode).toBe(400);
    expect((await limits(a, { stake: { day: 1 } })).statusCode).toBe(200);
    expect(rgLimits.parse((await limits(b)).json().data).stake.day.value).toBeNull();
    expect((await dice(b, 2)).statusCode).toBe(200);
    expect((await c.call('GET', `${RG_PATH}/limits`)).statusCode).toBe(401);
  });
});

describe('the one check of every stake path', () => {
  it('dice: refused at the stake limit with the message, nothing moved, the nonce untouched', async () => {
    const p = await funded();
    await limits(p, { stake: { day: 5 } });
    expect((await dice(p, 3)).statusCode).toBe(200);
    const balance = await cash(p.userId);
    const nonce = await nonceOf(p);
    const res = await dice(p, 3);
    expectLimit(res);
    expect(res.json().message).toBe(
      `Esta aposta passaria do seu limite diário de apostas (${formatMoney(500, 'BRL')}). Aposta recusada.`,
    );
    expect((await dice(p, 3, 'en')).json().message).toBe(
      // Amounts in the reader's style, as the app shows them: English without the unit.
      'This bet would go over your daily stake limit (5.00). Bet refused.',
    );
    expect(await cash(p.userId)).toBe(balance);
    expect(await nonceOf(p)).toBe(nonce);
    // What is left under the limit can still be staked.
    expect((await dice(p, 2)).statusCode).toBe(200);
    expect(rgLimits.parse((await limits(p)).json().data).stake.day.used).toBe(5);
  });

  it('a number-of-bets limit: every bet counts, the fast path’s too; the one past it is refused, nothing moved', async () => {
    const p = await funded();
    // No limit yet: these go by the originals' set-based path, which counts them as rg_stake would.
    expect((await dice(p, 1)).statusCode).toBe(200);
    expect((await dice(p, 1)).statusCode).toBe(200);
    expect(rgLimits.parse((await limits(p)).json().data).bets.day.used).toBe(2);
    const set = await limits(p, { bets: { day: 3 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(rgLimits.parse(set.json().data).bets.day).toMatchObject({ value: 3, used: 2, pending: null });
    expect((await dice(p, 1)).statusCode).toBe(200);
    const balance = await cash(p.userId);
    const nonce = await nonceOf(p);
    const res = await dice(p, 1);
    expectLimit(res);
    expect(res.json().message).toBe('Você já fez as 3 apostas do seu limite diário. Aposta recusada.');
    expect(res.json().data).toMatchObject({ kind: 'bets', period: 'day', limit: 3 });
    expect((await dice(p, 1, 'en')).json().message).toBe(
      'You have placed your daily limit of 3 bets. Bet refused.',
    );
    expect(await cash(p.userId)).toBe(balance);
    expect(await nonceOf(p)).toBe(nonce);
    // A provider's wallet bet is refused the same way; refusals were not counted.
    const refusal = await t.database.transaction((tx) => t.app.rg.stakeRefusal(tx, p.userId, 100));
    expect(refusal).toMatchObject({ code: ErrorCode.LIMIT_REACHED, key: 'rgLimitBetsDay' });
    const after = rgLimits.parse((await limits(p)).json().data).bets;
    expect([after.day.used, after.week.used, after.month.used]).toEqual([3, 3, 3]);
    // A raise waits its 24 hours, as every limit's does.
    expect(rgLimits.parse((await limits(p, { bets: { day: 10 } })).json().data).bets.day.pending?.value).toBe(
      10,
    );
    expectLimit(await dice(p, 1));
  });

  it('raising a limit and using it at once is refused (the raise waits 24 hours)', async () => {
    const p = await funded();
    await limits(p, { stake: { week: 2 } });
    await limits(p, { stake: { week: 50 } });
    const res = await dice(p, 3);
    expectLimit(res);
    expect(res.json().message).toBe(
      `Esta aposta passaria do seu limite semanal de apostas (${formatMoney(200, 'BRL')}). Aposta recusada.`,
    );
  });

  it('mines: a start over the loss limit is refused, nothing held', async () => {
    const p = await funded();
    await limits(p, { loss: { month: 4 } });
    const balance = await cash(p.userId);
    const res = await c.call(
      'POST',
      `${ORIGINALS_PATH}/mines/start`,
      p.token,
      { amount: 5, mines: 3 },
      {
        'idempotency-key': crypto.randomUUID(),
      },
    );
    expectLimit(res);
    expect(res.json().message).toBe(
      `Esta aposta passaria do seu limite mensal de perdas (${formatMoney(400, 'BRL')}). Aposta recusada.`,
    );
    expect(await cash(p.userId)).toBe(balance);
    const held = (await playerAccounts(t.database.db, p.userId)).find((a) => a.kind === 'cash')?.held;
    expect(held).toBe(0);
  });

  it('a loss limit counts payouts: stakes minus what came back', async () => {
    const p = await funded();
    // Near-sure wins: dice over 2 pays 1.0102× the stake; a roll of 2.00 or less (201 of 10,001) loses it.
    await limits(p, { loss: { day: 3 } });
    let staked = 0; // centavos of the accepted bets
    let net = 0; // their stakes minus their payouts
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${ORIGINALS_PATH}/dice/bet`,
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': crypto.randomUUID() },
        payload: { amount: 2, target: 2, condition: 'over' },
      });
      if (net + 200 > 300) {
        // A bet was lost: its R$ 2 plus this open stake would pass the R$ 3 limit.
        expectLimit(res);
        break;
      }
      expect(res.statusCode, res.body).toBe(200);
      staked += 200;
      net += 200 - Math.round((res.json().data.payout as number) * 100);
      // The payout reaches the count through the ledger's outbox fact.
      await vi.waitFor(
        async () =>
          expect(rgLimits.parse((await limits(p)).json().data).loss.day.used).toBe(Math.max(0, net) / 100),
        { timeout: 30_000, interval: 50 },
      );
    }
    const body = rgLimits.parse((await limits(p)).json().data);
    expect(body.stake.day.used).toBe(staked / 100);
    expect(body.loss.day.used).toBe(Math.max(0, net) / 100);
  });

  it('a time limit: refused once the day’s playing time is used up', async () => {
    const p = await funded();
    await limits(p, { time: { day: 10 } });
    expect((await dice(p, 1)).statusCode).toBe(200);
    // Only today's part of a session counts, and a Brasília day begins at 03:00 UTC: in its first minutes
    // no one can have played 10 of them. Between 9 and 11 minutes in, wait for 11 (no flooring near the edge).
    const today = async () =>
      Number(
        (
          (await t.database.db.execute(
            sql`select extract(epoch from now() - ((rg_today()::timestamp + interval '3 hours') at time zone 'UTC')) / 60 as m`,
          )) as unknown as { rows: { m: string }[] }
        ).rows[0]!.m,
      );
    let minutes = await today();
    if (minutes >= 9 && minutes < 11) {
      await sleep((11 - minutes) * 60_000);
      minutes = await today();
    }
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '15 minutes' where user_id = ${p.userId}`,
    );
    const res = await dice(p, 1);
    if (minutes < 9) {
      // The session began yesterday: its minutes before midnight are not today's playing time.
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    expectLimit(res);
    expect(res.json().message).toBe('Limite diário de tempo de jogo atingido (10 min). Aposta recusada.');
  }, 180_000);

  it('shared rounds: a double bet over the stake limit is refused, nothing held', async () => {
    const p = await funded();
    await limits(p, { stake: { day: 1 } });
    let state: RoundState | undefined;
    // This app runs no rounds clock: the test starts the game's chain and steps the clock itself.
    await t.app.rounds.newChain('double');
    for (let i = 0; i < 400; i++) {
      await t.app.rounds.advance('double');
      const s = (await c.call('GET', `${ROUNDS_PATH}/double/state`)).json().data as RoundState | null;
      if (s && s.phase === 'betting' && Date.parse(s.closesAt) - Date.parse(s.serverTime) > 800) {
        state = s;
        break;
      }
      await sleep(50);
    }
    expect(state).toBeDefined();
    const bet = (amount: number) =>
      c.call(
        'POST',
        `${ROUNDS_PATH}/double/bet`,
        p.token,
        { roundId: state!.roundId, amount, color: 'red' },
        {
          'idempotency-key': crypto.randomUUID(),
        },
      );
    const balance = await cash(p.userId);
    const res = await bet(2);
    expectLimit(res);
    expect(res.json().message).toBe(
      `Esta aposta passaria do seu limite diário de apostas (${formatMoney(100, 'BRL')}). Aposta recusada.`,
    );
    expect(await cash(p.userId)).toBe(balance);
    expect((await bet(1)).statusCode).toBe(200);
  });

  it('a provider’s wallet bet asks the answering form: refusal returned, its transaction still usable', async () => {
    const p = await funded();
    await limits(p, { stake: { day: 1 } });
    const [first, second, after] = await t.database.transaction(async (tx) => {
      const ok = await t.app.rg.stakeRefusal(tx, p.userId, 100);
      const refused = await t.app.rg.stakeRefusal(tx, p.userId, 1);
      const usable = await tx.execute(sql`select 1 as one`);
      return [ok, refused, usable];
    });
    expect(first).toBeNull();
    expect(second).toMatchObject({ code: ErrorCode.LIMIT_REACHED, key: 'rgLimitStakeDay' });
    expect(after).toBeDefined();
    // The refused stake was not counted; the allowed one was.
    expect(rgLimits.parse((await limits(p)).json().data).stake.day.used).toBe(1);
  });

  it('deposits: an order over the deposit limit is refused; the credited deposit counts', async () => {
    const p = await funded();
    // R$ 100 deposited today already.
    // Counted when the payments' outbox fact is delivered.
    for (let n = 0; n < 200; n++) {
      if (rgLimits.parse((await limits(p)).json().data).deposit.day.used === 100) break;
      await sleep(50);
    }
    expect(rgLimits.parse((await limits(p)).json().data).deposit.day.used).toBe(100);
    await limits(p, { deposit: { day: 150 } });
    const res = await c.prePay(p, 4);
    expectLimit(res);
    expect(res.json().message).toBe(
      `Este depósito passaria do seu limite diário de depósitos (${formatMoney(15000, 'BRL')}). Depósito recusado.`,
    );
  });
});

describe('cool-off and self-exclusion', () => {
  it('signs the player out everywhere, refuses sign-in with the end date, stops stakes and deposits', async () => {
    const p = await funded();
    const second = (await login(p.username)).json().data.access_token as string;
    const res = await c.call('POST', `${RG_PATH}/exclusion`, p.token, { kind: 'cooloff', days: 7 });
    expect(res.statusCode, res.body).toBe(200);
    const endsAt = res.json().data.endsAt as string;
    expect(Date.parse(endsAt) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    for (const token of [p.token, second]) {
      expect((await c.call('GET', '/api/app/user/userInfo', token)).statusCode).toBe(401);
    }
    const again = await login(p.username);
    expect(again.statusCode).toBe(403);
    expect(again.json().status).toBe(ErrorCode.SELF_EXCLUDED);
    expect(again.json().message).toBe(
      `Sua conta está pausada até ${brasiliaTime(endsAt)}. O acesso volta depois dessa data.`,
    );
    // A stake or a deposit reaching the check by another way (a provider's call) is refused too.
    await expect(
      t.database.transaction((tx) => t.app.rg.assertCanStake(tx, p.userId, 100)),
    ).rejects.toMatchObject({ code: ErrorCode.SELF_EXCLUDED, key: 'rgExcludedUntil' });
    await expect(t.app.rg.assertCanDeposit(p.userId, 100)).rejects.toMatchObject({
      code: ErrorCode.SELF_EXCLUDED,
    });
    expect(await t.app.rg.promotionsAllowed(p.userId)).toBe(false);
  });

  it('a self-exclusion with an end refuses sign-in by its name, not as a pause', async () => {
    const p = await funded();
    const res = await c.call('POST', `${RG_PATH}/exclusion`, p.token, { kind: 'self', days: 180 });
    expect(res.statusCode, res.body).toBe(200);
    const again = await login(p.username);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(
      `Sua conta está autoexcluída até ${brasiliaTime(res.json().data.endsAt as string)}. O acesso volta depois dessa data.`,
    );
  });

  it('a pending withdrawal is still paid after a self-exclusion', async () => {
    const p = await funded();
    const w = await c.withdraw(p, c.pixWithdrawal(p, 50));
    expect(w.statusCode, w.body).toBe(200);
    const res = await c.call('POST', `${RG_PATH}/exclusion`, p.token, { kind: 'self' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.endsAt).toBeNull();
    const again = await login(p.username);
    expect(again.json().message).toBe('Sua conta está autoexcluída permanentemente e não pode ser acessada.');
    const list = (await c.operator('GET', '/api/operator/withdrawals?status=pending')).json().data;
    const id = list.find((x: { orderId: string }) => x.orderId === w.json().data.orderId).id as number;
    const paid = await c.operator('POST', `/api/operator/withdrawals/${id}/approve`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.events.map((e: { event: string }) => e.event)).toEqual([
      'requested',
      'approved',
      'paid',
    ]);
  });

  it('a self-excluded player’s cash goes to their own CPF after review, once; a cool-off’s stays', async () => {
    const pending = async (p: Player) =>
      (await c.operator('GET', '/api/operator/withdrawals?status=pending'))
        .json()
        .data.filter((x: { userId: number }) => x.userId === p.userId);
    const paidOut = async () =>
      t.app.payments.withdrawals.payOutExcluded(await t.app.rg.selfExcludedAccounts());
    // The deposits' wagering requirement is waived: the money goes back to the account it came from.
    await c.setSettings({ 'wagering.depositMultiplier': 1 });
    try {
      const [excluded, paused] = [await funded(), await funded()];
      expect(
        (await c.call('POST', `${RG_PATH}/exclusion`, excluded.token, { kind: 'self', days: 365 }))
          .statusCode,
      ).toBe(200);
      expect(
        (await c.call('POST', `${RG_PATH}/exclusion`, paused.token, { kind: 'cooloff', days: 7 })).statusCode,
      ).toBe(200);
      expect((await t.app.rg.selfExcludedAccounts()).map((a) => a.userId)).toContain(excluded.userId);
      expect((await t.app.rg.selfExcludedAccounts()).map((a) => a.userId)).not.toContain(paused.userId);

      const [first, second] = await Promise.all([paidOut(), paidOut()]);
      const orders = await pending(excluded);
      // Two runs at once made one order, of the whole cash, to the player's own CPF, with no fee.
      expect(orders).toHaveLength(1);
      expect([...first, ...second].filter((id) => id === orders[0].orderId)).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        amount: 100,
        fee: 0,
        netAmount: 100,
        payCardBank: 'CPF',
        payCardNo: excluded.cpf,
      });
      expect(orders[0].events[0].note).toBe('selfExclusion');
      const account = (await playerAccounts(t.database.db, excluded.userId)).find((a) => a.kind === 'cash')!;
      expect({ balance: account.balance, held: account.held }).toEqual({ balance: 10_000, held: 10_000 });
      expect(await pending(paused)).toHaveLength(0);
      expect(await cash(paused.userId)).toBe(10_000);

      // A late credit (a bet settled after the exclusion) waits while the order is open, then goes too.
      await post(t.database.db, {
        type: TxType.DEPOSIT,
        players: [{ userId: excluded.userId, amount: 500 }],
        system: [{ kind: 'payment_clearing', amount: -500 }],
      });
      await paidOut();
      expect(await pending(excluded)).toHaveLength(1);
      const approved = await c.operator('POST', `/api/operator/withdrawals/${orders[0].id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.status).toBe(OrderStatus.PAID);
      await paidOut();
      const late = await pending(excluded);
      expect(late.map((o: { amount: number }) => o.amount)).toEqual([5]);
      expect(await cash(excluded.userId)).toBe(500);
    } finally {
      await c.setSettings({ 'wagering.depositMultiplier': 0 });
    }
  });

  it('a rejected or failed exclusion payout is left to the operators until a later exclusion', async () => {
    const run = async (p: Player) =>
      t.app.payments.withdrawals.payOutExcluded(
        (await t.app.rg.selfExcludedAccounts()).filter((a) => a.userId === p.userId),
      );
    const idOf = async (orderId: string) =>
      (
        (await c.operator('GET', '/api/operator/withdrawals?status=all')).json().data as {
          id: number;
          orderId: string;
        }[]
      ).find((x) => x.orderId === orderId)!.id;

    // Rejected (an AML look, say): the money is back and stays until an operator acts.
    const p = await funded();
    expect((await c.call('POST', `${RG_PATH}/exclusion`, p.token, { kind: 'self' })).statusCode).toBe(200);
    const [orderId] = await run(p);
    const rejected = await c.operator('POST', `/api/operator/withdrawals/${await idOf(orderId!)}/reject`, {
      reason: 'AML review',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await cash(p.userId)).toBe(10_000);
    expect(await run(p)).toEqual([]);
    const listed = exclusionBalances
      .parse((await c.operator('GET', '/api/operator/withdrawals/exclusion-balances')).json().data)
      .find((b) => b.userId === p.userId);
    expect(listed).toMatchObject({ state: 'stopped', cash: 100, orderId: null });

    // Failed on the rail: the day's withdrawals it never took are not given back, and no new order follows.
    const q = await funded();
    const own = await c.withdraw(q, c.pixWithdrawal(q, 50));
    expect(own.statusCode, own.body).toBe(200);
    const approved = await c.operator(
      'POST',
      `/api/operator/withdrawals/${await idOf(own.json().data.orderId)}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const left = (await t.app.payments.withdrawals.limits(q.userId)).number;
    expect((await c.call('POST', `${RG_PATH}/exclusion`, q.token, { kind: 'self' })).statusCode).toBe(200);
    const [failing] = await run(q);
    expect((await c.call('POST', '/sandbox/payouts/mode', undefined, { mode: 'fail' })).statusCode).toBe(200);
    try {
      const res = await c.operator('POST', `/api/operator/withdrawals/${await idOf(failing!)}/approve`);
      expect(res.json().data.status, res.body).toBe(OrderStatus.FAILED);
    } finally {
      await c.call('POST', '/sandbox/payouts/mode', undefined, { mode: 'pay' });
    }
    expect(await cash(q.userId)).toBe(5_000);
    expect((await t.app.payments.withdrawals.limits(q.userId)).number).toBe(left);
    expect(await run(q)).toEqual([]);

    // A later self-exclusion (the first one over) pays again.
    await t.database.db.execute(
      sql`update rg_exclusions set starts_at = now() - interval '400 days', ends_at = now() - interval '1 day'
          where user_id = ${q.userId}`,
    );
    await t.database.db.execute(
      sql`insert into rg_exclusions (user_id, kind, starts_at, ends_at) values (${q.userId}, 'self', now(), null)`,
    );
    const again = await run(q);
    expect(again).toHaveLength(1);
    expect(await idOf(again[0]!)).toBeGreaterThan(0);
  });

  it('a blocked self-excluded player is left to the operators: no exclusion payout', async () => {
    const p = await funded();
    expect((await c.call('POST', `${RG_PATH}/exclusion`, p.token, { kind: 'self' })).statusCode).toBe(200);
    const block = await c.operator('POST', `/api/operator/players/${p.userId}/block`, {
      reason: 'Fraude suspeita',
      version: 0,
    });
    expect(block.statusCode, block.body).toBe(200);
    const accounts = (await t.app.rg.selfExcludedAccounts()).filter((a) => a.userId === p.userId);
    expect(accounts).toHaveLength(1);
    expect(await t.app.payments.withdrawals.payOutExcluded(accounts)).toEqual([]);
    expect(await cash(p.userId)).toBe(10_000);
  });

  it('the operators see every self-excluded player holding cash, and where the payout stands', async () => {
    const exclude = async (p: Player) =>
      expect((await c.call('POST', `${RG_PATH}/exclusion`, p.token, { kind: 'self' })).statusCode).toBe(200);
    const states = async (...players: Player[]) => {
      const res = await c.operator('GET', '/api/operator/withdrawals/exclusion-balances');
      expect(res.statusCode, res.body).toBe(200);
      const list = exclusionBalances.parse(res.json().data);
      return players.map((p) => list.find((b) => b.userId === p.userId) ?? null);
    };
    const [due, blocked, blockedWaiting] = [await funded(), await funded(), await funded()];
    // A withdrawal of their own still open: the block, not the order, is what the operators must see.
    const own = await c.withdraw(blockedWaiting, c.pixWithdrawal(blockedWaiting, 50));
    expect(own.statusCode, own.body).toBe(200);
    // Nothing to pay: not listed.
    const broke = await c.signUp();
    // Cash but no verified CPF (credited without a deposit: a bet settled, say).
    const unverified = await c.signUp({ kyc: false });
    const credit = (p: Player, amount: number) =>
      post(t.database.db, {
        type: TxType.DEPOSIT,
        players: [{ userId: p.userId, amount }],
        system: [{ kind: 'payment_clearing', amount: -amount }],
      });
    await credit(unverified, 2_500);
    for (const p of [due, blocked, blockedWaiting, broke, unverified]) await exclude(p);
    for (const p of [blocked, blockedWaiting]) {
      const block = await c.operator('POST', `/api/operator/players/${p.userId}/block`, {
        reason: 'Fraude suspeita',
        version: 0,
      });
      expect(block.statusCode, block.body).toBe(200);
    }

    const before = await states(due, blocked, blockedWaiting, unverified, broke);
    expect(before.map((b) => b && { state: b.state, cash: b.cash, orderId: b.orderId })).toEqual([
      { state: 'due', cash: 100, orderId: null },
      { state: 'blocked', cash: 100, orderId: null },
      { state: 'blocked', cash: 50, orderId: own.json().data.orderId },
      { state: 'noVerifiedCpf', cash: 25, orderId: null },
      null,
    ]);
    expect(before[0]!.username).toBe(due.username);
    const all = exclusionBalances.parse(
      (await c.operator('GET', '/api/operator/withdrawals/exclusion-balances')).json().data,
    );
    // The ones left to the operators come first.
    const at = (p: Player) => all.findIndex((b) => b.userId === p.userId);
    expect(at(blocked)).toBeLessThan(at(due));
    expect(at(unverified)).toBeLessThan(at(due));

    // Paid out: the order holds the cash, nothing is left to list; a late credit waits for that order.
    const accounts = (await t.app.rg.selfExcludedAccounts()).filter((a) =>
      [due, blocked, blockedWaiting, broke, unverified].some((p) => p.userId === a.userId),
    );
    const made = await t.app.payments.withdrawals.payOutExcluded(accounts);
    expect(made).toHaveLength(1);
    expect(await states(due)).toEqual([null]);
    await credit(due, 700);
    const [waiting] = await states(due);
    expect(waiting).toMatchObject({ state: 'ordered', orderId: made[0], cash: 7 });
  });

  it('refuses a cool-off outside 1-42 days and a self-exclusion under 180 days', async () => {
    const p = await funded();
    for (const [body, message] of [
      [{ kind: 'cooloff', days: 43 }, 'A pausa vai de 1 a 42 dias'],
      [{ kind: 'cooloff' }, 'A pausa vai de 1 a 42 dias'],
      [{ kind: 'self', days: 30 }, 'A autoexclusão é de no mínimo 180 dias, ou permanente'],
      [{ kind: 'pause', days: 3 }, 'Escolha pausa (cool-off) ou autoexclusão'],
    ] as const) {
      const res = await c.call('POST', `${RG_PATH}/exclusion`, p.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await c.call('GET', '/api/app/user/userInfo', p.token)).statusCode).toBe(200);
  });
});

describe('the reality check', () => {
  it('answers time played and the net result since sign-in', async () => {
    const p = await funded();
    await limits(p, { realityCheckMinutes: 15 });
    const bets = [await dice(p, 2), await dice(p, 3)].map((r) => r.json().data as { payout: number });
    const res = await c.call('GET', `${RG_PATH}/session`, p.token);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.staked).toBe(5);
    expect(s.netResult).toBeCloseTo(bets[0]!.payout + bets[1]!.payout - 5, 2);
    expect(s.minutesPlayed).toBe(0);
    expect(s.realityCheckMinutes).toBe(15);
  });
});

describe('operator view', () => {
  it('a player’s limits, exclusions and reality checks, behind rg.read', async () => {
    const p = await funded();
    await limits(p, { stake: { day: 40 }, realityCheckMinutes: 20 });
    await dice(p, 2);
    const check = await c.call('POST', `${RG_PATH}/session/check`, p.token);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.staked).toBe(2);
    await c.call('POST', `${RG_PATH}/exclusion`, p.token, { kind: 'cooloff', days: 2 });

    expect((await c.call('GET', `/api/operator/rg/players/${p.userId}`)).statusCode).toBe(401);
    const res = await c.operator('GET', `/api/operator/rg/players/${p.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view.limits.stake.day.value).toBe(40);
    expect(view.limits.realityCheckMinutes).toBe(20);
    expect(view.exclusions).toHaveLength(1);
    expect(view.exclusions[0].kind).toBe('cooloff');
    expect(view.realityChecks).toHaveLength(1);
    expect(view.realityChecks[0].netResult).toBe(check.json().data.netResult);
  });

  it('payouts by how long they took, against the 120-minute deadline', async () => {
    // Three players (withdrawals per day are limited per player).
    const ask = async () => {
      const p = await funded();
      const res = await c.withdraw(p, c.pixWithdrawal(p, 50));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.orderId as string;
    };
    const [quick, slow, waiting] = [await ask(), await ask(), await ask()] as [string, string, string];
    const list = (await c.operator('GET', '/api/operator/withdrawals?status=pending')).json().data;
    const idOf = (orderId: string) =>
      list.find((x: { orderId: string }) => x.orderId === orderId).id as number;
    // One request was made 3 hours ago (paid now: late), another still waits after 100 minutes (due soon).
    await t.database.db.execute(
      sql`update payment_orders set created_at = now() - interval '3 hours' where order_id = ${slow}`,
    );
    await t.database.db.execute(
      sql`update payment_orders set created_at = now() - interval '100 minutes' where order_id = ${waiting}`,
    );
    for (const orderId of [quick, slow])
      expect(
        (await c.operator('POST', `/api/operator/withdrawals/${idOf(orderId)}/approve`)).statusCode,
      ).toBe(200);
    const res = await c.operator('GET', '/api/operator/withdrawals/payout-times?days=1');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.deadlineMinutes).toBe(120);
    expect(r.paid.late).toBeGreaterThanOrEqual(1);
    expect(r.paid.within30).toBeGreaterThanOrEqual(1);
    expect(r.paid.slowestMinutes).toBeGreaterThanOrEqual(180);
    expect(r.open).toContainEqual({ orderId: waiting, minutesWaiting: 100, late: false });
  });

  it('payout times over the São Paulo days the reports page selects; a bad period is a clear 400', async () => {
    const p = await funded();
    const asked = await c.withdraw(p, c.pixWithdrawal(p, 50));
    expect(asked.statusCode, asked.body).toBe(200);
    const orderId = asked.json().data.orderId as string;
    const pending = (await c.operator('GET', '/api/operator/withdrawals?status=pending')).json().data;
    const id = pending.find((x: { orderId: string }) => x.orderId === orderId).id as number;
    expect((await c.operator('POST', `/api/operator/withdrawals/${id}/approve`)).statusCode).toBe(200);
    // Requested at 23:30 on 10 January in São Paulo (02:30 UTC on the 11th), paid 45 minutes later.
    await t.database.db.execute(
      sql`update payment_orders set created_at = '2026-01-11T02:30:00Z' where order_id = ${orderId}`,
    );
    await t.database.db.execute(
      sql`update payment_order_events set at = '2026-01-11T03:15:00Z' where order_id = ${orderId} and event = 'paid'`,
    );
    const period = async (query: string) => {
      const res = await c.operator('GET', `/api/operator/withdrawals/payout-times?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.paid;
    };
    expect(await period('from=2026-01-10&to=2026-01-10')).toEqual({
      within30: 0,
      within60: 1,
      within120: 0,
      late: 0,
      slowestMinutes: 45,
    });
    expect(await period('from=2026-01-04&to=2026-01-10')).toMatchObject({ within60: 1, slowestMinutes: 45 });
    expect(await period('from=2026-01-11&to=2026-01-11')).toEqual({
      within30: 0,
      within60: 0,
      within120: 0,
      late: 0,
      slowestMinutes: null,
    });

    const refused = async (query: string, message: string) => {
      const res = await t.app.inject({
        url: `/api/operator/withdrawals/payout-times?${query}`,
        headers: { 'x-operator-key': TEST_OPERATOR_KEY, lang: 'en' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    const range = 'The period must start on or before its end and cover at most one year';
    await refused('from=2026-01-10', range);
    await refused('from=2026-01-11&to=2026-01-10', range);
    await refused('from=2025-01-01&to=2026-06-01', range);
    await refused('days=7&from=2026-01-10&to=2026-01-10', 'Please check the field days');
    await refused('days=0', 'Please check the field days');
    await refused('from=2026-02-30&to=2026-03-01', 'Please check the field from');
  });
});

describe('the national self-exclusion link', () => {
  it('is a setting an operator changes (audited); the app answers follow it; only http(s) is accepted', async () => {
    const p = await c.signUp({ kyc: false });
    const answered = async () => ({
      profile: (await c.call('GET', `${RG_PATH}/profile`)).json().data.nationalSelfExclusionUrl as string,
      limits: (await limits(p)).json().data.nationalSelfExclusionUrl as string,
    });
    const govBr = RG_NATIONAL_SELF_EXCLUSION_URL;
    expect(await answered()).toEqual({ profile: govBr, limits: govBr });
    expect(
      (await c.operator('GET', '/api/operator/settings')).json().data['rg.nationalSelfExclusionUrl'],
    ).toBe(govBr);

    // Not an http(s) address: 400 in the operator's language, nothing changed.
    const put = (value: unknown, lang = 'pt_BR') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/operator/settings',
        headers: { 'x-operator-key': TEST_OPERATOR_KEY, lang },
        payload: { 'rg.nationalSelfExclusionUrl': value },
      });
    for (const bad of [
      'javascript:alert(1)',
      'ftp://gov.br/autoexclusao',
      '/autoexclusao',
      'gov.br',
      '',
      42,
    ]) {
      const res = await put(bad);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(
        'O link da autoexclusão nacional deve ser um endereço http:// ou https://',
      );
    }
    const english = await put('data:text/html,<script>alert(1)</script>', 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe(
      'The national self-exclusion link must be an http:// or https:// address',
    );
    expect(await answered()).toEqual({ profile: govBr, limits: govBr });

    const moved = 'https://autoexclusao.example.gov.br/inicio';
    const saved = await put(moved);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data['rg.nationalSelfExclusionUrl']).toBe(moved);
    expect(await answered()).toEqual({ profile: moved, limits: moved });
    const audit = await c.operator('GET', '/api/operator/audit?action=settings.write&limit=5');
    expect(audit.json().data).toContainEqual(
      expect.objectContaining({
        target: 'settings',
        outcome: 'ok',
        before: { 'rg.nationalSelfExclusionUrl': govBr },
        after: { 'rg.nationalSelfExclusionUrl': moved },
      }),
    );
    // A refused change is in the audit log too.
    expect(audit.json().data).toContainEqual(
      expect.objectContaining({ target: 'settings', outcome: 'failed', httpStatus: 400 }),
    );
    await c.setSettings({ 'rg.nationalSelfExclusionUrl': govBr });
  });
});
