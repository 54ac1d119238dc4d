import {
  OPERATOR_PERMISSIONS,
  OPERATOR_SESSION_ACTIONS,
  type AuditOutcome,
  type OperatorAction,
  type OperatorPermission,
} from '@aposta/contracts';
import { ErrorCode } from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { Refusal, type Actor, type OperatorsService } from './operators.service';

/** What a handler tells the audit log about its action (see `req.audit`). */
export interface AuditDetails {
  /** What the action was about, e.g. `withdrawal:42` or `settings`. */
  target?: string | null;
  /** The state before and after (only what the action changed). */
  before?: unknown;
  after?: unknown;
}

interface AuditDraft extends AuditDetails {
  action: OperatorAction;
  actor?: { id: number; email: string } | null;
  outcome?: AuditOutcome;
  reason?: string;
  written?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission an `/api/operator/*` route needs (or `auth.*` for the sign-in calls). Every such route
     * must name one: the server refuses to start otherwise.
     */
    permission?: OperatorAction;
  }
  interface FastifyRequest {
    /** The operator (or the key) behind an operator call, once the guard let it through. */
    operator: Actor | null;
    /** Adds the target and before/after of this operator call to its audit row (written as it answers). */
    audit(details: AuditDetails): void;
    operatorAuditDraft: AuditDraft | null;
  }
}

const OPERATOR_PREFIX = '/api/operator/';
const ACTIONS: readonly string[] = [...OPERATOR_PERMISSIONS, ...OPERATOR_SESSION_ACTIONS];
const isPermission = (action: string): action is OperatorPermission =>
  (OPERATOR_PERMISSIONS as readonly string[]).includes(action);
/** Requests are stored as sent, up to this many characters (a query string may be long). */
const REQUEST_MAX = 500;

/**
 * The guard of every `/api/operator/*` route and the audit log of every call to one. Registered on the root
 * instance before any module's routes:
 * - `onRoute` refuses to start when an operator route names no permission, so none can be left open;
 * - `onRequest` (before the body is read) finds the actor and checks the route's permission;
 * - `onError` notes why a call was refused or failed; `onSend` writes the audit row before the answer
 *   leaves, so whoever sees the answer can already read its row.
 */
export function registerOperatorGuard(app: FastifyInstance, operators: OperatorsService) {
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorAuditDraft', null);
  app.decorateRequest('audit', function (this: FastifyRequest, details: AuditDetails) {
    if (this.operatorAuditDraft) Object.assign(this.operatorAuditDraft, details);
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(OPERATOR_PREFIX)) return;
    const permission = route.config?.permission;
    if (!permission || !ACTIONS.includes(permission))
      throw new Error(`${route.method} ${route.url} must name an operator permission (config.permission)`);
  });

  // The per-IP limit, taken here for the operator routes on the global limit: the plugin's own hook is the
  // route's, which runs after this guard, so refused calls (a guessed key or token) were never counted, and
  // each wrote an audit row. It marks the request, so the route's hook does not count it again. A route with a
  // limit of its own (sign-in) keeps it.
  if (!app.hasDecorator('rateLimit'))
    throw new Error('the operator guard needs @fastify/rate-limit registered before it (registerHttp)');
  const limit = app.rateLimit();
  app.addHook('onRequest', async (req, reply) => {
    const { permission, rateLimit } = req.routeOptions.config;
    if (permission && rateLimit === undefined) await limit.call(app, req, reply);
  });

  app.addHook('onRequest', async (req) => {
    const action = req.routeOptions.config.permission;
    if (!action) return;
    req.operatorAuditDraft = { action };
    if (action === 'auth.login') return;
    const actor = await operators.authenticate(req.headers);
    req.operator = actor;
    if (isPermission(action) && !actor.permissions.has(action))
      throw new Refusal(ErrorCode.FORBIDDEN, 'operatorPermissionMissing', 'permissionMissing', {
        params: { permission: action },
      });
  });

  app.addHook('onError', async (req, _reply, raised) => {
    const error: unknown = raised;
    const draft = req.operatorAuditDraft;
    if (!draft) return;
    if (error instanceof Refusal) {
      draft.outcome = 'refused';
      draft.reason = error.reason;
      if (error.extra.actor) draft.actor = error.extra.actor;
    } else {
      draft.outcome = 'failed';
      draft.reason =
        error instanceof AppError ? error.key : ((error as { code?: string }).code ?? 'internal');
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const draft = req.operatorAuditDraft;
    if (!draft || draft.written) return payload;
    draft.written = true;
    const actor = req.operator ?? draft.actor ?? null;
    const status = reply.statusCode;
    try {
      await operators.record({
        actorId: actor?.id ?? null,
        actorEmail: actor?.email ?? null,
        action: draft.action,
        request: `${req.method} ${req.url}`.slice(0, REQUEST_MAX),
        target: draft.target ?? null,
        before: draft.before ?? null,
        after: draft.after ?? null,
        ip: req.ip,
        outcome: draft.outcome ?? (status < 400 ? 'ok' : 'failed'),
        httpStatus: status,
        reason: draft.reason ?? null,
      });
    } catch (err) {
      // The action has happened; answering 500 would invite a retry of it. The log keeps the fault.
      req.log.error({ err, action: draft.action }, 'operator audit row not written');
    }
    return payload;
  });
}
