import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, expectCleanLedgerThenClose } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { createBus } from '../../platform/bus';
import type { Database } from '../../platform/db';
import { createOutbox } from '../../platform/outbox';
import { translate } from '../../platform/i18n';
import { createSettingsService } from '../settings';
import { createSandboxPayoutRail } from './providers/sandbox-payout';
import { createWithdrawalsService, saoPauloDay } from './withdrawals.service';
import { profile, silentLog, withdrawalsOnRail, withdrawBody } from './withdrawals.testing';

describe('withdrawals service', () => {
  let database: Database;
  let locked = true;
  let service: ReturnType<typeof createWithdrawalsService>;
  const bus = createBus();

  beforeAll(async () => {
    database = await createTestDatabase();
    service = createWithdrawalsService({
      database,
      config: loadConfig({ NODE_ENV: 'test' }),
      settings: createSettingsService({ database }),
      bus,
      profileOf: async () => profile,
      lockedOf: async () => locked,
      payouts: null,
      outbox: createOutbox({ database, log: silentLog, relay: 'paused' }),
    });
  });
  afterAll(async () => {
    await bus.close();
    await expectCleanLedgerThenClose(database, () => database.close());
  });

  const attempt = () =>
    service.request(
      7,
      { amount: 50, payCardBank: 'CPF', payCardNo: profile.cardNo, name: 'Ana', whatsapp: '1' },
      'key-0000001',
      'pt_BR',
    );

  it('rule 1 comes first: a game bill being produced refuses before anything else is looked at', async () => {
    await expect(attempt()).rejects.toMatchObject({ key: 'withdrawLocked', httpStatus: 422 });
    expect(translate('pt_BR', 'withdrawLocked')).toBe(
      'Sua fatura do jogo está sendo gerada, por favor, tente novamente mais tarde',
    );
    expect((await service.limits(7)).lock).toBe(true);
  });

  it('without the lock, a player with no cash gets rule 3', async () => {
    locked = false;
    await expect(attempt()).rejects.toMatchObject({ key: 'withdrawNothing' });
    expect(await service.limits(7)).toMatchObject({ lock: false, number: 1, wdAmount: 0, limitAmount: 50 });
  });

  it('counts days in Brazil: 02:00 UTC is still the day before in São Paulo', () => {
    expect(saoPauloDay(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
    expect(saoPauloDay(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-22');
  });
});

describe('the reconciliation job', () => {
  it('settles a payout the rail made after a throw, once, and releases one the rail never received', async () => {
    const rail = createSandboxPayoutRail();
    let clock = new Date();
    const { database, service, fund, cash, close } = await withdrawalsOnRail(rail, { now: () => clock });
    try {
      const withdrawal = async (userId: number) => {
        await fund(userId);
        const { orderId } = await service.request(userId, withdrawBody, `key-${userId}-0001`, 'pt_BR');
        return (await service.list({ status: 'all' })).find((w) => w.orderId === orderId)!;
      };

      const paid = await withdrawal(11);
      rail.setMode('throw');
      await expect(service.approve(paid.id)).rejects.toMatchObject({ httpStatus: 503 });
      // Stopped after the approval committed, before the rail call: the rail never heard of this one.
      const lost = await withdrawal(12);
      await database.db.execute(sql`update payment_orders set status = '99' where id = ${lost.id}`);
      rail.setMode('pay');

      expect(await service.reconcileDue()).toBe(2);
      expect(await service.reconcileDue()).toBe(1);
      expect(await cash(11)).toEqual({ balance: 5_000, held: 0 });
      // Too young to be given up: a rail call could still be in flight.
      expect(await cash(12)).toEqual({ balance: 10_000, held: 5_000 });
      clock = new Date(clock.getTime() + 60 * 60_000);
      expect(await service.reconcileDue()).toBe(1);
      expect(await cash(12)).toEqual({ balance: 10_000, held: 0 });
      expect(await service.reconcileDue()).toBe(0);
      const statuses = (await service.list({ status: 'all' })).map((w) => [w.orderId, w.status]);
      expect(Object.fromEntries(statuses)).toEqual({ [paid.orderId]: '10', [lost.orderId]: '-01' });
    } finally {
      await close();
    }
  });

  it('goes round the queue: payouts the rail keeps processing do not hold a newer one back', async () => {
    const sandbox = createSandboxPayoutRail();
    // The two oldest payouts stay "processing" at the rail for good; the newest it pays.
    const stuck = new Set<string>();
    const asked: string[] = [];
    const rail = {
      ...sandbox,
      async queryPayout(orderId: string) {
        asked.push(orderId);
        return stuck.has(orderId)
          ? { status: 'processing' as const, reference: `sbxp_${orderId}` }
          : sandbox.queryPayout(orderId);
      },
    };
    const { service, fund, cash, close } = await withdrawalsOnRail(rail);
    try {
      sandbox.setMode('processing');
      const orders: string[] = [];
      for (const userId of [31, 32, 33]) {
        await fund(userId);
        const { orderId } = await service.request(userId, withdrawBody, `key-${userId}-0001`, 'pt_BR');
        const { id } = (await service.list({ status: 'pending' })).find((w) => w.orderId === orderId)!;
        await service.approve(id);
        orders.push(orderId);
      }
      stuck.add(orders[0]!).add(orders[1]!);
      sandbox.setMode('pay');

      expect(await service.reconcileDue(2)).toBe(2);
      expect(await service.reconcileDue(2)).toBe(1);
      expect(asked).toEqual(orders);
      expect(await cash(33)).toEqual({ balance: 5_000, held: 0 });
      // Round again from the oldest.
      expect(await service.reconcileDue(2)).toBe(2);
      expect(asked.slice(3)).toEqual(orders.slice(0, 2));
    } finally {
      await close();
    }
  });
});
