import {
  envelope,
  queryId,
  RG_PATH,
  rgExclusion,
  rgExclusionRequest,
  rgLimits,
  rgLimitsRequest,
  rgOperatorLimitsRequest,
  rgOperatorPlayer,
  rgProfile,
  rgSession,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import type { AuthUser } from '../accounts';

/** Thin routes: schema in, the rg service, schema out (contracts/rg.ts is the contract). */
export async function rgRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rg, settings } = app;
  const { authenticate } = app.accounts;
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['rg'];
  const security = [{ bearer: [] }];

  r.get(`${RG_PATH}/profile`, { schema: { tags, response: { 200: envelope(rgProfile) } } }, async (req) =>
    ok(req, {
      jurisdiction: app.config.jurisdiction,
      nationalSelfExclusionUrl: await settings.get('rg.nationalSelfExclusionUrl'),
    }),
  );

  r.get(
    `${RG_PATH}/limits`,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(rgLimits) } } },
    async (req) => ok(req, await rg.limits(user(req).id)),
  );

  r.put(
    `${RG_PATH}/limits`,
    {
      onRequest: authenticate,
      schema: { tags, security, body: rgLimitsRequest, response: { 200: envelope(rgLimits) } },
    },
    async (req) => ok(req, await rg.setLimits(user(req).id, req.body)),
  );

  r.post(
    `${RG_PATH}/exclusion`,
    {
      onRequest: authenticate,
      schema: { tags, security, body: rgExclusionRequest, response: { 200: envelope(rgExclusion) } },
    },
    async (req) => ok(req, await rg.exclude(user(req).id, req.body)),
  );

  r.get(
    `${RG_PATH}/session`,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(rgSession) } } },
    async (req) => ok(req, await rg.session(user(req))),
  );

  r.post(
    `${RG_PATH}/session/check`,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(rgSession) } } },
    async (req) => ok(req, await rg.realityCheck(user(req))),
  );

  r.get(
    '/api/operator/rg/players/:userId',
    {
      config: { permission: 'rg.read' },
      schema: {
        tags: ['operator'],
        params: z.object({ userId: queryId }),
        response: { 200: envelope(rgOperatorPlayer) },
      },
    },
    async (req) => {
      req.audit({ target: `player:${req.params.userId}` });
      return ok(req, await rg.operatorView(req.params.userId));
    },
  );

  r.put(
    '/api/operator/rg/players/:userId/limits',
    {
      config: { permission: 'rg.write' },
      schema: {
        tags: ['operator'],
        params: z.object({ userId: queryId }),
        body: rgOperatorLimitsRequest,
        response: { 200: envelope(rgOperatorPlayer) },
      },
    },
    async (req) => {
      const { userId } = req.params;
      req.audit({ target: `player:${userId}` });
      const { before, after } = await rg.operatorSetLimits(
        userId,
        req.body,
        req.operator?.email ?? 'operator',
      );
      req.audit({ target: `player:${userId}`, before, after });
      return ok(req, await rg.operatorView(userId));
    },
  );
}
