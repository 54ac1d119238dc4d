/**
 * `npm run bench:walk`: the data walk of a withdrawal, counted. The real app on a fresh PostgreSQL database
 * (DATABASE_URL, or the local default; dropped afterwards), jobs and the outbox relay off so that only the
 * request's own work is seen. Each step goes through HTTP (app.inject): the player's request, the operator's
 * approval (the sandbox rail pays), a rejection, an approval whose rail call throws and the operator's
 * reconciliation of it, and the minute job's sweep (`reconcileDue`) of one PAYING order.
 *
 * Every statement sent to PostgreSQL (one round trip each, BEGIN and COMMIT included) is counted and named
 * by the module owning the tables it touches, so it prints per step: round trips, transactions, the ledger's
 * round trips and how often the walk entered the ledger (runs of ledger statements); WALK_VERBOSE=1 lists
 * the statements. Not a timing: the figures do not depend on the machine's load. Ends with one JSON line.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/postgres';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OPERATOR_KEY = 'bench-operator-key';
const CAPTCHA = 'BENCH1';

interface Statement {
  owner: string;
  text: string;
}
let recording: Statement[] | null = null;

/**
 * The module whose tables a statement reads or writes (its owner), from the SQL itself: async stacks do not
 * survive the driver's callbacks, the table names do. The wallet's figures read ledger and wagering at once.
 */
function ownerOf(text: string): string {
  const t = text.toLowerCase();
  if (/^\s*(begin|commit|rollback|savepoint|release)/.test(t)) return 'transaction (begin/commit)';
  if (t.includes('ledger_') && t.includes('wagering_')) return 'wallet (ledger + wagering in one read)';
  if (t.includes('ledger_')) return 'ledger';
  if (t.includes('wagering_')) return 'wagering';
  if (t.includes('payment_')) return 'payments';
  if (t.includes('operator_')) return 'operators';
  if (/\b(users|sessions|user_sessions)\b/.test(t)) return 'accounts';
  if (t.includes('settings')) return 'settings';
  if (t.includes('outbox_')) return 'outbox';
  if (t.includes('pgboss')) return 'jobs';
  return 'other';
}

// Every statement of the pool's clients goes through Client.prototype.query: one round trip each.
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  if (recording) recording.push({ owner: ownerOf(text), text: text.replace(/\s+/g, ' ').trim() });
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

function summarise(step: string, statements: Statement[]) {
  let entries = 0;
  let previous = false;
  for (const s of statements) {
    const now = s.owner.includes('ledger');
    if (now && !previous) entries++;
    previous = now;
  }
  const byOwner: Record<string, number> = {};
  for (const s of statements) byOwner[s.owner] = (byOwner[s.owner] ?? 0) + 1;
  return {
    step,
    roundTrips: statements.length,
    ledgerRoundTrips: statements.filter((s) => s.owner.includes('ledger')).length,
    ledgerEntries: entries,
    transactions: statements.filter((s) => /^begin/i.test(s.text)).length,
    byOwner,
    statements: statements.map((s) => `${s.owner}: ${s.text.slice(0, 90)}`),
  };
}

