import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createDepositsService } from './deposits.service';
import { createPackagesService } from './packages.service';
import type { PaymentsDeps } from './payments.deps';
import { paymentsRoutes } from './payments.routes';
import { createMercadoPago } from './providers/mercadopago';
import type { PixProvider } from './providers/provider';
import { createSandboxPix, type SandboxPix } from './providers/sandbox';
import { createSandboxPayoutRail } from './providers/sandbox-payout';
import { sandboxRoutes } from './sandbox.routes';
import { createWithdrawalsService } from './withdrawals.service';

export type { PaymentsDeps, PlayerProfile } from './payments.deps';

/**
 * Payments: price packages, PIX deposits through a provider adapter (the sandbox, or Mercado Pago), webhooks
 * credited once, withdrawals held at request and paid by a payout rail after an operator's approval.
 */
export function createPayments(
  deps: PaymentsDeps & { authenticate: (req: FastifyRequest) => Promise<void> },
) {
  const { config } = deps;
  let sandboxPix: SandboxPix | null = null;
  let provider: PixProvider | null = null;
  if (config.payments.pixProvider === 'sandbox') {
    sandboxPix = createSandboxPix({
      database: deps.database,
      publicUrl: config.publicUrl,
      secret: config.payments.sandboxPixSecret ?? crypto.randomBytes(32).toString('hex'),
      now: deps.now,
    });
    provider = sandboxPix;
  } else if (config.payments.pixProvider === 'mercadopago') {
    provider = createMercadoPago({
      accessToken: config.payments.mercadoPago.accessToken!,
      webhookSecret: config.payments.mercadoPago.webhookSecret!,
    });
  }
  const payouts = config.sandbox ? createSandboxPayoutRail() : null;
  const packages = createPackagesService(deps);
  const deposits = createDepositsService({ ...deps, packages, provider });
  const withdrawals = createWithdrawalsService({ ...deps, payouts });

  return {
    routes: async (app: FastifyInstance) => {
      await packages.seed();
      await paymentsRoutes(app, { ...deps, packages, deposits, withdrawals });
      if (config.sandbox) await sandboxRoutes(app, { pix: sandboxPix, payouts });
    },
    /** Expires overdue deposit orders now (the routes also run this every minute). */
    expireDue: deposits.expireDue,
  };
}

export type Payments = ReturnType<typeof createPayments>;
