import crypto from 'node:crypto';
import {
  isValidCpf,
  recordsAnswer,
  transferAnswer,
  transferCheckAnswer,
  TxType,
  WALLET_RECORDS_PATH,
  WALLET_TRANSFER_CHECK_PATH,
  WALLET_TRANSFER_PATH,
} from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  onPostgres,
  TEST_CAPTCHA,
  TEST_OPERATOR_KEY,
  expectCleanLedgerThenClose,
} from '../../../test/helpers';
import { hold, playerAccounts, post, settle } from '../ledger';
import { deliverLedgerFacts, recordCredit } from '../wagering';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const PWD = 'correct horse 1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const key = () => crypto.randomUUID();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function randomCpf() {
  let cpf: string;
  do cpf = String(crypto.randomInt(0, 100_000_000_000)).padStart(11, '0');
  while (!isValidCpf(cpf));
  return cpf;
}

/** A player, with KYC done (name and CPF) unless told otherwise: transfers need it on both sides. */
async function signUp({ kyc = true, name = 'Ana Souza' }: { kyc?: boolean; name?: string } = {}) {
  const username = `w-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
  await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/user/restRegister',
    payload: { username, pwd: PWD, pwd1: PWD, codeId, captCode: TEST_CAPTCHA },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.access_token as string;
  if (kyc) {
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/app/user/updateKyc',
      headers: bearer(token),
      payload: { name, cardNo: randomCpf() },
    });
    expect(done.statusCode, done.body).toBe(200);
  }
  const info = await t.app.inject({ url: '/api/app/user/userInfo', headers: bearer(token) });
  return { username, token, id: info.json().data.uId as number };
}

/** A deposit as the payments module credits it: the ledger posting and its wagering, in one transaction. */
const fund = async (userId: number, amount: number) => {
  // Read before the transaction: on a cache miss settings reads the database, which PGlite refuses from
  // inside a transaction (a slow run made this test flaky).
  const settings = await t.app.settings.all();
  await t.database.transaction(async (tx) => {
    const { txId } = await post(tx, {
      type: TxType.DEPOSIT,
      players: [{ userId, amount }],
      system: [{ kind: 'payment_clearing', amount: -amount }],
    });
    await recordCredit(tx, { userId, txId, deposit: amount }, settings);
  });
};

const transfer = (token: string, payload: Record<string, unknown>, idempotencyKey: string | null = key()) =>
  t.app.inject({
    method: 'POST',
    url: WALLET_TRANSFER_PATH,
    headers: { ...bearer(token), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload,
  });

const check = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: WALLET_TRANSFER_CHECK_PATH, headers: bearer(token), payload });

const setSettings = async (patch: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/operator/settings',
    headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    payload: patch,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const cashOf = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')?.balance ?? 0;

const records = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `${WALLET_RECORDS_PATH}${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return recordsAnswer.parse(res.json().data);
};

describe('wallet over HTTP', () => {
  it('shows the ledger balance and totals in userInfo and getBalance', async () => {
    const a = await signUp();
    await fund(a.id, 12_345);
    const info = (await t.app.inject({ url: '/api/app/user/userInfo', headers: bearer(a.token) })).json()
      .data;
    expect(info).toMatchObject({ balance: 123.45, freeBalance: 0, paySumAmount: 123.45, gameSumAmount: 0 });
    // VIP level 1 takes R$ 100 of deposits and R$ 400 of turnover (decisions.md "VIP table").
    expect(info).toMatchObject({ level: 0, nextlevel: { paySumAmount: 100, gameSumAmount: 400 } });
    const bal = await t.app.inject({ url: '/api/app/user/getBalance', headers: bearer(a.token) });
    expect(bal.json().data).toEqual({ balance: 123.45, freeBalance: 0 });
    // R$ 400 of settled stakes reach level 1; a stake on hold is not spendable and not yet turnover.
    await fund(a.id, 40_000);
    const stake = await hold(t.database.db, {
      type: TxType.BET,
      userId: a.id,
      amount: 40_000,
      product: 'casino',
      reference: 'round-1',
    });
    expect(
      (await t.app.inject({ url: '/api/app/user/getBalance', headers: bearer(a.token) })).json().data,
    ).toEqual({
      balance: 123.45,
      freeBalance: 0,
    });
    await settle(t.database.db, {
      holdId: stake.txId,
      capture: 40_000,
      to: [{ kind: 'house.casino', amount: 40_000 }],
      payout: { from: 'house.casino', amount: 30_000 },
    });
    // Turnover reaches the wagering module as the ledger's outbox fact (delivered here, as the relay would).
    await deliverLedgerFacts(t.database);
    const after = (await t.app.inject({ url: '/api/app/user/userInfo', headers: bearer(a.token) })).json()
      .data;
    expect(after).toMatchObject({ balance: 423.45, paySumAmount: 523.45, gameSumAmount: 400, level: 1 });
    expect(after.nextlevel).toEqual({ paySumAmount: 500, gameSumAmount: 3000 });

    // The many-player read (the socket's pushes, the back office's pages) answers each as the one-player read.
    const b = await signUp();
    await fund(b.id, 700);
    const many = await t.app.wallet.figuresOfMany([a.id, b.id]);
    expect([...many.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(many.get(a.id)).toEqual(await t.app.wallet.figures(a.id));
    expect(many.get(b.id)).toEqual(await t.app.wallet.figures(b.id));
    expect(many.get(b.id)).toMatchObject({ balance: 7, paySumAmount: 7, level: 0 });
    expect((await t.app.wallet.figuresOfMany([])).size).toBe(0);
  });

  it('transfers to another player, publishes both balances, and lists both sides in the records', async () => {
    const a = await signUp();
    const b = await signUp();
    await fund(a.id, 10_000);
    const changed: number[] = [];
    // Only these two: an earlier test's push may still be on its way through the outbox.
    const off = t.app.bus.subscribe(
      'balance.changed',
      ({ userId }) => (userId === a.id || userId === b.id) && changed.push(userId),
    );
    const res = await transfer(a.token, { username: b.username.toUpperCase(), amount: 25.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(transferAnswer.parse(res.json().data)).toMatchObject({ username: b.username, amount: 25.5 });
    expect(await cashOf(a.id)).toBe(7_450);
    expect(await cashOf(b.id)).toBe(2_550);
    // The pushes follow the outbox's delivery (nudged at commit, later on a busy machine).
    await expect.poll(() => changed.sort(), { timeout: 10_000 }).toEqual([a.id, b.id].sort());
    off();

    const sent = await records(a.token, '?type=transfer');
    expect(sent.list).toEqual([
      expect.objectContaining({
        category: 'transfer',
        amount: -25.5,
        status: '10',
        counterparty: b.username,
      }),
    ]);
    const got = await records(b.token);
    expect(got.list).toEqual([
      expect.objectContaining({ category: 'transfer', amount: 25.5, counterparty: a.username }),
    ]);
  });

  it('answers a repeated key with the first answer and refuses the key with another body', async () => {
    const a = await signUp();
    const b = await signUp();
    await fund(a.id, 10_000);
    const k = key();
    const first = await transfer(a.token, { username: b.username, amount: 10 }, k);
    const again = await transfer(a.token, { username: b.username, amount: 10 }, k);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const other = await transfer(a.token, { username: b.username, amount: 11 }, k);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ status: 40901, data: null });
    expect(await cashOf(a.id)).toBe(9_000);
  });

  it('sends the same key 10 times at once: one transfer, ten identical answers', async () => {
    const a = await signUp();
    const b = await signUp();
    await fund(a.id, 10_000);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => transfer(a.token, { username: b.username, amount: 7 }, k)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => JSON.stringify(r.json().data))).size).toBe(1);
    expect(await cashOf(a.id)).toBe(9_300);
    expect((await records(a.token, '?type=transfer')).list).toHaveLength(1);
  });

  it('refuses bad transfers with a clear message and moves nothing', async () => {
    const a = await signUp();
    const b = await signUp();
    await fund(a.id, 1_000);
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ username: b.username, amount: -1 }, 400, 'O valor deve ser maior que zero'],
      [{ username: b.username, amount: 0 }, 400, 'O valor deve ser maior que zero'],
      [{ username: b.username, amount: 1.001 }, 400, 'O valor pode ter no máximo 2 casas decimais'],
      [{ username: b.username, amount: 'NaN' }, 400, 'Valor inválido'],
      [{ username: b.username, amount: 'Infinity' }, 400, 'Valor inválido'],
      [{ username: b.username, amount: 1e300 }, 400, 'O valor é grande demais'],
      [{ username: b.username, amount: 5, currency: 'XYZ' }, 400, 'Moeda desconhecida'],
      // A currency the platform knows but no player holds: not an over-balance in reais.
      [{ username: b.username, amount: 5, currency: 'NGN' }, 400, 'Moeda desconhecida'],
      [{ username: a.username, amount: 5 }, 400, 'Não é possível transferir para si mesmo'],
      [
        { username: 'nobody@example.com', amount: 5 },
        404,
        'Nenhum jogador com este e-mail pode receber transferências',
      ],
      [{ username: b.username, amount: 10.01 }, 409, 'O valor é maior que o seu saldo de R$\u00a010,00'],
      [{ username: b.username, amount: 0.5 }, 400, 'Valor mínimo de transferência: R$\u00a01,00'],
      [{ username: '', amount: 5 }, 400, 'Informe o usuário da transferência'],
      [{ username: b.username }, 400, null],
    ];
    for (const [payload, status, message] of cases) {
      const res = await transfer(a.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      // Data only to name the field a refusal is about (the receiver, for a transfer to oneself).
      expect(res.json().data).toEqual(payload.username === a.username ? { field: 'username' } : null);
      if (message) expect(res.json().message).toBe(message);
    }
    const noKey = await transfer(a.token, { username: b.username, amount: 5 }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('Falta o cabeçalho Idempotency-Key');
    // A key given but malformed (too short, a space) is told apart from a missing one.
    for (const bad of ['short', 'has a space!', 'k'.repeat(129)]) {
      const res = await transfer(a.token, { username: b.username, amount: 5 }, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(
        'O cabeçalho Idempotency-Key deve ter de 8 a 128 letras, números ou _ . : -',
      );
    }
    const en = await t.app.inject({
      method: 'POST',
      url: WALLET_TRANSFER_PATH,
      headers: { ...bearer(a.token), 'idempotency-key': key(), lang: 'en' },
      payload: { username: a.username, amount: 5 },
    });
    expect(en.json().message).toBe('You cannot transfer to yourself');
    expect(await cashOf(a.id)).toBe(1_000);
    expect(await cashOf(b.id)).toBe(0);
    expect((await transfer(b.token, { username: a.username, amount: 5 })).json().status).toBe(9999);
  });

  it('enforces the transfer limits from settings', async () => {
    const a = await signUp();
    const b = await signUp();
    await fund(a.id, 100_000);
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/operator/settings',
        headers: { 'x-operator-key': TEST_OPERATOR_KEY },
        payload: body,
      });
    expect((await put({ 'transfer.maxAmount': 20_000, 'transfer.dailyMax': 30_000 })).statusCode).toBe(200);
    try {
      expect((await transfer(a.token, { username: b.username, amount: 200.01 })).statusCode).toBe(400);
      expect((await transfer(a.token, { username: b.username, amount: 200 })).statusCode).toBe(200);
      const over = await transfer(a.token, { username: b.username, amount: 100.01 });
      expect(over.json().message).toBe('Limite diário de transferências excedido: R$\u00a0300,00');
      expect((await transfer(a.token, { username: b.username, amount: 100 })).statusCode).toBe(200);
      expect((await put({ 'transfer.enabled': false })).statusCode).toBe(200);
      expect((await transfer(b.token, { username: a.username, amount: 1 })).statusCode).toBe(403);
    } finally {
      await put({
        'transfer.maxAmount': 1_000_000,
        'transfer.dailyMax': 5_000_000,
        'transfer.enabled': true,
      });
    }
    expect(await cashOf(a.id)).toBe(70_000);
  });

  it('checks everything else before the receiver, so an unknown e-mail is only named last', async () => {
    const a = await signUp();
    await fund(a.id, 1_000);
    const nobody = `nobody-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: nobody, amount: 0.5 }, 400, 'Valor mínimo de transferência: R$\u00a01,00'],
      [{ username: nobody, amount: 20_000 }, 400, 'Valor máximo de transferência: R$\u00a010.000,00'],
      [{ username: nobody, amount: 10.01 }, 409, 'O valor é maior que o seu saldo de R$\u00a010,00'],
      [{ username: nobody, amount: 5 }, 404, 'Nenhum jogador com este e-mail pode receber transferências'],
    ];
    for (const [payload, status, message] of cases) {
      for (const res of [await transfer(a.token, payload), await check(a.token, payload)]) {
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await cashOf(a.id)).toBe(1_000);
  });

  it('moves money only between players who passed KYC, and answers an unverified receiver as an unknown one', async () => {
    const verified = await signUp();
    const unverified = await signUp({ kyc: false });
    await fund(verified.id, 5_000);
    await fund(unverified.id, 5_000);
    const fromUnverified = await transfer(unverified.token, { username: verified.username, amount: 5 });
    expect(fromUnverified.statusCode).toBe(403);
    expect(fromUnverified.json().message).toBe(
      'Conclua a verificação de identidade (nome e CPF) antes de transferir',
    );
    expect((await check(unverified.token, { username: verified.username, amount: 5 })).statusCode).toBe(403);
    for (const res of [
      await transfer(verified.token, { username: unverified.username, amount: 5 }),
      await check(verified.token, { username: unverified.username, amount: 5 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Nenhum jogador com este e-mail pode receber transferências');
    }
    expect(await cashOf(verified.id)).toBe(5_000);
    expect(await cashOf(unverified.id)).toBe(5_000);
  });

  it('answers a blocked, cooling-off or self-excluded receiver as an unknown one, and moves nothing', async () => {
    const sender = await signUp();
    await fund(sender.id, 5_000);
    const operator = { 'x-operator-key': TEST_OPERATOR_KEY };
    const blocked = await signUp();
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/operator/players/${blocked.id}/block`,
      headers: operator,
      // A player nobody has changed yet is at version 0.
      payload: { reason: 'chargeback fraud', version: 0 },
    });
    expect(block.statusCode, block.body).toBe(200);
    const excluded = await Promise.all(
      [{ kind: 'cooloff', days: 7 }, { kind: 'self' }].map(async (payload) => {
        const p = await signUp();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/app/rg/exclusion',
          headers: bearer(p.token),
          payload,
        });
        expect(res.statusCode, res.body).toBe(200);
        return p;
      }),
    );
    for (const receiver of [blocked, ...excluded]) {
      for (const res of [
        await transfer(sender.token, { username: receiver.username, amount: 5 }),
        await check(sender.token, { username: receiver.username, amount: 5 }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toBe('Nenhum jogador com este e-mail pode receber transferências');
      }
      expect(await cashOf(receiver.id)).toBe(0);
    }
    expect(await cashOf(sender.id)).toBe(5_000);
  });

  it('limits the different receivers a player looks up, check and transfer alike', async () => {
    await setSettings({ 'transfer.lookupsPerDay': 3 });
    try {
      const a = await signUp();
      const b = await signUp();
      const other = await signUp();
      await fund(a.id, 10_000);
      await fund(other.id, 1_000);
      const unknown = () => `probe-${crypto.randomBytes(4).toString('hex')}@example.com`;
      const first = unknown();
      expect((await check(a.token, { username: first, amount: 1 })).statusCode).toBe(404);
      expect((await transfer(a.token, { username: unknown(), amount: 1 })).statusCode).toBe(404);
      expect((await check(a.token, { username: b.username, amount: 1 })).statusCode).toBe(200);
      const fourth = await check(a.token, { username: unknown(), amount: 1 });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toBe(
        'Muitos destinatários diferentes consultados. Tente novamente mais tarde',
      );
      expect((await transfer(a.token, { username: unknown(), amount: 1 })).statusCode).toBe(429);
      // Receivers already looked up still answer: checking, then sending, to the same player costs one.
      expect((await check(a.token, { username: first, amount: 1 })).statusCode).toBe(404);
      expect((await transfer(a.token, { username: b.username, amount: 1 })).statusCode).toBe(200);
      // The limit is the player's own.
      expect((await check(other.token, { username: b.username, amount: 1 })).statusCode).toBe(200);
    } finally {
      await setSettings({ 'transfer.lookupsPerDay': 20 });
    }
  });

  it('checks a receiver before the transfer and shows a masked name', async () => {
    const a = await signUp();
    const b = await signUp({ name: 'João Silva' });
    await fund(a.id, 1_000);
    const res = await check(a.token, { username: ` ${b.username.toUpperCase()} `, amount: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(transferCheckAnswer.parse(res.json().data)).toEqual({ name: 'Jo** S****' });
    expect(res.json().data.name).not.toContain('ão');
    expect((await check(a.token, { username: a.username, amount: 5 })).json()).toMatchObject({
      message: 'Não é possível transferir para si mesmo',
      data: { field: 'username' },
    });
    expect((await check(a.token, { username: b.username })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: WALLET_TRANSFER_CHECK_PATH })).statusCode).toBe(401);
    const en = await t.app.inject({
      method: 'POST',
      url: WALLET_TRANSFER_CHECK_PATH,
      headers: { ...bearer(a.token), lang: 'en' },
      payload: { username: b.username, amount: 50 },
    });
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe('The amount is more than your balance of 10.00');
    // A check moves nothing.
    expect(await cashOf(a.id)).toBe(1_000);
    expect(await cashOf(b.id)).toBe(0);
  });

  it('creates play-money test accounts kept apart from real money', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/operator/test-accounts' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator/test-accounts',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { username, pwd, balance } = res.json().data;
    expect(balance).toBe(1000);
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd, codeId, captCode: TEST_CAPTCHA },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.access_token as string;
    const test = await t.app.inject({ url: '/api/app/user/getUserTest', headers: bearer(token) });
    expect(test.json().data).toEqual({ username, pwd, balance: 1000 });
    const real = await signUp();
    const refused = await transfer(token, { username: real.username, amount: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Contas de teste não podem transferir');
    const toTest = await signUp();
    await fund(toTest.id, 1_000);
    // A test account is no receiver: the same answer as an unknown e-mail.
    expect((await transfer(toTest.token, { username, amount: 1 })).statusCode).toBe(404);
    const list = await records(token);
    expect(list.list).toEqual([expect.objectContaining({ type: TxType.PLAY_FUNDING, amount: 1000 })]);
  });

  it('filters records by type, status and date, and pages with a cursor', async () => {
    const a = await signUp();
    const b = await signUp();
    await fund(a.id, 50_000);
    for (let i = 1; i <= 5; i++) await transfer(a.token, { username: b.username, amount: i });
    const page1 = await records(a.token, '?limit=2');
    expect(page1.list.map((r) => r.amount)).toEqual([-5, -4]);
    const page2 = await records(a.token, `?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.list.map((r) => r.amount)).toEqual([-3, -2]);
    const page3 = await records(a.token, `?limit=2&cursor=${page2.nextCursor}`);
    expect(page3.list.map((r) => r.amount)).toEqual([-1, 500]);
    expect(page3.nextCursor).toBeNull();
    expect((await records(a.token, '?type=deposit')).list.map((r) => r.amount)).toEqual([500]);
    expect((await records(a.token, '?status=00')).list).toEqual([]);
    expect((await records(a.token, '?status=10')).list).toHaveLength(6);
    expect((await records(a.token, '?to=2000-01-01')).list).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await records(a.token, `?from=${today}&to=${today}`)).list).toHaveLength(6);
    for (const q of [
      '?type=nope',
      '?status=77',
      '?from=yesterday',
      // Year 0 is a JavaScript date but not a PostgreSQL one.
      '?from=0000-01-01',
      '?to=0001-01-01T00:00:00%2B14:00',
      '?cursor=abc',
      '?limit=0',
      '?limit=101',
    ]) {
      const res = await t.app.inject({ url: `${WALLET_RECORDS_PATH}${q}`, headers: bearer(a.token) });
      expect(res.statusCode, q).toBe(400);
      if (/from|to/.test(q)) expect(res.json().message, q).toBe('Data inválida');
    }
    expect((await t.app.inject({ url: WALLET_RECORDS_PATH })).statusCode).toBe(401);
  });

  it.runIf(onPostgres)(
    'lets 500 concurrent debits of a on a balance B through exactly floor(B/a) times',
    async () => {
      const a = await signUp();
      const b = await signUp();
      const B = 100_000;
      const amount = 333;
      await fund(a.id, B);
      const results = await Promise.all(
        Array.from({ length: 500 }, () => transfer(a.token, { username: b.username, amount: amount / 100 })),
      );
      const ok = results.filter((r) => r.statusCode === 200).length;
      expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().status === 9999)).toBe(true);
      expect(ok).toBe(Math.floor(B / amount));
      expect(await cashOf(a.id)).toBe(B - ok * amount);
      expect(await cashOf(b.id)).toBe(ok * amount);
    },
    // 500 requests through the whole app on a shared machine; time is measured in bench/, not here.
    120_000,
  );
});
