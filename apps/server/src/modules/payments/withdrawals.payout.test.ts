import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanLedgerThenClose } from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import { paymentsClient, paymentsTestApp, type Player, type TestApp } from './payments.test-client';

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;

beforeAll(async () => {
  t = await paymentsTestApp();
  c = paymentsClient(t);
  await c.setSettings({ 'wagering.depositMultiplier': 0 });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

type Event = { event: string; note: string };
type Order = { id: number; orderId: string; events: Event[] };

const requested = async () => {
  const p = await c.signUp();
  await c.deposit(p);
  const key = crypto.randomUUID();
  const body = c.pixWithdrawal(p, 50);
  const w = await c.withdraw(p, body, key);
  expect(w.statusCode, w.body).toBe(200);
  const list = (await c.operator('GET', '/api/operator/withdrawals?status=all')).json().data as Order[];
  const id = list.find((x) => x.orderId === w.json().data.orderId)!.id;
  return { p, id, orderId: w.json().data.orderId as string, key, body };
};

/** The withdrawal's events as the player's records show them. */
const playerEvents = async (p: Player, orderId: string): Promise<Event[]> => {
  const res = await c.call('GET', '/api/app/order/records?type=11', p.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as Order[]).find((o) => o.orderId === orderId)!.events;
};

describe('what a withdrawal tells its player (fixed reason codes only)', () => {
  it("an operator's rejection reason stays in the back office; the player sees the rejection alone", async () => {
    const { p, id, orderId, key, body } = await requested();
    const reason = 'linked to account 4711, chargeback ring — do not tell';
    const res = await c.operator('POST', `/api/operator/withdrawals/${id}/reject`, { reason });
    expect(res.statusCode, res.body).toBe(200);
    // The operators keep the reason.
    expect(res.json().data.events.at(-1)).toMatchObject({ event: 'rejected', note: reason });
    // The player's records and a repeat of the request (same key) answer without it.
    expect((await playerEvents(p, orderId)).at(-1)).toEqual(
      expect.objectContaining({ event: 'rejected', note: '' }),
    );
    const again = await c.withdraw(p, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(JSON.stringify(again.json())).not.toContain('4711');
    expect(JSON.stringify((await c.call('GET', '/api/app/order/records', p.token)).json())).not.toContain(
      'chargeback ring',
    );
  });

  it("a payout the rail refused shows a reason code, not the rail's own words", async () => {
    const { p, id, orderId } = await requested();
    expect((await c.call('POST', '/sandbox/payouts/mode', undefined, { mode: 'fail' })).statusCode).toBe(200);
    try {
      const res = await c.operator('POST', `/api/operator/withdrawals/${id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.events.at(-1)).toMatchObject({ event: 'payoutFailed', note: 'payout_failed' });
    } finally {
      await c.call('POST', '/sandbox/payouts/mode', undefined, { mode: 'pay' });
    }
    const events = await playerEvents(p, orderId);
    expect(events.at(-1)).toEqual(expect.objectContaining({ event: 'payoutFailed', note: 'payout_failed' }));
    expect(JSON.stringify(events)).not.toContain('sandbox rail');
  });
});

describe('a withdrawal fee that takes the whole amount', () => {
  it('is refused at the request (nothing to pay out), instead of an approval stuck PAYING for ever', async () => {
    const settings = (await c.operator('GET', '/api/operator/settings')).json().data;
    const table = settings['vip.table'].map((row: object, i: number) =>
      i === 0 ? { ...row, withdrawFeeBp: 10_000 } : row,
    );
    await c.setSettings({ 'vip.table': table });
    try {
      const p = await c.signUp();
      await c.deposit(p);
      const res = await c.withdraw(p, c.pixWithdrawal(p, 60));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe('Montante mínimo de retirada:R$50,00');
      const cash = (await playerAccounts(t.database.db, p.userId)).find((a) => a.kind === 'cash')!;
      expect({ balance: cash.balance, held: cash.held }).toEqual({ balance: 10_000, held: 0 });
      // The refusal gave the day's count back.
      expect((await c.call('GET', '/api/app/order/getWithdraw', p.token)).json().data.number).toBe(1);
    } finally {
      await c.setSettings({ 'vip.table': settings['vip.table'] });
    }
  });
});