async function main() {
  const fresh = await createPostgresDatabase(BASE_URL);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TEST_CAPTCHA_CODE: CAPTCHA,
    OPERATOR_KEY,
    RATE_LIMIT_PER_MINUTE: '100000',
    JOBS: 'off',
    OUTBOX_RELAY: 'paused',
    SANDBOX_PIX_SECRET: 'bench-sandbox-secret',
    PUBLIC_URL: 'http://localhost:3500',
  } as Record<string, string>);
  const app = await buildApp(config, { database });
  await app.ready();
  const results: ReturnType<typeof summarise>[] = [];
  try {
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) => {
      const res = await app.inject({
        method,
        url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(url.startsWith('/api/operator') ? { 'x-operator-key': OPERATOR_KEY } : {}),
          ...(url.endsWith('/withdraw') ? { 'idempotency-key': crypto.randomUUID() } : {}),
        },
        ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
      });
      if (res.statusCode >= 400 && !url.includes('/approve')) throw new Error(`${url}: ${res.body}`);
      return res;
    };
    const measured = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
      recording = [];
      try {
        return await fn();
      } finally {
        results.push(summarise(step, recording));
        recording = null;
      }
    };

    await call('PUT', '/api/operator/settings', undefined, { 'wagering.depositMultiplier': 0 });
    const funded = async () => {
      const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
      await call('GET', `/api/auth/user/captcha/${codeId}`);
      const pwd = 'correct horse 1';
      const reg = await call('POST', '/api/auth/user/restRegister', undefined, {
        username: `walk-${crypto.randomBytes(5).toString('hex')}@example.com`,
        pwd,
        pwd1: pwd,
        codeId,
        captCode: CAPTCHA,
      });
      const token = reg.json().data.access_token as string;
      const cpf = '52998224725';
      await call('POST', '/api/app/user/updateKyc', token, { name: 'Ana Souza', cardNo: cpf });
      const order = (
        await call('POST', '/api/app/order/prePay/4', token, { gift: 1, pkgId: 4, isapp: 0 })
      ).json().data;
      await call('POST', `${new URL(order.url).pathname}/pay`);
      return { token, cpf };
    };
    const withdraw = async (step: string) => {
      const p = await funded();
      const body = { payCardBank: 'CPF', payCardNo: p.cpf, name: 'Ana Souza', whatsapp: '+5511999990000' };
      const { orderId } = (
        await measured(step, () => call('POST', '/api/app/order/withdraw', p.token, { ...body, amount: 50 }))
      ).json().data;
      const list = (await call('GET', '/api/operator/withdrawals?status=all')).json().data;
      return (list as { id: number; orderId: string }[]).find((w) => w.orderId === orderId)!.id;
    };
    const rail = (mode: string) => call('POST', '/sandbox/payouts/mode', undefined, { mode });

    const paid = await withdraw('request');
    await measured('approve (rail pays)', () => call('POST', `/api/operator/withdrawals/${paid}/approve`));
    const rejected = await withdraw('request (2)');
    await measured('reject', () =>
      call('POST', `/api/operator/withdrawals/${rejected}/reject`, undefined, { reason: 'bench' }),
    );
    const unknown = await withdraw('request (3)');
    await rail('throw');
    await measured('approve (rail throws)', () =>
      call('POST', `/api/operator/withdrawals/${unknown}/approve`),
    );
    await rail('pay');
    await measured('reconcile (operator)', () =>
      call('POST', `/api/operator/withdrawals/${unknown}/reconcile`),
    );
    const swept = await withdraw('request (4)');
    await rail('throw');
    await call('POST', `/api/operator/withdrawals/${swept}/approve`);
    await rail('pay');
    await measured('reconcile job (one PAYING order)', () => app.payments.withdrawals.reconcileDue());
  } finally {
    await app.close();
    await database.close();
    await fresh.drop();
  }

  const steps = results.filter((r) => !/\(\d\)$/.test(r.step));
  for (const r of steps) {
    console.log(
      `${r.step.padEnd(34)} round trips ${String(r.roundTrips).padStart(3)}  transactions ${r.transactions}` +
        `  ledger round trips ${String(r.ledgerRoundTrips).padStart(2)}  entries into the ledger ${r.ledgerEntries}`,
    );
    if (process.env.WALK_VERBOSE) for (const line of r.statements) console.log(`    ${line}`);
    else
      for (const [owner, n] of Object.entries(r.byOwner))
        console.log(`    ${String(n).padStart(3)}  ${owner}`);
  }
  const load1 = Math.round(os.loadavg()[0]! * 100) / 100;
  console.log(
    JSON.stringify({
      bench: 'withdrawal-walk',
      engine: 'postgres',
      load1,
      steps: steps.map(({ statements: _s, ...r }) => r),
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
