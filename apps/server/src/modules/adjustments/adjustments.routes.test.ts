import { TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_OPERATOR_KEY,
  testOperators,
  testPlayers,
} from '../../../test/helpers';
import { playerAccounts } from '../ledger';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Op = Awaited<ReturnType<ReturnType<typeof testOperators>['signIn']>>;
let t: TestApp;
let alice: Op;
let bob: Op;
let admin: Op;
let support: Op;
let player: { id: number; username: string };
const KEY = { 'x-operator-key': TEST_OPERATOR_KEY };

beforeAll(async () => {
  t = await createTestApp();
  const ops = testOperators(t.app);
  [alice, bob, admin, support] = [
    await ops.signIn('finance'),
    await ops.signIn('finance'),
    await ops.signIn('admin'),
    await ops.signIn('support'),
  ];
  const players = testPlayers(t.app, t.database);
  player = await players.signUp('adj');
  await players.fund(player.id, 100_00);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const propose = (headers: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/operator/adjustments', headers, payload: body });
const approve = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/operator/adjustments/${id}/approve`, headers });
const reject = (headers: Record<string, string>, id: number, reason: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operator/adjustments/${id}/reject`,
    headers,
    payload: { reason },
  });

async function proposed(amount: number, by: Record<string, string> = alice.headers) {
  const res = await propose(by, {
    userId: player.id,
    amount,
    currency: 'BRL',
    reason: 'goodwill after an outage',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; status: string; amount: number };
}

const cash = async () =>
  (await playerAccounts(t.database.db, player.id)).find((a) => a.kind === 'cash')?.balance ?? 0;

/** The ledger transactions of an adjustment (by its key). */
const postingsOf = async (id: number) =>
  (
    (await t.database.db.execute(
      sql`select id, type from ledger_transactions where idempotency_key = ${`adjustment:${id}`}`,
    )) as unknown as { rows: { id: string; type: number }[] }
  ).rows;

async function auditRow(request: string) {
  const res = await t.app.inject({ url: '/api/operator/audit?limit=50', headers: KEY });
  return (res.json().data as Array<Record<string, unknown>>).find((r) => r.request === request);
}

describe('manual adjustments (two-person rule)', () => {
  it('is proposed by one finance operator and approved by another, paid once into the cash', async () => {
    const before = await cash();
    const adj = await proposed(50.25);
    expect(adj).toMatchObject({ status: 'pending', amount: 50.25 });
    expect(await auditRow(`POST /api/operator/adjustments`)).toMatchObject({
      outcome: 'ok',
      actorEmail: alice.email,
      target: `adjustment:${adj.id}`,
      after: expect.objectContaining({ id: adj.id, status: 'pending', amount: 50.25 }),
    });
    const pending = await t.app.inject({
      url: '/api/operator/adjustments?status=pending',
      headers: bob.headers,
    });
    expect(pending.json().data.list.map((a: { id: number }) => a.id)).toContain(adj.id);

    const ok = await approve(bob.headers, adj.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'approved',
      decidedBy: bob.email,
      proposedBy: alice.email,
    });
    expect(await cash()).toBe(before + 50_25);
    const txs = await postingsOf(adj.id);
    expect(txs).toHaveLength(1);
    expect(Number(txs[0]!.type)).toBe(TxType.ADJUSTMENT);
    expect(ok.json().data.txId).toBe(Number(txs[0]!.id));
    expect(await auditRow(`POST /api/operator/adjustments/${adj.id}/approve`)).toMatchObject({
      outcome: 'ok',
      actorEmail: bob.email,
      before: { status: 'pending', userId: player.id, cash: before / 100 },
      after: expect.objectContaining({ status: 'approved', cash: (before + 50_25) / 100, amount: 50.25 }),
    });

    // Approving again pays nothing more.
    const again = await approve(admin.headers, adj.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este ajuste já foi decidido');
    expect(await cash()).toBe(before + 50_25);
    expect(await postingsOf(adj.id)).toHaveLength(1);
  });

  it('refuses the proposer as approver (403 sameOperator), audited, nothing posted', async () => {
    const before = await cash();
    const adj = await proposed(10);
    const res = await approve(alice.headers, adj.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Quem propôs o ajuste não pode aprová-lo: outro operador deve aprovar');
    expect(await auditRow(`POST /api/operator/adjustments/${adj.id}/approve`)).toMatchObject({
      outcome: 'failed',
      reason: 'sameOperator',
      actorEmail: alice.email,
      httpStatus: 403,
    });
    expect(await cash()).toBe(before);
    expect(await postingsOf(adj.id)).toHaveLength(0);
    // The operator key belongs to nobody: whoever holds it could propose as themself and approve as the key,
    // so it may neither propose nor approve.
    const byKey = await propose(KEY, { userId: player.id, amount: 5, currency: 'BRL', reason: 'by the key' });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toMatch(/chave de operador/);
    const keyApproves = await approve(KEY, adj.id);
    expect(keyApproves.statusCode).toBe(403);
    expect(keyApproves.json().message).toMatch(/chave de operador/);
    expect(await cash()).toBe(before);
    expect((await approve(bob.headers, adj.id)).statusCode).toBe(200);
    expect(await cash()).toBe(before + 10_00);
  });

  it('pays once when operators approve it six times at the same moment', async () => {
    const before = await cash();
    const adj = await proposed(7.5);
    const approvers = [bob, admin, bob, admin, bob, admin];
    const answers = await Promise.all(approvers.map((op) => approve(op.headers, adj.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await cash()).toBe(before + 7_50);
    expect(await postingsOf(adj.id)).toHaveLength(1);
  });

  it('is rejected with a reason, then never approved', async () => {
    const before = await cash();
    const adj = await proposed(20);
    const res = await reject(bob.headers, adj.id, 'duplicate request');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      rejectReason: 'duplicate request',
      txId: null,
    });
    expect(await auditRow(`POST /api/operator/adjustments/${adj.id}/reject`)).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'rejected', reason: 'duplicate request' },
    });
    expect((await approve(bob.headers, adj.id)).statusCode).toBe(409);
    expect((await reject(bob.headers, adj.id, 'again please')).statusCode).toBe(409);
    expect((await reject(bob.headers, adj.id, 'x')).statusCode).toBe(400);
    expect(await cash()).toBe(before);
    const rejected = await t.app.inject({
      url: '/api/operator/adjustments?status=rejected',
      headers: bob.headers,
    });
    expect(rejected.json().data).toMatchObject({ total: 1, list: [{ id: adj.id }] });
  });

  it('debits the cash, but never below what the player has (nothing changes, the adjustment stays pending)', async () => {
    const before = await cash();
    const allProposals = async () =>
      (await t.app.inject({ url: '/api/operator/adjustments?status=all', headers: bob.headers })).json().data
        .total as number;
    const proposals = await allProposals();
    // Proposed above the cash: refused at once, nothing recorded.
    const overNow = await propose(alice.headers, {
      userId: player.id,
      amount: -(before / 100 + 0.01),
      currency: 'BRL',
      reason: 'too much',
    });
    expect(overNow.statusCode).toBe(422);
    expect(overNow.json().message).toBe('O saldo do jogador não cobre este débito');
    expect(await allProposals()).toBe(proposals);
    // Proposed within the cash, which then falls below it: the approval refuses it.
    const over = await proposed(-(before / 100));
    const first = await proposed(-0.01);
    expect((await approve(bob.headers, first.id)).statusCode).toBe(200);
    expect(await cash()).toBe(before - 1);
    const refused = await approve(bob.headers, over.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('O saldo do jogador não cobre este débito');
    expect(await cash()).toBe(before - 1);
    expect(await postingsOf(over.id)).toHaveLength(0);
    // Its audit row: failed, and no state before or after (nothing changed).
    expect(await auditRow(`POST /api/operator/adjustments/${over.id}/approve`)).toMatchObject({
      outcome: 'failed',
      target: `adjustment:${over.id}`,
      before: null,
      after: null,
    });
    const list = await t.app.inject({
      url: '/api/operator/adjustments?status=pending',
      headers: bob.headers,
    });
    expect(list.json().data.list.map((a: { id: number }) => a.id)).toContain(over.id);
    expect((await reject(bob.headers, over.id, 'too much')).statusCode).toBe(200);

    const debit = await proposed(-(before - 1) / 100);
    expect((await approve(bob.headers, debit.id)).statusCode).toBe(200);
    expect(await cash()).toBe(0);
  });

  it('refuses a support operator (hidden in the app and refused by the server), audited', async () => {
    const adj = await proposed(1);
    const res = await approve(support.headers, adj.id);
    expect(res.statusCode).toBe(403);
    expect(await auditRow(`POST /api/operator/adjustments/${adj.id}/approve`)).toMatchObject({
      outcome: 'refused',
      reason: 'permissionMissing',
      actorEmail: support.email,
    });
    const byProposal = await propose(support.headers, { userId: player.id, amount: 1, reason: 'please' });
    expect(byProposal.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/operator/adjustments', headers: support.headers })).statusCode,
    ).toBe(403);
    expect((await reject(bob.headers, adj.id, 'not needed')).statusCode).toBe(200);
  });

  it('refuses the operator key as a decider either way: it cannot reject, the proposal stays pending', async () => {
    const adj = await proposed(4);
    const res = await reject(KEY, adj.id, 'rejected by whoever holds the key');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/chave de operador/);
    expect(await auditRow(`POST /api/operator/adjustments/${adj.id}/reject`)).toMatchObject({
      outcome: 'failed',
      reason: 'adjustmentNamedOperator',
      actorEmail: 'operator-key',
      httpStatus: 403,
    });
    const [row] = (
      (await t.database.db.execute(
        sql`select status, decided_by from adjustments where id = ${adj.id}`,
      )) as unknown as { rows: { status: string; decided_by: string | null }[] }
    ).rows;
    expect(row).toEqual({ status: 'pending', decided_by: null });
    // A named operator still decides it.
    expect((await reject(bob.headers, adj.id, 'not needed after all')).statusCode).toBe(200);
  });

  it('refuses bad input with a translated message, creating nothing', async () => {
    const count = async () =>
      (await t.app.inject({ url: '/api/operator/adjustments?status=all&pageSize=100', headers: KEY })).json()
        .data.total as number;
    const n = await count();
    for (const [body, status, message] of [
      [{ userId: player.id, amount: 0, reason: 'zero' }, 400, 'Informe um valor diferente de zero'],
      [{ userId: player.id, amount: 1.234, reason: 'decimals' }, 400, 'Informe um valor diferente de zero'],
      [{ userId: player.id, amount: '10', reason: 'text' }, 400, 'Informe um valor diferente de zero'],
      [{ userId: player.id, amount: 10, reason: '' }, 400, 'Informe o motivo'],
      [{ userId: player.id, amount: 10, reason: 'ok reason', currency: 'USD' }, 400, ''],
      [{ userId: 987654, amount: 10, reason: 'nobody' }, 404, 'Jogador não encontrado'],
    ] as const) {
      const res = await propose(alice.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await approve(bob.headers, 999_999)).statusCode).toBe(404);
    expect(await count()).toBe(n);
  });
});
