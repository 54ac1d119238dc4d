import type { UserFigures } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { EventBus } from '../../platform/bus';
import type { Database } from '../../platform/db';
import { createGateway, type VerifyToken } from './realtime.gateway';
import { realtimeRoutes } from './realtime.routes';
import { createRealtimeService } from './realtime.service';

export type { Gateway, GatewayOptions, RateLimits, VerifyToken } from './realtime.gateway';
export { createGateway };

/**
 * The realtime gateway on the app's own server (Socket.IO at /gamecenter-siop) and the operator's notice
 * call. Closes its sockets before the HTTP server stops (preClose), so shutdown never waits on them.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    bus: EventBus;
    verifyToken: VerifyToken;
    figures: (userId: number) => Promise<UserFigures>;
  },
) {
  const { config, database, bus } = deps;
  const gateway = createGateway({
    server: app.server,
    bus,
    verifyToken: deps.verifyToken,
    figures: deps.figures,
    redis: config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
    log: app.log,
  });
  app.addHook('preClose', async () => gateway.close());
  const realtime = createRealtimeService({ database, bus });
  await app.register(realtimeRoutes, { realtime, gateway, config });
  return gateway;
}
