import {
  envelope,
  getPricesAnswer,
  getPricesQuery,
  getWithdrawAnswer,
  operatorDepositsAnswer,
  OPERATOR_PACKAGES_PATH,
  operatorPackage,
  operatorPackageCreate,
  operatorPackageParams,
  operatorPackagesAnswer,
  operatorPackageUpdate,
  operatorDepositsQuery,
  operatorRejectBody,
  operatorWithdrawal,
  operatorWithdrawalParams,
  operatorWithdrawalsAnswer,
  operatorWithdrawalsQuery,
  OrderStatus,
  orderIdParams,
  orderStatusAnswer,
  paymentRecordsAnswer,
  paymentRecordsQuery,
  prePayAnswer,
  prePayBody,
  prePayParams,
  userGiftAnswer,
  payoutTimes,
  exclusionBalances,
  payoutTimesQuery,
  withdrawAnswer,
  withdrawalRisk,
  withdrawRequest,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { maskKey } from './orders';

/** prePay's key is optional (it opens an order, it moves no money); when sent, it is checked like any other. */
const optionalKeyOf = (req: FastifyRequest) =>
  req.headers['idempotency-key'] === undefined ? undefined : idempotencyKeyOf(req);

const userOf = (req: FastifyRequest) => req.user!.id;

const answer = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });

/**
 * A withdrawal as an operator who may not pay it reads it (support answers players, it does not pay them):
 * its payout key and WhatsApp masked, as the player's profile masks the CPF.
 */
function forReader<T extends { payCardNo: string | null; ifsc: string; whatsapp: string }>(w: T): T {
  return {
    ...w,
    payCardNo: maskKey(w.payCardNo),
    ifsc: w.ifsc === w.payCardNo ? (maskKey(w.ifsc) ?? '') : w.ifsc,
    whatsapp: maskKey(w.whatsapp) ?? '',
  };
}
/** What a provider's notification did (for the provider's log; players never see it). */
const webhookAnswer = z.object({ outcome: z.string() });

