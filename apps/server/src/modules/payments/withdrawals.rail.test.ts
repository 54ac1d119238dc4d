import { describe, expect, it } from 'vitest';
import type { PayoutInput, PayoutRail, PayoutResult } from './providers/provider';
import { withdrawalsOnRail, withdrawBody } from './withdrawals.testing';

/**
 * A rail whose create call hangs (a slow network, a stuck rail) until the test lets it through: then it pays,
 * unless its caller aborted the call first (as a real adapter's aborted request never reaches the rail).
 */
function hangingRail() {
  const paid = new Set<string>();
  const waiting: Array<() => void> = [];
  const signals: AbortSignal[] = [];
  const rail: PayoutRail = {
    name: 'hanging',
    createPayout(input: PayoutInput, signal?: AbortSignal): Promise<PayoutResult> {
      if (signal) signals.push(signal);
      return new Promise((resolve) => {
        waiting.push(() => {
          if (!signal?.aborted) paid.add(input.orderId);
          resolve({ status: 'paid', reference: `ref_${input.orderId}` });
        });
      });
    },
    async queryPayout(orderId) {
      return paid.has(orderId) ? { status: 'paid', reference: `ref_${orderId}` } : { status: 'none' };
    },
  };
  return { rail, paid, signals, letThrough: () => waiting.splice(0).forEach((go) => go()) };
}

describe('a rail call that hangs past the approval', () => {
  it('is given up on and aborted well before reconciliation may release the hold, so it never pays too', async () => {
    const { rail, paid, signals, letThrough } = hangingRail();
    let clock = new Date();
    const { service, fund, cash, close } = await withdrawalsOnRail(rail, {
      now: () => clock,
      payoutCallMs: 200,
    });
    try {
      await fund(21);
      const { orderId } = await service.request(21, withdrawBody, 'key-21-0001', 'pt_BR');
      const { id } = (await service.list({ status: 'pending' })).find((w) => w.orderId === orderId)!;

      // Approval stops waiting (503: outcome unknown) and aborts the call; it does not hang for ever.
      const approval = service.approve(id).then(
        () => 'answered',
        (err: { httpStatus?: number }) => err.httpStatus,
      );
      const hung = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000));
      expect(await Promise.race([approval, hung])).toBe(503);
      expect(signals.every((s) => s.aborted)).toBe(true);
      expect((await service.list({ status: 'paying' })).map((w) => w.orderId)).toContain(orderId);
      expect(await cash(21)).toEqual({ balance: 10_000, held: 5_000 });

      // The grace passes; the rail never received it: reconciliation gives the player their money back ...
      clock = new Date(clock.getTime() + 60 * 60_000);
      expect(await service.reconcileDue()).toBe(1);
      expect(await cash(21)).toEqual({ balance: 10_000, held: 0 });
      // ... and the call that was stuck on the way, arriving now, pays nothing.
      letThrough();
      await approval;
      expect(paid.size).toBe(0);
    } finally {
      letThrough();
      await close();
    }
  });
});
