import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { EventBus } from './bus';
import type { Database } from './db';
import { createJobs, type Jobs } from './jobs';
import { createOutbox, type Outbox } from './outbox';

/**
 * What the platform gives every module, decorated on the root instance by `platformPlugin` before any
 * module registers. A module reads these from `app` and never builds its own.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Durable domain events: `emit` in a transaction, `on` to handle them (platform/outbox.ts). */
    outbox: Outbox;
    /** Recurring and delayed jobs, one node per due job (platform/jobs.ts). */
    jobs: Jobs;
  }
}

export interface PlatformParts {
  config: Config;
  database: Database;
  bus: EventBus;
  /** Built from `config` when not given. */
  outbox?: Outbox;
  jobs?: Jobs;
}

/** Delivered events are kept this long for inspection, then pruned. */
const OUTBOX_KEEP_DAYS = 7;

/** The platform's parts on the root instance; every module declares a dependency on it. */
export const platformPlugin = fp(
  async (app: FastifyInstance, parts: PlatformParts) => {
    app.decorate('config', parts.config);
    app.decorate('database', parts.database);
    app.decorate('bus', parts.bus);
    const { config, database } = parts;
    const outbox =
      parts.outbox ??
      createOutbox({ database, log: app.log, relay: config.outbox.relay, pollMs: config.outbox.pollMs });
    const jobs =
      parts.jobs ??
      createJobs({
        database,
        log: app.log,
        enabled: config.jobs.enabled,
        pollSeconds: config.jobs.pollSeconds,
      });
    app.decorate('outbox', outbox);
    app.decorate('jobs', jobs);
    jobs.work('outbox.prune', async () => {
      await outbox.prune(OUTBOX_KEEP_DAYS);
    });
    jobs.schedule('outbox.prune', '17 3 * * *');
    // Modules register their jobs and handlers while registering; both start once all are known.
    app.addHook('onReady', async () => {
      await jobs.start();
      await outbox.start();
    });
    // onClose hooks run in reverse order of registration: this one before the composition root's, which
    // closes the database, so work in flight finishes (or is handed back) first.
    app.addHook('onClose', async () => {
      await jobs.stop();
      await outbox.stop();
    });
  },
  { name: 'platform', fastify: '5.x' },
);

/**
 * A business module: a Fastify plugin with a name and the modules it needs. `register` builds the module's
 * one service from `app` (the platform's parts and the services of its dependencies), decorates it on the
 * instance (`app.decorate('<name>', service)`, typed by a `declare module 'fastify'` block beside it) and
 * registers the module's routes, jobs and event handlers. Fastify refuses to start when a dependency is
 * missing or registered later, so the order in `app.ts` is checked at boot and a cycle cannot start.
 */
export function defineModule(
  name: string,
  dependencies: readonly string[],
  register: (app: FastifyInstance) => Promise<void>,
) {
  return fp(register, { name, dependencies: ['platform', ...dependencies], fastify: '5.x' });
}