/** Thin routes: schema in, the payments service, schema out. */
export async function paymentsRoutes(app: FastifyInstance) {
  const { packages, deposits, withdrawals } = app.payments;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const player = { onRequest: app.accounts.authenticate };
  const tags = ['payments'];

  r.get(
    '/api/app/order/getPrices',
    { schema: { tags, querystring: getPricesQuery, response: answer(getPricesAnswer) } },
    async (req) => ok(req, await packages.list(req.query.curreny)),
  );

  r.post(
    '/api/app/order/prePay/:pkgId',
    { ...player, schema: { tags, params: prePayParams, body: prePayBody, response: answer(prePayAnswer) } },
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
    { ...player, schema: { tags, params: orderIdParams, response: answer(orderStatusAnswer) } },
    async (req) => ok(req, { status: await deposits.status(userOf(req), req.params.orderId) }),
  );

  r.get(
    '/api/app/main/userGift',
    { ...player, schema: { tags, response: answer(userGiftAnswer) } },
    async (req) => ok(req, await deposits.userGift(userOf(req))),
  );

  r.get(
    '/api/app/order/getWithdraw',
    { ...player, schema: { tags, response: answer(getWithdrawAnswer) } },
    async (req) => ok(req, await withdrawals.limits(userOf(req))),
  );

  r.post(
    '/api/app/order/withdraw',
    { ...player, schema: { tags, body: withdrawRequest, response: answer(withdrawAnswer) } },
    async (req) =>
      ok(
        req,
        await withdrawals.request(userOf(req), req.body, idempotencyKeyOf(req), req.lang),
        'withdrawRequested',
      ),
  );

  r.get(
    '/api/app/order/records',
    { ...player, schema: { tags, querystring: paymentRecordsQuery, response: answer(paymentRecordsAnswer) } },
    async (req) => ok(req, await app.payments.records(userOf(req), req.query)),
  );

  // Operator calls: each names its permission; the operators module guards and audits them. An approval,
  // rejection or reconciliation only succeeds from the one status the service accepts, so that is `before`.
  const opTags = ['operator'];
  const decided = answer(operatorWithdrawal);
  r.get(
    '/api/operator/withdrawals',
    {
      config: { permission: 'withdrawals.read' },
      schema: {
        tags: opTags,
        querystring: operatorWithdrawalsQuery,
        response: answer(operatorWithdrawalsAnswer),
      },
    },
    async (req) => {
      const { page, limit, ...query } = req.query;
      const full = req.operator!.permissions.has('withdrawals.approve');
      if (page === undefined) {
        const list = await withdrawals.list(query, limit);
        return ok(req, full ? list : list.map(forReader));
      }
      const found = await withdrawals.page({ ...query, page });
      return ok(req, full ? found : { ...found, list: found.list.map(forReader) });
    },
  );
  r.get(
    '/api/operator/withdrawals/payout-times',
    {
      config: { permission: 'withdrawals.read' },
      schema: { tags: opTags, querystring: payoutTimesQuery, response: answer(payoutTimes) },
    },
    async (req) => ok(req, await withdrawals.payoutTimes(req.query)),
  );
  r.get(
    '/api/operator/withdrawals/exclusion-balances',
    {
      config: { permission: 'withdrawals.read' },
      schema: { tags: opTags, response: answer(exclusionBalances) },
    },
    async (req) => ok(req, await withdrawals.exclusionBalances(await app.rg.selfExcludedAccounts())),
  );
  r.get(
    '/api/operator/withdrawals/:id/risk',
    {
      config: { permission: 'withdrawals.read' },
      schema: { tags: opTags, params: operatorWithdrawalParams, response: answer(withdrawalRisk) },
    },
    async (req) => ok(req, await app.payments.backoffice.withdrawalRisk(req.params.id)),
  );
  // The price packages (promo.manage): every write audited with the package before and after.
  const promo = { permission: 'promo.manage' as const };
  r.get(
    OPERATOR_PACKAGES_PATH,
    { config: promo, schema: { tags: ['operator'], response: answer(operatorPackagesAnswer) } },
    async (req) => ok(req, await packages.operatorList()),
  );

  r.post(
    OPERATOR_PACKAGES_PATH,
    {
      config: promo,
      schema: { tags: ['operator'], body: operatorPackageCreate, response: answer(operatorPackage) },
    },
    async (req) => {
      const after = await packages.create(req.body);
      req.audit({ target: `package:${after.pkgId}`, before: null, after });
      return ok(req, after);
    },
  );

  r.put(
    `${OPERATOR_PACKAGES_PATH}/:pkgId`,
    {
      config: promo,
      schema: {
        tags: ['operator'],
        params: operatorPackageParams,
        body: operatorPackageUpdate,
        response: answer(operatorPackage),
      },
    },
    async (req) => {
      req.audit({ target: `package:${req.params.pkgId}` });
      const { before, after } = await packages.update(req.params.pkgId, req.body);
      req.audit({ before, after });
      return ok(req, after);
    },
  );

  r.get(
    '/api/operator/deposits',
    {
      config: { permission: 'deposits.read' },
      schema: { tags: opTags, querystring: operatorDepositsQuery, response: answer(operatorDepositsAnswer) },
    },
    async (req) => ok(req, await app.payments.backoffice.deposits(req.query)),
  );
  r.post(
    '/api/operator/withdrawals/:id/approve',
    {
      config: { permission: 'withdrawals.approve' },
      schema: { tags: opTags, params: operatorWithdrawalParams, response: decided },
    },
    async (req) => {
      req.audit({ target: `withdrawal:${req.params.id}` });
      const order = await withdrawals.approve(req.params.id);
      req.audit({ before: { status: OrderStatus.PENDING }, after: { status: order.status } });
      return ok(req, order);
    },
  );
  r.post(
    '/api/operator/withdrawals/:id/reject',
    {
      config: { permission: 'withdrawals.reject' },
      schema: { tags: opTags, params: operatorWithdrawalParams, body: operatorRejectBody, response: decided },
    },
    async (req) => {
      req.audit({ target: `withdrawal:${req.params.id}` });
      const order = await withdrawals.reject(req.params.id, req.body?.reason);
      req.audit({
        before: { status: OrderStatus.PENDING },
        after: { status: order.status, reason: req.body?.reason ?? '' },
      });
      return ok(req, order);
    },
  );
  r.post(
    '/api/operator/withdrawals/:id/reconcile',
    {
      config: { permission: 'withdrawals.reconcile' },
      schema: { tags: opTags, params: operatorWithdrawalParams, response: decided },
    },
    async (req) => {
      req.audit({ target: `withdrawal:${req.params.id}` });
      const order = await withdrawals.reconcile(req.params.id);
      req.audit({ before: { status: OrderStatus.PAYING }, after: { status: order.status } });
      return ok(req, order);
    },
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
          response: answer(webhookAnswer),
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
}
