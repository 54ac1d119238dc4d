import {
  OPERATOR_PACKAGES_PATH,
  operatorPackagesAnswer,
  type OperatorPackage,
  type PricePackage,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, testOperators } from '../../../test/helpers';
import { paymentsClient, paymentsTestApp, SANDBOX_SECRET, type TestApp } from './payments.test-client';

/**
 * The operator's price packages through the real routes: an edit is what getPrices answers at once and what
 * a deposit pays; stale forms, other roles and bad values are refused with nothing changed; every write is
 * audited; under the Brazilian profile a gift an operator sets is never offered.
 */
let t: TestApp;
let br: TestApp;
let c: ReturnType<typeof paymentsClient>;
type Op = Awaited<ReturnType<ReturnType<typeof testOperators>['signIn']>>;
let marketing: Op;
let support: Op;

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
  await c.setSettings({ 'wagering.depositMultiplier': 0 });
  const ops = testOperators(t.app);
  [marketing, support] = [await ops.signIn('marketing'), await ops.signIn('support')];
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const list = async (app: TestApp = t, headers: Record<string, string> = marketing.headers) => {
  const res = await app.app.inject({ url: OPERATOR_PACKAGES_PATH, headers });
  expect(res.statusCode, res.body).toBe(200);
  return operatorPackagesAnswer.parse(res.json().data);
};
const pkg = async (pkgId: number, app: TestApp = t, headers?: Record<string, string>) =>
  (await list(app, headers)).list.find((p) => p.pkgId === pkgId)!;
const save = (pkgId: number, body: Record<string, unknown>, headers = marketing.headers, app: TestApp = t) =>
  app.app.inject({ method: 'PUT', url: `${OPERATOR_PACKAGES_PATH}/${pkgId}`, headers, payload: body });
const create = (body: Record<string, unknown>, headers = marketing.headers) =>
  t.app.inject({ method: 'POST', url: OPERATOR_PACKAGES_PATH, headers, payload: body });
const edit = (p: OperatorPackage, change: Partial<OperatorPackage>) => {
  const { price, gift, sort, selected, active, version } = { ...p, ...change };
  return { price, gift, sort, selected, active, version };
};
const prices = async (app: TestApp = t, query = '') =>
  (await app.app.inject({ url: `/api/app/order/getPrices${query}` })).json().data as PricePackage[];
async function auditRows(target: string) {
  const res = await t.app.inject({
    url: '/api/operator/audit?limit=100',
    headers: { 'x-operator-key': 'operator-key-for-tests-only' },
  });
  return (res.json().data as Array<Record<string, unknown>>).filter((r) => r.target === target);
}

