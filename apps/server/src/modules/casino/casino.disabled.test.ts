import { RG_PATH, PROVIDER_PATH, type WalletAnswer, type WalletCall } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, createTestApp, expectCleanLedgerThenClose } from '../../../test/helpers';
import { casinoClient, uid } from './casino.testing';
import { signWalletBody } from './casino.wallet';

/**
 * RS_ERROR_USER_DISABLED (casino.md): a player who may not sign in — blocked by an operator, in a cool-off or
 * self-excluded — is refused bets and user calls with that status (and the balance), while the wins and
 * rollbacks of rounds already played still pass. Signed calls over a listening server, as a provider makes them.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof casinoClient>;
let p: Awaited<ReturnType<ReturnType<typeof casinoClient>['provider']>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = baseUrlOf(t.app.server);
  c = casinoClient(t.app, t.database);
  p = await c.provider();
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

/** A signed call over HTTP, as the provider's server sends it. */
async function call(path: WalletCall, body: Record<string, unknown>): Promise<WalletAnswer> {
  const raw = JSON.stringify(body);
  const res = await fetch(`${base}${PROVIDER_PATH}/${p.code}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signWalletBody(p.secret, raw) },
    body: raw,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as WalletAnswer;
}

function round(token: string) {
  const r = uid('r');
  const base = { token, round: r, round_closed: false, game_code: p.gameCode, currency: 'BRL' };
  return {
    bet: (amount: number, transaction_uuid = uid('b')) =>
      call('transaction/bet', { ...base, request_uuid: uid('q'), transaction_uuid, amount }),
    win: (amount: number, ref: string) =>
      call('transaction/win', {
        ...base,
        round_closed: true,
        request_uuid: uid('q'),
        transaction_uuid: uid('w'),
        reference_transaction_uuid: ref,
        amount,
      }),
    rollback: (ref: string) =>
      call('transaction/rollback', {
        ...base,
        request_uuid: uid('q'),
        transaction_uuid: uid('rb'),
        reference_transaction_uuid: ref,
        amount: 0,
      }),
  };
}

/** Plays a bet to be paid and a bet to be rolled back after the player is disabled; answers them. */
async function openRounds(token: string) {
  const paid = round(token);
  const paidBet = uid('b');
  expect((await paid.bet(10_00, paidBet)).status).toBe('RS_OK');
  const undone = round(token);
  const undoneBet = uid('b');
  expect((await undone.bet(5_00, undoneBet)).status).toBe('RS_OK');
  return { paid, paidBet, undone, undoneBet };
}

/** The refusals of a disabled player, then the win and the rollback of the rounds left open. */
async function expectDisabled(token: string, open: Awaited<ReturnType<typeof openRounds>>, balance: number) {
  const refused = await round(token).bet(1_00);
  expect(refused).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance, currency: 'BRL' });
  for (const path of ['user/info', 'user/balance'] as const) {
    const q = uid('q');
    expect(await call(path, { request_uuid: q, token })).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
      balance,
      request_uuid: q,
    });
  }
  // A round the player began before is still paid, and a bet still given back (casino.md: wins and rollbacks
  // pass whatever the token).
  expect(await open.paid.win(30_00, open.paidBet)).toMatchObject({
    status: 'RS_OK',
    balance: balance + 30_00,
  });
  expect(await open.undone.rollback(open.undoneBet)).toMatchObject({
    status: 'RS_OK',
    balance: balance + 30_00 + 5_00,
  });
}

describe('casino wallet: a disabled player', () => {
  it('blocked by an operator: bets and user calls answer RS_ERROR_USER_DISABLED, wins and rollbacks pass', async () => {
    const pl = await c.launched(p.gameCode, 100_00);
    const open = await openRounds(pl.gameToken);
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/operator/players/${pl.id}/block`,
      headers: c.operator,
      payload: { reason: 'fraud review', version: 0 },
    });
    expect(block.statusCode, block.body).toBe(200);
    await expectDisabled(pl.gameToken, open, 85_00);

    // Unblocked, the player signs in again and a new game session bets as before.
    const unblock = await t.app.inject({
      method: 'POST',
      url: `/api/operator/players/${pl.id}/unblock`,
      headers: c.operator,
      payload: { version: 1 },
    });
    expect(unblock.statusCode, unblock.body).toBe(200);
    // The old game session died with the revoked sign-in: no longer disabled, just an invalid token.
    expect((await round(pl.gameToken).bet(1_00)).status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it.each([
    ['a cool-off', { kind: 'cooloff', days: 1 }],
    ['a self-exclusion', { kind: 'self', days: 180 }],
  ])('in %s: bets and user calls answer RS_ERROR_USER_DISABLED, wins and rollbacks pass', async (_, body) => {
    const pl = await c.launched(p.gameCode, 100_00);
    const open = await openRounds(pl.gameToken);
    const excluded = await t.app.inject({
      method: 'POST',
      url: `${RG_PATH}/exclusion`,
      headers: { authorization: `Bearer ${pl.token}` },
      payload: body,
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    await expectDisabled(pl.gameToken, open, 85_00);
  });

  it('a player who may play is not disabled', async () => {
    const pl = await c.launched(p.gameCode, 20_00);
    expect((await call('user/info', { request_uuid: uid('q'), token: pl.gameToken })).status).toBe('RS_OK');
    expect(await round(pl.gameToken).bet(1_00)).toMatchObject({ status: 'RS_OK', balance: 19_00 });
  });
});
