import crypto from 'node:crypto';
import {
  betsAnswer,
  fairnessState,
  originalBet,
  ORIGINALS_PATH,
  originalsConfig,
  recordsAnswer,
  rotateAnswer,
  TxType,
  WALLET_RECORDS_PATH,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_CAPTCHA,
  TEST_OPERATOR_KEY,
} from '../../../test/helpers';
import { playerAccounts, post } from '../ledger';
import { deliverLedgerFacts } from '../wagering';
import { diceRoll } from '@aposta/fairness';
import { createSeedVault } from './originals.seeds';
import { createOriginalsService } from './originals.service';
import { originalsClient } from './originals.testing';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof originalsClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = originalsClient(t.app, t.database);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const bet = (res: Parameters<typeof data>[0]) => originalBet.parse(data(res));

/** Mines' multiplier written out (games.md): 0.99 × C(25, s) / C(25 − M, s), floored to ten-thousandths. */
function minesMult(m: number, s: number) {
  const choose = (n: number, k: number) => {
    let r = 1n;
    for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
    return r;
  };
  return Number((9900n * choose(25, s)) / choose(25 - m, s)) / 10_000;
}

/** A funded player. */
async function player(deposit = 100_000) {
  const p = await c.signUp();
  if (deposit) await c.fund(p.id, deposit);
  return p;
}

const cashOf = async (userId: number) =>
  (await playerAccounts(t.database.db, userId)).find((a) => a.kind === 'cash')?.available ?? 0;

/** Everything a refused call must leave as it was: money, ledger, bets and the nonce. */
async function snapshot(userId: number) {
  const q = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    accounts: await playerAccounts(t.database.db, userId),
    transactions: (
      await q(sql`select count(*)::int as n from ledger_transactions where user_id = ${userId}`)
    )[0],
    bets: await q(
      sql`select id, state, outcome, payout from originals_bets where user_id = ${userId} order by id`,
    ),
    seeds: await q(sql`select id, nonce, active from originals_seeds where user_id = ${userId} order by id`),
  };
}

