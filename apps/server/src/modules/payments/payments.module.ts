import crypto from 'node:crypto';
import { defineModule } from '../../platform/module';
import { paidDeposits } from './deposits.paid';
import { createPaymentsBackoffice } from './backoffice.service';
import { createDepositsService } from './deposits.service';
import { playerRecords } from './orders';
import { createPackagesService } from './packages.service';
import type { PaymentsDeps } from './payments.deps';
import { paymentsRoutes } from './payments.routes';
import { createMercadoPago } from './providers/mercadopago';
import type { PixProvider } from './providers/provider';
import { createSandboxPix, type SandboxPix } from './providers/sandbox';
import { createSandboxPayoutRail } from './providers/sandbox-payout';
import { sandboxRoutes } from './sandbox.routes';
import { createWithdrawalsService } from './withdrawals.service';
import type { Jobs } from '../../platform/jobs';
import type { Outbox } from '../../platform/outbox';
import { registerPaymentEvents } from './payments.events';
import { registerPaymentJobs } from './payments.jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Price packages, PIX deposits, withdrawals and the player's order records. */
    payments: PaymentsService;
  }
}

/** The payments service and the sandbox parties it talks to (the sandbox routes serve those). */
export function createPayments(deps: PaymentsDeps & { outbox: Outbox; jobs: Pick<Jobs, 'send'> }) {
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
  const service = {
    packages,
    deposits,
    withdrawals,
    /** The back office's reads: the deposits list and a withdrawal's risk summary. */
    backoffice: createPaymentsBackoffice(deps),
    /** The player's deposit and withdrawal orders, newest first. */
    records: (userId: number, query: Parameters<typeof playerRecords>[2]) =>
      playerRecords(deps.database.db, userId, query),
    /** Paid deposits of these players, charged-back ones left out (rewards counting valid deposits). */
    paidDeposits,
  };
  return { service, sandbox: { pix: sandboxPix, payouts } };
}

export type PaymentsService = ReturnType<typeof createPayments>['service'];

/**
 * Payments: price packages, PIX deposits through a provider adapter (the sandbox, or Mercado Pago), webhooks
 * credited once, withdrawals held at request and paid by a payout rail after an operator's approval.
 * Profiles come from accounts, VIP levels from the wallet.
 */
export const paymentsModule = defineModule(
  'payments',
  ['operators', 'settings', 'accounts', 'wallet', 'rg'],
  async (app) => {
    const { database, config, settings, bus, outbox, jobs, accounts, rg } = app;
    const { service, sandbox } = createPayments({
      database,
      config,
      settings,
      bus,
      outbox,
      jobs,
      profileOf: accounts.payoutProfile,
      rg,
      log: app.log,
    });
    app.decorate('payments', service);
    await service.packages.seed();
    // Another node's edit of the packages: getPrices answers it at once here too.
    const unsubscribe = bus.subscribe('payments.packagesChanged', () => service.packages.invalidate());
    app.addHook('onClose', async () => unsubscribe());
    await app.register(paymentsRoutes);
    if (config.sandbox) await app.register(sandboxRoutes, sandbox);

    registerPaymentEvents(outbox, bus);
    registerPaymentJobs(jobs, service, rg);
  },
);
