import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './platform/db';
import { registerHealth } from './platform/health';
import { frameworkErrors, registerHttp, registerWebApp } from './platform/http';
import { createBus } from './platform/bus';
import { platformPlugin } from './platform/module';
import { serializeError } from './platform/log';
import { createRedis } from './platform/redis';
import { settingsModule } from './modules/settings';
import { createMailService, mailRoutes } from './modules/mail';
import { createAccounts } from './modules/accounts';
import { registerRealtime } from './modules/realtime';
import { createPayments } from './modules/payments';
import { startRollUp } from './modules/ledger';
import { createWalletService, walletRoutes } from './modules/wallet';

export interface AppOverrides {
  /** A database opened by the caller (tests); it is then left open on close. */
  database?: Database;
}

/**
 * The composition root: platform plugins first, then every module, listed explicitly and in dependency
 * order, then the player app's static files.
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

  // Modules, in dependency order.
  await app.register(settingsModule);
  const { settings } = app;
  const mail = createMailService({ database, config });
  if (config.sandbox) await app.register(mailRoutes, { mail });
  // The wallet and accounts need each other: the wallet reaches accounts lazily, once both exist.
  const wallet = createWalletService({
    database,
    settings,
    bus,
    accounts: {
      createTestUser: () => accounts.createTestUser(),
      findUserByUsername: (username) => accounts.findUserByUsername(username),
    },
  });
  const figures = wallet.figures;
  const stopRollUp = startRollUp(database, 1_000, (err) => app.log.error({ err }, 'ledger roll-up failed'));
  app.addHook('onClose', stopRollUp);
  const accounts = createAccounts({
    database,
    config,
    bus,
    mail,
    figures,
  });
  await app.register(accounts.routes);
  await app.register(walletRoutes, { wallet, config, authenticate: accounts.authenticate });
  await registerRealtime(app, { config, database, bus, verifyToken: accounts.verifyToken, figures });
  const payments = createPayments({
    database,
    config,
    settings,
    bus,
    authenticate: accounts.authenticate,
    profileOf: accounts.userInfo,
    levelOf: async (userId) => (await figures(userId)).level,
    log: app.log,
  });
  await app.register(payments.routes);

  await registerWebApp(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
