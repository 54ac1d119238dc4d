import {
  envelope,
  ErrorCode,
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_OPERATOR_PATH,
  SUPPORT_PATH,
  SUPPORT_VISITOR_HEADER,
  supportAssignRequest,
  supportAttachment,
  supportCanned,
  supportCannedList,
  supportCannedRequest,
  supportCloseRequest,
  supportConfig,
  supportConversationDetail,
  supportIdParams,
  supportMessage,
  supportPlayerSummary,
  supportQueueAnswer,
  supportQueueQuery,
  supportReadRequest,
  supportSendRequest,
  supportStats,
  supportStatsQuery,
  supportThread,
  visitorStartAnswer,
  visitorStartRequest,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { ok, textAnswer } from '../../platform/http';
import type { AuthUser } from '../accounts';
import type { HostedChatProvider } from './providers/provider';
import type { Customer, SupportOperator } from './support.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the support routes' customer check: a signed-in player or a visitor. */
    supportCustomer?: Customer;
  }
}

const IMAGE_ANSWER = textAnswer('image/png', 'The image (PNG, JPEG, GIF or WebP, as stored)');
const nothing = envelope(z.null());

/** Thin routes: schema in, the support service, schema out (contracts/support.ts is the contract). */
export async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { support, config } = app;
  const { authenticate } = app.accounts;
  const tags = ['support'];
  const operatorTags = ['operator'];

  /**
   * The customer behind a call: a visitor's token (header X-Support-Visitor), else the player's session. A
   * refused visitor token answers 403, not 401, so the app does not sign anybody out over it.
   */
  async function customer(req: FastifyRequest) {
    const header = req.headers[SUPPORT_VISITOR_HEADER];
    if (header !== undefined && !req.headers.authorization) {
      const id = typeof header === 'string' ? await support.visitorConversation(header) : null;
      if (id === null) throw new AppError(ErrorCode.FORBIDDEN, 'supportVisitorInvalid');
      req.supportCustomer = { visitor: id };
      return;
    }
    await authenticate(req);
    req.supportCustomer = { userId: (req.user as AuthUser).id };
  }
  const who = (req: FastifyRequest) => req.supportCustomer!;
  const actor = (req: FastifyRequest): SupportOperator => ({
    id: req.operator?.id ?? null,
    email: req.operator?.email ?? '',
  });
  const sendImage = (reply: FastifyReply, image: { contentType: string; data: Buffer }) =>
    reply
      .type(image.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=3600')
      .send(image.data);

  r.get(
    `${SUPPORT_PATH}/config`,
    { schema: { tags, response: { 200: envelope(supportConfig) } } },
    async (req) => {
      const token = req.headers.authorization;
      if (!token || support.provider.name === 'own') return ok(req, support.provider.clientConfig(null));
      await authenticate(req);
      const profile = await app.accounts.profile((req.user as AuthUser).id);
      return ok(
        req,
        support.provider.clientConfig({
          id: (req.user as AuthUser).id,
          name: profile.name || profile.username,
          email: profile.username,
        }),
      );
    },
  );

  r.post(
    `${SUPPORT_PATH}/visitor`,
    {
      config: { rateLimit: { max: config.auth.loginPerIpPerMinute, timeWindow: '1 minute' } },
      schema: { tags, body: visitorStartRequest, response: { 200: envelope(visitorStartAnswer) } },
    },
    async (req) => ok(req, await support.startVisitor(req.body.email)),
  );

  r.get(
    `${SUPPORT_PATH}/conversation`,
    { onRequest: customer, schema: { tags, response: { 200: envelope(supportThread) } } },
    async (req) => ok(req, await support.thread(who(req))),
  );

  r.post(
    `${SUPPORT_PATH}/messages`,
    {
      onRequest: customer,
      schema: { tags, body: supportSendRequest, response: { 200: envelope(supportMessage) } },
    },
    async (req) => ok(req, await support.send(who(req), req.body)),
  );

  r.post(
    `${SUPPORT_PATH}/read`,
    { onRequest: customer, schema: { tags, body: supportReadRequest, response: { 200: nothing } } },
    async (req) => {
      await support.readAsCustomer(who(req), req.body.upTo);
      return ok(req, null);
    },
  );

  r.post(
    `${SUPPORT_PATH}/typing`,
    { onRequest: customer, schema: { tags, response: { 200: nothing } } },
    async (req) => {
      await support.typingAsCustomer(who(req));
      return ok(req, null);
    },
  );

  r.get(
    `${SUPPORT_PATH}/attachments/:id`,
    { onRequest: customer, schema: { tags, params: supportIdParams, response: IMAGE_ANSWER } },
    async (req, reply) => sendImage(reply, await support.image(who(req), req.params.id)),
  );

  r.get(
    `${SUPPORT_OPERATOR_PATH}/attachments/:id`,
    {
      config: { permission: 'support.chat' },
      schema: { tags: operatorTags, params: supportIdParams, response: IMAGE_ANSWER },
    },
    async (req, reply) => {
      req.audit({ target: `support-attachment:${req.params.id}` });
      return sendImage(reply, await support.image(null, req.params.id));
    },
  );

  // Uploads: the raw image as the body (its type checked by its bytes), larger than JSON calls allow.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: SUPPORT_IMAGE_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const bytes = (req: FastifyRequest) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    s.post(
      `${SUPPORT_PATH}/attachments`,
      { onRequest: customer, schema: { tags, response: { 200: envelope(supportAttachment) } } },
      async (req) =>
        ok(req, await support.uploadAsCustomer(who(req), req.headers['content-type'], bytes(req))),
    );
    s.post(
      `${SUPPORT_OPERATOR_PATH}/conversations/:id/attachments`,
      {
        config: { permission: 'support.chat' },
        schema: {
          tags: operatorTags,
          params: supportIdParams,
          response: { 200: envelope(supportAttachment) },
        },
      },
      async (req) => {
        const answer = await support.uploadAsOperator(req.params.id, req.headers['content-type'], bytes(req));
        req.audit({
          target: `support:${req.params.id}`,
          after: { attachment: answer.id, type: answer.type },
        });
        return ok(req, answer);
      },
    );
    // The hosted provider's notifications (only when one is configured); authenticated by its secret.
    s.post(
      '/api/support/webhook/:provider',
      {
        // A provider's notifications are small and come from a few addresses: a generous limit of their own,
        // a small body, and an unknown provider refused before its body is read.
        config: { rateLimit: { max: 6_000, timeWindow: '1 minute' } },
        bodyLimit: 64 * 1024,
        onRequest: async (req) => {
          const { provider } = req.params as { provider?: string };
          const hosted = support.provider as Partial<HostedChatProvider>;
          if (provider !== support.provider.name || !hosted.parseWebhook)
            throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
        },
        schema: { tags, params: z.object({ provider: z.string().max(32) }), response: { 200: nothing } },
      },
      async (req) => {
        const hosted = support.provider as HostedChatProvider;
        let body: unknown;
        try {
          body = JSON.parse(bytes(req).toString('utf8'));
        } catch {
          throw new AppError(ErrorCode.BAD_REQUEST, 'supportWebhookInvalid');
        }
        const event = hosted.parseWebhook(body);
        if (!event) throw new AppError(ErrorCode.UNAUTHORIZED, 'supportWebhookInvalid');
        await support.hosted(event);
        return ok(req, null);
      },
    );
  });

  // The operator console.
  r.get(
    `${SUPPORT_OPERATOR_PATH}/conversations`,
    {
      config: { permission: 'support.chat' },
      schema: {
        tags: operatorTags,
        querystring: supportQueueQuery,
        response: { 200: envelope(supportQueueAnswer) },
      },
    },
    async (req) => ok(req, await support.queue(req.query.status, req.query.limit)),
  );

  r.get(
    `${SUPPORT_OPERATOR_PATH}/conversations/:id`,
    {
      config: { permission: 'support.chat' },
      schema: {
        tags: operatorTags,
        params: supportIdParams,
        response: { 200: envelope(supportConversationDetail) },
      },
    },
    async (req) => {
      req.audit({ target: `support:${req.params.id}` });
      return ok(req, await support.detail(req.params.id));
    },
  );

  r.post(
    `${SUPPORT_OPERATOR_PATH}/conversations/:id/assign`,
    {
      config: { permission: 'support.chat' },
      schema: {
        tags: operatorTags,
        params: supportIdParams,
        body: supportAssignRequest,
        response: { 200: nothing },
      },
    },
    async (req) => {
      const { before, after } = await support.assign(req.params.id, actor(req), req.body.operatorId);
      req.audit({ target: `support:${req.params.id}`, before, after: { assignedOperatorId: after } });
      return ok(req, null);
    },
  );

  r.post(
    `${SUPPORT_OPERATOR_PATH}/conversations/:id/messages`,
    {
      config: { permission: 'support.chat' },
      schema: {
        tags: operatorTags,
        params: supportIdParams,
        body: supportSendRequest,
        response: { 200: envelope(supportMessage) },
      },
    },
    async (req) => {
      const message = await support.reply(req.params.id, actor(req), req.body);
      req.audit({ target: `support:${req.params.id}`, after: { message: message.id } });
      return ok(req, message);
    },
  );

  r.post(
    `${SUPPORT_OPERATOR_PATH}/conversations/:id/read`,
    {
      config: { permission: 'support.chat' },
      schema: {
        tags: operatorTags,
        params: supportIdParams,
        body: supportReadRequest,
        response: { 200: nothing },
      },
    },
    async (req) => {
      req.audit({ target: `support:${req.params.id}` });
      await support.readAsOperator(req.params.id, req.body.upTo);
      return ok(req, null);
    },
  );

  r.post(
    `${SUPPORT_OPERATOR_PATH}/conversations/:id/typing`,
    {
      config: { permission: 'support.chat' },
      schema: { tags: operatorTags, params: supportIdParams, response: { 200: nothing } },
    },
    async (req) => {
      req.audit({ target: `support:${req.params.id}` });
      await support.typingAsOperator(req.params.id);
      return ok(req, null);
    },
  );

  r.post(
    `${SUPPORT_OPERATOR_PATH}/conversations/:id/close`,
    {
      config: { permission: 'support.chat' },
      schema: {
        tags: operatorTags,
        params: supportIdParams,
        body: supportCloseRequest,
        response: { 200: nothing },
      },
    },
    async (req) => {
      const { before, after } = await support.close(req.params.id, req.body);
      req.audit({ target: `support:${req.params.id}`, before, after });
      return ok(req, null);
    },
  );

  r.get(
    `${SUPPORT_OPERATOR_PATH}/conversations/:id/player`,
    {
      config: { permission: 'support.chat' },
      schema: {
        tags: operatorTags,
        params: supportIdParams,
        response: { 200: envelope(supportPlayerSummary) },
      },
    },
    async (req) => {
      req.audit({ target: `support:${req.params.id}` });
      return ok(req, await support.playerSummary(req.params.id));
    },
  );

  r.get(
    `${SUPPORT_OPERATOR_PATH}/canned`,
    {
      config: { permission: 'support.chat' },
      schema: { tags: operatorTags, response: { 200: envelope(supportCannedList) } },
    },
    async (req) => ok(req, await support.canned.list()),
  );

  r.post(
    `${SUPPORT_OPERATOR_PATH}/canned`,
    {
      config: { permission: 'support.canned' },
      schema: { tags: operatorTags, body: supportCannedRequest, response: { 200: envelope(supportCanned) } },
    },
    async (req) => {
      const made = await support.canned.create(req.body, actor(req));
      req.audit({ target: `support-canned:${made.id}`, after: made });
      return ok(req, made);
    },
  );

  r.put(
    `${SUPPORT_OPERATOR_PATH}/canned/:id`,
    {
      config: { permission: 'support.canned' },
      schema: {
        tags: operatorTags,
        params: supportIdParams,
        body: supportCannedRequest,
        response: { 200: envelope(supportCanned) },
      },
    },
    async (req) => {
      const { before, after } = await support.canned.update(req.params.id, req.body);
      req.audit({ target: `support-canned:${req.params.id}`, before, after });
      return ok(req, after);
    },
  );

  r.delete(
    `${SUPPORT_OPERATOR_PATH}/canned/:id`,
    {
      config: { permission: 'support.canned' },
      schema: { tags: operatorTags, params: supportIdParams, response: { 200: envelope(supportCanned) } },
    },
    async (req) => {
      const removed = await support.canned.remove(req.params.id);
      req.audit({ target: `support-canned:${req.params.id}`, before: removed });
      return ok(req, removed);
    },
  );

  r.get(
    `${SUPPORT_OPERATOR_PATH}/stats`,
    {
      config: { permission: 'support.stats' },
      schema: {
        tags: operatorTags,
        querystring: supportStatsQuery,
        response: { 200: envelope(supportStats) },
      },
    },
    async (req) => ok(req, await support.stats(req.query.days)),
  );
}
