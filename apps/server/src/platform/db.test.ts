import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { afterCommit, openDatabase, savepoint, sqlLiteral } from './db';

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

  it('rolls back a failed savepoint alone, with the afterCommit calls made in it; the transaction goes on', async () => {
    const database = await openDatabase({ kind: 'pglite', memory: true });
    try {
      await database.db.execute(sql`create table sp_test (n int)`);
      const seen: string[] = [];
      await database.transaction(async (tx) => {
        await tx.execute(sql`insert into sp_test values (1)`);
        afterCommit(() => seen.push('before'));
        await expect(
          savepoint(tx, async (sp) => {
            await sp.execute(sql`insert into sp_test values (2)`);
            afterCommit(() => seen.push('failed'));
            throw new Error('no');
          }),
        ).rejects.toThrow('no');
        expect(
          await savepoint(tx, async (sp) => {
            await sp.execute(sql`insert into sp_test values (3)`);
            afterCommit(() => seen.push('kept'));
            return 'done';
          }),
        ).toBe('done');
        afterCommit(() => seen.push('after'));
      });
      const { rows } = await database.executeSql('select n from sp_test order by n');
      expect(rows).toEqual([{ n: 1 }, { n: 3 }]);
      expect(seen).toEqual(['before', 'kept', 'after']);
    } finally {
      await database.close();
    }
  });

  it('answers prepared from a prepared statement, with values that cannot break out of their literal', async () => {
    const database = await openDatabase({ kind: 'pglite', memory: true });
    try {
      const read = (id: number, name: string) =>
        database.prepared<{ id: number; name: string; same: boolean }>(
          'echo',
          sql`select ${id}::int as id, ${name}::text as name, ${name}::text = ${name}::text as same`,
        );
      const hostile = `x'); drop table ledger_accounts; --\\ ' ''`;
      expect(await read(7, 'plain')).toEqual([{ id: 7, name: 'plain', same: true }]);
      expect(await read(-8, hostile)).toEqual([{ id: -8, name: hostile, same: true }]);
      // Two first calls at once share one PREPARE; the statement serves later calls too.
      const both = await Promise.all([read(1, 'a'), read(2, 'b')]);
      expect(both.map((rows) => rows[0]!.name)).toEqual(['a', 'b']);
      const prepared = (await database.executeSql('select count(*)::int as n from pg_prepared_statements'))
        .rows;
      expect(prepared).toEqual([{ n: 1 }]);
      expect(
        firstRow(await database.db.execute(sql`select count(*)::int as n from ledger_accounts`)),
      ).toEqual({
        n: expect.any(Number),
      });
    } finally {
      await database.close();
    }
  });

  it('writes only plain values as SQL literals', () => {
    expect(sqlLiteral(12)).toBe('12');
    expect(sqlLiteral(12n)).toBe('12');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral("d'Ávila")).toBe("'d''Ávila'");
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral({ a: 1 })).toThrow(TypeError);
    expect(() => sqlLiteral('a\0b')).toThrow(TypeError);
  });
});
