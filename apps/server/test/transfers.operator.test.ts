import crypto from 'node:crypto';
import { isValidCpf, operatorTransfersAnswer, WALLET_TRANSFER_PATH } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, testOperators, testPlayers } from './helpers';

/**
 * The back office's transfers list (issue 16, Money): a transfer made through the player API is seen by
 * finance with its figures, found by its filters, refused to roles without `deposits.read`, and bad filters
 * are a translated 400.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Op = Awaited<ReturnType<ReturnType<typeof testOperators>['signIn']>>;
let t: TestApp;
let finance: Op;
let support: Op;
let marketing: Op;
const players: { id: number; token: string; username: string }[] = [];
let transferId: number;
let sentAt: number;

function randomCpf() {
  let cpf: string;
  do cpf = String(crypto.randomInt(0, 100_000_000_000)).padStart(11, '0');
  while (!isValidCpf(cpf));
  return cpf;
}

const list = (query: string, headers = finance.headers) =>
  t.app.inject({ url: `/api/operator/transfers${query}`, headers });
const rows = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return operatorTransfersAnswer.parse(res.json().data);
};

beforeAll(async () => {
  t = await createTestApp();
  const signIn = testOperators(t.app).signIn;
  [finance, support, marketing] = [
    await signIn('finance'),
    await signIn('support'),
    await signIn('marketing'),
  ];
  const p = testPlayers(t.app, t.database);
  for (const prefix of ['tra', 'trb']) {
    const player = await p.signUp(prefix);
    const kyc = await t.app.inject({
      method: 'POST',
      url: '/api/app/user/updateKyc',
      headers: { authorization: `Bearer ${player.token}` },
      payload: { name: 'Ana Souza', cardNo: randomCpf() },
    });
    expect(kyc.statusCode, kyc.body).toBe(200);
    players.push(player);
  }
  await p.fund(players[0]!.id, 100_00);
  const sent = await t.app.inject({
    method: 'POST',
    url: WALLET_TRANSFER_PATH,
    headers: { authorization: `Bearer ${players[0]!.token}`, 'idempotency-key': crypto.randomUUID() },
    payload: { username: players[1]!.username, amount: 25.5 },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json().status, sent.body).toBe(0);
  transferId = Number(sent.json().data.id);
  sentAt = Date.parse(sent.json().data.time);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

describe('GET /api/operator/transfers', () => {
  it('shows a transfer made by a player with its sender, receiver and amount', async () => {
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    const page = await rows(`?sender=${a.id}`);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: transferId,
      sender: { id: a.id, email: a.username },
      receiver: { id: b.id, email: b.username },
      amount: 25.5,
      currency: 'BRL',
      reversedBy: null,
    });
    expect(Date.parse(page.list[0]!.time)).toBe(sentAt);
  });

  it('filters by sender and receiver (id or e-mail, any case), amount and time', async () => {
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    const ids = async (q: string) => (await rows(q)).list.map((r) => r.id);
    expect(await ids(`?sender=${encodeURIComponent(a.username.toUpperCase())}`)).toEqual([transferId]);
    expect(await ids(`?receiver=${encodeURIComponent(b.username)}`)).toEqual([transferId]);
    expect(await ids(`?receiver=${b.id}&sender=${a.id}`)).toEqual([transferId]);
    // The other way round, and an e-mail nobody has: nothing.
    expect(await ids(`?sender=${b.id}&receiver=${a.id}`)).toEqual([]);
    expect(await ids(`?sender=nobody-here%40example.com`)).toEqual([]);
    expect(await ids(`?sender=${a.id}&minAmount=25.5&maxAmount=25.5`)).toEqual([transferId]);
    expect(await ids(`?sender=${a.id}&minAmount=25.51`)).toEqual([]);
    expect(await ids(`?sender=${a.id}&maxAmount=25.49`)).toEqual([]);
    const before = new Date(sentAt - 60_000).toISOString();
    const after = new Date(sentAt + 60_000).toISOString();
    expect(await ids(`?sender=${a.id}&from=${before}&to=${after}`)).toEqual([transferId]);
    expect(await ids(`?sender=${a.id}&from=${after}`)).toEqual([]);
    expect(await ids(`?sender=${a.id}&to=${before}`)).toEqual([]);
  });

  it('pages and sorts on the server', async () => {
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    // A second, smaller transfer back the other way.
    const back = await t.app.inject({
      method: 'POST',
      url: WALLET_TRANSFER_PATH,
      headers: { authorization: `Bearer ${b.token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { username: a.username, amount: 5 },
    });
    expect(back.json().status, back.body).toBe(0);
    const backId = Number(back.json().data.id);
    const mine = `&pageSize=1`;
    const both = async (q: string) => {
      const [x, y] = [await rows(`?${q}${mine}&page=1`), await rows(`?${q}${mine}&page=2`)];
      return [x.total, ...x.list.map((r) => r.id), ...y.list.map((r) => r.id)];
    };
    const ours = (q: string) => both(`${q}&from=${new Date(sentAt - 1000).toISOString()}`);
    // Other tests share no database with this file, so the two transfers are all there is.
    expect(await ours('order=desc')).toEqual([2, backId, transferId]);
    expect(await ours('order=asc')).toEqual([2, transferId, backId]);
    expect(await ours('sort=amount&order=asc')).toEqual([2, backId, transferId]);
  });

  it('refuses operators without deposits.read (support, marketing)', async () => {
    for (const op of [support, marketing]) {
      const res = await list('', op.headers);
      expect(res.statusCode, res.body).toBe(403);
    }
  });

  it('answers bad filters with a translated 400', async () => {
    for (const q of [
      '?sender=nobody',
      '?receiver=0',
      '?sender=99999999999999999999',
      '?minAmount=-1',
      '?minAmount=1.005',
      '?maxAmount=abc',
      '?minAmount=10&maxAmount=5',
      '?from=yesterday',
      '?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z',
      '?sort=user_id',
      '?pageSize=101',
      '?page=0',
    ]) {
      const res = await list(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      // A sentence for the operator, not a message code.
      expect(res.json().message, q).toMatch(/\s/);
      expect(res.json().message, q).not.toMatch(/fieldInvalid|periodReversed/);
    }
    const reversed = await list('?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z');
    expect(reversed.json().message).toBe('O período deve começar antes de terminar');
  });
});
