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
  operatorTotpResetAnswer,
  operatorProfile,
  operatorRoleAnswer,
  operatorRoleRequest,
  operatorsListAnswer,
  operatorsListQuery,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { ok } from '../../platform/http';

const tags = ['operator'];

/** Thin routes: the operator's sign-in, session, the operators' management and the audit log. */
export async function operatorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { operators, config } = app;
  /**
   * After a change that revoked an operator's sessions: its audit row (what changed, and how many sessions ended),
   * then every node closes those sessions' sockets (the support console's). Answers how many were revoked.
   */
  const sessionsEnded = async (
    req: FastifyRequest,
    sessionIds: string[],
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) => {
    req.audit({ before, after: { ...after, sessionsRevoked: sessionIds.length } });
    for (const sessionId of sessionIds) await app.bus.publish('operator.signedOut', { sessionId });
    return sessionIds.length;
  };

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
      const sessionsRevoked = await sessionsEnded(
        req,
        sessionIds,
        { active: before.active },
        { active: after.active },
      );
      return ok(req, { operator: after, sessionsRevoked });
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

  r.post(
    '/api/operator/operators/:id/role',
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        params: idParams,
        body: operatorRoleRequest,
        response: { 200: envelope(operatorRoleAnswer) },
      },
    },
    async (req) => {
      const { id } = req.params;
      req.audit({ target: `operator:${id}` });
      const { before, after, sessionIds } = await operators.changeRole(req.operator!.id, id, req.body.role);
      const sessionsRevoked = await sessionsEnded(
        req,
        sessionIds,
        { role: before.role },
        { role: after.role },
      );
      return ok(req, { operator: after, sessionsRevoked });
    },
  );

  r.post(
    '/api/operator/operators/:id/totp-reset',
    {
      config: { permission: 'operators.manage' },
      schema: { tags, params: idParams, response: { 200: envelope(operatorTotpResetAnswer) } },
    },
    async (req) => {
      const { id } = req.params;
      req.audit({ target: `operator:${id}` });
      const { after, sessionIds, totpSecret, otpauthUrl } = await operators.resetTotp(req.operator!.id, id);
      // Neither secret goes into the log: only that one replaced the other.
      const sessionsRevoked = await sessionsEnded(req, sessionIds, { totp: 'old' }, { totp: 'new' });
      return ok(req, { operator: after, sessionsRevoked, totpSecret, otpauthUrl });
    },
  );
}
