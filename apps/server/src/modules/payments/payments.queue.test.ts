import { operatorWithdrawal, operatorWithdrawalsPage, RecordType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanLedgerThenClose, testOperators } from '../../../test/helpers';
import { paymentsClient, paymentsTestApp, type Player, type TestApp } from './payments.test-client';

/**
 * The withdrawal queue paged on the server (`GET /api/operator/withdrawals?page=`): with more than the 200 rows
 * the older form answers, the oldest order is still found — on its page, by its time or its amount; filters by
 * status, player (part of the e-mail, id), order number, amount and time; sorts; bad filters are a translated
 * 400. The form without `page` answers what it always did: the newest 200 (or `limit`) as a plain array.
 */
let t: TestApp;
let c: ReturnType<typeof paymentsClient>;
type Op = Awaited<ReturnType<ReturnType<typeof testOperators>['signIn']>>;
let finance: Op;
let ana: Player & { email: string; orderId: string };
let bia: Player & { email: string; orderId: string };
const SEEDED = 200;
const HOUR = 3_600_000;

const emailOf = async (p: Player) =>
  (await c.call('GET', '/api/app/user/userInfo', p.token)).json().data.username as string;

async function funded() {
  const p = await c.signUp();
  await c.deposit(p);
  return { ...p, email: await emailOf(p), orderId: '' };
}
async function withdraw(p: Player & { orderId: string }, amount: number) {
  const res = await c.withdraw(p, c.pixWithdrawal(p, amount));
  expect(res.statusCode, res.body).toBe(200);
  p.orderId = res.json().data.orderId as string;
}

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
  await c.setSettings({ 'wagering.depositMultiplier': 0 });
  finance = await testOperators(t.app).signIn('finance');
  ana = await funded();
  bia = await funded();
  // Ana's history first: 200 paid withdrawals, the n-th n hours ago, of R$ 100 + n centavos (no money moves in
  // a list; these rows are only read). Then today's two, through the API.
  await t.database.db.execute(
    sql`insert into payment_orders (order_id, type, user_id, status, amount, fee, created_at, updated_at)
        select 'old-' || g, ${RecordType.WITHDRAWAL}, ${ana.userId}, '10', 10000 + g, 0,
          now() - g * interval '1 hour', now() - g * interval '1 hour'
        from generate_series(${SEEDED}, 1, -1) g`,
  );
  await withdraw(ana, 50);
  await withdraw(bia, 60);
  // Two players with deposits and withdrawals, 200 rows: more than the default hook time on a loaded machine.
}, 600_000);
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const get = (query: string, headers: Record<string, string> = finance.headers) =>
  t.app.inject({ url: `/api/operator/withdrawals${query}`, headers: { ...headers, lang: 'en' } });
async function page(query: string) {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return operatorWithdrawalsPage.parse(res.json().data);
}
const orderIds = async (query: string) => (await page(query)).list.map((w) => w.orderId);

