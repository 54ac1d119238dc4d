import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../../test/helpers';
import type { Database, Tx } from './db';
import { backoffSeconds, createOutbox, type Outbox } from './outbox';

// Topics of this test only (modules declare theirs beside their code the same way).
declare module './outbox' {
  interface OutboxEvents {
    'test.happened': { n: number };
    'test.other': { n: number };
  }
}

const silent = { warn: () => {}, error: () => {}, debug: () => {} };
let database: Database;

/** A handler's database effect: one row per run, so a second run of one delivery shows as a duplicate. */
const effect = async (tx: Tx, handler: string, eventId: number, n: number) => {
  await tx.execute(
    sql`insert into test_effects (handler, event_id, n) values (${handler}, ${eventId}, ${n})`,
  );
};

async function effects(handler?: string) {
  const { rows } = await database.executeSql(
    `select handler, event_id, n from test_effects ${handler ? 'where handler = $1' : ''} order by n`,
    handler ? [handler] : [],
  );
  return rows as { handler: string; event_id: string; n: number }[];
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.executeSql('create table test_effects (handler text not null, event_id bigint, n int)');
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Each test registers its own handlers, as a fresh deployment would.
  await database.executeSql(
    'delete from test_effects; delete from outbox_events; delete from outbox_handlers;',
  );
});

/**
 * A coalescing handler `latest` that reads the state at delivery, as a totals handler does: its effect is
 * n × 100 + how many events of its payload exist. Throws while `failing()`.
 */
function coalescingCounter(o: Outbox, failing: () => boolean) {
  o.on(
    'test.happened',
    'latest',
    async (p, tx, meta) => {
      if (failing()) throw new Error('not now');
      const { rows } = (await tx.execute(
        sql`select count(*)::int as c from outbox_events where payload = ${JSON.stringify(p)}::jsonb`,
      )) as unknown as { rows: { c: number }[] };
      await effect(tx, 'latest', meta.eventId, p.n * 100 + rows[0]!.c);
    },
    { coalesce: true },
  );
}

function outboxWith(
  handlers: (o: Outbox) => void,
  options: { pollMs?: number; relay?: 'on' | 'paused' } = {},
) {
  const outbox = createOutbox({ database, log: silent, pollMs: options.pollMs ?? 60_000, ...options });
  handlers(outbox);
  return outbox;
}

