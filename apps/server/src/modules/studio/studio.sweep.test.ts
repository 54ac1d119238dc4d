import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { createSeedVault } from '../originals';
import { createStudioService, type WalletClient } from './index';
import { createTestDatabase } from '../../../test/helpers';

/**
 * The hourly sweep of idle demo sessions (`dropIdleDemos`) on real SQL: what goes (an idle demo, its rounds and
 * pairs), what stays (a recent demo, a demo in play, real money of any age), its batches, and a demo swept under
 * a player who is spinning or rotating, who is told the session ended and leaves nothing behind.
 */
let database: Database;
const SESSION_INVALID = { code: 40101 };

// A wallet that takes everything: the real-money sessions here only need to exist with their rounds.
const wallet: WalletClient = {
  call: async (_path, body) => ({
    status: 'RS_OK',
    balance: 1_000_000,
    currency: 'BRL',
    request_uuid: String((body as { request_uuid: string }).request_uuid),
    user: `real-${(body as { token: string }).token}`,
  }),
  close: async () => {},
};
const vault = createSeedVault(undefined);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const service = (db: Database = database) => createStudioService({ database: db, wallet, vault });
const count = async (query: SQL) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);

/** What a session leaves in the tables: its row, its rounds, its player's pairs. */
async function footprint(session: string) {
  return {
    session: await count(sql`select count(*) as n from studio_sessions where id = ${session}`),
    rounds: await count(sql`select count(*) as n from studio_rounds where session_id = ${session}`),
    pairs: await count(sql`select count(*) as n from studio_seeds
        where player = (select player from studio_sessions where id = ${session})`),
  };
}
const demoPairs = (session: string) =>
  count(sql`select count(*) as n from studio_seeds where player = ${`demo:${session}`}`);

/** Moves a session's opening and rounds `hours` into the past (its rounds only those given, or all). */
async function age(session: string, hours: number, rounds: 'all' | 'none' = 'all') {
  const at = sql`now() - make_interval(hours => ${hours}::int)`;
  await database.db.execute(sql`update studio_sessions set created_at = ${at} where id = ${session}`);
  if (rounds === 'all')
    await database.db.execute(sql`update studio_rounds set created_at = ${at} where session_id = ${session}`);
}

async function demo(spins: number) {
  const studio = service();
  const { session } = await studio.open({ game: 'fortune-ox', demo: true });
  for (let i = 0; i < spins; i++) await studio.spin({ session, bet: 1 });
  return session;
}

async function real(spins: number) {
  const studio = service();
  const { session } = await studio.open({ game: 'fortune-ox', token: crypto.randomUUID() });
  for (let i = 0; i < spins; i++) await studio.spin({ session, bet: 1 });
  return session;
}

