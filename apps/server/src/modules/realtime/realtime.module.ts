import { AppError } from '../../platform/errors';
import { defineModule } from '../../platform/module';
import { createGateway } from './realtime.gateway';
import { realtimeRoutes } from './realtime.routes';
import { createRealtimeService, type RealtimeService } from './realtime.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operator notices and the gateway's figures. */
    realtime: RealtimeService;
  }
}

/**
 * The realtime gateway on the app's own server (Socket.IO at /gamecenter-siop) and the operator's notice
 * calls. Sessions come from accounts, figures from the wallet. Closes its sockets before the HTTP server
 * stops (preClose), so shutdown never waits on them.
 */
export const realtimeModule = defineModule('realtime', ['operators', 'accounts', 'wallet'], async (app) => {
  const { config, database, bus } = app;
  const gateway = createGateway({
    server: app.server,
    bus,
    verifyToken: app.accounts.verifyToken,
    // Operator sockets: the support console's (`support.chat`) and the back office's alerts (`withdrawals.read`).
    verifyOperator: async (token) => {
      try {
        const actor = await app.operators.authenticate({ authorization: `Bearer ${token}` });
        return {
          operatorId: actor.id,
          sessionId: actor.sessionId,
          support: actor.permissions.has('support.chat'),
          alerts: actor.permissions.has('withdrawals.read'),
        };
      } catch (err) {
        // A refusal (unknown, revoked or expired session) is an answer; anything else a fault.
        if (err instanceof AppError) return null;
        throw err;
      }
    },
    figures: app.wallet.figuresOfMany,
    redis: config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
    log: app.log,
  });
  app.addHook('preClose', async () => gateway.close());
  app.decorate('realtime', createRealtimeService({ database, bus, gateway }));
  await app.register(realtimeRoutes);
});
