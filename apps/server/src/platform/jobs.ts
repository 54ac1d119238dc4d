import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { pgCode, type Database } from './db';

/**
 * Recurring and delayed jobs on pg-boss 10 (the last major on Node 20), in the application's own database:
 * on PostgreSQL through the app's pool, on PGlite through its one connection (pg-boss's custom `db`
 * adapter), so nothing opens a second connection to the embedded database. pg-boss claims jobs with
 * `FOR UPDATE SKIP LOCKED`, so exactly one node runs each due job; cron schedules are sent once per slot
 * across nodes; a failed job retries with backoff and stays in its tables, shown by `problems()`.
 *
 * Modules register in their module file, before the app is ready: `work` (a queue and its handler),
 * `schedule` (cron), `every` (a short period, below a minute), and `send` at run time.
 */

export interface JobMeta {
  id: string;
  name: string;
  /** 0 on the first run. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobMeta) => Promise<void>;

export interface QueueOptions {
  /**
   * 'standard' by default; 'short' keeps one queued job per singleton key (a job per order), 'stately' one
   * queued and one running per key (periodic work).
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit?: number;
  /** Seconds before the first retry; doubled each retry when `retryBackoff` (the default). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A run taking longer is failed (and retried). */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** Seconds from now, or a date. */
  startAfter?: number | Date;
  /** With policy 'short': a second job under the same key is not queued while one waits. */
  singletonKey?: string;
}

export interface JobProblem {
  id: string;
  name: string;
  state: 'retry' | 'failed';
  retryCount: number;
  retryLimit: number;
  /** When it runs next (retry); when it was created (failed). */
  startAfter: Date;
  createdOn: Date;
  error: string | null;
}

export interface Jobs {
  work<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /** Sends the job on a cron schedule (minute precision, UTC), once per slot across all nodes. */
  schedule(name: string, cron: string, data?: object): void;
  /**
   * Runs `handler` about every `seconds` (below a minute) on one node at a time: each run queues the next,
   * and a minute schedule restarts the chain if a node died holding it.
   */
  every(name: string, seconds: number, handler: () => Promise<void>): void;
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Jobs waiting for a retry or failed for good, newest first (for operators). */
  problems(limit?: number): Promise<JobProblem[]>;
}

const SCHEMA = 'pgboss';
const DEFAULT_QUEUE: Required<Omit<QueueOptions, 'policy'>> = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

