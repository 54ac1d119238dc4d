/**
 * `npm run bench:relay`: the outbox relay after a burst of many distinct players, on PostgreSQL. BENCH_PLAYERS
 * players (default 2,000 and 5,000, comma-separated) each settle one stake (hold + settle through the ledger,
 * 16 at once, relay paused); then the relay is run by hand until nothing is left, and the time it took is the
 * figure: every player's facts fan out to the wagering and RG handlers, and each player's
 * `wagering.totalsChanged` reaches the coalescing handlers (`vip.upgrade`, `rewards.gameBonusPush`), whose
 * set-based checks read all the players' totals at once instead of a run per player. Each size twice: deposits
 * straight into the ledger (no wagering requirement), then deposits as PIX credits them (`fund`: each raises a
 * cash requirement, which the stake wears down). A fresh database per run.
 * Options (env): DATABASE_URL (base, PostgreSQL; this machine's by default), REDIS_URL (optional), BENCH_PLAYERS. Ends with one
 * JSON line.
 */
import crypto from 'node:crypto';
import { TxType } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { post } from '../apps/server/src/modules/ledger/index';
import { createTestApp, testPlayers } from '../apps/server/test/helpers';
import { load, round } from './common';

const SIZES = (process.env.BENCH_PLAYERS ?? '2000,5000').split(',').map(Number);

/** `n` players seeded by SQL (no sign-up: the relay is what is measured). */
async function seed(database: Awaited<ReturnType<typeof createTestApp>>['database'], n: number) {
  const ids: number[] = [];
  for (let start = 0; start < n; start += 500) {
    const names = Array.from(
      { length: Math.min(500, n - start) },
      () => `relay-${crypto.randomBytes(6).toString('hex')}@example.com`,
    );
    const r = (await database.db.execute(sql`insert into users (username, password_hash, yqm)
      select u, 'bench-no-password', upper(substr(md5(u), 1, 12))
        from unnest(${`{${names.join(',')}}`}::text[]) as u returning id`)) as unknown as {
      rows: { id: number }[];
    };
    ids.push(...r.rows.map((x) => Number(x.id)));
  }
  return ids;
}

/** Runs `fn` for every id, 16 at once. */
async function each(ids: number[], fn: (id: number) => Promise<unknown>) {
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await fn(id);
    }),
  );
}

/**
 * One size: `players` each deposit and lose one stake; `required` deposits raise a wagering requirement (as
 * every PIX deposit does), which the stake then wears down.
 */
async function measure(players: number, required: boolean) {
  const { app, database, close } = await createTestApp({ OUTBOX_RELAY: 'paused' });
  try {
    if (database.kind !== 'postgres') throw new Error('bench:relay needs DATABASE_URL (PostgreSQL)');
    const ids = await seed(database, players);
    const { lose, fund } = testPlayers(app, database);
    // Money in, delivered; then one lost stake each.
    await each(ids, (userId) =>
      required
        ? fund(userId, 100_000)
        : post(database.db, {
            type: TxType.DEPOSIT,
            players: [{ userId, amount: 100_000 }],
            system: [{ kind: 'payment_clearing', amount: -100_000 }],
          }),
    );
    while ((await app.outbox.relayOnce()) > 0);
    await each(ids, (userId) => lose(userId, 100));
    const t0 = performance.now();
    let passes = 0;
    let delivered = 0;
    for (let done = await app.outbox.relayOnce(); done > 0; done = await app.outbox.relayOnce()) {
      passes++;
      delivered += done;
    }
    const ms = round(performance.now() - t0, 0);
    const left = await app.outbox.backlog();
    const figure = {
      players,
      requirement: required,
      ms,
      msPerPlayer: round(ms / players, 3),
      passes,
      delivered,
      left,
      load1: load()[0]!,
    };
    console.log(
      `${players} players, one settled stake each, ${required ? "wearing a deposit's requirement" : 'no requirement'}: relay drained in ${ms} ms (${figure.msPerPlayer} ms a player), ` +
        `${passes} passes, ${delivered} deliveries, left ${left.undispatched + left.undelivered}, load ${figure.load1}`,
    );
    return figure;
  } finally {
    await close();
  }
}

async function main() {
  // As the other benchmarks: PostgreSQL on this machine unless DATABASE_URL names another (read by the test app).
  process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
  const loadBefore = load();
  console.log(`relay benchmark: sizes ${SIZES.join(', ')}, load ${loadBefore.join(' ')}`);
  const runs = [];
  for (const n of SIZES) for (const required of [false, true]) runs.push(await measure(n, required));
  console.log(JSON.stringify({ bench: 'relay', loadAverage: { before: loadBefore, after: load() }, runs }));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
