import crypto from 'node:crypto';
import { ROUND_GAMES, type RoundGame } from '@aposta/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus';
import type { Database } from '../../platform/db';
import type { RoundsService } from './rounds.service';
import { rows } from './rounds.sql';

/**
 * The cluster's one round clock. The schedule lives in the database (each round's opens, closes and result
 * times, by the database's clock), so every node agrees on it; a node only *drives* it. Exactly one node
 * drives each game: it holds a lease in `round_clocks`, renewed every second and good for LEASE_MS by the
 * database's clock; when the holder dies, another node takes the lapsed lease over within LEASE_MS + a step.
 * Even two drivers at once (a node paused past its lease) cannot run a round twice: every phase change is a
 * conditional UPDATE, a round takes its chain index once (unique), and every hold is closed once by its key.
 */
const LEASE_MS = 5_000;
const RENEW_EVERY_MS = 1_000;
/**
 * The longest wait between two looks at the games' schedules (the lease's renewal, a round another node opened).
 * Between, the driver steps when the next phase is due (a step answers when that is), at most every
 * MIN_STEP_MS: phase changes happen on time, where a fixed 200 ms step made them up to 200 ms late (a round's
 * settlement began 100-200 ms after its result, measured).
 */
const STEP_MS = 200;
const MIN_STEP_MS = 5;
/**
 * Crash ticks to the watchers while a round rises, on a fixed beat: a tick that ran late does not push the
 * next one back (a slow read would otherwise bring the rate under ten a second).
 */
const TICK_MS = 100;

export const CLOCK_LEASE_MS = LEASE_MS;
export const CRASH_TICK_MS = TICK_MS;

export function createClock({
  database,
  rounds,
  bus,
  log,
  node = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
}: {
  database: Database;
  rounds: RoundsService;
  bus: EventBus;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  node?: string;
}) {
  let led = new Set<RoundGame>();
  /** When the lease was last renewed, on the monotonic clock (a wall-clock jump must not skip renewals). */
  let renewedAt = -Infinity;
  let stopped = false;
  let stepTimer: NodeJS.Timeout | undefined;
  let tickTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let ticking: Promise<void> = Promise.resolve();

  /** Takes or renews the lease of every game whose lease is ours or has lapsed; answers the games led. */
  async function renew(): Promise<Set<RoundGame>> {
    const values = sql.join(
      ROUND_GAMES.map((g) => sql`(${g}, ${node}, now() + ${`${LEASE_MS} milliseconds`}::interval)`),
      sql`, `,
    );
    const won = await rows<{ game: RoundGame }>(
      database.db,
      sql`insert into round_clocks (game, node, lease_until) values ${values}
          on conflict (game) do update set node = excluded.node, lease_until = excluded.lease_until
          where round_clocks.node = excluded.node or round_clocks.lease_until < now()
          returning game`,
    );
    const now = new Set(won.map((r) => r.game));
    for (const g of now) if (!led.has(g)) log.info({ game: g, node }, 'rounds: this node drives the clock');
    return now;
  }

  async function step() {
    if (performance.now() - renewedAt >= RENEW_EVERY_MS) {
      led = await renew();
      renewedAt = performance.now();
    }
    if (!led.size) return STEP_MS;
    try {
      return await rounds.advanceDue([...led]);
    } catch (err) {
      log.error({ err }, 'rounds: clock step failed');
      return STEP_MS;
    }
  }

  function loop() {
    if (stopped) return;
    running = step()
      .catch((err: unknown) => {
        log.warn({ err }, 'rounds: clock lease failed');
        return STEP_MS;
      })
      .then((nextIn) => {
        // A ms more than answered: the timer then fires when the database's clock has passed the moment too.
        const wait = Number.isFinite(nextIn)
          ? Math.min(STEP_MS, Math.max(MIN_STEP_MS, Math.ceil(nextIn) + 1))
          : STEP_MS;
        if (!stopped) stepTimer = setTimeout(loop, wait);
      });
  }

  async function tick() {
    if (led.has('crash')) {
      const p = await rounds.crashProgress();
      if (p) await bus.publish('rounds.push', { game: 'crash', event: 'crashTick', payload: p });
    }
  }

  /**
   * When the current tick was due, on the monotonic clock: a jump of the node's wall clock must neither stop
   * the ticks (a beat an hour ahead) nor burst them.
   */
  let beat = -Infinity;
  function tickLoop() {
    if (stopped) return;
    // More than a beat behind (a slow tick, a busy node): this tick goes at once with a fresh curve point and
    // the beat starts again from it; the missed ones are never sent in a burst.
    const now = performance.now();
    if (now - beat > TICK_MS) beat = now;
    ticking = tick()
      .catch((err: unknown) => log.warn({ err }, 'rounds: crash tick failed'))
      .finally(() => {
        beat += TICK_MS;
        if (!stopped) tickTimer = setTimeout(tickLoop, Math.max(0, beat - performance.now()));
      });
  }

  return {
    node,
    start() {
      stopped = false;
      loop();
      tickLoop();
    },
    /**
     * Stops driving and gives the leases up, so another node takes over at its next step. `release: false`
     * keeps them, as a node that dies does (tests): the others wait for the lease to lapse.
     */
    async stop({ release = true } = {}) {
      stopped = true;
      clearTimeout(stepTimer);
      clearTimeout(tickTimer);
      await Promise.all([running, ticking]);
      led = new Set();
      if (!release) return;
      await database.db
        .execute(sql`delete from round_clocks where node = ${node}`)
        .catch((err: unknown) => log.warn({ err }, 'rounds: could not give the clock up'));
    },
    /** The games this node drives (tests, operators). */
    led: () => [...led],
  };
}

export type Clock = ReturnType<typeof createClock>;
