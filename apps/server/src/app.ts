import Fastify from 'fastify';
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
import { ledgerModule } from './modules/ledger';
import { mailModule } from './modules/mail';
import { operatorsModule } from './modules/operators';
import { paymentsModule } from './modules/payments';
import { realtimeModule } from './modules/realtime';
import { settingsModule } from './modules/settings';
import { wageringModule } from './modules/wagering';
import { walletModule } from './modules/wallet';

export interface AppOverrides {
  /** A database opened by the caller (tests); it is then left open on close. */
  database?: Database;
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
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
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
  await app.register(wageringModule);
  await app.register(mailModule);
  await app.register(accountsModule);
  await app.register(walletModule);
  await app.register(realtimeModule);
  await app.register(paymentsModule);

  await registerWebApp(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
