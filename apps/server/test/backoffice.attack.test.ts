import crypto from 'node:crypto';
import fc from 'fast-check';
import {
  OPERATOR_ACTIVITIES_PATH,
  OPERATOR_ROLES,
  ORIGINALS_PATH,
  ROLE_PERMISSIONS,
  type OperatorPermission,
  type OperatorRole,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../src/modules/reports';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  parseRoutes,
  TEST_OPERATOR_KEY,
  testOperators,
  testPlayers,
} from './helpers';

/**
 * The back office attacked (issue 16): every operator route refused without credentials, with a player's
 * token and for each role without its permission (each refusal audited); hostile input answered 4xx with a
 * message and nothing changed; money races; stale forms; operators; CSV cells; HTML in notices and activities.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Op = Awaited<ReturnType<ReturnType<typeof testOperators>['signIn']>>;
let t: TestApp;
let ops: Record<OperatorRole, Op>;
let players: ReturnType<typeof testPlayers>;
let player: { id: number; token: string; username: string };
const KEY = { 'x-operator-key': TEST_OPERATOR_KEY };

beforeAll(async () => {
  t = await createTestApp({ LOGIN_PER_IP_PER_MINUTE: '100000' });
  const signIn = testOperators(t.app).signIn;
  ops = {} as Record<OperatorRole, Op>;
  for (const role of OPERATOR_ROLES) ops[role] = await signIn(role);
  players = testPlayers(t.app, t.database);
  player = await players.signUp('atk');
  await players.fund(player.id, 100_00);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function lastAudit() {
  const [row] = await rows<{
    action: string;
    request: string;
    outcome: string;
    http_status: number;
    reason: string | null;
    actor_id: number | null;
    before: unknown;
    after: unknown;
  }>(sql`select * from operator_audit order by id desc limit 1`);
  return row!;
}

/** The permission each back-office route needs; a route of these modules missing here fails the test. */
const BACKOFFICE_ROUTES: Record<string, OperatorPermission> = {
  'GET /api/operator/operators': 'operators.manage',
  'POST /api/operator/operators': 'operators.manage',
  'POST /api/operator/operators/:id/disable': 'operators.manage',
  'POST /api/operator/operators/:id/enable': 'operators.manage',
  'POST /api/operator/operators/:id/role': 'operators.manage',
  'POST /api/operator/operators/:id/totp-reset': 'operators.manage',
  'GET /api/operator/audit': 'audit.read',
  'GET /api/operator/players': 'players.read',
  'GET /api/operator/players/:id': 'players.read',
  'GET /api/operator/players/:id/ledger': 'players.read',
  'GET /api/operator/players/:id/bets': 'players.read',
  'POST /api/operator/players/:id/block': 'players.write',
  'POST /api/operator/players/:id/unblock': 'players.write',
  'POST /api/operator/players/:id/test': 'players.write',
  'POST /api/operator/players/:id/signout': 'players.write',
  'POST /api/operator/players/:id/notes': 'players.write',
  'GET /api/operator/deposits': 'deposits.read',
  'GET /api/operator/transfers': 'deposits.read',
  'GET /api/operator/withdrawals': 'withdrawals.read',
  'GET /api/operator/withdrawals/:id/risk': 'withdrawals.read',
  'GET /api/operator/sports/events': 'sports.trade',
  'POST /api/operator/sports/events': 'sports.trade',
  'GET /api/operator/adjustments': 'adjustments.propose',
  'POST /api/operator/adjustments': 'adjustments.propose',
  'POST /api/operator/adjustments/:id/approve': 'adjustments.approve',
  'POST /api/operator/adjustments/:id/reject': 'adjustments.approve',
  'GET /api/operator/reports/ggr': 'reports.read',
  'GET /api/operator/reports/activity': 'reports.read',
  'GET /api/operator/ledger/state': 'ledger.read',
  'POST /api/operator/ledger/audit': 'ledger.read',
  'GET /api/operator/payments/packages': 'promo.manage',
  'POST /api/operator/payments/packages': 'promo.manage',
  'PUT /api/operator/payments/packages/:pkgId': 'promo.manage',
  'GET /api/operator/rg/players/:userId': 'rg.read',
  'PUT /api/operator/rg/players/:userId/limits': 'rg.write',
};
const BACKOFFICE_PATHS = [
  /^\/api\/operator\/(operators|audit|players|deposits|transfers|adjustments|reports|ledger)(\/|$)/,
  /^\/api\/operator\/withdrawals(\/:id\/risk)?$/,
  /^\/api\/operator\/sports\/events$/,
  /^\/api\/operator\/payments\/packages(\/|$)/,
  /^\/api\/operator\/rg\/players\/:userId(\/limits)?$/,
];