describe('operator price packages', () => {
  it('lists every group for a marketing operator; support is refused (403)', async () => {
    const all = await list();
    expect(all.giftsOffered).toBe(true);
    expect(all.maxGiftPercent).toBe(100);
    expect(new Set(all.list.map((p) => p.group))).toEqual(
      new Set(['BRL', 'EXTPAY', 'INSBRL', 'EXPPAY', 'BTBRL', 'FCBRL']),
    );
    expect(all.list.find((p) => p.pkgId === 4)).toMatchObject({
      group: 'BRL',
      price: 10_000,
      gift: 500,
      selected: true,
      active: true,
      version: 1,
    });
    expect((await t.app.inject({ url: OPERATOR_PACKAGES_PATH, headers: support.headers })).statusCode).toBe(
      403,
    );
    const p = await pkg(5);
    const refused = await save(5, edit(p, { gift: 1 }), support.headers);
    expect(refused.statusCode).toBe(403);
    expect((await pkg(5)).gift).toBe(p.gift);
  });

  it('an edited gift is what getPrices answers at once and what the next deposit credits; audited', async () => {
    // The list is read (and cached) before the edit: the edit must not wait for the cache to expire.
    expect((await prices(t)).find((p) => p.pkgId === 5)).toMatchObject({ price: 200, gift: 12 });
    const before = await pkg(5);
    const res = await save(5, edit(before, { gift: 3_050, price: 25_000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ pkgId: 5, price: 25_000, gift: 3_050, version: 2 });
    expect((await prices(t)).find((p) => p.pkgId === 5)).toMatchObject({ price: 250, gift: 30.5 });
    expect((await prices(t, '?curreny=BRL')).find((p) => p.pkgId === 5)).toMatchObject({ gift: 30.5 });
    // What the player must wager before withdrawing follows the multiples set now (deposit 0 here, bonus 2).
    expect((await prices(t)).find((p) => p.pkgId === 5)).toMatchObject({ wager: 0, giftWager: 61 });
    await c.setSettings({ 'wagering.depositMultiplier': 1.5, 'wagering.bonusMultiplier': 3 });
    try {
      expect((await prices(t)).find((p) => p.pkgId === 5)).toMatchObject({ wager: 375, giftWager: 91.5 });
    } finally {
      await c.setSettings({ 'wagering.depositMultiplier': 0, 'wagering.bonusMultiplier': 2 });
    }

    const [row] = await auditRows('package:5');
    expect(row).toMatchObject({
      outcome: 'ok',
      action: 'promo.manage',
      actorEmail: marketing.email,
      before: expect.objectContaining({ price: 20_000, gift: 1_200, version: 1 }),
      after: expect.objectContaining({ price: 25_000, gift: 3_050, version: 2 }),
    });

    const player = await c.signUp();
    const order = await c.deposit(player, 5);
    const [paid] = (
      (await t.database.db.execute(
        sql`select amount, gift from payment_orders where order_id = ${order.orderId}`,
      )) as unknown as { rows: Array<{ amount: string; gift: string }> }
    ).rows;
    expect({ amount: Number(paid!.amount), gift: Number(paid!.gift) }).toEqual({
      amount: 25_000,
      gift: 3_050,
    });
  });

  it('refuses a stale form (409 staleVersion), nothing changed, the refusal audited (failed)', async () => {
    const p = await pkg(6);
    expect((await save(6, edit(p, { gift: 4_000 }))).statusCode).toBe(200);
    const stale = await save(6, edit(p, { gift: 100 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Outro operador alterou este registro; recarregue');
    expect((await pkg(6)).gift).toBe(4_000);
    expect((await auditRows('package:6')).map((r) => r.outcome)).toContain('failed');
  });

  it('two saves of one version at once: one is kept, the other refused (409)', async () => {
    const p = await pkg(9);
    const answers = await Promise.all([
      save(9, edit(p, { gift: 10_000 })),
      save(9, edit(p, { gift: 20_000 })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const kept = answers.find((r) => r.statusCode === 200)!.json().data.gift;
    expect(await pkg(9)).toMatchObject({ gift: kept, version: p.version + 1 });
  });

  it('refuses bad values with a translated message naming the field; nothing changed', async () => {
    const p = await pkg(7);
    const cases: Array<[Partial<OperatorPackage> | Record<string, unknown>, number, string, string | null]> =
      [
        [
          { price: -100 },
          400,
          'O preço deve ser maior que zero, em centavos inteiros, até R$ 1.000.000',
          'price',
        ],
        [
          { price: 0 },
          400,
          'O preço deve ser maior que zero, em centavos inteiros, até R$ 1.000.000',
          'price',
        ],
        [
          { price: 100.5 },
          400,
          'O preço deve ser maior que zero, em centavos inteiros, até R$ 1.000.000',
          'price',
        ],
        [{ gift: 12.25 }, 400, 'O bônus deve ser zero ou mais, em centavos inteiros', 'gift'],
        [{ gift: -1 }, 400, 'O bônus deve ser zero ou mais, em centavos inteiros', 'gift'],
        [{ gift: p.price + 1 }, 400, 'O bônus pode ser no máximo 100% do preço', 'gift'],
        [{ sort: 10_000 }, 400, 'A ordem deve ser um número inteiro de 0 a 9999', 'sort'],
        [
          { selected: true, active: false },
          400,
          'Um pacote desativado não pode ser o pré-selecionado',
          'selected',
        ],
        // Only one pre-selected package per group (100 BRL is).
        [
          { selected: true },
          409,
          'O pacote #4 já é o pré-selecionado deste grupo; desmarque-o primeiro',
          'selected',
        ],
        [
          { price: '100' },
          400,
          'O preço deve ser maior que zero, em centavos inteiros, até R$ 1.000.000',
          null,
        ],
        // The group is fixed at creation.
        [{ group: 'BRL' }, 400, 'Campo desconhecido: group', null],
      ];
    for (const [change, status, message, field] of cases) {
      const res = await save(7, { ...edit(p, {}), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().message, JSON.stringify(change)).toBe(message);
      if (field) expect(res.json().data).toEqual({ field });
    }
    const en = await t.app.inject({
      method: 'PUT',
      url: `${OPERATOR_PACKAGES_PATH}/7`,
      headers: { ...marketing.headers, lang: 'en' },
      payload: edit(p, { gift: p.price * 2 }),
    });
    expect(en.json().message).toBe('The gift may be at most 100% of the price');
    // A lower cap from the settings is what counts.
    await c.setSettings({ 'deposit.maxGiftPercent': 10 });
    const capped = await save(7, edit(p, { gift: p.price / 10 + 1 }));
    expect(capped.json().message).toBe('O bônus pode ser no máximo 10% do preço');
    await c.setSettings({ 'deposit.maxGiftPercent': 100 });
    expect((await save(99_999, edit(p, {}))).statusCode).toBe(404);
    // An id no package can have is refused at the edge (400), with the same message.
    const zero = await save(0, edit(p, {}));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Pacote não encontrado');
    expect(await pkg(7)).toEqual(p);
  });

  it('creates a package in a group (unknown groups refused) and disables one: getPrices follows', async () => {
    const bad = await create({ group: 'USD', price: 1_000, gift: 0, sort: 1, selected: false, active: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Grupo de pacotes desconhecido');
    const made = await create({
      group: 'BRL',
      price: 7_500,
      gift: 250,
      sort: 4,
      selected: false,
      active: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const created = made.json().data as OperatorPackage;
    expect(created).toMatchObject({ group: 'BRL', price: 7_500, gift: 250, version: 1 });
    expect(created.pkgId).toBeGreaterThanOrEqual(1000);
    expect((await auditRows(`package:${created.pkgId}`))[0]).toMatchObject({
      outcome: 'ok',
      before: null,
      after: expect.objectContaining({ price: 7_500 }),
    });
    expect((await prices(t)).find((p) => p.pkgId === created.pkgId)).toMatchObject({ price: 75, gift: 2.5 });

    const off = await save(created.pkgId, edit(created, { active: false }));
    expect(off.statusCode, off.body).toBe(200);
    expect((await prices(t)).find((p) => p.pkgId === created.pkgId)).toBeUndefined();
    // A disabled package cannot be paid.
    const player = await c.signUp();
    expect((await c.prePay(player, created.pkgId)).statusCode).toBe(400);
    // Still listed for the operator, to enable again.
    expect(await pkg(created.pkgId)).toMatchObject({ active: false, version: 2 });
  });

  it('moves the pre-selection: unselect the old one, then select the new one', async () => {
    const old = await pkg(4);
    expect((await save(4, edit(old, { selected: false }))).statusCode).toBe(200);
    const next = await pkg(8);
    expect((await save(8, edit(next, { selected: true }))).statusCode).toBe(200);
    const selected = (await prices(t)).filter((p) => p.selected && p.curreny === 'BRL');
    expect(selected.map((p) => p.pkgId)).toEqual([8]);
  });
});

describe('the Brazilian profile', () => {
  beforeAll(async () => {
    br = await createTestApp({
      SANDBOX_PIX_SECRET: SANDBOX_SECRET,
      PUBLIC_URL: 'http://localhost:3500',
      JURISDICTION: 'br',
    });
  });
  afterAll(() => br?.close());

  it('offers no gift an operator sets: getPrices answers 0 and the list says gifts are not offered', async () => {
    const admin = await testOperators(br.app).signIn('admin');
    const all = await list(br, admin.headers);
    expect(all.giftsOffered).toBe(false);
    const p = all.list.find((x) => x.pkgId === 3)!;
    const res = await save(3, edit(p, { gift: 1_000 }), admin.headers, br);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.gift).toBe(1_000);
    const shown = await prices(br);
    expect(shown.find((x) => x.pkgId === 3)).toMatchObject({ gift: 0 });
    expect(shown.every((x) => x.gift === 0)).toBe(true);
  });
});
