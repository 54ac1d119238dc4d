import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { afterCommit, openDatabase } from './db';

const firstRow = (result: unknown) => (result as { rows: unknown[] }).rows[0];

describe('embedded database', () => {
  it('refuses db and nested transaction() inside a transaction instead of deadlocking', async () => {
    const database = await openDatabase({ kind: 'pglite', memory: true });
    try {
      await expect(
        database.transaction(async () => {
          await database.db.execute(sql`select 1`);
        }),
      ).rejects.toThrow(/inside a transaction/);
      await expect(database.transaction(async () => database.transaction(async () => 1))).rejects.toThrow(
        /inside a transaction/,
      );
      // The tx itself works, and so does db outside.
      const inside = await database.transaction(async (tx) => firstRow(await tx.execute(sql`select 2 as n`)));
      expect(inside).toEqual({ n: 2 });
      expect(firstRow(await database.db.execute(sql`select 3 as n`))).toEqual({ n: 3 });
    } finally {
      await database.close();
    }
  });

  it('runs afterCommit callbacks once the transaction commits, never when it rolls back', async () => {
    const database = await openDatabase({ kind: 'pglite', memory: true });
    try {
      const seen: string[] = [];
      await database.transaction(async (tx) => {
        afterCommit(() => seen.push('committed'));
        await tx.execute(sql`select 1`);
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual(['committed']);
      await expect(
        database.transaction(async () => {
          afterCommit(() => seen.push('rolled back'));
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      afterCommit(() => seen.push('outside'));
      expect(seen).toEqual(['committed', 'outside']);
    } finally {
      await database.close();
    }
  });
});
