import {
  auditFilterAnswer,
  auditFilterQuery,
  envelope,
  idParams,
  operatorCreateAnswer,
  operatorCreateRequest,
  operatorDisableAnswer,
  operatorEnableAnswer,
  operatorLoginAnswer,
  operatorLoginRequest,
  operatorProfile,
  operatorsListAnswer,
  operatorsListQuery,
} from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { ok } from '../../platform/http';

const tags = ['operator'];

/** Thin routes: the operator's sign-in, session, the operators' management and the audit log. */
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
      schema: { tags, querystring: auditFilterQuery, response: { 200: envelope(auditFilterAnswer) } },
    },
    async (req) => {
      const { limit, ...filters } = req.query;
      // `limit` is the older call: the newest rows as a plain array.
      if (limit !== undefined) return ok(req, await operators.auditLog(limit, filters));
      return ok(req, await operators.auditPage(filters));
    },
  );

  r.get(
    '/api/operator/operators',
    {
      config: { permission: 'operators.manage' },
      schema: { tags, querystring: operatorsListQuery, response: { 200: envelope(operatorsListAnswer) } },
    },
    async (req) => ok(req, await operators.list(req.query)),
  );

  r.post(
    '/api/operator/operators',
    {
      config: { permission: 'operators.manage' },
      schema: { tags, body: operatorCreateRequest, response: { 200: envelope(operatorCreateAnswer) } },
    },
    async (req) => {
      req.audit({ target: `operator:${req.body.email}` });
      const created = await operators.create(req.body);
      // Neither the password nor the TOTP secret goes into the log.
      req.audit({
        target: `operator:${created.id}`,
        after: { id: created.id, email: created.email, role: created.role },
      });
      return ok(req, created);
    },
  );

  r.post(
    '/api/operator/operators/:id/disable',
    {
      config: { permission: 'operators.manage' },
      schema: { tags, params: idParams, response: { 200: envelope(operatorDisableAnswer) } },
    },
    async (req) => {
      const { id } = req.params;
      req.audit({ target: `operator:${id}` });
      if (req.operator?.id === id) throw badRequest('operatorCannotDisableSelf');
      const { before, after, sessionIds } = await operators.disable(id);
      req.audit({
        before: { active: before.active },
        after: { active: after.active, sessionsRevoked: sessionIds.length },
      });
      // Every node closes these sessions' sockets (the support console's).
      for (const sessionId of sessionIds) await app.bus.publish('operator.signedOut', { sessionId });
      return ok(req, { operator: after, sessionsRevoked: sessionIds.length });
    },
  );

  r.post(
    '/api/operator/operators/:id/enable',
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(operatorEnableAnswer) },
      },
    },
    async (req) => {
      const { id } = req.params;
      req.audit({ target: `operator:${id}` });
      const { before, after } = await operators.enable(id);
      req.audit({ before: { active: before.active }, after: { active: after.active } });
      return ok(req, { operator: after });
    },
  );
}
