import {
  getPricesQuery,
  operatorRejectBody,
  operatorWithdrawalParams,
  operatorWithdrawalsQuery,
  OrderStatus,
  orderIdParams,
  paymentRecordsQuery,
  prePayBody,
  prePayParams,
  withdrawRequest,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { operatorGuard } from '../../platform/operator';
import type { DepositsService } from './deposits.service';
import { playerRecords } from './orders';
import type { PackagesService } from './packages.service';
import type { WithdrawalsService } from './withdrawals.service';

export interface PaymentsRoutesDeps {
  config: Config;
  database: Database;
  packages: PackagesService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  authenticate: (req: FastifyRequest) => Promise<void>;
}

const OPERATOR_STATUS = {
  pending: OrderStatus.PENDING,
  paying: OrderStatus.PAYING,
  paid: OrderStatus.PAID,
  failed: OrderStatus.FAILED,
  rejected: OrderStatus.CANCELLED,
  all: null,
} as const;

/** prePay's key is optional (it opens an order, it moves no money); when sent, it is checked like any other. */
const optionalKeyOf = (req: FastifyRequest) =>
  req.headers['idempotency-key'] === undefined ? undefined : idempotencyKeyOf(req);

const userOf = (req: FastifyRequest) => req.user!.id;

export async function paymentsRoutes(app: FastifyInstance, deps: PaymentsRoutesDeps) {
  const { packages, deposits, withdrawals, authenticate } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const player = { onRequest: authenticate };
  const tags = ['payments'];

  r.get('/api/app/order/getPrices', { schema: { tags, querystring: getPricesQuery } }, async (req) =>
    ok(req, await packages.list(req.query.curreny)),
  );

  r.post(
    '/api/app/order/prePay/:pkgId',
    { ...player, schema: { tags, params: prePayParams, body: prePayBody } },
    async (req) =>
      ok(
        req,
        await deposits.prePay(userOf(req), {
          pkgId: req.params.pkgId,
          gift: req.body?.gift ?? 1,
          idempotencyKey: optionalKeyOf(req),
        }),
      ),
  );

  r.get(
    '/api/app/order/getStatus/:orderId',
    { ...player, schema: { tags, params: orderIdParams } },
    async (req) => ok(req, { status: await deposits.status(userOf(req), req.params.orderId) }),
  );

  r.get('/api/app/main/userGift', { ...player, schema: { tags } }, async (req) =>
    ok(req, await deposits.userGift(userOf(req))),
  );

  r.get('/api/app/order/getWithdraw', { ...player, schema: { tags } }, async (req) =>
    ok(req, await withdrawals.limits(userOf(req))),
  );

  r.post('/api/app/order/withdraw', { ...player, schema: { tags, body: withdrawRequest } }, async (req) =>
    ok(
      req,
      await withdrawals.request(userOf(req), req.body, idempotencyKeyOf(req), req.lang),
      'withdrawRequested',
    ),
  );

  r.get(
    '/api/app/order/records',
    { ...player, schema: { tags, querystring: paymentRecordsQuery } },
    async (req) => ok(req, await playerRecords(deps.database.db, userOf(req), req.query)),
  );

  // Operator calls (decisions.md): X-Operator-Key until the back office exists.
  const operator = { preHandler: operatorGuard(deps.config) };
  const opTags = ['operator'];
  r.get(
    '/api/operator/withdrawals',
    { ...operator, schema: { tags: opTags, querystring: operatorWithdrawalsQuery } },
    async (req) => ok(req, await withdrawals.list(OPERATOR_STATUS[req.query.status])),
  );
  r.post(
    '/api/operator/withdrawals/:id/approve',
    { ...operator, schema: { tags: opTags, params: operatorWithdrawalParams } },
    async (req) => ok(req, await withdrawals.approve(req.params.id)),
  );
  r.post(
    '/api/operator/withdrawals/:id/reject',
    { ...operator, schema: { tags: opTags, params: operatorWithdrawalParams, body: operatorRejectBody } },
    async (req) => ok(req, await withdrawals.reject(req.params.id, req.body?.reason)),
  );
  r.post(
    '/api/operator/withdrawals/:id/reconcile',
    { ...operator, schema: { tags: opTags, params: operatorWithdrawalParams } },
    async (req) => ok(req, await withdrawals.reconcile(req.params.id)),
  );

  // Provider notifications: the signature covers the exact bytes, so this scope keeps the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhook/:provider',
      {
        // A provider notifies from a few addresses in bursts; the signature, not a per-IP limit, guards this
        // route, and a refused notification would leave a paid order uncredited until the next status check.
        config: { rateLimit: false },
        schema: {
          tags,
          params: z.object({ provider: z.string().max(32) }),
          querystring: z.record(z.string(), z.string()),
        },
      },
      async (req) => {
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const result = await deposits.webhook(req.params.provider, {
          rawBody,
          headers: req.headers,
          query: req.query,
        });
        return ok(req, result);
      },
    );
  });

  // Orders not paid in time expire (also lazily in getStatus); a lost notification is caught up here.
  // Withdrawals left PAYING (the rail threw, or the process stopped mid-payout) are settled by the rail's word.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      deposits.expireDue().catch((err: unknown) => app.log.error({ err }, 'expiring deposit orders failed'));
      withdrawals
        .reconcileDue()
        .catch((err: unknown) => app.log.error({ err }, 'reconciling withdrawals failed'));
    }, 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
