import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database, Executor } from '../../platform/db';
import { createSettingsService } from './settings.service';

describe('settings cache', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('shows a change at once on its node, even when a read from before the change answers after it', async () => {
    const settings = createSettingsService({ database });
    // A read of the table whose answer is held until the change has committed (a slow query on a busy node).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const late = {
      select: () => ({
        from: (table: never) =>
          database.db
            .select()
            .from(table)
            .then(async (rows) => {
              await gate;
              return rows;
            }),
      }),
    } as unknown as Executor;
    const reading = settings.allIn(late);

    await settings.change({ 'withdraw.minAmount': 7_000 });
    release();
    // That read answers what it saw; it must not become the node's copy for the next two seconds.
    expect((await reading)['withdraw.minAmount']).toBe(5_000);
    expect((await settings.all())['withdraw.minAmount']).toBe(7_000);
    expect(await settings.get('withdraw.minAmount')).toBe(7_000);
  });
});
