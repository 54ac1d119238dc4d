import {
  balanceAnswer,
  envelope,
  operatorTransfersAnswer,
  operatorTransfersQuery,
  recordsAnswer,
  recordsQuery,
  testAccount,
  transferAnswer,
  transferCheckAnswer,
  transferCheckRequest,
  transferRequest,
  userInfo,
  WALLET_RECORDS_PATH,
  WALLET_TRANSFER_CHECK_PATH,
  WALLET_TRANSFER_PATH,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import { idempotencyKeyOf, scopedKey } from '../../platform/idempotency';
import type { AuthUser } from '../accounts';

/**
 * Thin routes: schema in, the wallet service, schema out. The wallet owns the calls that show a player's
 * money (userInfo, getBalance, getUserTest): it composes the accounts' profile with its figures.
 */
export async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { wallet } = app;
  const { authenticate } = app.accounts;
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const auth = { onRequest: authenticate, schema: { tags: ['user'], security: [{ bearer: [] }] } };

  r.get(
    '/api/app/user/userInfo',
    { ...auth, schema: { ...auth.schema, response: { 200: envelope(userInfo) } } },
    async (req) => ok(req, await wallet.userInfo(user(req).id)),
  );

  r.get(
    '/api/app/user/getBalance',
    { ...auth, schema: { ...auth.schema, response: { 200: envelope(balanceAnswer) } } },
    async (req) => ok(req, await wallet.balance(user(req).id)),
  );

  r.get(
    '/api/app/user/getUserTest',
    { ...auth, schema: { ...auth.schema, response: { 200: envelope(testAccount) } } },
    async (req) => ok(req, await wallet.testAccount(user(req).id)),
  );

  r.get(
    WALLET_RECORDS_PATH,
    {
      preHandler: authenticate,
      schema: { tags: ['wallet'], querystring: recordsQuery, response: { 200: envelope(recordsAnswer) } },
    },
    async (req) => ok(req, await wallet.records(user(req).id, req.query)),
  );

  r.post(
    WALLET_TRANSFER_PATH,
    {
      preHandler: authenticate,
      schema: { tags: ['wallet'], body: transferRequest, response: { 200: envelope(transferAnswer) } },
    },
    async (req) => {
      const sender = user(req);
      const key = scopedKey('transfer', sender.id, idempotencyKeyOf(req));
      return ok(req, await wallet.transfer(sender, req.body, key), 'transferDone');
    },
  );

  r.post(
    WALLET_TRANSFER_CHECK_PATH,
    {
      onRequest: authenticate,
      schema: {
        tags: ['wallet'],
        body: transferCheckRequest,
        response: { 200: envelope(transferCheckAnswer) },
      },
    },
    async (req) => ok(req, await wallet.checkTransfer(user(req), req.body)),
  );

  r.get(
    '/api/operator/transfers',
    {
      config: { permission: 'deposits.read' },
      schema: {
        tags: ['operator'],
        querystring: operatorTransfersQuery,
        response: { 200: envelope(operatorTransfersAnswer) },
      },
    },
    async (req) => ok(req, await wallet.backoffice.transfers(req.query)),
  );

  r.post(
    '/api/operator/test-accounts',
    {
      config: { permission: 'testAccounts.create' },
      schema: { tags: ['operator'], response: { 200: envelope(testAccount) } },
    },
    async (req) => {
      const account = await wallet.createTestAccount();
      // The password stays out of the audit log.
      req.audit({ target: `user:${account.username}`, after: { username: account.username } });
      return ok(req, account);
    },
  );
}
