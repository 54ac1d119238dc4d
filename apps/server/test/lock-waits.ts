import { sql, type SQL } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Database } from '../src/platform/db';

/**
 * Lock helpers for PostgreSQL-only race tests (PGlite has one connection, so two transactions never meet
 * there): hold a row, line calls up behind it in a known order, then let them go.
 */

/** Waits until at least `n` backends of the test's database wait for a lock. */
export function lockWaiters(database: Database, n: number) {
  return vi.waitFor(
    async () => {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(n);
    },
    { timeout: 30_000, interval: 25 },
  );
}

/**
 * Runs `lock` (a `select … for update`) in a transaction of its own and keeps it open; answers once the lock
 * is held, with the release (which answers once that transaction ended).
 */
export async function holdLock(database: Database, lock: SQL): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = database.transaction(async (tx) => {
    await tx.execute(lock);
    locked();
    await released;
  });
  await Promise.race([isLocked, holder]);
  return async () => {
    release();
    await holder;
  };
}