describe('the withdrawal queue paged on the server', () => {
  it('finds the 201st order and beyond, which the older form leaves out', async () => {
    const older = await get('?status=all');
    expect(older.statusCode, older.body).toBe(200);
    const newest = operatorWithdrawal.array().parse(older.json().data);
    expect(newest).toHaveLength(200);
    expect(newest[0]!.orderId).toBe(bia.orderId);
    expect(newest.map((w) => w.orderId)).not.toContain('old-200');

    const pages = await Promise.all([1, 2, 3].map((p) => page(`?status=all&page=${p}&pageSize=100`)));
    expect(pages.map((p) => p.total)).toEqual([202, 202, 202]);
    expect(pages.map((p) => p.list.length)).toEqual([100, 100, 2]);
    expect(pages[2]!.list.map((w) => w.orderId)).toEqual(['old-199', 'old-200']);
    expect(new Set(pages.flatMap((p) => p.list.map((w) => w.id))).size).toBe(202);
    // Each row says whose it is.
    expect(pages[2]!.list[1]).toMatchObject({
      userId: ana.userId,
      email: ana.email,
      amount: 102,
      status: '10',
    });
    // By its time or its amount, on the first page.
    const from = new Date(Date.now() - 200.5 * HOUR).toISOString();
    const to = new Date(Date.now() - 199.5 * HOUR).toISOString();
    expect(await orderIds(`?status=all&page=1&from=${from}&to=${to}`)).toEqual(['old-200']);
    expect(await orderIds('?status=all&page=1&minAmount=102')).toEqual(['old-200']);
  });

  it('filters by status, player, order number and amount', async () => {
    expect(await orderIds('?page=1')).toEqual([bia.orderId, ana.orderId]);
    expect((await page('?status=paid&page=1')).total).toBe(SEEDED);
    expect((await page('?status=rejected&page=1')).total).toBe(0);
    // Part of the e-mail, any case; digits alone are the player's id; the order number.
    // ("r-" and six hex digits: never digits alone, which would be read as an id.)
    const part = ana.email.slice(4, 12).toUpperCase();
    expect((await page(`?status=all&page=1&q=${encodeURIComponent(part)}`)).total).toBe(SEEDED + 1);
    expect(await orderIds(`?status=all&page=1&q=${bia.userId}`)).toEqual([bia.orderId]);
    expect(await orderIds(`?status=all&page=1&q=${ana.orderId}`)).toEqual([ana.orderId]);
    expect((await page('?status=all&page=1&q=%25')).total).toBe(0);
    // Amounts in reais, both bounds included.
    expect(await orderIds('?status=all&page=1&minAmount=50&maxAmount=60')).toEqual([
      bia.orderId,
      ana.orderId,
    ]);
    expect(await orderIds('?status=all&page=1&minAmount=101.99&maxAmount=102')).toEqual([
      'old-199',
      'old-200',
    ]);
    // The older form takes the same filters.
    const res = await get(`?status=all&q=${bia.userId}&limit=5`);
    expect(res.json().data.map((w: { orderId: string }) => w.orderId)).toEqual([bia.orderId]);
  });

  it('sorts by amount or time, either way', async () => {
    expect(await orderIds('?status=all&page=1&pageSize=2&sort=amount&order=desc')).toEqual([
      'old-200',
      'old-199',
    ]);
    expect(await orderIds('?status=all&page=1&pageSize=2&sort=amount&order=asc')).toEqual([
      ana.orderId,
      bia.orderId,
    ]);
    expect(await orderIds('?status=all&page=1&pageSize=1&sort=createdAt&order=asc')).toEqual(['old-200']);
  });

  it('refuses bad filters with a clear 400', async () => {
    const refused = async (query: string, message: string) => {
      const res = await get(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().message, query).toBe(message);
    };
    await refused('?status=lost&page=1', 'Please check the field status');
    await refused('?status=lost', 'Please check the field status');
    await refused('?page=1&pageSize=101', 'Please check the field pageSize');
    await refused('?page=0', 'Please check the field page');
    await refused('?page=1&sort=name', 'Please check the field sort');
    await refused(
      '?page=1&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
      'The period must start before it ends',
    );
    await refused('?page=1&minAmount=10&maxAmount=5', 'The largest amount must not be below the smallest');
    await refused('?page=1&minAmount=-1', 'Please check the field minAmount');
    await refused('?page=1&maxAmount=1.234', 'Please check the field maxAmount');
    await refused('?limit=201', 'Please check the field limit');
    await refused(`?page=1&q=${'x'.repeat(255)}`, 'Please check the field q');
  });

  it('is for roles with withdrawals.read', async () => {
    expect((await get('?page=1', {})).statusCode).toBe(401);
    expect((await get('?page=1', { authorization: `Bearer ${ana.token}` })).statusCode).toBe(403);
    const ops = testOperators(t.app);
    const marketing = await get('?page=1', (await ops.signIn('marketing')).headers);
    expect(marketing.statusCode).toBe(403);
    expect(marketing.json().message).toContain('withdrawals.read');
    expect((await get('?page=1', (await ops.signIn('support')).headers)).statusCode).toBe(200);
  });
});
