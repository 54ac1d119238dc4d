import {
  ACTIVITIES_PATH,
  OPERATOR_ACTIVITIES_PATH,
  activityActionRequest,
  activityClaimAnswer,
  activityDetail,
  activityIdParams,
  activityInput,
  activityList,
  activityUpdate,
  envelope,
  operatorActivity,
  operatorActivityList,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import type { AuthUser } from '../accounts';

/** An activity for the audit row, with the body as submitted when the sanitiser changed it. */
const audited = <T extends { body: string }>(after: T, submitted: string) =>
  after.body === submitted.trim() ? after : { ...after, submittedBody: submitted };

/** Thin routes: schema in, the activities service, schema out (contracts/activities.ts is the contract). */
export async function activitiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { activities } = app;
  const { authenticate } = app.accounts;
  // The player is always the session's: nobody reads or claims for someone else.
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['promo'];
  const security = [{ bearer: [] }];
  const params = activityIdParams;

  r.get(
    ACTIVITIES_PATH,
    { onRequest: authenticate, schema: { tags, security, response: { 200: envelope(activityList) } } },
    async (req) => ok(req, await activities.list(user(req).id)),
  );

  r.get(
    `${ACTIVITIES_PATH}/:id`,
    {
      onRequest: authenticate,
      schema: { tags, security, params, response: { 200: envelope(activityDetail) } },
    },
    async (req) => ok(req, await activities.detail(user(req).id, req.params.id)),
  );

  r.post(
    `${ACTIVITIES_PATH}/:id/join`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        params,
        body: activityActionRequest,
        response: { 200: envelope(activityDetail) },
      },
    },
    async (req) => ok(req, await activities.join(user(req).id, req.params.id)),
  );

  r.post(
    `${ACTIVITIES_PATH}/:id/claim`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        params,
        body: activityActionRequest,
        response: { 200: envelope(activityClaimAnswer) },
      },
    },
    async (req) => ok(req, await activities.claim(user(req).id, req.params.id)),
  );

  const operator = { tags: ['operator'] };
  const permission = 'promo.manage' as const;

  r.get(
    OPERATOR_ACTIVITIES_PATH,
    { config: { permission }, schema: { ...operator, response: { 200: envelope(operatorActivityList) } } },
    async (req) => ok(req, { list: await activities.operatorList() }),
  );

  r.post(
    OPERATOR_ACTIVITIES_PATH,
    {
      config: { permission },
      schema: { ...operator, body: activityInput, response: { 200: envelope(operatorActivity) } },
    },
    async (req) => {
      const after = await activities.create(req.body);
      req.audit({ target: `activity:${after.id}`, before: null, after: audited(after, req.body.body) });
      return ok(req, after);
    },
  );

  r.put(
    `${OPERATOR_ACTIVITIES_PATH}/:id`,
    {
      config: { permission },
      schema: { ...operator, params, body: activityUpdate, response: { 200: envelope(operatorActivity) } },
    },
    async (req) => {
      req.audit({ target: `activity:${req.params.id}` });
      const { before, after } = await activities.update(req.params.id, req.body);
      req.audit({ before, after: audited(after, req.body.body) });
      return ok(req, after);
    },
  );

  r.post(
    `${OPERATOR_ACTIVITIES_PATH}/:id/end`,
    {
      config: { permission },
      schema: {
        ...operator,
        params,
        body: activityActionRequest,
        response: { 200: envelope(operatorActivity) },
      },
    },
    async (req) => {
      req.audit({ target: `activity:${req.params.id}` });
      const { before, after } = await activities.end(req.params.id);
      req.audit({ before, after });
      return ok(req, after);
    },
  );
}
