import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** Rows of a raw statement (bigint columns come back as strings or numbers depending on the engine). */
export async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

export const iso = (t: string | Date | null) => (t === null ? null : new Date(t).toISOString());