describe('the sweep of idle demo sessions', () => {
  it('deletes an idle demo with its rounds and pairs; keeps recent and played demos and real money of any age', async () => {
    const studio = service();
    const idle = await demo(3);
    // A rotation leaves a revealed pair: the demo's too, so it goes with it.
    await studio.rotate(idle);
    await age(idle, 25);
    const neverPlayed = await demo(0);
    await age(neverPlayed, 25);
    const recent = await demo(2);
    // Opened days ago, played then and again just now: in play.
    const playing = await demo(2);
    await age(playing, 72);
    await studio.spin({ session: playing, bet: 1 });
    const oldReal = await real(3);
    await age(oldReal, 24 * 400);
    const newReal = await real(2);
    // A real-money session with no round, opened long ago, is a record too.
    const idleReal = await real(0);
    await age(idleReal, 24 * 400);
    const kept = [recent, playing, oldReal, newReal, idleReal];
    const before = await Promise.all(kept.map(footprint));
    expect(await footprint(idle)).toEqual({ session: 1, rounds: 3, pairs: 2 });

    expect(await studio.dropIdleDemos({ idleHours: 24 })).toEqual({ sessions: 2, rounds: 3, batches: 1 });

    expect(await footprint(idle)).toEqual({ session: 0, rounds: 0, pairs: 0 });
    expect(await demoPairs(idle)).toBe(0);
    expect(await footprint(neverPlayed)).toMatchObject({ session: 0, rounds: 0 });
    expect(await demoPairs(neverPlayed)).toBe(0);
    expect(await Promise.all(kept.map(footprint))).toEqual(before);
    expect(before.map((f) => f.rounds)).toEqual([2, 3, 3, 2, 0]);
    // Nothing left to do: a second run deletes nothing.
    expect(await studio.dropIdleDemos({ idleHours: 24 })).toEqual({ sessions: 0, rounds: 0, batches: 0 });

    // The client of a swept demo is told what it is told for any unknown session, and nothing comes back.
    await expect(studio.spin({ session: idle, bet: 1 })).rejects.toMatchObject(SESSION_INVALID);
    await expect(studio.rounds(idle)).rejects.toMatchObject(SESSION_INVALID);
    await expect(studio.rotate(idle)).rejects.toMatchObject(SESSION_INVALID);
    expect(await demoPairs(idle)).toBe(0);
  });

  it('works through a backlog in batches, rounds a bounded number per statement', async () => {
    const studio = service();
    // (Whatever an earlier test left idle is not this test's backlog.)
    await studio.dropIdleDemos({ idleHours: 24 });
    const sessions: string[] = [];
    for (let i = 0; i < 5; i++) sessions.push(await demo(3));
    for (const s of sessions) await age(s, 30);
    const other = await demo(1);

    expect(await studio.dropIdleDemos({ idleHours: 24, batch: 2, roundBatch: 2 })).toEqual({
      sessions: 5,
      rounds: 15,
      batches: 3,
    });
    for (const s of sessions) expect(await footprint(s)).toEqual({ session: 0, rounds: 0, pairs: 0 });
    expect(await footprint(other)).toEqual({ session: 1, rounds: 1, pairs: 1 });
  });

  /**
   * The database as the service sees it, with the sweep run just before or after the statement named (or before
   * the transaction), as if the job's transaction committed at that moment of a player's spin or rotation.
   */
  function sweptAt(session: string, at: { before?: string; after?: string }) {
    const sweep = async () => {
      // The spin's own round may be recorded by then: it is aged too, so the session is idle by every measure.
      await age(session, 48);
      expect((await service().dropIdleDemos({ idleHours: 24 })).sessions).toBe(1);
    };
    return Object.assign(Object.create(database) as Database, {
      prepared: async (name: string, query: SQL) => {
        if (name === at.before) await sweep();
        const answer = await database.prepared(name, query);
        if (name === at.after) await sweep();
        return answer;
      },
      transaction: async (fn: Parameters<Database['transaction']>[0]) => {
        if (at.before === 'transaction') await sweep();
        return database.transaction(fn);
      },
    });
  }

  it.each([
    // No pair to claim: none is made again for a player who is gone.
    ['before its round is recorded', { before: 'studio_spin_round' }],
    // The demo balance's row is gone: not "insufficient balance".
    ['after its round is recorded', { after: 'studio_spin_round' }],
    // The round to mark settled is gone.
    ['before its round is settled', { before: 'studio_round_settled' }],
  ])('answers a demo spin swept %s as an ended session, leaving nothing', async (_when, at) => {
    const session = await demo(1);
    const studio = service(sweptAt(session, at));
    await expect(studio.spin({ session, bet: 1 })).rejects.toMatchObject(SESSION_INVALID);
    expect(await footprint(session)).toEqual({ session: 0, rounds: 0, pairs: 0 });
    expect(await demoPairs(session)).toBe(0);
  });

  it('answers a rotation of a demo swept after its read as an ended session, opening no pair', async () => {
    const session = await demo(1);
    const studio = service(sweptAt(session, { before: 'transaction' }));
    await expect(studio.rotate(session)).rejects.toMatchObject(SESSION_INVALID);
    expect(await demoPairs(session)).toBe(0);
  });
});
