import {
  envelope,
  operatorAuditAnswer,
  operatorAuditQuery,
  operatorLoginAnswer,
  operatorLoginRequest,
  operatorProfile,
} from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';

const tags = ['operator'];

/** Thin routes: the operator's sign-in, session and the audit log. */
export async function operatorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { operators, config } = app;

  r.post(
    '/api/operator/auth/login',
    {
      config: {
        permission: 'auth.login',
        rateLimit: { max: config.auth.loginPerIpPerMinute, timeWindow: '1 minute' },
      },
      schema: { tags, body: operatorLoginRequest, response: { 200: envelope(operatorLoginAnswer) } },
    },
    async (req) => {
      req.audit({ target: `operator:${req.body.email}` });
      const { token, expiresAt, actor } = await operators.login(req.body, req.ip);
      req.operator = actor;
      return ok(req, {
        access_token: token,
        expiresAt: expiresAt.toISOString(),
        operator: operators.profileOf(actor),
      });
    },
  );

  r.post(
    '/api/operator/auth/logout',
    { config: { permission: 'auth.logout' }, schema: { tags, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await operators.logout(req.operator!);
      // Every node closes this session's sockets (the support console's).
      const sessionId = req.operator!.sessionId;
      if (sessionId) await app.bus.publish('operator.signedOut', { sessionId });
      return ok(req, null);
    },
  );

  r.get(
    '/api/operator/auth/me',
    { config: { permission: 'auth.me' }, schema: { tags, response: { 200: envelope(operatorProfile) } } },
    async (req) => ok(req, operators.profileOf(req.operator!)),
  );

  r.get(
    '/api/operator/audit',
    {
      config: { permission: 'audit.read' },
      schema: { tags, querystring: operatorAuditQuery, response: { 200: envelope(operatorAuditAnswer) } },
    },
    async (req) => ok(req, await operators.auditLog(req.query.limit)),
  );
}
