import {
  envelope,
  recordsAnswer,
  recordsQuery,
  testAccount,
  transferAnswer,
  transferRequest,
  WALLET_RECORDS_PATH,
  WALLET_TRANSFER_PATH,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok } from '../../platform/http';
import { idempotencyKeyOf, scopedKey } from '../../platform/idempotency';
import { operatorGuard } from '../../platform/operator';
import type { AuthUser } from '../accounts';
import type { WalletService } from './wallet.service';

export interface WalletRouteDeps {
  wallet: WalletService;
  config: Config;
  authenticate: (req: FastifyRequest) => Promise<void>;
}

export async function walletRoutes(app: FastifyInstance, { wallet, config, authenticate }: WalletRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (req: FastifyRequest) => req.user as AuthUser;

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
    '/api/operator/test-accounts',
    {
      preHandler: operatorGuard(config),
      schema: { tags: ['operator'], response: { 200: envelope(testAccount) } },
    },
    async (req) => ok(req, await wallet.createTestAccount()),
  );
}
