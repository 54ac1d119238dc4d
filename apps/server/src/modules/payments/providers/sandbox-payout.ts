import type { PayoutInput, PayoutRail, PayoutResult } from './provider';

/**
 * - pay / fail: pays at once, or refuses.
 * - throw: pays, then throws (a timeout after the rail actually paid).
 * - processing: accepts and answers 'processing'; a later queryPayout settles it by the mode then in force
 *   (pay -> paid, fail -> failed), so tests can drive reconciliation.
 */
export const SANDBOX_PAYOUT_MODES = ['pay', 'fail', 'throw', 'processing'] as const;
export type SandboxPayoutMode = (typeof SANDBOX_PAYOUT_MODES)[number];

/**
 * The sandbox payout rail (a test, or a person trying the failure paths, switches its mode through POST
 * /sandbox/payouts/mode). Idempotent by our order id, as a real rail is. Keeps what it paid in memory for
 * /sandbox/payouts.json.
 */
export interface SandboxPayoutRail extends PayoutRail {
  setMode(mode: SandboxPayoutMode): void;
  readonly mode: SandboxPayoutMode;
  list(): Array<PayoutInput & PayoutResult & { at: string }>;
}

const KEEP = 500;

export function createSandboxPayoutRail(): SandboxPayoutRail {
  let mode: SandboxPayoutMode = 'pay';
  const done = new Map<string, PayoutInput & PayoutResult & { at: string }>();
  const outcome = (orderId: string, m: SandboxPayoutMode): PayoutResult => {
    const reference = `sbxp_${orderId}`;
    if (m === 'fail') return { status: 'failed', reference, reason: 'sandbox rail refused the payout' };
    if (m === 'processing') return { status: 'processing', reference };
    return { status: 'paid', reference };
  };
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
      const result = outcome(input.orderId, mode);
      done.set(input.orderId, { ...input, ...result, at: new Date().toISOString() });
      if (done.size > KEEP) done.delete(done.keys().next().value!);
      if (mode === 'throw') throw new Error('sandbox rail timed out after paying');
      return result;
    },
    async queryPayout(orderId) {
      const seen = done.get(orderId);
      if (!seen) return { status: 'none' };
      if (seen.status === 'processing' && (mode === 'pay' || mode === 'fail')) {
        Object.assign(seen, outcome(orderId, mode));
      }
      return { status: seen.status, reference: seen.reference, reason: seen.reason };
    },
  };
}
