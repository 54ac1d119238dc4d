import crypto from 'node:crypto';
import { RG_PATH, TxType } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, TEST_CAPTCHA } from '../../../test/helpers';
import {
  hold,
  playerAccounts,
  post,
  providerClearing,
  resettle,
  settle,
  voidHold,
  type SettleInput,
} from '../ledger';

/**
 * The reality check's net result is what the player's play moved their money by in the session: a result
 * corrected after its settlement (a resettlement: the old settlement reversed, the new one posted) counts only
 * its difference, in the session that corrects it, never the old payout again; a void or a provider's rollback
 * gives the stake back; a cash-out's carried rest and a casino's further win count as they move money. Checked
 * against the balances themselves: the session's net equals what cash and bonus (less what is held) moved by.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const PWD = 'correct horse 1';

async function signIn(path: 'restRegister' | 'restLogin', username: string) {
  const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
  expect((await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` })).statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/user/${path}`,
    payload: {
      username,
      pwd: PWD,
      codeId,
      captCode: TEST_CAPTCHA,
      ...(path === 'restRegister' ? { pwd1: PWD } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.access_token as string;
}

/** A player with R$ 1.000,00 in cash, signed in once (session A). */
async function player() {
  const username = `rgs-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const token = await signIn('restRegister', username);
  const info = await t.app.inject({
    url: '/api/app/user/userInfo',
    headers: { authorization: `Bearer ${token}` },
  });
  const userId = info.json().data.uId as number;
  await post(t.database.db, {
    type: TxType.DEPOSIT,
    players: [{ userId, amount: 100_000 }],
    system: [{ kind: 'payment_clearing', amount: -100_000 }],
  });
  return { userId, username, token };
}

/** Cash and bonus the player can use (balance less what is held), minor units. */
async function free(userId: number) {
  return (await playerAccounts(t.database.db, userId)).reduce((s, a) => s + a.balance - a.held, 0);
}

async function session(token: string) {
  const res = await t.app.inject({
    url: `${RG_PATH}/session`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { netResult: number; staked: number };
}

const stake = (userId: number, amount: number, reference: string, product: 'sports' | 'casino' = 'sports') =>
  hold(t.database.db, { type: TxType.BET, userId, amount, product, reference }).then((h) => h.txId);

const HOUSE = 'house.sports' as const;
const result = (holdId: number, stake: number, payout: number): SettleInput => ({
  holdId,
  capture: stake,
  to: [{ kind: HOUSE, amount: stake }],
  ...(payout > 0 ? { payout: { from: HOUSE, amount: payout } } : {}),
});

describe('the reality check’s net result', () => {
  it('a result corrected in a later session counts its difference there, not the old payout again', async () => {
    const p = await player();
    // Session A: R$ 100 staked, settled as a win of R$ 250.
    const h = await stake(p.userId, 10_000, `sports-bet:${p.userId}:1`);
    await settle(t.database.db, result(h, 10_000, 25_000));
    // Session B: the result is corrected to R$ 150, then to a loss.
    const tokenB = await signIn('restLogin', p.username);
    const atB = await free(p.userId);
    await resettle(t.database.db, result(h, 10_000, 15_000));
    let b = await session(tokenB);
    expect(b.netResult).toBe(-100);
    expect(b.staked).toBe(0);
    expect(Math.round(b.netResult * 100)).toBe((await free(p.userId)) - atB);
    await resettle(t.database.db, result(h, 10_000, 0));
    b = await session(tokenB);
    expect(b.netResult).toBe(-250);
    expect(Math.round(b.netResult * 100)).toBe((await free(p.userId)) - atB);
    // Session A (still open) saw it all: R$ 100 staked and lost.
    const a = await session(p.token);
    expect(a).toMatchObject({ netResult: -100, staked: 100 });
  });

  it('within one session the result in effect counts once, however often it was corrected', async () => {
    const p = await player();
    const h = await stake(p.userId, 10_000, `sports-bet:${p.userId}:2`);
    await settle(t.database.db, result(h, 10_000, 25_000));
    await resettle(t.database.db, result(h, 10_000, 15_000));
    await resettle(t.database.db, result(h, 10_000, 30_000));
    expect(await session(p.token)).toMatchObject({ netResult: 200, staked: 100 });
  });

  it('a stake voided or rolled back in a later session comes back there', async () => {
    const p = await player();
    const sports = await stake(p.userId, 10_000, `sports-bet:${p.userId}:3`);
    const casino = await stake(p.userId, 2_000, `rgs:${p.userId}:4`, 'casino');
    const tokenB = await signIn('restLogin', p.username);
    const atB = await free(p.userId);
    await voidHold(t.database.db, { holdId: sports });
    await voidHold(t.database.db, { holdId: casino, memo: { rollback: 'r1' } });
    const b = await session(tokenB);
    expect(b).toMatchObject({ netResult: 120, staked: 0 });
    expect(Math.round(b.netResult * 100)).toBe((await free(p.userId)) - atB);
    expect(await session(p.token)).toMatchObject({ netResult: 0, staked: 0 });
  });

  it('a partial cash-out, a casino round and its further win count as the money moved', async () => {
    const p = await player();
    const atStart = await free(p.userId);
    // R$ 100 staked; 40% cashed out for R$ 60, the rest carried on and lost.
    const ref = `sports-bet:${p.userId}:5`;
    const h = await stake(p.userId, 10_000, ref);
    await settle(t.database.db, result(h, 4_000, 6_000));
    const rest = await hold(t.database.db, {
      type: TxType.BET,
      userId: p.userId,
      amount: 6_000,
      product: 'sports',
      reference: ref,
      memo: { carried: 1 },
    });
    await settle(t.database.db, result(rest.txId, 6_000, 0));
    // A casino round of R$ 10 won R$ 5, then a further win of R$ 7 (free spins).
    const clearing = providerClearing('rgs');
    const c = await stake(p.userId, 1_000, `rgs:${p.userId}:6`, 'casino');
    await settle(t.database.db, {
      holdId: c,
      capture: 1_000,
      to: [{ kind: clearing, amount: 1_000 }],
      payout: { from: clearing, amount: 500 },
    });
    await post(t.database.db, {
      type: TxType.PRIZE,
      players: [{ userId: p.userId, amount: 700 }],
      system: [{ kind: clearing, amount: -700 }],
    });
    const s = await session(p.token);
    expect(s).toMatchObject({ netResult: -38, staked: 110 });
    expect(Math.round(s.netResult * 100)).toBe((await free(p.userId)) - atStart);
  });
});
