import crypto from 'node:crypto';
import {
  activityReport,
  ggrReport,
  ledgerAuditRun,
  ledgerState,
  SPORTS_OPERATOR_PATH,
  SPORTS_PATH,
  sportsBet,
  sportsEventDetail,
  TxType,
  type GgrRow,
} from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_OPERATOR_KEY,
  testOperators,
  withoutVipRewards,
} from './helpers';
import { casinoClient, uid } from '../src/modules/casino/casino.testing';
import { hold, post, providerClearing, settle, systemBalance, type SystemKind } from '../src/modules/ledger';

/**
 * The reports read the ledger only, so they must reconcile with it to the centavo: every product's GGR equals
 * what its house (or provider clearing) account gained, bonuses what the promotions account paid out, fees what
 * the fees account took in; the activity's deposits and withdrawals are those the test made.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Op = Awaited<ReturnType<ReturnType<typeof testOperators>['signIn']>>;
let t: TestApp;
let c: ReturnType<typeof casinoClient>;
let finance: Op;
let marketing: Op;
let support: Op;
const KEY = { 'x-operator-key': TEST_OPERATOR_KEY };

/** Today and yesterday in São Paulo (UTC−3): the range covers a run that crosses midnight. */
const spDay = (offsetDays = 0) =>
  new Date(Date.now() - 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const range = () => `from=${spDay(-1)}&to=${spDay()}`;

const ok = <T>(res: { statusCode: number; body: string; json(): { data: T } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** What the test itself staked and won per product (minor units). */
const made = {
  originals: { stakes: 0, wins: 0 },
  rounds: { stakes: 0, wins: 0 },
  sports: { stakes: 0, wins: 0 },
  casino: { stakes: 0, wins: 0 },
};
let bonuses = 0;
let fees = 0;
let deposits = 0;
let depositsCount = 0;
let casinoCode = '';

beforeAll(async () => {
  t = await createTestApp();
  c = casinoClient(t.app, t.database);
  await withoutVipRewards(t.app);
  await t.app.settings.change({ 'sports.acceptanceDelayMs': 0 });
  const ops = testOperators(t.app);
  [finance, marketing, support] = [
    await ops.signIn('finance'),
    await ops.signIn('marketing'),
    await ops.signIn('support'),
  ];

  const player = await c.signUp('r');
  const bearer = { authorization: `Bearer ${player.token}` };
  await c.fund(player.id, 1_000_00);
  deposits += 1_000_00;
  depositsCount += 1;

  // Originals: five dice bets through the API.
  for (const amount of [1, 2, 3, 4, 5]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/originals/dice/bet',
      headers: { ...bearer, 'idempotency-key': crypto.randomUUID() },
      payload: { amount, target: 50, condition: 'over' },
    });
    const bet = ok<{ amount: number; payout: number }>(res);
    made.originals.stakes += amount * 100;
    made.originals.wins += Math.round(bet.payout * 100);
  }

  // A shared-round bet as the rounds module books it (the originals' house, a `round-bet:` reference).
  const round = await hold(t.database.db, {
    type: TxType.BET,
    userId: player.id,
    amount: 4_00,
    product: 'originals',
    reference: `round-bet:${crypto.randomUUID()}`,
  });
  await settle(t.database.db, {
    holdId: round.txId,
    capture: 4_00,
    to: [{ kind: 'house.originals', amount: 4_00 }],
    payout: { from: 'house.originals', amount: 7_60 },
  });
  made.rounds = { stakes: 4_00, wins: 7_60 };

  // Sports: a single on an event the operator creates and then results.
  const event = sportsEventDetail.parse(
    ok(
      await t.app.inject({
        method: 'POST',
        url: `${SPORTS_OPERATOR_PATH}/events`,
        headers: KEY,
        payload: {
          sport: 'football',
          competition: 'Série A',
          home: 'Bahia',
          away: 'Vasco',
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
          strength: 0.3,
        },
      }),
    ),
  );
  const selection = event.markets[0]!.selections[0]!;
  const placed = ok<{ betId: string }>(
    await t.app.inject({
      method: 'POST',
      url: `${SPORTS_PATH}/bets`,
      headers: { ...bearer, 'idempotency-key': crypto.randomUUID() },
      payload: {
        stake: 10,
        acceptOdds: 'any',
        selections: [{ selectionId: selection.selectionId, price: selection.price }],
      },
    }),
  );
  ok(
    await t.app.inject({
      method: 'POST',
      url: `${SPORTS_OPERATOR_PATH}/events/${event.event.eventId}/result`,
      headers: KEY,
      payload: {
        home: 2,
        away: 1,
        halfTimeHome: 1,
        halfTimeAway: 0,
        cornersHome: 5,
        cornersAway: 4,
        early: true,
      },
    }),
  );
  const end = Date.now() + 30_000;
  for (;;) {
    const bet = sportsBet.parse(
      ok(await t.app.inject({ url: `${SPORTS_PATH}/bets/${placed.betId}`, headers: bearer })),
    );
    if (bet.status !== 'open') {
      made.sports = { stakes: 10_00, wins: Math.round(bet.payout * 100) };
      break;
    }
    if (Date.now() > end) throw new Error(`sports bet not settled: ${JSON.stringify(bet)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // The result corrected (the away side won): the bet is resettled, and the report follows the settlement in effect.
  const firstPayout = made.sports.wins;
  ok(
    await t.app.inject({
      method: 'POST',
      url: `${SPORTS_OPERATOR_PATH}/events/${event.event.eventId}/result`,
      headers: KEY,
      payload: {
        home: 0,
        away: 3,
        halfTimeHome: 0,
        halfTimeAway: 1,
        cornersHome: 2,
        cornersAway: 6,
        early: true,
      },
    }),
  );
  for (;;) {
    const bet = sportsBet.parse(
      ok(await t.app.inject({ url: `${SPORTS_PATH}/bets/${placed.betId}`, headers: bearer })),
    );
    const payout = Math.round(bet.payout * 100);
    if (bet.status !== 'open' && payout !== firstPayout) {
      made.sports.wins = payout;
      break;
    }
    if (Date.now() > end + 30_000) throw new Error(`sports bet not resettled: ${JSON.stringify(bet)}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  // Casino: a round won (with a later free-spin win as a plain credit) and a round lost.
  const provider = await c.provider();
  casinoCode = provider.code;
  const gamer = await c.launched(provider.gameCode, 500_00);
  deposits += 500_00;
  depositsCount += 1;
  const call = (
    path: Parameters<typeof provider.call>[0],
    amount: number,
    extra: Record<string, unknown> = {},
  ) =>
    provider.call(path, {
      request_uuid: uid('q'),
      token: gamer.gameToken,
      round: uid('r'),
      round_closed: path.endsWith('win'),
      game_code: provider.gameCode,
      currency: 'BRL',
      amount,
      transaction_uuid: uid('t'),
      ...extra,
    });
  const won = uid('b');
  const first = uid('r');
  expect((await call('transaction/bet', 2_00, { transaction_uuid: won, round: first })).answer.status).toBe(
    'RS_OK',
  );
  expect(
    (await call('transaction/win', 5_00, { reference_transaction_uuid: won, round: first })).answer.status,
  ).toBe('RS_OK');
  expect(
    (await call('transaction/win', 1_00, { reference_transaction_uuid: won, round: first })).answer.status,
  ).toBe('RS_OK');
  const lost = uid('b');
  const second = uid('r');
  expect((await call('transaction/bet', 3_00, { transaction_uuid: lost, round: second })).answer.status).toBe(
    'RS_OK',
  );
  expect(
    (await call('transaction/win', 0, { reference_transaction_uuid: lost, round: second })).answer.status,
  ).toBe('RS_OK');
  // A bet the provider rolls back: no stake captured, nothing won.
  const rolled = uid('b');
  const third = uid('r');
  expect(
    (await call('transaction/bet', 4_00, { transaction_uuid: rolled, round: third })).answer.status,
  ).toBe('RS_OK');
  expect(
    (await call('transaction/rollback', 0, { reference_transaction_uuid: rolled, round: third })).answer
      .status,
  ).toBe('RS_OK');
  made.casino = { stakes: 5_00, wins: 6_00 };

  // A bonus award from the promotions account, and a withdrawal paid with a fee.
  await post(t.database.db, {
    type: TxType.PROMOTION,
    players: [{ userId: player.id, kind: 'bonus', amount: 20_00 }],
    system: [{ kind: 'promotions', amount: -20_00 }],
  });
  bonuses += 20_00;
  const w = await hold(t.database.db, {
    type: TxType.WITHDRAWAL,
    userId: player.id,
    amount: 50_00,
    product: 'withdrawal',
    reference: `W${crypto.randomInt(1e9)}`,
  });
  await settle(t.database.db, {
    holdId: w.txId,
    capture: 50_00,
    to: [
      { kind: 'payment_clearing', amount: 49_00 },
      { kind: 'fees', amount: 1_00 },
    ],
  });
  fees += 1_00;
}, 60_000);
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const get = (url: string, headers: Record<string, string> = finance.headers) =>
  t.app.inject({ url, headers });
const cents = (n: number) => Math.round(n * 100);
const sumOf = (rows: GgrRow[], key: 'stakes' | 'wins' | 'ggr' | 'bonuses' | 'fees' | 'ngr') =>
  rows.reduce((s, r) => s + cents(r[key]), 0);
const balance = (kind: SystemKind) => systemBalance(t.database.db, 'real', kind);

describe('GGR and NGR per day and product', () => {
  it('reconcile to the centavo with the ledger and with what was played', async () => {
    const report = ggrReport.parse(ok(await get(`/api/operator/reports/ggr?${range()}`)));
    const byProduct = (p: string) => report.list.filter((r) => r.product === p);
    for (const [product, figures] of Object.entries(made)) {
      const rows = byProduct(product);
      expect({ product, stakes: sumOf(rows, 'stakes'), wins: sumOf(rows, 'wins') }).toEqual({
        product,
        ...figures,
      });
      for (const r of rows) {
        expect(cents(r.ggr)).toBe(cents(r.stakes) - cents(r.wins));
        expect([r.bonuses, r.fees, cents(r.ngr)]).toEqual([0, 0, cents(r.ggr)]);
      }
    }
    // Each product's GGR is what its house or clearing account gained: the house's own books, not the holds.
    expect(sumOf(byProduct('originals'), 'ggr') + sumOf(byProduct('rounds'), 'ggr')).toBe(
      await balance('house.originals'),
    );
    expect(sumOf(byProduct('sports'), 'ggr')).toBe(await balance('house.sports'));
    expect(sumOf(byProduct('casino'), 'ggr')).toBe(await balance(providerClearing(casinoCode)));

    // The `all` row of each day: the products summed, with the day's bonuses and fees.
    const all = byProduct('all');
    expect(all.map((r) => r.day)).toEqual([spDay(-1), spDay()]);
    expect(sumOf(all, 'stakes')).toBe(Object.values(made).reduce((s, f) => s + f.stakes, 0));
    expect(sumOf(all, 'wins')).toBe(Object.values(made).reduce((s, f) => s + f.wins, 0));
    expect(sumOf(all, 'bonuses')).toBe(bonuses);
    expect(sumOf(all, 'bonuses')).toBe(-(await balance('promotions')));
    expect(sumOf(all, 'fees')).toBe(fees);
    expect(sumOf(all, 'fees')).toBe(await balance('fees'));
    for (const r of all) expect(cents(r.ngr)).toBe(cents(r.ggr) - cents(r.bonuses));
  });

  it('answers CSV with a header row and the same figures as plain decimals', async () => {
    const json = ggrReport.parse(ok(await get(`/api/operator/reports/ggr?${range()}`)));
    const res = await get(`/api/operator/reports/ggr?${range()}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ggr-${spDay(-1)}-${spDay()}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('day,product,stakes,wins,ggr,bonuses,fees,ngr');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((l) => l.split(','));
    expect(rows).toHaveLength(json.list.length);
    const fmt = (n: number) => (cents(n) / 100).toFixed(2);
    expect(rows).toEqual(
      json.list.map((r) => [
        r.day,
        r.product,
        fmt(r.stakes),
        fmt(r.wins),
        fmt(r.ggr),
        fmt(r.bonuses),
        fmt(r.fees),
        fmt(r.ngr),
      ]),
    );
  });
});

describe('activity per day', () => {
  it('counts deposits, paid withdrawals, first-time depositors and active players from the ledger', async () => {
    const report = activityReport.parse(ok(await get(`/api/operator/reports/activity?${range()}`)));
    expect(report.list.map((r) => r.day)).toEqual([spDay(-1), spDay()]);
    const total = (k: 'deposits' | 'withdrawals') => report.list.reduce((s, r) => s + cents(r[k]), 0);
    const count = (k: 'depositsCount' | 'withdrawalsCount' | 'ftd' | 'activePlayers') =>
      report.list.reduce((s, r) => s + r[k], 0);
    expect(total('deposits')).toBe(deposits);
    expect(count('depositsCount')).toBe(depositsCount);
    expect(total('deposits')).toBe(-(await balance('payment_clearing')) + 49_00);
    expect(total('withdrawals')).toBe(50_00);
    expect(count('withdrawalsCount')).toBe(1);
    expect(count('ftd')).toBe(2);
    expect(count('activePlayers')).toBe(2);

    const csv = await get(`/api/operator/reports/activity?${range()}&format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('day,deposits,depositsCount,withdrawals,withdrawalsCount,ftd,activePlayers');
    const today = report.list.find((r) => r.day === spDay())!;
    expect(lines).toContain(
      [
        today.day,
        (cents(today.deposits) / 100).toFixed(2),
        today.depositsCount,
        (cents(today.withdrawals) / 100).toFixed(2),
        today.withdrawalsCount,
        today.ftd,
        today.activePlayers,
      ].join(','),
    );
  });

  it('refuses a reversed, malformed or too long period with a translated message', async () => {
    for (const q of [
      `from=${spDay()}&to=${spDay(-1)}`,
      'from=2026-13-01&to=2026-13-02',
      'from=2024-01-01&to=2026-01-01',
      'from=2026-01-01',
    ]) {
      const res = await get(`/api/operator/reports/ggr?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().status).not.toBe(0);
    }
    const reversed = await get(`/api/operator/reports/activity?from=${spDay()}&to=${spDay(-1)}`);
    expect(reversed.json().message).toContain('O período deve começar');
    expect((await get(`/api/operator/reports/ggr?${range()}&format=xls`)).statusCode).toBe(400);
  });

  it('is open to finance and marketing, not to support', async () => {
    expect((await get(`/api/operator/reports/ggr?${range()}`, marketing.headers)).statusCode).toBe(200);
    expect((await get(`/api/operator/reports/activity?${range()}`, support.headers)).statusCode).toBe(403);
  });
});

describe('the ledger state', () => {
  it('shows the system accounts’ balances and runs the audit on demand, keeping its last result', async () => {
    const before = ledgerState.parse(ok(await get('/api/operator/ledger/state')));
    expect(before.lastAudit).toBeNull();
    const house = before.accounts.find((a) => a.id === 'real:house.sports:BRL');
    expect(house && cents(house.balance)).toBe(await balance('house.sports'));
    const real = before.players.find((p) => p.book === 'real')!;
    expect(real.cash).toBeGreaterThan(0);

    const run = ledgerAuditRun.parse(
      ok(await t.app.inject({ method: 'POST', url: '/api/operator/ledger/audit', headers: finance.headers })),
    );
    expect(run).toMatchObject({ ok: true, ranBy: finance.email });
    expect(run.checks.length).toBeGreaterThan(10);
    expect(run.checks.every((check) => check.faults.length === 0)).toBe(true);
    const after = ledgerState.parse(ok(await get('/api/operator/ledger/state')));
    expect(after.lastAudit).toEqual(run);
    const audit = await t.app.inject({ url: '/api/operator/audit?limit=5', headers: KEY });
    expect(
      audit.json().data.find((r: { request: string }) => r.request === 'POST /api/operator/ledger/audit'),
    ).toMatchObject({
      actorEmail: finance.email,
      target: 'ledger',
      after: { auditRun: run.id, ok: true },
    });
    expect((await get('/api/operator/ledger/state', marketing.headers)).statusCode).toBe(403);
    expect(toMajor(await balance('fees'))).toBe(
      after.accounts.find((a) => a.id === 'real:fees:BRL')!.balance,
    );
  });
});