describe('outbox', () => {
  it('writes nothing when the emitting transaction rolls back', async () => {
    const outbox = outboxWith((o) =>
      o.on('test.happened', 'a', async (p, tx, meta) => {
        await effect(tx, 'a', meta.eventId, p.n);
      }),
    );
    await expect(
      database.transaction(async (tx) => {
        await outbox.emit(tx, 'test.happened', { n: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await outbox.relayOnce()).toBe(0);
    expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 0 });
    expect(await effects()).toEqual([]);
  });

  it('delivers a committed event once to each handler of its topic, in the handler’s own transaction', async () => {
    const outbox = outboxWith((o) => {
      o.on('test.happened', 'a', async (p, tx, meta) => effect(tx, 'a', meta.eventId, p.n));
      o.on('test.happened', 'b', async (p, tx, meta) => effect(tx, 'b', meta.eventId, p.n));
      o.on('test.other', 'c', async (p, tx, meta) => effect(tx, 'c', meta.eventId, p.n));
    });
    await database.transaction((tx) => outbox.emit(tx, 'test.happened', { n: 7 }));
    expect(await outbox.backlog()).toEqual({ undispatched: 1, undelivered: 0 });
    expect(await outbox.relayOnce()).toBe(2);
    expect(await outbox.relayOnce()).toBe(0);
    expect((await effects()).map((e) => [e.handler, e.n])).toEqual([
      ['a', 7],
      ['b', 7],
    ]);
    expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 0 });
  });

  it('retries a failing handler with backoff, shows it to operators, and never reruns the others', async () => {
    let failures = 2;
    const outbox = outboxWith((o) => {
      o.on('test.happened', 'steady', async (p, tx, meta) => {
        await effect(tx, 'steady', meta.eventId, p.n);
      });
      o.on('test.happened', 'flaky', async (p, tx, meta) => {
        // Its write is rolled back with the failure: only the successful run's row stays.
        await effect(tx, 'flaky', meta.eventId, p.n);
        if (failures-- > 0) throw new Error(`flaky failure at attempt ${meta.attempt}`);
      });
    });
    await database.transaction((tx) => outbox.emit(tx, 'test.happened', { n: 1 }));
    await outbox.relayOnce();
    let failing = await outbox.failing();
    expect(failing).toMatchObject([
      { topic: 'test.happened', handler: 'flaky', attempts: 1, lastError: 'flaky failure at attempt 1' },
    ]);
    // Not due again before its backoff.
    expect(failing[0]!.nextAt.getTime()).toBeGreaterThan(Date.now() + 500);
    expect(await outbox.relayOnce()).toBe(0);

    // Time passes (made due by hand rather than waited for).
    await database.executeSql('update outbox_deliveries set next_at = now()');
    await outbox.relayOnce();
    failing = await outbox.failing();
    expect(failing).toMatchObject([
      { handler: 'flaky', attempts: 2, lastError: 'flaky failure at attempt 2' },
    ]);
    await database.executeSql('update outbox_deliveries set next_at = now()');
    expect(await outbox.relayOnce()).toBe(1);

    expect(await outbox.failing()).toEqual([]);
    expect((await effects()).map((e) => e.handler).sort()).toEqual(['flaky', 'steady']);
  });

  it('backs off 1, 2, 4 … seconds, capped at ten minutes', () => {
    expect([1, 2, 3, 4, 11, 50].map(backoffSeconds)).toEqual([1, 2, 4, 8, 600, 600]);
  });

  it('runs inline handlers inside the emitter’s transaction, and delivers SQL-inserted events to the others', async () => {
    const outbox = outboxWith((o) => {
      o.on(
        'test.happened',
        'atomic',
        async (p, tx, meta) => {
          await effect(tx, 'atomic', meta.eventId, p.n);
          if (p.n < 0) throw new Error('refused');
        },
        { inline: true },
      );
      o.on('test.happened', 'later', async (p, tx, meta) => {
        await effect(tx, 'later', meta.eventId, p.n);
      });
    });
    await database.transaction(async (tx) => {
      await outbox.emit(tx, 'test.happened', { n: 1 });
      // Inline: done before emit returns, in the same transaction.
      const seen = await tx.execute(
        sql`select count(*)::int as c from test_effects where handler = 'atomic'`,
      );
      expect(JSON.stringify(seen)).toContain('"c":1');
    });
    // An inline failure rolls back the change and the event.
    await expect(database.transaction((tx) => outbox.emit(tx, 'test.happened', { n: -1 }))).rejects.toThrow(
      'refused',
    );
    // As a database function would emit: plain SQL, only topic and payload.
    await database.executeSql(
      `insert into outbox_events (topic, payload) values ('test.happened', '{"n": 2}'::jsonb)`,
    );
    await outbox.relayOnce();
    expect((await effects()).map((e) => [e.handler, e.n])).toEqual([
      ['atomic', 1],
      ['later', 1],
      ['later', 2],
    ]);
  });

  it('is nudged by a local commit: delivered at once, long before the next poll', async () => {
    const outbox = outboxWith(
      (o) =>
        o.on('test.happened', 'a', async (p, tx, meta) => {
          await effect(tx, 'a', meta.eventId, p.n);
        }),
      { pollMs: 60_000 },
    );
    await outbox.start();
    try {
      // Let the first pass (at start) finish.
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      await database.transaction((tx) => outbox.emit(tx, 'test.happened', { n: 3 }));
      await until(async () => (await effects('a')).length === 1, 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await outbox.stop();
    }
  });

  it('delivers nothing while paused, and everything after', async () => {
    const register = (o: Outbox) =>
      o.on('test.happened', 'a', async (p, tx, meta) => {
        await effect(tx, 'a', meta.eventId, p.n);
      });
    const paused = outboxWith(register, { relay: 'paused', pollMs: 50 });
    await paused.start();
    await database.transaction((tx) => paused.emit(tx, 'test.happened', { n: 1 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(await effects()).toEqual([]);
    await paused.stop();

    const running = outboxWith(register, { pollMs: 50 });
    await running.start();
    try {
      await until(async () => (await effects('a')).length === 1);
    } finally {
      await running.stop();
    }
  });

  it('fans out to handlers another node registered, and leaves their delivery to that node', async () => {
    const older = outboxWith((o) =>
      o.on('test.happened', 'a', async (p, tx, meta) => {
        await effect(tx, 'a', meta.eventId, p.n);
      }),
    );
    const newer = outboxWith(
      (o) => {
        o.on('test.happened', 'a', async (p, tx, meta) => {
          await effect(tx, 'a', meta.eventId, p.n);
        });
        o.on('test.happened', 'b', async (p, tx, meta) => {
          await effect(tx, 'b', meta.eventId, p.n);
        });
      },
      { relay: 'paused' },
    );
    await newer.start();
    await database.transaction((tx) => older.emit(tx, 'test.happened', { n: 5 }));
    // The node without 'b' fans the event out to it, delivers only its own handler.
    expect(await older.relayOnce()).toBe(1);
    expect(await older.backlog()).toEqual({ undispatched: 0, undelivered: 1 });
    expect(await newer.relayOnce()).toBe(1);
    expect((await effects()).map((e) => [e.handler, e.n])).toEqual([
      ['a', 5],
      ['b', 5],
    ]);
  });

  it('with several relays at once (several nodes), delivers every event exactly once', async () => {
    const register = (o: Outbox) => {
      o.on('test.happened', 'a', async (p, tx, meta) => {
        await effect(tx, 'a', meta.eventId, p.n);
      });
      o.on('test.happened', 'b', async (p, tx, meta) => {
        await effect(tx, 'b', meta.eventId, p.n);
      });
    };
    const nodes = [outboxWith(register), outboxWith(register), outboxWith(register)];
    const count = 60;
    for (let i = 0; i < count; i += 10) {
      await database.transaction(async (tx) => {
        for (let n = i; n < i + 10; n++) await nodes[n % 3]!.emit(tx, 'test.happened', { n });
      });
    }
    await Promise.all(
      nodes.map(async (node) => {
        while ((await node.relayOnce()) > 0);
      }),
    );
    for (const handler of ['a', 'b']) {
      expect((await effects(handler)).map((e) => e.n)).toEqual([...Array(count).keys()]);
    }
    expect(await nodes[0]!.backlog()).toEqual({ undispatched: 0, undelivered: 0 });
  });

  describe.runIf(onPostgres)('a leased row another transaction holds for a while', () => {
    /**
     * This node's database, except that right after a lease another transaction locks the pending deliveries
     * for `ms`, as another node's lease statement may for a moment (a locking scan keeps a row it then finds
     * not due locked until the statement ends), or a node whose lease ran out while it was delivering.
     */
    function holdingAfterLease(ms: number) {
      const held: Promise<unknown>[] = [];
      const executeSql: Database['executeSql'] = async (text, values) => {
        const result = await database.executeSql(text, values);
        if (text.includes('outbox_lease') && result.rows.length) {
          let locked!: () => void;
          const taken = new Promise<void>((resolve) => (locked = resolve));
          held.push(
            database.transaction(async (tx) => {
              await tx.execute(sql`select 1 from outbox_deliveries where done_at is null for update`);
              locked();
              await new Promise((resolve) => setTimeout(resolve, ms));
            }),
          );
          await taken;
        }
        return result;
      };
      return { database: { ...database, executeSql }, released: () => Promise.all(held) };
    }

    const kinds = [
      ['plain', {}],
      ['coalescing', { coalesce: true }],
    ] as const;
    for (const [kind, options] of kinds)
      it(`delivers a ${kind} handler's row held for a moment at once, not when the lease runs out`, async () => {
        const holding = holdingAfterLease(300);
        const outbox = createOutbox({ database: holding.database, log: silent, pollMs: 60_000 });
        outbox.on('test.happened', 'a', (p, tx, meta) => effect(tx, 'a', meta.eventId, p.n), options);
        await database.transaction((tx) => outbox.emit(tx, 'test.happened', { n: 7 }));
        expect(await outbox.relayOnce()).toBe(1);
        await holding.released();
        expect((await effects('a')).map((e) => e.n)).toEqual([7]);
        expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 0 });
      });

    it('gives way on a row held longer (a live delivery), without an error, and leaves it leased', async () => {
      const holding = holdingAfterLease(1_500);
      const outbox = createOutbox({ database: holding.database, log: silent, pollMs: 60_000 });
      outbox.on('test.happened', 'a', (p, tx, meta) => effect(tx, 'a', meta.eventId, p.n));
      await database.transaction((tx) => outbox.emit(tx, 'test.happened', { n: 7 }));
      expect(await outbox.relayOnce()).toBe(0);
      await holding.released();
      expect(await effects('a')).toEqual([]);
      expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 1 });
      // Not due again before its lease runs out: a second pass leaves it.
      expect(await outbox.relayOnce()).toBe(0);
    });
  });

  it('runs a coalescing handler once for equal payloads, the others once per event; a failure marks none done', async () => {
    let fail = true;
    const outbox = outboxWith((o) => {
      coalescingCounter(o, () => fail);
      o.on('test.happened', 'each', async (p, tx, meta) => {
        await effect(tx, 'each', meta.eventId, p.n);
      });
    });
    await database.transaction(async (tx) => {
      for (const n of [1, 2, 1, 1, 2, 1]) await outbox.emit(tx, 'test.happened', { n });
    });
    await outbox.relayOnce();
    expect((await effects('each')).map((e) => e.n)).toEqual([1, 1, 1, 1, 2, 2]);
    // The failed run rolled its marks back: its deliveries are still pending, one per payload (the twins got none).
    expect(await effects('latest')).toEqual([]);
    expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 2 });

    fail = false;
    await database.executeSql(`update outbox_deliveries set next_at = now() where done_at is null`);
    await outbox.relayOnce();
    // One run per payload, each seeing all four (or two) of its events.
    expect((await effects('latest')).map((e) => e.n)).toEqual([104, 202]);
    expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 0 });
  });

  it('gives a coalescing handler no delivery for an event a due pending twin covers; a leased twin covers nothing', async () => {
    let fail = true;
    const outbox = outboxWith((o) => coalescingCounter(o, () => fail));
    const emit = (...ns: number[]) =>
      database.transaction(async (tx) => {
        for (const n of ns) await outbox.emit(tx, 'test.happened', { n });
      });
    const pending = async () =>
      (
        await database.executeSql(
          `select e.payload->>'n' as n from outbox_deliveries d join outbox_events e on e.id = d.event_id
            where d.done_at is null order by d.event_id`,
        )
      ).rows.map((r) => Number(r.n));
    await emit(1, 2);
    await outbox.relayOnce(); // fails: both wait for their retry
    expect(await pending()).toEqual([1, 2]);
    // 1's delivery is due again, 2's still backs off (as if leased by a node): a new 1 is covered, a new 2 is not.
    await database.executeSql(
      `update outbox_deliveries d set next_at = now() from outbox_events e
        where e.id = d.event_id and e.payload->>'n' = '1'`,
    );
    await emit(1, 2, 3);
    fail = false;
    await outbox.relayOnce();
    expect(await pending()).toEqual([]);
    // Rows per payload: 1 none for its new event, 2 one (the old one was not due), 3 one.
    const { rows } = await database.executeSql(
      `select e.payload->>'n' as n, count(*)::int as c from outbox_deliveries d join outbox_events e on e.id = d.event_id
        group by 1 order by 1`,
    );
    expect(rows.map((r) => [Number(r.n), r.c])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    // Each run read every event of its payload, the new ones included.
    expect((await effects('latest')).map((e) => e.n)).toEqual([102, 202, 301]);
  });

  it("runs a pass's coalescing deliveries in one transaction; after a failure, one by one and only the failing one waits", async () => {
    let failOn: number | null = null;
    const outbox = outboxWith((o) => {
      o.on(
        'test.happened',
        'latest',
        async (p, tx, meta) => {
          if (p.n === failOn) throw new Error('poison');
          // The run's transaction, as its effect: one pass's runs share it when grouped.
          const { rows } = (await tx.execute(sql`select txid_current()::text as tx`)) as unknown as {
            rows: { tx: string }[];
          };
          await effect(tx, `latest:${rows[0]!.tx}`, meta.eventId, p.n);
        },
        { coalesce: true },
      );
    });
    const transactions = async () => new Set((await effects()).map((e) => e.handler)).size;
    await database.transaction(async (tx) => {
      for (const n of [1, 2, 3, 1, 2, 3, 4]) await outbox.emit(tx, 'test.happened', { n });
    });
    expect(await outbox.relayOnce()).toBe(4);
    expect((await effects()).map((e) => e.n)).toEqual([1, 2, 3, 4]);
    expect(await transactions()).toBe(1);
    expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 0 });

    failOn = 6;
    await database.executeSql('delete from test_effects');
    await database.transaction(async (tx) => {
      for (const n of [5, 6, 7, 5]) await outbox.emit(tx, 'test.happened', { n });
    });
    // The grouped run fails and is rolled back; each is then delivered alone (5 covering its twin).
    expect(await outbox.relayOnce()).toBe(3);
    expect((await effects()).map((e) => e.n)).toEqual([5, 7]);
    expect(await transactions()).toBe(2);
    expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 1 });
    expect((await outbox.failing()).map((f) => f.handler)).toEqual(['latest']);
  });

  it('delivers a handler with a set-based path in one run per pass; those it leaves, and all after a failure, one by one', async () => {
    const batches: number[][] = [];
    let failOn: number | null = null;
    const outbox = outboxWith((o) => {
      o.on(
        'test.happened',
        'summed',
        async (p, tx, meta) => {
          if (p.n === failOn) throw new Error('poison');
          await effect(tx, 'summed', meta.eventId, p.n);
        },
        {
          // Applies the even ones in one statement, leaves the odd ones to the handler above.
          many: async (payloads, tx) => {
            batches.push(payloads.map((p) => p.n));
            if (failOn !== null && payloads.some((p) => p.n === failOn)) throw new Error('poison');
            const even = payloads.filter((p) => p.n % 2 === 0).map((p) => p.n);
            await tx.execute(sql`insert into test_effects (handler, n)
              select 'summed', n::int from jsonb_array_elements_text(${JSON.stringify(even)}::jsonb) as e (n)`);
            return payloads.flatMap((p, i) => (p.n % 2 ? [i] : []));
          },
        },
      );
    });
    await database.transaction(async (tx) => {
      for (const n of [1, 2, 3, 4, 5, 6]) await outbox.emit(tx, 'test.happened', { n });
    });
    expect(await outbox.relayOnce()).toBe(6);
    expect(batches).toEqual([[1, 2, 3, 4, 5, 6]]);
    expect((await effects('summed')).map((e) => e.n)).toEqual([1, 2, 3, 4, 5, 6]);
    // The odd ones ran through the handler itself (with their event), the even ones through the set-based path.
    expect((await effects('summed')).filter((e) => e.event_id !== null).map((e) => e.n)).toEqual([1, 3, 5]);
    // Delivered as the events were fanned out, in that transaction: no delivery row to insert, lease and mark.
    expect((await database.executeSql('select count(*)::int as c from outbox_deliveries')).rows[0]!.c).toBe(
      0,
    );

    failOn = 8;
    await database.transaction(async (tx) => {
      for (const n of [7, 8, 9]) await outbox.emit(tx, 'test.happened', { n });
    });
    // The set-based run fails and is rolled back; each is then delivered alone: only the poison one waits.
    expect(await outbox.relayOnce()).toBe(3);
    expect((await effects('summed')).map((e) => e.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);
    expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 1 });
    expect((await outbox.failing()).map((f) => f.handler)).toEqual(['summed']);
  });

  it('runs a coalescing handler only for the payloads its set-based check answers, and marks all done', async () => {
    const checked: number[][] = [];
    const outbox = outboxWith((o) => {
      o.on('test.happened', 'latest', async (p, tx, meta) => effect(tx, 'latest', meta.eventId, p.n), {
        coalesce: true,
        // As a totals handler's check: of the pass's distinct payloads, the even ones need a run.
        runsNeeded: async (payloads) => {
          checked.push(payloads.map((p) => p.n));
          return payloads.flatMap((p, i) => (p.n % 2 ? [] : [i]));
        },
      });
    });
    await database.transaction(async (tx) => {
      for (const n of [1, 2, 3, 1, 4, 2]) await outbox.emit(tx, 'test.happened', { n });
    });
    await outbox.relayOnce();
    expect(checked).toEqual([[1, 2, 3, 4]]);
    expect((await effects()).map((e) => e.n)).toEqual([2, 4]);
    expect(await outbox.backlog()).toEqual({ undispatched: 0, undelivered: 0 });
  });

  it('refuses a set-based path on an inline or coalescing handler, and a set-based check on a plain one', () => {
    const o = createOutbox({ database, log: silent });
    expect(() =>
      o.on('test.happened', 'x', async () => {}, { coalesce: true, many: async () => [] }),
    ).toThrow(/set-based path/);
    expect(() => o.on('test.happened', 'y', async () => {}, { runsNeeded: async () => [] })).toThrow(
      /set-based check/,
    );
  });
});
