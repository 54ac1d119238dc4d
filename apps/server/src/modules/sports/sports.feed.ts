import { MatchTime } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pgCode, queryRows, type Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SportsFeed } from './feeds/feed';
import type { LiveState } from './pricing';
import type { SportsService } from './sports.service';

/**
 * Runs a feed into the catalogue, one step at a time (the job `sports.feed`, on one node): creates the
 * fixtures it lists that are not in yet, then applies the state of play of its started events — clock, score,
 * repricing, suspension on dangerous moments — and posts the result of those that ended (their bets are then
 * settled by the settlement job). A postponed or interrupted event is still asked about until it is voided
 * (the job `sports.voidEvents`): it stands if it is played meanwhile; a feed listing it as not started again
 * (rescheduled) leaves it postponed, since only its kick-off within the wait saves its bets. A cancelled event
 * is asked about no more.
 */
export function createFeedRunner(deps: {
  database: Database;
  sports: SportsService;
  feed: SportsFeed;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { database, sports, feed, log } = deps;
  const { db } = database;

  async function step(now = new Date()) {
    const fixtures = await feed.fixtures(now);
    const known = new Set(
      (
        await queryRows<{ external_id: string }>(
          db,
          sql`select external_id from sports_events where feed = ${feed.name} and starts_at > ${new Date(
            now.getTime() - 7 * 86_400_000,
          ).toISOString()}`,
        )
      ).map((r) => r.external_id),
    );
    let created = 0;
    for (const f of fixtures) {
      if (known.has(f.externalId) || f.startsAt.getTime() <= now.getTime()) continue;
      try {
        await sports.createEvent(
          {
            sport: f.sport,
            competition: f.competition,
            home: f.home,
            away: f.away,
            startsAt: f.startsAt.toISOString(),
            strength: f.strength,
          },
          feed.name,
          f.externalId,
        );
        created++;
      } catch (err) {
        if (pgCode(err) !== '23505') throw err; // another node created it first
      }
    }
    const due = await queryRows<{
      id: string;
      external_id: string;
      starts_at: string | Date;
      clock: number;
      state: LiveState;
    }>(
      db,
      sql`select id, external_id, starts_at, clock, state from sports_events
          where feed = ${feed.name} and result is null and starts_at <= ${now.toISOString()}
            and (clock >= 0 or (clock in (${MatchTime.INTERRUPTED}, ${MatchTime.POSTPONED}) and exists (
              select 1 from sports_markets m where m.event_id = sports_events.id
                and m.status not in ('void', 'settled'))))`,
    );
    const updates = await feed.updates(
      due.map((e) => ({ externalId: e.external_id, startsAt: new Date(e.starts_at) })),
      now,
    );
    const byExternal = new Map(due.map((e) => [e.external_id, e]));
    let moved = 0;
    let resulted = 0;
    for (const u of updates) {
      const e = byExternal.get(u.externalId);
      if (!e) continue;
      if (u.clock === MatchTime.NOT_OPEN && Number(e.clock) < 0) continue;
      try {
        if (u.result) {
          await sports.update(e.id, u.clock, u.state);
          // The feed saw the match played (the sandbox's on its own faster clock, before the nominal start):
          // its result needs no trader's word that it came early.
          await sports.postResult(e.id, { ...u.result, early: true });
          resulted++;
        } else if (
          u.dangerous ||
          Number(e.clock) !== u.clock ||
          JSON.stringify(e.state) !== JSON.stringify(u.state)
        ) {
          await sports.update(e.id, u.clock, u.state, u.dangerous);
          moved++;
        }
      } catch (err) {
        if (err instanceof AppError) log.warn({ err, eventId: e.id }, 'sports feed update refused');
        else throw err;
      }
    }
    return { created, moved, resulted };
  }

  return { step };
}

export type FeedRunner = ReturnType<typeof createFeedRunner>;
