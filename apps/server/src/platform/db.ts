import crypto from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder } from './paths';

/**
 * One database layer over two engines: PGlite in-process (the embedded default) or PostgreSQL
 * (DATABASE_URL). Both run the same Drizzle schema and migrations.
 *
 * Rule of the house: work that writes, or that reads more than once, goes through `transaction()` and its
 * `tx`; `db` is for single-statement reads. Never issue BEGIN/COMMIT by hand.
 */

type Schema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository function accepts: the database or a transaction inside it. */
export type Executor = Db | Tx;

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; memory?: boolean }
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface TransactionOptions {
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
  /** Retries on serialization failures and deadlocks (PostgreSQL only); default 3. */
  retries?: number;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * Raw SQL with $n parameters on the engine itself, for libraries that bring their own SQL (pg-boss). On
   * PGlite it is the one connection (it waits for a transaction in progress; several statements without
   * parameters are allowed); on PostgreSQL a pooled connection.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * A statement that hot paths repeat (every signed-in call's read, a slot spin's writes), outside a
   * transaction: a named statement, parsed and planned once per connection instead of once per call. `name`
   * must always come with the same SQL text (the values may differ).
   */
  prepared<T>(name: string, query: SQL): Promise<T[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Serialization failures and deadlocks: the transaction may simply be run again. */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40001', '40P01']);

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 20)
    : openPglite(options);
}