describe('every operator route behind the guard', () => {
  it('refuses no credentials (401), a player (403) and each role without the permission (403), audited', async () => {
    const routes = parseRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) =>
        r.path.startsWith('/api/operator/') &&
        !r.path.startsWith('/api/operator/auth/') &&
        !['HEAD', 'OPTIONS'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(30);
    const ours = routes.filter((r) => BACKOFFICE_PATHS.some((p) => p.test(r.path)));
    expect(ours.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(BACKOFFICE_ROUTES).sort());

    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const url = route.path.replace(/:\w+/g, '999999').replace(/\*/g, 'x');
      const method = route.method as Method;

      const anonymous = await call(method, url);
      expect(anonymous.statusCode, name).toBe(401);
      expect(anonymous.json().message, name).toBeTruthy();
      let audit = await lastAudit();
      expect([audit.request, audit.outcome, audit.reason], name).toEqual([
        `${method} ${url}`,
        'refused',
        'noSession',
      ]);

      const asPlayer = await call(method, url, { authorization: `Bearer ${player.token}` });
      expect(asPlayer.statusCode, name).toBe(403);
      audit = await lastAudit();
      expect([audit.request, audit.outcome, audit.reason], name).toEqual([
        `${method} ${url}`,
        'refused',
        'notOperatorToken',
      ]);
      // The permission the route names (the audit row's action), checked against the table for ours.
      const permission = audit.action as OperatorPermission;
      if (BACKOFFICE_ROUTES[name]) expect(permission, name).toBe(BACKOFFICE_ROUTES[name]);

      for (const role of OPERATOR_ROLES) {
        if (ROLE_PERMISSIONS[role].includes(permission)) continue;
        const refused = await call(method, url, ops[role].headers);
        expect(refused.statusCode, `${name} as ${role}`).toBe(403);
        audit = await lastAudit();
        expect([audit.outcome, audit.reason, audit.actor_id], `${name} as ${role}`).toEqual([
          'refused',
          'permissionMissing',
          ops[role].id,
        ]);
      }
    }
  });

  it('lets each role with the permission past the guard (unknown ids and empty bodies: 4xx, never 401/403)', async () => {
    for (const [name, permission] of Object.entries(BACKOFFICE_ROUTES)) {
      const [method, path] = name.split(' ') as [Method, string];
      const url = path.replace(/:\w+/g, '999999');
      for (const role of OPERATOR_ROLES) {
        if (!ROLE_PERMISSIONS[role].includes(permission)) continue;
        const res = await call(method, url, ops[role].headers);
        expect([401, 403], `${name} as ${role}: ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode, `${name} as ${role}: ${res.body}`).toBeLessThan(500);
      }
    }
  });
});

/** What a bad call must leave untouched. */
async function snapshot() {
  const [counts] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from adjustments) as adjustments,
      (select count(*)::int from operators) as operators,
      (select count(*)::int from operators where disabled_at is not null) as disabled,
      (select coalesce(sum(version), 0)::int from player_flags) as flags,
      (select count(*)::int from player_notes) as notes,
      (select count(*)::int from ledger_transactions) as transactions,
      (select count(*)::int from notices) as notices,
      (select count(*)::int from promo_activities) as activities`);
  return counts;
}

describe('bad input', () => {
  const long = 'x'.repeat(5000);
  it('answers 4xx with a translated message and changes nothing', async () => {
    const admin = ops.admin.headers;
    const id = player.id;
    const cases: [Method, string, unknown?][] = [
      ['GET', '/api/operator/players?page=-1'],
      ['GET', '/api/operator/players?page=0'],
      ['GET', '/api/operator/players?page=1.5'],
      ['GET', '/api/operator/players?pageSize=100000'],
      ['GET', '/api/operator/players?pageSize=0'],
      ['GET', '/api/operator/players?sort=password'],
      ['GET', `/api/operator/players?sort=${encodeURIComponent('id; drop table users')}`],
      ['GET', '/api/operator/players?order=sideways'],
      ['GET', `/api/operator/players?q=${long}`],
      ['GET', '/api/operator/players?status=deleted'],
      ['GET', '/api/operator/players/abc'],
      ['GET', '/api/operator/players/-1'],
      ['GET', '/api/operator/players/1e30'],
      ['GET', '/api/operator/players/99999999999'],
      ['GET', `/api/operator/players/${id}/ledger?sort=amount`],
      ['GET', `/api/operator/players/${id}/bets?product=poker`],
      ['GET', '/api/operator/operators?sort=passwordHash'],
      ['GET', '/api/operator/operators?pageSize=101'],
      ['POST', '/api/operator/operators/99999999999/disable'],
      ['POST', '/api/operator/operators/abc/disable'],
      ['GET', '/api/operator/audit?sort=actor_email'],
      ['GET', '/api/operator/audit?from=yesterday'],
      ['GET', '/api/operator/audit?from=0000-01-01T00:00:00Z'],
      ['GET', '/api/operator/audit?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z'],
      ['GET', '/api/operator/audit?limit=100000'],
      ['GET', '/api/operator/deposits?sort=user_id'],
      ['GET', '/api/operator/deposits?from=0000-01-01T00:00:00Z'],
      ['GET', '/api/operator/deposits?to=9999-12-31T23:59:59Z'],
      ['GET', '/api/operator/deposits?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z'],
      ['GET', '/api/operator/deposits?page=100001'],
      ['GET', '/api/operator/transfers?sort=user_id'],
      ['GET', '/api/operator/transfers?sender=nobody'],
      ['GET', '/api/operator/transfers?receiver=0'],
      ['GET', '/api/operator/transfers?sender=99999999999999999999'],
      ['GET', '/api/operator/transfers?minAmount=-1'],
      ['GET', '/api/operator/transfers?minAmount=1.005'],
      ['GET', '/api/operator/transfers?maxAmount=abc'],
      ['GET', '/api/operator/transfers?minAmount=10&maxAmount=5'],
      ['GET', '/api/operator/transfers?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z'],
      ['GET', '/api/operator/withdrawals/1e30/risk'],
      ['GET', '/api/operator/withdrawals/99999999999/risk'],
      ['POST', '/api/operator/support/conversations/1/assign', { operatorId: 3_000_000_000 }],
      ['GET', '/api/operator/adjustments?userId=99999999999'],
      ['GET', '/api/operator/adjustments?userId=abc'],
      ['GET', '/api/operator/adjustments?sort=reason'],
      ['POST', '/api/operator/adjustments/1e30/approve'],
      ['POST', '/api/operator/adjustments/99999999999999999999/approve'],
      ['POST', '/api/operator/adjustments/abc/approve'],
      ['POST', '/api/operator/adjustments/-1/reject', { reason: 'no reason at all' }],
      ['POST', '/api/operator/adjustments/99999/approve'],
      ['GET', '/api/operator/reports/ggr?from=2026-05-02&to=2026-05-01'],
      ['GET', '/api/operator/reports/ggr?from=2026-02-30&to=2026-03-01'],
      ['GET', '/api/operator/reports/ggr?from=0000-01-01&to=0000-01-02'],
      ['GET', '/api/operator/reports/ggr?from=2024-01-01&to=2026-01-01'],
      [
        'GET',
        `/api/operator/reports/activity?from=${encodeURIComponent("2026-01-01' or 1=1 --")}&to=2026-01-02`,
      ],
      ['GET', '/api/operator/reports/activity?from=2026-01-01&to=2026-01-02&format=xlsx'],
    ];
    const amounts: unknown[] = [
      0,
      -0,
      1.005,
      0.001,
      'NaN',
      '12',
      null,
      1e308,
      -1e308,
      1_000_000.01,
      1e-7,
      true,
    ];
    for (const amount of amounts)
      cases.push(['POST', '/api/operator/adjustments', { userId: id, amount, reason: 'testing amounts' }]);
    cases.push(
      ['POST', '/api/operator/adjustments', { userId: 99999999999, amount: 1, reason: 'unknown player' }],
      ['POST', '/api/operator/adjustments', { userId: 1e30, amount: 1, reason: 'unknown player' }],
      ['POST', '/api/operator/adjustments', { userId: 999999, amount: 1, reason: 'unknown player' }],
      ['POST', '/api/operator/adjustments', { userId: id, amount: 1, reason: long }],
      ['POST', '/api/operator/adjustments', { userId: id, amount: 1, reason: '  ' }],
      ['POST', '/api/operator/adjustments', { userId: id, amount: 1, reason: 'ok reason', currency: 'USD' }],
      ['POST', `/api/operator/players/${id}/notes`, { text: long }],
      ['POST', `/api/operator/players/${id}/notes`, { text: '   ' }],
      ['POST', `/api/operator/players/${id}/block`, { reason: long, version: 0 }],
      ['POST', `/api/operator/players/${id}/block`, { reason: 'x', version: -1 }],
      ['POST', `/api/operator/players/${id}/block`, { reason: 'x', version: 1.5 }],
      ['POST', `/api/operator/players/${id}/block`, { reason: 'x', version: 99999999999 }],
      // Versions past an integer column: refused as input, never a database error.
      [
        'PUT',
        '/api/operator/payments/packages/4',
        { price: 50, gift: 0, sort: 1, selected: false, active: true, version: 99999999999 },
      ],
      ['PUT', `/api/operator/rg/players/${id}/limits`, { version: 99999999999 }],
      ['POST', `/api/operator/players/${id}/test`, { test: 'yes', version: 0 }],
      ['POST', '/api/operator/operators', { email: 'weak@aposta.test', password: 'short', role: 'support' }],
      [
        'POST',
        '/api/operator/operators',
        { email: 'god@aposta.test', password: 'long enough pass', role: 'god' },
      ],
      [
        'POST',
        '/api/operator/operators',
        { email: 'not an e-mail', password: 'long enough pass', role: 'admin' },
      ],
      [
        'POST',
        '/api/operator/operators',
        { email: ops.admin.email.toUpperCase(), password: 'long enough pass', role: 'admin' },
      ],
      [
        'POST',
        '/api/operator/operators',
        { email: ` ${ops.support.email} `, password: 'long enough pass', role: 'admin' },
      ],
    );

    const activity = {
      title: 'x',
      kind: 'deposit',
      rewardType: 'amount',
      rewardValue: 1,
      wageringMultiple: 0,
      startsAt: '0000-01-01T00:00:00Z',
      endsAt: '0000-01-02T00:00:00Z',
    };
    cases.push(['POST', OPERATOR_ACTIVITIES_PATH, activity]);

    const before = await snapshot();
    const wrong: string[] = [];
    for (const [method, url, body] of cases) {
      const res = await call(method, url, { ...admin, lang: 'en' }, body);
      const message = String(res.json().message);
      if (
        res.statusCode < 400 ||
        res.statusCode >= 500 ||
        !message ||
        /invalid input|expected|zod/i.test(message)
      )
        wrong.push(
          `${method} ${url.slice(0, 100)} ${JSON.stringify(body)?.slice(0, 100) ?? ''}: ${res.statusCode} ${message}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers every list and report query of random hostile filters below 500', async () => {
    const names = [
      'page',
      'pageSize',
      'sort',
      'order',
      'q',
      'from',
      'to',
      'status',
      'userId',
      'product',
    ].concat(
      ['actor', 'action', 'target', 'outcome', 'limit', 'format', 'flagged'],
      ['sender', 'receiver', 'minAmount', 'maxAmount'],
    );
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("1' or '1'='1", 'id desc; drop table users', '-1', '0', '1e309', 'NaN', '%', '_', '\\'),
      fc.constantFrom(
        '0000-01-01',
        '2026-13-01',
        '2026-01-01T25:00:00Z',
        '9999-12-31T23:59:59+14:00',
        '2026-01-01',
      ),
      fc.integer().map(String),
    );
    const gets = Object.keys(BACKOFFICE_ROUTES)
      .filter((r) => r.startsWith('GET '))
      .map((r) => r.slice(4).replace(/:\w+/g, String(player.id)));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...gets),
        fc.dictionary(fc.constantFrom(...names), value),
        async (path, q) => {
          const res = await call('GET', `${path}?${new URLSearchParams(q).toString()}`, ops.admin.headers);
          expect(res.statusCode, `${path} ${JSON.stringify(q)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps unicode notes and reasons as written, at their longest', async () => {
    const text = '🇧🇷 Ação — ' + 'é'.repeat(1990);
    const res = await call('POST', `/api/operator/players/${player.id}/notes`, ops.support.headers, { text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.text).toBe(text);
  });
});

describe('reports as CSV', () => {
  it('neutralises cells a spreadsheet would run as a formula, keeps numbers as numbers', () => {
    const csv = toCsv(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      [['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '-12.50', 7]],
    );
    const cells = csv.split('\r\n')[1];
    expect(cells).toBe(`"'=HYPERLINK(""http://x"")",'+1+1,'-2+3,'@SUM(A1),'\tx,-12.50,7`);
  });
});

/** An operator whose TOTP secret the test holds, so it can open more than one session. */
async function operatorWithSecret(role: OperatorRole) {
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@aposta.test`;
  const password = 'a long operator password';
  const res = await call('POST', '/api/operator/operators', KEY, { email, password, role });
  expect(res.statusCode, res.body).toBe(200);
  const { id, totpSecret } = res.json().data as { id: number; totpSecret: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totpSecret) });
  // Each session signs in with the code of a later step (a code is accepted once; the next step's too).
  let step = 0;
  async function session() {
    const code = totp.generate({ timestamp: Date.now() + 30_000 * step++ });
    const login = await call('POST', '/api/operator/auth/login', {}, { email, password, totp: code });
    expect(login.statusCode, login.body).toBe(200);
    return { authorization: `Bearer ${login.json().data.access_token as string}` };
  }
  return { id, email, totpSecret, session };
}

const cashOf = async (userId: number) => {
  const [row] = await rows<{ balance: number }>(
    sql`select balance::bigint as balance from ledger_accounts where user_id = ${userId} and kind = 'cash' and book = 'real'`,
  );
  return Number(row?.balance ?? 0);
};

async function propose(headers: Record<string, string>, userId: number, amount: number) {
  const res = await call('POST', '/api/operator/adjustments', headers, {
    userId,
    amount,
    reason: 'correction after a support ticket',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('manual adjustments attacked', () => {
  it('refuses the proposer signed in on another session, and changes nothing', async () => {
    const alice = await operatorWithSecret('finance');
    const [first, second] = [await alice.session(), await alice.session()];
    const cash = await cashOf(player.id);
    const id = await propose(first, player.id, 5);
    const res = await call('POST', `/api/operator/adjustments/${id}/approve`, second);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBeTruthy();
    const audit = await lastAudit();
    expect([audit.outcome, audit.reason, audit.actor_id]).toEqual(['failed', 'sameOperator', alice.id]);
    expect(await cashOf(player.id)).toBe(cash);
    const [row] = await rows<{ status: string }>(sql`select status from adjustments where id = ${id}`);
    expect(row!.status).toBe('pending');
  });

  it('approve and reject at once: one wins, the other is 409, paid at most once', async () => {
    const cash = await cashOf(player.id);
    const id = await propose(ops.finance.headers, player.id, 3);
    const [approved, rejected] = await Promise.all([
      call('POST', `/api/operator/adjustments/${id}/approve`, ops.admin.headers),
      call('POST', `/api/operator/adjustments/${id}/reject`, ops.admin.headers, {
        reason: 'changed my mind',
      }),
    ]);
    expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
    expect(await cashOf(player.id)).toBe(approved.statusCode === 200 ? cash + 3_00 : cash);
    const again = await call('POST', `/api/operator/adjustments/${id}/approve`, ops.admin.headers);
    expect(again.statusCode).toBe(409);
  });

  it('a debit racing the player’s bet never takes the cash below zero', async () => {
    const racer = await players.signUp('race');
    await players.fund(racer.id, 10_00);
    const id = await propose(ops.finance.headers, racer.id, -10);
    const [approve, bet] = await Promise.all([
      call('POST', `/api/operator/adjustments/${id}/approve`, ops.admin.headers),
      call(
        'POST',
        `${ORIGINALS_PATH}/dice/bet`,
        { authorization: `Bearer ${racer.token}`, 'idempotency-key': crypto.randomUUID() },
        { amount: 10, target: 50, condition: 'over' },
      ),
    ]);
    expect([200, 422], approve.body).toContain(approve.statusCode);
    expect(bet.statusCode, bet.body).toBeLessThan(500);
    expect(await cashOf(racer.id)).toBeGreaterThanOrEqual(0);
    const [row] = await rows<{ status: string }>(sql`select status from adjustments where id = ${id}`);
    expect(row!.status).toBe(approve.statusCode === 200 ? 'approved' : 'pending');
  });

  it('adjusts a blocked player (a correction or a refund must stay possible)', async () => {
    const blocked = await players.signUp('blk');
    const block = await call('POST', `/api/operator/players/${blocked.id}/block`, ops.risk.headers, {
      reason: 'fraud suspected',
      version: 0,
    });
    expect(block.statusCode, block.body).toBe(200);
    const id = await propose(ops.finance.headers, blocked.id, 7);
    const res = await call('POST', `/api/operator/adjustments/${id}/approve`, ops.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await cashOf(blocked.id)).toBe(7_00);
  });
});

describe('manual adjustments of a play-money account', () => {
  it('post in its play book, never in the real one', async () => {
    const made = await call('POST', '/api/operator/test-accounts', ops.support.headers);
    expect(made.statusCode, made.body).toBe(200);
    const [user] = await rows<{ id: number }>(
      sql`select id from users where username = ${made.json().data.username as string}`,
    );
    const id = await propose(ops.finance.headers, Number(user!.id), 2);
    const res = await call('POST', `/api/operator/adjustments/${id}/approve`, ops.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const books = await rows<{ book: string }>(
      sql`select distinct t.book from ledger_transactions t where t.ref = ${`adjustment:${id}`}`,
    );
    expect(books.map((b) => b.book)).toEqual(['play']);
  });
});

describe('reports by São Paulo day', () => {
  it('a deposit at 23:59 and one at 00:01 São Paulo time land on two days', async () => {
    const p = await players.signUp('midnight');
    await players.fund(p.id, 11_00);
    await players.fund(p.id, 22_00);
    const deposits = await rows<{ id: number }>(
      sql`select id from ledger_transactions where user_id = ${p.id} order by id`,
    );
    // The journal is append-only; this test alone moves its two deposits in time (UTC−3: 02:59Z is 23:59).
    await t.database.db.execute(
      sql`alter table ledger_transactions disable trigger ledger_transactions_append_only`,
    );
    for (const [i, at] of ['2026-03-02T02:59:00Z', '2026-03-02T03:01:00Z'].entries())
      await t.database.db.execute(
        sql`update ledger_transactions set created_at = ${at}::timestamptz where id = ${deposits[i]!.id}`,
      );
    await t.database.db.execute(
      sql`alter table ledger_transactions enable trigger ledger_transactions_append_only`,
    );
    const res = await call(
      'GET',
      '/api/operator/reports/activity?from=2026-03-01&to=2026-03-02',
      ops.finance.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().data.list as {
      day: string;
      deposits: number;
      depositsCount: number;
      ftd: number;
    }[];
    expect(days.map((d) => [d.day, d.deposits, d.depositsCount, d.ftd])).toEqual([
      ['2026-03-01', 11, 1, 1],
      ['2026-03-02', 22, 1, 0],
    ]);
  });
});

describe('stale forms', () => {
  it('a write with an old version is 409 and changes nothing', async () => {
    const p = await players.signUp('stale');
    const url = `/api/operator/players/${p.id}`;
    expect(
      (await call('POST', `${url}/test`, ops.support.headers, { test: true, version: 0 })).statusCode,
    ).toBe(200);
    for (const [path, body] of [
      ['test', { test: false, version: 0 }],
      ['block', { reason: 'late form', version: 0 }],
      ['unblock', { version: 0 }],
    ] as const) {
      const res = await call('POST', `${url}/${path}`, { ...ops.support.headers, lang: 'en' }, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('Another operator changed this record; reload');
    }
    const detail = (await call('GET', url, ops.support.headers)).json().data.player;
    expect([detail.test, detail.status, detail.version]).toEqual([true, 'active', 1]);
  });
});

describe('operators attacked', () => {
  it('refuses a weak password: one character over and over, or the e-mail’s name', async () => {
    for (const password of ['aaaaaaaaaaaa', '121212121212', '            ', 'Weakling-2026!']) {
      const res = await call(
        'POST',
        '/api/operator/operators',
        { ...KEY, lang: 'en' },
        {
          email: 'weakling@aposta.test',
          password,
          role: 'support',
        },
      );
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message).toBe('Choose a stronger password: varied characters, not your e-mail');
    }
    const [none] = await rows<{ n: number }>(
      sql`select count(*)::int as n from operators where email = 'weakling@aposta.test'`,
    );
    expect(none!.n).toBe(0);
  });

  it('a disabled operator’s token is refused at once; the last active admin cannot be disabled', async () => {
    const second = await operatorWithSecret('admin');
    const headers = await second.session();
    expect((await call('GET', '/api/operator/auth/me', headers)).statusCode).toBe(200);
    const disabled = await call('POST', `/api/operator/operators/${second.id}/disable`, ops.admin.headers);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await call('GET', '/api/operator/operators', headers)).statusCode).toBe(401);

    // ops.admin is now the only active admin: not even the key may disable it.
    const last = await call('POST', `/api/operator/operators/${ops.admin.id}/disable`, {
      ...KEY,
      lang: 'en',
    });
    expect(last.statusCode, last.body).toBe(409);
    expect(last.json().message).toBe('The last active admin cannot be disabled');
    const audit = await lastAudit();
    expect([audit.outcome, audit.reason]).toEqual(['failed', 'operatorLastAdmin']);
    expect((await call('GET', '/api/operator/auth/me', ops.admin.headers)).statusCode).toBe(200);

    // The TOTP secret was in the creation's answer only: never in a list, nor in an audit row.
    const list = await call('GET', '/api/operator/operators?pageSize=100', ops.admin.headers);
    expect(list.body).not.toContain(second.totpSecret);
    const [leaks] = await rows<{ n: number }>(sql`select count(*)::int as n from operator_audit
      where position(${second.totpSecret} in coalesce(before::text, '') || coalesce(after::text, '') || request) > 0`);
    expect(leaks!.n).toBe(0);
  });
});

describe('operator HTML', () => {
  const hostile =
    '<b>Bônus</b><script>alert(1)</script><img src=x onerror=alert(2)>' +
    '<a href="javascript:alert(3)">clique</a><span onmouseover="alert(4)">oi</span>';
  const clean = (html: string) => {
    expect(html).not.toMatch(/<script|onerror|onmouseover|javascript:/i);
  };

  it('a notice is stored and broadcast sanitised; what was submitted is in the audit row', async () => {
    const res = await call('POST', '/api/operator/notices', ops.marketing.headers, { text: hostile });
    expect(res.statusCode, res.body).toBe(200);
    const { text } = res.json().data as { text: string };
    clean(text);
    expect(text).toContain('<b>Bônus</b>');
    const [stored] = await rows<{ text: string }>(sql`select text from notices order by id desc limit 1`);
    expect(stored!.text).toBe(text);
    const audit = await lastAudit();
    expect(audit.after).toEqual({ text, submitted: hostile });

    const only = await call('POST', '/api/operator/notices', ops.marketing.headers, {
      text: '<script>alert(1)</script>',
    });
    expect(only.statusCode, only.body).toBe(400);
    expect((await lastAudit()).after).toEqual({ submitted: '<script>alert(1)</script>' });
    const [after] = await rows<{ text: string }>(sql`select text from notices order by id desc limit 1`);
    expect(after!.text).toBe(text);
  });

  it('an activity’s body is stored sanitised; the body as submitted is in the audit row', async () => {
    const body = `<p>Deposite</p>${hostile}<img src="http://insecure.example/a.png">`;
    const res = await call('POST', OPERATOR_ACTIVITIES_PATH, ops.marketing.headers, {
      title: 'Semana do depósito',
      body,
      kind: 'deposit',
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      rewardType: 'amount',
      rewardValue: 5_00,
      wageringMultiple: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().data.body as string;
    clean(stored);
    expect(stored).not.toContain('http://insecure');
    const audit = await lastAudit();
    expect((audit.after as { body: string; submittedBody: string }).body).toBe(stored);
    expect((audit.after as { submittedBody: string }).submittedBody).toBe(body);
  });
});
