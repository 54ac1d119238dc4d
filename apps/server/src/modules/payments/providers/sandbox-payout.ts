import type { PayoutInput, PayoutRail, PayoutResult } from './provider';

/**
 * The sandbox payout rail: pays at once, or fails while failure is switched on (a test, or a person trying
 * the failure path, turns it on through POST /sandbox/payouts/mode). Idempotent by our order id, as a real
 * rail is. Keeps what it paid in memory for /sandbox/payouts.json.
 */
export interface SandboxPayoutRail extends PayoutRail {
  setMode(mode: 'pay' | 'fail'): void;
  readonly mode: 'pay' | 'fail';
  list(): Array<PayoutInput & PayoutResult & { at: string }>;
}

const KEEP = 500;

export function createSandboxPayoutRail(): SandboxPayoutRail {
  let mode: 'pay' | 'fail' = 'pay';
  const done = new Map<string, PayoutInput & PayoutResult & { at: string }>();
  return {
    name: 'sandbox-payout',
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
    },
    list: () => [...done.values()].reverse(),
    async createPayout(input) {
      const seen = done.get(input.orderId);
      if (seen) return { status: seen.status, reference: seen.reference, reason: seen.reason };
      const result: PayoutResult =
        mode === 'fail'
          ? {
              status: 'failed',
              reference: `sbxp_${input.orderId}`,
              reason: 'sandbox rail refused the payout',
            }
          : { status: 'paid', reference: `sbxp_${input.orderId}` };
      done.set(input.orderId, { ...input, ...result, at: new Date().toISOString() });
      if (done.size > KEEP) done.delete(done.keys().next().value!);
      return result;
    },
  };
}