/**
 * A value as an SQL literal, for PGlite's EXECUTE: only the kinds a hot read passes (numbers, strings,
 * booleans, null); a string is quoted with its quotes doubled (standard_conforming_strings is on).
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  throw new TypeError(`prepared(): no SQL literal for ${typeof value}`);
}

async function openPglite(options: { dataDir?: string; memory?: boolean }): Promise<Database> {
  let release = () => {};
  /** Statement text → the name it is prepared under on PGlite's one connection (once prepared). */
  const pglitePrepared = new Map<string, Promise<string>>();
  let preparedCount = 0;
  let client: PGlite;
  if (options.memory || !options.dataDir) {
    client = new PGlite();
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
    client = new PGlite(path.join(options.dataDir, 'pg'));
  }
  try {
    await client.waitReady;
    const raw = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
    await migratePglite(raw as never, { migrationsFolder });
    const db = guardAgainstSelfDeadlock(raw);
    const dialect = new PgDialect({ casing: 'snake_case' });
    return {
      kind: 'pglite',
      db,
      // PGlite has one connection and serialises transactions itself; no retries are ever needed.
      executeSql: async (text, values) => {
        refuseInsideTransaction('executeSql()');
        if (values?.length) return client.query<Record<string, unknown>>(text, values);
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      },
      transaction: async (fn, opts) => {
        refuseInsideTransaction('transaction()');
        const context: TxContext = { guard: true, afterCommit: [] };
        const result = await raw.transaction(
          (tx) => txContext.run(context, () => fn(tx)),
          opts?.isolationLevel ? { isolationLevel: opts.isolationLevel } : undefined,
        );
        runAfterCommit(context);
        return result;
      },
      // Straight to the client: Drizzle's execute on PGlite cost about 0.5 ms more per statement than the
      // statement itself (measured), most of a hot read's time on this engine. Then a server-side prepared
      // statement: planning userInfo's statement took half of its 0.9 ms (measured). PGlite cannot bind
      // parameters to EXECUTE, so the values go as literals (`sqlLiteral`).
      prepared: async <T>(_name: string, query: SQL) => {
        refuseInsideTransaction('prepared()');
        const { sql: text, params } = dialect.sqlToQuery(query);
        let name = pglitePrepared.get(text);
        if (!name) {
          name = (async () => {
            const named = `rp${++preparedCount}`;
            await client.exec(`prepare ${named} as ${text}`);
            return named;
          })();
          pglitePrepared.set(text, name);
          name.catch(() => pglitePrepared.delete(text));
        }
        const args = params.length ? `(${params.map(sqlLiteral).join(', ')})` : '';
        // The simple protocol: 0.04 ms less per statement than the extended one (measured), same rows.
        const [result] = await client.exec(`execute ${await name}${args}`);
        return result!.rows as T[];
      },
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * PGlite has one connection: a statement sent on `db` (or a nested `transaction()`) from inside a
 * transaction's callback waits for that transaction, which waits for it — the server hangs for good. Such a
 * call is a bug (use the callback's `tx`); on PGlite it fails at once with this error instead of hanging, and
 * the test suite, which runs on PGlite, finds it.
 */
interface TxContext {
  /** PGlite only: a statement outside the transaction's tx would deadlock. */
  guard: boolean;
  afterCommit: (() => void)[];
}
const txContext = new AsyncLocalStorage<TxContext>();
const STATEMENTS = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'with',
  '$count',
  'transaction',
]);

function refuseInsideTransaction(what: string) {
  if (txContext.getStore()?.guard) {
    throw new Error(
      `database.${what} called inside a transaction: use the transaction's tx (PGlite would deadlock)`,
    );
  }
}

/**
 * Runs `fn` once the transaction in progress (of `database.transaction`) commits, or at once outside one;
 * never when it rolls back. For in-process nudges only (a lost nudge must be harmless): a crash between
 * the commit and `fn` loses it.
 */
export function afterCommit(fn: () => void) {
  const context = txContext.getStore();
  if (context) context.afterCommit.push(fn);
  else fn();
}

/**
 * Runs `fn` in a savepoint of `tx`: if it fails, its work alone is rolled back (and the `afterCommit` calls it
 * made are dropped), the error rethrown, and `tx` goes on.
 */
export async function savepoint<T>(tx: Tx, fn: (sp: Tx) => Promise<T>): Promise<T> {
  const context = txContext.getStore();
  const queued = context?.afterCommit.length ?? 0;
  try {
    return await tx.transaction(fn);
  } catch (err) {
    context?.afterCommit.splice(queued);
    throw err;
  }
}

function runAfterCommit(context: TxContext) {
  for (const fn of context.afterCommit) {
    try {
      fn();
    } catch {
      /* a nudge never fails the committed work */
    }
  }
}

function guardAgainstSelfDeadlock(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string' || !STATEMENTS.has(prop)) return value;
      return (...args: unknown[]) => {
        refuseInsideTransaction(`db.${prop}()`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // JIT off: it pays only for long analytic queries, and a hot read joining a few one-row functions (each
  // estimated at 1,000 rows) crossed its cost threshold and spent 0.5 s compiling a 0.1 ms statement.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // A pool error on an idle client must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
  const dialect = new PgDialect({ casing: 'snake_case' });
  /** Each prepared statement's name by its text (a few hot reads). */
  const preparedNames = new Map<string, string>();
  await migrateUnderLock(pool);
  return {
    kind: 'postgres',
    db,
    executeSql: async (text, values) => pool.query(text, values),
    transaction: async (fn, opts) => {
      const retries = opts?.retries ?? 3;
      for (let attempt = 0; ; attempt++) {
        try {
          // A fresh context per attempt: the nudges of a rolled-back attempt never run.
          const context: TxContext = { guard: false, afterCommit: [] };
          const result = await db.transaction(
            (tx) => txContext.run(context, () => fn(tx)),
            opts?.isolationLevel ? { isolationLevel: opts.isolationLevel } : undefined,
          );
          runAfterCommit(context);
          return result;
        } catch (err) {
          if (attempt >= retries || !RETRYABLE_SQLSTATES.has(pgCode(err) ?? '')) throw err;
          await new Promise((r) => setTimeout(r, 2 ** attempt * 5 + Math.random() * 10));
        }
      }
    },
    prepared: async <T>(name: string, query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      // PostgreSQL refuses one name for two texts on a connection; a statement composed of other modules'
      // parts (userInfo) differs between apps sharing a pool (tests), so the text picks the name.
      let named = preparedNames.get(text);
      if (!named) {
        named = `${name}_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
        preparedNames.set(text, named);
      }
      return (await pool.query({ name: named, text, values: params })).rows as T[];
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Several server processes may start at once on one PostgreSQL: migrate under an advisory lock. */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

/** A field of a driver error (`code`, `constraint`, `column`…), also when Drizzle wraps it in causes. */
export function pgField(err: unknown, field: 'code' | 'constraint' | 'column'): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const value = (e as Record<string, unknown>)[field];
    if (typeof value === 'string' && (field !== 'code' || /^[0-9A-Z]{5}$/.test(value))) return value;
  }
  return undefined;
}

/** The SQLSTATE of a driver error. */
export const pgCode = (err: unknown) => pgField(err, 'code');

/** The constraint name of a driver error (unique and check violations). */
export const pgConstraint = (err: unknown) => pgField(err, 'constraint');

/**
 * PGlite is single-process: two processes on one data directory silently lose data. A lock file holding
 * the owner's pid refuses the second one; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'server.lock');
  const me = `${process.pid}@${os.hostname()}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, me, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === me) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = fs.readFileSync(lockPath, 'utf8').trim();
      const [pidText, host] = owner.split('@');
      const pid = Number(pidText);
      if (host === os.hostname() && Number.isInteger(pid) && !isAlive(pid)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is in use by process ${owner}. PGlite allows one process per ` +
          `data directory: stop that process, or give this one another DATA_DIR, or use DATABASE_URL.`,
      );
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Rows of a raw statement (bigint columns come back as strings or numbers depending on the engine). */
export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An `ilike` pattern matching `text` anywhere, its own wildcards (`%`, `_`, `\`) taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `a::bigint, b::bigint, …` for an `in (…)` list of ids. */
export const idList = (ids: (string | number)[]) =>
  sql.join(
    ids.map((id) => sql`${String(id)}::bigint`),
    sql`, `,
  );