export function createJobs({
  database,
  log,
  enabled = true,
  pollSeconds = 2,
}: {
  database: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>;
  /** false: this node queues jobs but runs none (no workers, no schedules, no maintenance). */
  enabled?: boolean;
  pollSeconds?: number;
}): Jobs {
  const queues = new Map<string, { handler: JobHandler<object>; options: QueueOptions }>();
  const schedules: { name: string; cron: string; data: object }[] = [];
  const periodic: { name: string; seconds: number }[] = [];
  let boss: PgBoss | null = null;
  let stopping = false;

  /** pg-boss's statements and our handlers still running, so `stop` can wait for those pg-boss does not. */
  const inFlight = new Set<Promise<unknown>>();
  function track<T>(work: () => Promise<T>): Promise<T> {
    const running = work();
    inFlight.add(running);
    const done = () => inFlight.delete(running);
    running.then(done, done);
    return running;
  }
  const executeSql: Database['executeSql'] = (text, values) => track(() => database.executeSql(text, values));
  const notStarted = () => new Error('jobs: register queues before the app is ready');

  function run(name: string, handler: JobHandler<object>) {
    return async ([job]: PgBoss.JobWithMetadata<object>[]) => {
      const meta = { id: job!.id, name, retryCount: job!.retryCount };
      try {
        // Tracked like a statement: a job fetched as the node stops runs on, and `stop` must wait for it.
        await track(() => handler(job!.data, meta));
        // The two-node test counts these lines: each job id must appear once across all nodes.
        log.debug({ job: name, jobId: job!.id, pid: process.pid }, 'job done');
      } catch (err) {
        log.warn({ err, job: name, jobId: job!.id, retryCount: job!.retryCount }, 'job failed');
        throw err;
      }
    };
  }

  const jobs: Jobs = {
    work(name, handler, options = {}) {
      if (boss) throw notStarted();
      if (queues.has(name)) throw new Error(`job ${name} registered twice`);
      queues.set(name, { handler: handler as JobHandler<object>, options });
    },

    schedule(name, cron, data = {}) {
      if (boss) throw notStarted();
      schedules.push({ name, cron, data });
    },

    every(name, seconds, handler) {
      jobs.work(
        name,
        async () => {
          try {
            await handler();
          } finally {
            // Queue the next run; 'short' refuses a second queued one (the minute schedule's).
            if (!stopping) await jobs.send(name, {}, { startAfter: seconds });
          }
        },
        // 'short': one queued run; a run stuck on a dead node does not hold the chain back.
        { policy: 'short', retryLimit: 0, expireInSeconds: 60 },
      );
      jobs.schedule(name, '* * * * *');
      periodic.push({ name, seconds });
    },

    async send(name, data, options = {}) {
      if (!boss) throw notStarted();
      return boss.send(name, data, {
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },

    async start() {
      if (boss) return;
      boss = await retryRaces(async () => {
        const b = new PgBoss({
          db: { executeSql },
          schema: SCHEMA,
          supervise: enabled,
          schedule: enabled,
          migrate: true,
        });
        b.on('error', (err) => log.error({ err }, 'job engine error'));
        // A failed start leaves the instance unusable: a retry takes a new one.
        return b.start();
      });
      for (const [name, { options }] of queues) {
        const queue = { ...DEFAULT_QUEUE, ...options, name, policy: options.policy ?? 'standard' };
        await ensureQueue(boss, queue);
      }
      if (!enabled) return;
      for (const [name, { handler }] of queues) {
        await boss.work(
          name,
          { batchSize: 1, pollingIntervalSeconds: pollSeconds, includeMetadata: true },
          run(name, handler),
        );
      }
      for (const s of schedules) await boss.schedule(s.name, s.cron, s.data, { tz: 'UTC' });
      // Start the periodic chains now rather than at the next minute.
      for (const p of periodic) await boss.send(p.name, {});
    },

    async stop() {
      stopping = true;
      const b = boss;
      if (!b) return;
      await b.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      // pg-boss 10 waits only for the jobs its workers hold: not for a fetch in flight (whose job then runs),
      // nor for the statement that marks a finished job complete. Whatever still runs must end before the
      // caller closes the database, or it meets a closed pool as an unhandled rejection. One step leads to
      // the next through promise callbacks only, so a turn of the event loop with nothing running means done.
      do {
        while (inFlight.size) await Promise.allSettled([...inFlight]);
        await new Promise((r) => setImmediate(r));
      } while (inFlight.size);
    },

    async problems(limit = 100) {
      if (!boss) return [];
      const { rows } = await database.executeSql(
        `select id, name, state, retry_count, retry_limit, start_after, created_on, output
           from ${SCHEMA}.job where state in ('retry', 'failed')
          order by created_on desc limit $1`,
        [limit],
      );
      return rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        state: r.state as JobProblem['state'],
        retryCount: Number(r.retry_count),
        retryLimit: Number(r.retry_limit),
        startAfter: new Date(r.start_after as string),
        createdOn: new Date(r.created_on as string),
        error: errorText(r.output),
      }));
    },
  };
  return jobs;
}

/**
 * Nodes starting together on a fresh database race to install pg-boss's schema and to create the same
 * queues (a partition each; two creations can deadlock): the loser tries again and finds them there.
 */
async function retryRaces<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = pgCode(err);
      if (attempt >= 5 || !(code === '40P01' || code === '23505' || code === '42P07')) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * (attempt + 1)));
    }
  }
}

const ensureQueue = (boss: PgBoss, queue: PgBoss.Queue & { name: string }) =>
  retryRaces(async () => {
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
    else await boss.createQueue(queue.name, queue);
  });

/** pg-boss stores a failed run's error as JSON output ({ message, stack, … }). */
function errorText(output: unknown): string | null {
  if (output == null) return null;
  const value = typeof output === 'string' ? safeParse(output) : output;
  if (value && typeof value === 'object' && 'message' in value) return String(value.message).slice(0, 2_000);
  return JSON.stringify(value).slice(0, 2_000);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
