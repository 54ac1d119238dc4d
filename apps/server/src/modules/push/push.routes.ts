import {
  envelope,
  PUSH_PATH,
  pushKey,
  pushSubscribed,
  pushSubscribeRequest,
  pushUnsubscribed,
  pushUnsubscribeRequest,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import type { AuthUser } from '../accounts';

/** Thin routes: schema in, the push service, schema out (contracts/push.ts is the contract). */
export async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { push } = app;
  const { authenticate } = app.accounts;
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['push'];
  const security = [{ bearer: [] }];

  r.get(`${PUSH_PATH}/key`, { schema: { tags, response: { 200: envelope(pushKey) } } }, async (req) =>
    ok(req, { publicKey: push.publicKey() }),
  );

  r.post(
    `${PUSH_PATH}/subscribe`,
    {
      onRequest: authenticate,
      schema: { tags, security, body: pushSubscribeRequest, response: { 200: envelope(pushSubscribed) } },
    },
    async (req) => {
      await push.subscribe(user(req).id, req.lang, req.body);
      return ok(req, { subscribed: true as const });
    },
  );

  r.delete(
    `${PUSH_PATH}/subscribe`,
    {
      onRequest: authenticate,
      schema: { tags, security, body: pushUnsubscribeRequest, response: { 200: envelope(pushUnsubscribed) } },
    },
    async (req) => ok(req, { removed: await push.unsubscribe(user(req).id, req.body.endpoint) }),
  );
}