const setSettings = async (patch: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/operator/settings',
    headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    payload: patch,
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('originals: config and seeds', () => {
  it('answers the limits and the declared RTP of every game', async () => {
    const cfg = originalsConfig.parse(data(await t.app.inject({ url: '/api/app/originals/config' })));
    expect(cfg).toMatchObject({ minStake: 0.1, maxStake: 5000, maxPayout: 500_000 });
    expect(cfg.games.dice).toEqual({ rtp: 0.99, houseEdge: 0.01 });
    expect(Object.keys(cfg.games).sort()).toEqual(['dice', 'limbo', 'mines', 'plinko', 'rowDouble']);
  });

  it('opens a seed pair on first read: a hash, a random client seed, nonce 0; never the server seed', async () => {
    const p = await player(0);
    const res = await c.call(p.token, 'fairness');
    const state = fairnessState.parse(data(res));
    expect(state.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(state.clientSeed.length).toBeGreaterThan(8);
    expect(state.nonce).toBe(0);
    expect(res.body).not.toMatch(/serverSeed"/);
    // The same pair on the next read.
    expect(fairnessState.parse(data(await c.call(p.token, 'fairness')))).toEqual(state);
  });

  it('rotates: reveals the old seed (which hashes to the shown hash), opens a new pair with the chosen client seed', async () => {
    const p = await player();
    const before = fairnessState.parse(data(await c.call(p.token, 'fairness')));
    const placed = bet(await c.call(p.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' }));
    expect(placed.serverSeed).toBeNull();
    expect(bet(await c.call(p.token, `bets/${placed.betId}`)).serverSeed).toBeNull();
    const rotated = rotateAnswer.parse(
      data(await c.call(p.token, 'fairness/rotate', { clientSeed: 'my-own-seed' }, null)),
    );
    expect(rotated.revealed).toMatchObject({ serverSeedHash: before.serverSeedHash, nonce: 1 });
    expect(crypto.createHash('sha256').update(rotated.revealed.serverSeed).digest('hex')).toBe(
      before.serverSeedHash,
    );
    expect(rotated.current).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(rotated.current.serverSeedHash).not.toBe(before.serverSeedHash);
    // Recall: the bet now shows the seed that served it; the new pair serves the next bet from nonce 0.
    const recalled = bet(await c.call(p.token, `bets/${placed.betId}`));
    expect(recalled).toMatchObject({ serverSeed: rotated.revealed.serverSeed, nonce: 0 });
    const next = bet(await c.call(p.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' }));
    expect(next).toMatchObject({ nonce: 0, clientSeed: 'my-own-seed', serverSeed: null });
  });

  it('bets during a rotation: each nonce serves one bet, of the old pair or the new one', async () => {
    const p = await player();
    const old = fairnessState.parse(data(await c.call(p.token, 'fairness')));
    const dice = () => c.call(p.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' });
    const [results, rotated] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => dice().then((r) => bet(r)))),
      c.call(p.token, 'fairness/rotate', {}, null).then((r) => rotateAnswer.parse(data(r))),
    ]);
    const before = results.filter((b) => b.serverSeedHash === old.serverSeedHash);
    const after = results.filter((b) => b.serverSeedHash === rotated.current.serverSeedHash);
    expect(before.length + after.length).toBe(8);
    expect(before.map((b) => b.nonce).sort((a, b) => a - b)).toEqual(before.map((_, i) => i));
    expect(after.map((b) => b.nonce).sort((a, b) => a - b)).toEqual(after.map((_, i) => i));
    expect(rotated.revealed.nonce).toBe(before.length);
    expect(fairnessState.parse(data(await c.call(p.token, 'fairness'))).nonce).toBe(after.length);
  });

  it('bets of many players at once: a refused one leaves the others, and its nonce, untouched', async () => {
    // Bets arriving together are committed together (originals_bet_batch), each in its own subtransaction.
    const funded = await Promise.all(Array.from({ length: 6 }, () => player()));
    const poor = await player(50); // R$ 0,50: a R$ 1 stake is refused
    const dice = (token: string) => c.call(token, 'dice/bet', { amount: 1, target: 50, condition: 'over' });
    data(await c.call(poor.token, 'fairness')); // opens the pair (nonce 0), as the game screen does
    const before = await snapshot(poor.id);
    const [refused, ...placed] = await Promise.all([poor, ...funded, ...funded].map((p) => dice(p.token)));
    expect(refused!.statusCode, refused!.body).toBe(409);
    expect(refused!.json().status).toBe(9999);
    expect(await snapshot(poor.id)).toEqual(before);
    const bets = placed.map((r) => bet(r));
    for (const p of funded) {
      const mine = bets.filter((b, i) => (i < funded.length ? funded[i] : funded[i - funded.length]) === p);
      expect(mine.map((b) => b.nonce).sort()).toEqual([0, 1]);
      expect(await cashOf(p.id)).toBe(
        100_000 - 200 + mine.reduce((s, b) => s + Math.round(b.payout * 100), 0),
      );
    }
    // The refused player's next bet, once funded, takes the nonce the refusal left.
    await c.fund(poor.id, 1_000);
    expect(bet(await dice(poor.token)).nonce).toBe(0);
  });

  it('another node’s cached pair goes stale (its bets, a rotation): recomputed, each nonce serves one bet', async () => {
    // A second service on the same database is a second node with its own cache of pairs and nonces.
    const other = createOriginalsService({
      database: t.database,
      settings: t.app.settings,
      bus: t.app.bus,
      vault: createSeedVault(undefined),
      rg: t.app.rg,
    });
    const p = await player();
    const dice = { game: 'dice', amount: 1, target: 50, condition: 'over' } as const;
    const here = async () =>
      bet(await c.call(p.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' }));
    const there = () => other.bet({ id: p.id }, dice, crypto.randomUUID());
    const seen = [await here(), await there(), await there(), await here(), await here(), await there()];
    expect(seen.map((b) => b.nonce)).toEqual([0, 1, 2, 3, 4, 5]);
    const rotated = await other.rotate(p.id, {});
    expect(rotated.revealed.nonce).toBe(6);
    const next = await here();
    expect(next.nonce).toBe(0);
    expect(next.serverSeedHash).toBe(rotated.current.serverSeedHash);
    // Every outcome is the one of the pair and nonce it names (the revealed seed, for the first six).
    const recalled = await Promise.all(seen.map((b) => c.call(p.token, `bets/${b.betId}`).then(bet)));
    for (const b of recalled) {
      expect(b.serverSeed).toBe(rotated.revealed.serverSeed);
      expect(b.outcome).toEqual({
        roll: diceRoll({ serverSeed: b.serverSeed!, clientSeed: b.clientSeed, nonce: b.nonce }) / 100,
      });
    }
  });

  it('keeps the server seed encrypted at rest when ORIGINALS_SEED_KEY is set', async () => {
    const key = crypto.randomBytes(32).toString('hex');
    const other = await createTestApp({ ORIGINALS_SEED_KEY: key });
    try {
      const oc = originalsClient(other.app, other.database);
      const p = await oc.signUp();
      const shown = fairnessState.parse(data(await oc.call(p.token, 'fairness')));
      const stored = (
        (await other.database.db.execute(
          sql`select server_seed from originals_seeds where user_id = ${p.id}`,
        )) as unknown as { rows: { server_seed: string }[] }
      ).rows[0]!.server_seed;
      expect(stored).toMatch(/^v1:/);
      const rotated = rotateAnswer.parse(data(await oc.call(p.token, 'fairness/rotate', {}, null)));
      expect(crypto.createHash('sha256').update(rotated.revealed.serverSeed).digest('hex')).toBe(
        shown.serverSeedHash,
      );
      expect(stored).not.toContain(rotated.revealed.serverSeed);
    } finally {
      await other.close();
    }
  });

  it('refuses a client seed with spaces or too long, in the player language', async () => {
    const p = await player(0);
    const res = await c.call(p.token, 'fairness/rotate', { clientSeed: 'a b' }, null, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/client seed/i);
    expect((await c.call(p.token, 'fairness/rotate', { clientSeed: 'x'.repeat(65) }, null)).statusCode).toBe(
      400,
    );
    // A rotation with no body at all keeps a random client seed, as `{}` does.
    const bare = await t.app.inject({
      method: 'POST',
      url: `${ORIGINALS_PATH}/fairness/rotate`,
      headers: c.bearer(p.token),
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(rotateAnswer.parse(data(bare)).current.clientSeed).toMatch(/^\S{1,64}$/);
  });
});

describe('originals: instant games', () => {
  it('dice: one hold and one settlement, balance = deposit − stake + payout, turnover counted, nonce +1', async () => {
    const p = await player(10_000);
    const seen: unknown[] = [];
    const off = t.app.bus.subscribe('balance.changed', (e) => {
      if (e.userId === p.id) seen.push(e);
    });
    const b = bet(await c.call(p.token, 'dice/bet', { amount: '2.50', target: 49.5, condition: 'under' }));
    expect(b).toMatchObject({ game: 'dice', amount: 2.5, nonce: 0, state: expect.any(String) });
    expect(b.params).toEqual({ game: 'dice', target: 49.5, condition: 'under' });
    const roll = (b.outcome as { roll: number }).roll;
    expect(roll).toBeGreaterThanOrEqual(0);
    expect(roll).toBeLessThanOrEqual(100);
    const won = roll < 49.5;
    expect(b.multiplier).toBe(won ? 2 : 0);
    expect(b.payout).toBe(won ? 5 : 0);
    expect(b.balance).toBe(100 - 2.5 + b.payout);
    expect(await cashOf(p.id)).toBe(10_000 - 250 + Math.round(b.payout * 100));
    // The ledger: the hold (product originals, reference the bet id) and its settlement.
    const holds = (
      (await t.database.db.execute(
        sql`select product, reference, state, posted, paid from ledger_holds where user_id = ${p.id}`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(holds).toEqual([
      {
        product: 'originals',
        reference: b.betId,
        state: 'posted',
        posted: expect.anything(),
        paid: expect.anything(),
      },
    ]);
    expect(Number(holds[0]!.paid)).toBe(Math.round(b.payout * 100));
    // The records name the game of the stake (and of its winnings, when it won).
    const records = recordsAnswer.parse(
      data(await t.app.inject({ url: WALLET_RECORDS_PATH, headers: c.bearer(p.token) })),
    );
    expect(records.list.filter((r) => r.bet).map((r) => [r.category, r.amount, r.bet])).toEqual([
      ...(won ? [['prize', 5, { product: 'originals', game: 'dice', gameName: null }]] : []),
      ['bet', -2.5, { product: 'originals', game: 'dice', gameName: null }],
    ]);
    // The stake counts as turnover (gameSumAmount) once the ledger's fact is delivered.
    await deliverLedgerFacts(t.database);
    const info = data(await t.app.inject({ url: '/api/app/user/userInfo', headers: c.bearer(p.token) }));
    expect((info as { gameSumAmount: number }).gameSumAmount).toBe(2.5);
    // The bus (Redis on the PostgreSQL pass) delivers asynchronously.
    await vi.waitFor(() => expect(seen).toEqual([{ userId: p.id, cause: 'stake', usedFreeBalance: false }]), {
      timeout: 10_000,
    });
    off();
    expect(fairnessState.parse(data(await c.call(p.token, 'fairness'))).nonce).toBe(1);
  });

  it('limbo, plinko and row double: outcome, multiplier and payout agree', async () => {
    const p = await player();
    const limbo = bet(await c.call(p.token, 'limbo/bet', { amount: 1, target: 2 }));
    const result = (limbo.outcome as { result: number }).result;
    expect(result).toBeGreaterThanOrEqual(1);
    expect(limbo.payout).toBe(result >= 2 ? 2 : 0);
    const plinko = bet(await c.call(p.token, 'plinko/bet', { amount: 1, rows: 8, risk: 'low' }));
    const { path, slot } = plinko.outcome as { path: number[]; slot: number };
    expect(path).toHaveLength(8);
    expect(slot).toBe(path.reduce((a, b) => a + b, 0));
    const low8 = [5.6, 2.1, 1.1, 1, 0.5, 1, 1.1, 2.1, 5.6];
    expect(plinko.multiplier).toBe(low8[slot]);
    expect(plinko.payout).toBe(low8[slot]);
    const row = bet(await c.call(p.token, 'rowDouble/bet', { amount: 1, color: 'red' }));
    const tile = (row.outcome as { tile: number }).tile;
    expect(row.payout).toBe(tile >= 1 && tile <= 7 ? 2 : 0);
    expect([limbo.nonce, plinko.nonce, row.nonce]).toEqual([0, 1, 2]);
    const list = betsAnswer.parse(data(await c.call(p.token, 'bets?limit=10')));
    expect(list.list.map((b) => b.betId)).toEqual([row.betId, plinko.betId, limbo.betId]);
    const onlyPlinko = betsAnswer.parse(data(await c.call(p.token, 'bets?game=plinko')));
    expect(onlyPlinko.list.map((b) => b.betId)).toEqual([plinko.betId]);
  });

  it('a repeated key answers the first answer and moves nothing; another body under it is 409', async () => {
    const p = await player();
    const key = crypto.randomUUID();
    const first = bet(await c.call(p.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' }, key));
    const before = await snapshot(p.id);
    const again = bet(await c.call(p.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' }, key));
    expect(again).toEqual(first);
    const other = await c.call(p.token, 'dice/bet', { amount: 2, target: 50, condition: 'over' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Esta chave de idempotência já foi usada com outro pedido');
    expect(await snapshot(p.id)).toEqual(before);
    const missing = await c.call(p.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' }, null);
    expect(missing.statusCode).toBe(400);
    // Another player may use the same key: keys are per player.
    const q = await player();
    bet(await c.call(q.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' }, key));
  });

  it('ten identical keyed bets at once place one bet', async () => {
    const p = await player();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        c.call(p.token, 'limbo/bet', { amount: 1, target: 1.5 }, key).then((r) => bet(r)),
      ),
    );
    expect(new Set(answers.map((a) => a.betId)).size).toBe(1);
    expect(betsAnswer.parse(data(await c.call(p.token, 'bets'))).list).toHaveLength(1);
  });

  it.each([
    [
      'a stake below the minimum',
      'dice/bet',
      { amount: 0.09, target: 50, condition: 'over' },
      400,
      'A aposta mínima é R$\u00a00,10',
    ],
    [
      'a stake above the maximum',
      'dice/bet',
      { amount: 5000.01, target: 50, condition: 'over' },
      400,
      'A aposta máxima é R$\u00a05.000,00',
    ],
    [
      'a stake above the balance',
      'dice/bet',
      { amount: 1000.01, target: 50, condition: 'over' },
      409,
      'A aposta é maior que o seu saldo de R$\u00a01.000,00',
    ],
    [
      'a dice chance above 98%',
      'dice/bet',
      { amount: 1, target: 1.99, condition: 'over' },
      400,
      'A chance de ganhar deve ficar entre 0,01% e 98%',
    ],
    [
      'a dice chance of 0',
      'dice/bet',
      { amount: 1, target: 0, condition: 'under' },
      400,
      'A chance de ganhar deve ficar entre 0,01% e 98%',
    ],
    [
      'a stake with 3 decimals',
      'dice/bet',
      { amount: 1.555, target: 50, condition: 'over' },
      400,
      'O valor pode ter no máximo 2 casas decimais',
    ],
    [
      'a mines stake with 3 decimals, as text',
      'mines/start',
      { amount: '1.555', mines: 3 },
      400,
      'O valor pode ter no máximo 2 casas decimais',
    ],
    [
      'a dice target with 3 decimals',
      'dice/bet',
      { amount: 1, target: 50.001, condition: 'over' },
      400,
      'Use no máximo 2 casas decimais',
    ],
    [
      'a limbo target below 1.01',
      'limbo/bet',
      { amount: 1, target: 1 },
      400,
      'O multiplicador alvo deve ficar entre 1,01x e 1.000.000x',
    ],
    [
      'a limbo target above 1,000,000',
      'limbo/bet',
      { amount: 1, target: 1_000_000.01 },
      400,
      'O multiplicador alvo deve ficar entre 1,01x e 1.000.000x',
    ],
    [
      'a payout above the maximum',
      'limbo/bet',
      { amount: 1, target: 500_001 },
      400,
      'Esta aposta pode pagar mais que o pagamento máximo de R$\u00a0500.000,00: diminua o valor ou o multiplicador',
    ],
    [
      'plinko with 17 rows',
      'plinko/bet',
      { amount: 1, rows: 17, risk: 'low' },
      400,
      'O plinko tem de 8 a 16 linhas',
    ],
    [
      'a dice condition neither over nor under',
      'dice/bet',
      { amount: 1, target: 50, condition: 'sideways' },
      400,
      'Escolha acima ou abaixo',
    ],
    [
      'a plinko risk not of the three',
      'plinko/bet',
      { amount: 1, rows: 8, risk: 'extreme' },
      400,
      'Escolha o risco: baixo, médio ou alto',
    ],
    [
      'a colour not in the row',
      'rowDouble/bet',
      { amount: 1, color: 'green' },
      400,
      'Escolha branco, vermelho ou preto',
    ],
    ['25 mines', 'mines/start', { amount: 1, mines: 25 }, 400, 'Escolha de 1 a 24 minas'],
    ['a tile out of the board', 'mines/reveal', { tile: 25 }, 400, 'Escolha uma casa de 0 a 24'],
    [
      'a reveal with no open round',
      'mines/reveal',
      { tile: 3 },
      409,
      'Você não tem um jogo de minas em andamento',
    ],
    ['a cash-out with no open round', 'mines/cashout', {}, 409, 'Você não tem um jogo de minas em andamento'],
  ])('refuses %s with a clear message, nothing posted', async (_, path, payload, status, message) => {
    const p = await player();
    await c.call(p.token, 'fairness');
    const before = await snapshot(p.id);
    const res = await c.call(p.token, path, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('answers refusals in the player language', async () => {
    const p = await player();
    const res = await c.call(
      p.token,
      'dice/bet',
      { amount: 0.01, target: 50, condition: 'over' },
      undefined,
      'en',
    );
    // The amount as the English app shows amounts (no unit, a decimal point).
    expect(res.json().message).toBe('The minimum bet is 0.10');
    const ru = await c.call(p.token, 'mines/start', { amount: 1, mines: 0 }, undefined, 'ru');
    expect(ru.json().message).toBe('Выберите от 1 до 24 мин');
  });

  it('a stake drawn on bonus money says so to the gateway; a test account plays with play money', async () => {
    const p = await player(50);
    await post(t.database.db, {
      type: TxType.PROMOTION,
      players: [{ userId: p.id, kind: 'bonus', amount: 500 }],
      system: [{ kind: 'promotions', amount: -500 }],
    });
    const seen: unknown[] = [];
    const off = t.app.bus.subscribe('balance.changed', (e) => {
      if (e.userId === p.id) seen.push(e);
    });
    bet(await c.call(p.token, 'rowDouble/bet', { amount: 2, color: 'black' }));
    await vi.waitFor(() => expect(seen).toEqual([{ userId: p.id, cause: 'stake', usedFreeBalance: true }]), {
      timeout: 10_000,
    });
    off();

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/operator/test-accounts',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    const { username, pwd } = data(created) as { username: string; pwd: string };
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd, codeId, captCode: TEST_CAPTCHA },
    });
    const token = (data(login) as { access_token: string }).access_token;
    const played = bet(await c.call(token, 'dice/bet', { amount: 10, target: 50, condition: 'over' }));
    expect(played.balance).toBe(1000 - 10 + played.payout);
    const books = (
      (await t.database.db.execute(
        sql`select distinct book from ledger_holds where reference = ${played.betId}`,
      )) as unknown as { rows: { book: string }[] }
    ).rows;
    expect(books).toEqual([{ book: 'play' }]);
  });
});

describe('originals: mines', () => {
  /** The mines of a round, read from the database as only a test may (never answered while open). */
  const minesOf = async (betId: string) =>
    (
      (await t.database.db.execute(
        sql`select mines from originals_bets where id = ${betId}::bigint`,
      )) as unknown as { rows: { mines: number[] | string }[] }
    ).rows.map((r) => (typeof r.mines === 'string' ? (JSON.parse(r.mines) as number[]) : r.mines))[0]!;

  it('start, reveal safe tiles, cash out: the board shown at the end, payout from the multiplier', async () => {
    const p = await player(10_000);
    const started = bet(await c.call(p.token, 'mines/start', { amount: 10, mines: 3 }));
    expect(started).toMatchObject({ state: 'open', payout: 0, balance: 90, nextMultiplier: minesMult(3, 1) });
    expect(started.outcome).toEqual({ revealed: [] });
    expect(JSON.stringify(started)).not.toMatch(/"mines":\[/);
    const mines = await minesOf(started.betId);
    expect(new Set(mines).size).toBe(3);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
    // Rotation is refused while the round is open; so is a second round.
    const rot = await c.call(p.token, 'fairness/rotate', {}, null);
    expect(rot.statusCode).toBe(409);
    expect(rot.json().message).toBe('Termine o seu jogo de minas antes de trocar as sementes');
    const second = await c.call(p.token, 'mines/start', { amount: 1, mines: 3 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Termine primeiro o seu jogo de minas em andamento');
    // Cashing out with nothing revealed is refused.
    expect((await c.call(p.token, 'mines/cashout', {})).statusCode).toBe(400);
    const r1 = bet(await c.call(p.token, 'mines/reveal', { tile: safe[0] }));
    expect(r1).toMatchObject({
      state: 'open',
      multiplier: minesMult(3, 1),
      outcome: { revealed: [safe[0]] },
    });
    const before = await snapshot(p.id);
    const twice = await c.call(p.token, 'mines/reveal', { tile: safe[0] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Esta casa já foi revelada');
    expect(await snapshot(p.id)).toEqual(before);
    const r2 = bet(await c.call(p.token, 'mines/reveal', { tile: safe[1] }));
    expect(r2.multiplier).toBe(minesMult(3, 2));
    const active = originalBet.nullable().parse(data(await c.call(p.token, 'mines/active')));
    expect(active).toMatchObject({
      betId: started.betId,
      state: 'open',
      outcome: { revealed: [safe[0], safe[1]] },
    });
    const out = bet(await c.call(p.token, 'mines/cashout', {}));
    const paid = Math.floor(1000 * minesMult(3, 2)) / 100;
    expect(out).toMatchObject({
      state: 'won',
      multiplier: minesMult(3, 2),
      payout: paid,
      balance: 90 + paid,
    });
    expect((out.outcome as { mines: number[] }).mines).toEqual(mines);
    // Cashing out twice: the round is over.
    const again = await c.call(p.token, 'mines/cashout', {});
    expect(again.statusCode).toBe(409);
    expect(data(await c.call(p.token, 'mines/active'))).toBeNull();
    expect(await cashOf(p.id)).toBe(10_000 - 1000 + Math.round(paid * 100));
  });

  it('a mine ends the round lost and shows the board; a repeated reveal key answers the same', async () => {
    const p = await player(10_000);
    const started = bet(await c.call(p.token, 'mines/start', { amount: 5, mines: 24 }));
    const [mine] = await minesOf(started.betId);
    const key = crypto.randomUUID();
    const lost = bet(await c.call(p.token, 'mines/reveal', { tile: mine }, key));
    expect(lost).toMatchObject({ state: 'lost', payout: 0, multiplier: 0, balance: 95 });
    expect((lost.outcome as { mines: number[] }).mines).toHaveLength(24);
    // The mine opened is kept with the round: the recall shows which tile lost it.
    expect(lost.outcome).toMatchObject({ revealed: [], hit: mine });
    expect(bet(await c.call(p.token, `bets/${lost.betId}`)).outcome).toMatchObject({ hit: mine });
    expect(bet(await c.call(p.token, 'mines/reveal', { tile: mine }, key))).toEqual(lost);
    expect((await c.call(p.token, 'mines/reveal', { tile: mine === 0 ? 1 : 0 }, key)).statusCode).toBe(409);
  });

  it('the last safe tile cashes out by itself', async () => {
    const p = await player(10_000);
    const started = bet(await c.call(p.token, 'mines/start', { amount: 1, mines: 24 }));
    const mines = await minesOf(started.betId);
    const safe = Array.from({ length: 25 }, (_, i) => i).find((i) => !mines.includes(i))!;
    const won = bet(await c.call(p.token, 'mines/reveal', { tile: safe }));
    expect(won).toMatchObject({ state: 'won', multiplier: 24.75, payout: 24.75 });
  });

  it('a round reaching the maximum payout is cashed out at it', async () => {
    await setSettings({ 'originals.maxPayout': 2_000 });
    try {
      const p = await player(10_000);
      const started = bet(await c.call(p.token, 'mines/start', { amount: 10, mines: 20 }));
      const mines = await minesOf(started.betId);
      const safe = Array.from({ length: 25 }, (_, i) => i).find((i) => !mines.includes(i))!;
      // 20 mines, one safe tile: 0.99 × 25 / 5 = 4.95x, R$\u00a049,50 capped at R$\u00a020.
      const won = bet(await c.call(p.token, 'mines/reveal', { tile: safe }));
      expect(won).toMatchObject({ state: 'won', multiplier: 4.95, payout: 20 });
    } finally {
      await setSettings({ 'originals.maxPayout': 50_000_000 });
    }
  });

  it('two reveals at once on one round: each applied once, never a double', async () => {
    const p = await player(10_000);
    const started = bet(await c.call(p.token, 'mines/start', { amount: 1, mines: 1 }));
    const mines = await minesOf(started.betId);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
    // The same tile twice at once: one reveals it, the other is told it is revealed.
    const same = await Promise.all([0, 1].map(() => c.call(p.token, 'mines/reveal', { tile: safe[0] })));
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // Two different tiles at once: both revealed, in one order or the other.
    const both = await Promise.all(
      [safe[1], safe[2]].map((tile) => c.call(p.token, 'mines/reveal', { tile })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const active = originalBet.parse(data(await c.call(p.token, 'mines/active')));
    expect((active.outcome as { revealed: number[] }).revealed.sort()).toEqual(
      [safe[0], safe[1], safe[2]].sort(),
    );
    // Cash-out and reveal at once: whichever comes second sees the round it left.
    const race = await Promise.all([
      c.call(p.token, 'mines/cashout', {}),
      c.call(p.token, 'mines/reveal', { tile: safe[3] }),
    ]);
    expect(race.map((r) => r.statusCode)).toContain(200);
    const ended = betsAnswer.parse(data(await c.call(p.token, 'bets?game=mines'))).list[0]!;
    expect(ended.state).toBe('won');
    const held = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from ledger_transactions where hold_id = ${Number(
          (
            (await t.database.db.execute(
              sql`select hold_id from originals_bets where id = ${started.betId}::bigint`,
            )) as unknown as { rows: { hold_id: string }[] }
          ).rows[0]!.hold_id,
        )}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    expect(held).toBe(1);
  });

  it("another player's bet id is not found", async () => {
    const a = await player();
    const b = await player();
    const placed = bet(await c.call(a.token, 'dice/bet', { amount: 1, target: 50, condition: 'over' }));
    const res = await c.call(b.token, `bets/${placed.betId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Aposta não encontrada');
    expect((await c.call(b.token, 'bets/not-a-number')).statusCode).toBe(404);
    expect(betsAnswer.parse(data(await c.call(b.token, 'bets'))).list).toEqual([]);
  });

  it('a round survives a restart of the app on the same database', async () => {
    const p = await player(10_000);
    const started = bet(await c.call(p.token, 'mines/start', { amount: 2, mines: 5 }));
    const mines = await minesOf(started.betId);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
    bet(await c.call(p.token, 'mines/reveal', { tile: safe[0] }));
    await t.app.close();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      TEST_CAPTCHA_CODE: TEST_CAPTCHA,
      OPERATOR_KEY: TEST_OPERATOR_KEY,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    const app: App = await buildApp(config, { database: t.database });
    await app.ready();
    t.app = app;
    t.close = async () => {
      await app.close();
      await t.database.close();
    };
    c = originalsClient(app, t.database);
    const active = originalBet.parse(data(await c.call(p.token, 'mines/active')));
    expect(active).toMatchObject({ betId: started.betId, state: 'open', outcome: { revealed: [safe[0]] } });
    bet(await c.call(p.token, 'mines/reveal', { tile: safe[1] }));
    const out = bet(await c.call(p.token, 'mines/cashout', {}));
    expect(out.state).toBe('won');
    expect(out.payout).toBe(Math.floor(200 * minesMult(5, 2)) / 100);
  });
});
