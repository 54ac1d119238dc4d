import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './platform/db';
import { registerHealth } from './platform/health';
import { frameworkErrors, registerHttp, registerWebApp } from './platform/http';
import { createBus } from './platform/bus';
import { platformPlugin } from './platform/module';
import { operationsRoutes } from './platform/operations.routes';
import { serializeError } from './platform/log';
import { createRedis } from './platform/redis';
import { accountsModule } from './modules/accounts';
import { activitiesModule } from './modules/activities';
import { adjustmentsModule } from './modules/adjustments';
import { casinoModule } from './modules/casino';
import { ledgerModule } from './modules/ledger';
import { mailModule } from './modules/mail';
import { operatorsModule } from './modules/operators';
import { originalsModule } from './modules/originals';
import { paymentsModule } from './modules/payments';
import { playersModule } from './modules/players';
import { promoModule } from './modules/promo';
import { pushModule } from './modules/push';
import { rewardsModule } from './modules/rewards';
import { realtimeModule } from './modules/realtime';
import { reportsModule } from './modules/reports';
import { vipModule } from './modules/vip';
import { rgModule } from './modules/rg';
import { roundsModule } from './modules/rounds';
import { settingsModule } from './modules/settings';
import { sportsModule } from './modules/sports';
import { studioModule } from './modules/studio';
import { supportModule } from './modules/support';
import { wageringModule } from './modules/wagering';
import { walletModule } from './modules/wallet';

export interface AppOverrides {
  /** A database opened by the caller (tests); it is then left open on close. */
  database?: Database;
}

/**
 * One access line per request, with the request in it, instead of Fastify's two ("incoming request",
 * "request completed"): at the default level `info` the logging was a large part of a hot read's cost.
 * Errors, stream failures and the other lines stay Fastify's.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(req)) return super.requestCompleted(error, req, reply);
    req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The composition root: platform plugins first, then every module, listed explicitly and in dependency
 * order, then the player app's static files. Modules are wired by their declared dependencies, not here.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.pwd', 'req.body.pwd1', 'req.body.nPwd'],
      serializers: { err: serializeError },
    },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
    // Start-up hooks may wait on other nodes starting at once (pg-boss's schema, migrations, catalogue rows
    // under their locks): Fastify's 10 s default failed a three-node cold start on a loaded machine.
    pluginTimeout: 60_000,
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  const database = overrides.database ?? (await openDatabase(config.database));
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const bus = createBus(config.redisUrl, config.redisPrefix);
  app.addHook('onClose', async () => {
    await bus.close();
    await redis?.quit().catch(() => {});
    if (!overrides.database) await database.close();
  });

  await app.register(platformPlugin, { config, database, bus });
  await registerHttp(app, config, redis);
  registerHealth(app, database, redis);

  // Modules, in dependency order (each declares what it needs; Fastify refuses to boot when one is missing).
  // Operators first: its guard checks and audits every later module's operator routes.
  await app.register(operatorsModule);
  await app.register(operationsRoutes);
  await app.register(settingsModule);
  await app.register(ledgerModule);
  await app.register(mailModule);
  await app.register(accountsModule);
  await app.register(wageringModule);
  await app.register(walletModule);
  // Before every module that takes a stake or a deposit: they call app.rg's check.
  await app.register(rgModule);
  await app.register(vipModule);
  await app.register(realtimeModule);
  await app.register(paymentsModule);
  await app.register(pushModule);
  await app.register(supportModule);
  await app.register(originalsModule);
  await app.register(roundsModule);
  await app.register(sportsModule);
  await app.register(casinoModule);
  await app.register(promoModule);
  await app.register(playersModule);
  await app.register(rewardsModule);
  await app.register(activitiesModule);
  // The back office's money: adjustments post through the ledger; reports only read its journal.
  await app.register(adjustmentsModule);
  await app.register(reportsModule);
  // Our studio's game server: a provider that reaches the casino only over HTTP (sandbox mode).
  if (config.sandbox) await app.register(studioModule);

  await registerWebApp(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
