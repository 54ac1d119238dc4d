import { BetResult, MatchTime } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db';

/**
 * Events that will not be played (sportsbook.md "Settlement": a void leg returns its stake, counts 1 in a
 * parlay). A cancelled event (match time −10) is void at once; a postponed (−14) or interrupted (−13) one once
 * it is still so `sports.postponedVoidHours` after its kick-off — until then the feed may still report it
 * under way and its bets stand. Voiding writes 90 on every market not settled (selections and bet legs), and
 * the event's bets are then settled by the one settlement job, `sports.settleEvent`.
 */

const { CANCELLED, INTERRUPTED, POSTPONED } = MatchTime;

/** An event's row matches this while it is due to be voided at `cutoff` (kick-off + the wait). */
const dueClause = (cutoff: Date) =>
  sql`result is null and (clock = ${CANCELLED}
        or (clock in (${INTERRUPTED}, ${POSTPONED}) and starts_at <= ${cutoff.toISOString()}))`;

/** The kick-off before which a postponed event is void at `now`. */
export const voidCutoff = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/**
 * The events due to be voided: with a market still to void, or with bets whose legs are all decided but
 * still open (their settlement queued and not yet run, or lost: queued again, the job settles each bet once).
 */
export async function dueEvents(exec: Executor, cutoff: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    exec,
    sql`select e.id from sports_events e where ${dueClause(cutoff)}
          and (exists (select 1 from sports_markets m where m.event_id = e.id and m.status not in ('void', 'settled'))
            or exists (select 1 from sports_bet_legs l join sports_bets b on b.id = l.bet_id
              where l.event_id = e.id and b.status = 'open' and not exists (
                select 1 from sports_bet_legs o where o.bet_id = b.id and o.result = ${BetResult.PENDING})))
        order by e.id limit 500`,
  );
  return rows.map((r) => String(r.id));
}

/**
 * Resulted events (in the last day, more than two minutes ago) that still have open bets whose legs are all
 * decided: their settlement job was lost (queued after the result's commit, by a process that died in between)
 * or failed for good. Queued again; the job settles each bet once.
 */
export async function unsettledEvents(exec: Executor): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    exec,
    sql`select e.id from sports_events e
        where e.result is not null and e.updated_at > now() - interval '1 day'
          and e.updated_at < now() - interval '2 minutes'
          and exists (select 1 from sports_bet_legs l join sports_bets b on b.id = l.bet_id
            where l.event_id = e.id and b.status = 'open' and not exists (
              select 1 from sports_bet_legs o where o.bet_id = b.id and o.result = ${BetResult.PENDING}))
        order by e.id limit 100`,
  );
  return rows.map((r) => String(r.id));
}

/** Locks the event and answers whether it is still due (a feed update may have moved it meanwhile). */
export async function lockDue(tx: Executor, eventId: string, cutoff: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from sports_events where id = ${eventId}::bigint and ${dueClause(cutoff)} for update`,
  );
  return rows.length > 0;
}

/**
 * Voids the markets `where` selects (and not settled or void already): status void (no longer held), every
 * selection and bet leg 90, the selections locked first. Answers how many markets it voided.
 */
export async function voidMarkets(tx: Executor, where: ReturnType<typeof sql>): Promise<number> {
  // Their selections locked first, as a result does: a bets' batch that passed its check commits its legs before
  // they are marked, and one after this commit is refused (SP002, migration 0065).
  await tx.execute(
    sql`select id from sports_selections where market_id in (
          select id from sports_markets where ${where} and status not in ('void', 'settled'))
        order by id for update`,
  );
  const [row] = await queryRows<{ markets: string }>(
    tx,
    sql`with m as (
          update sports_markets set status = 'void', held = false, voided = true
          where ${where} and status not in ('void', 'settled') returning id),
        s as (update sports_selections set result = ${BetResult.REFUND} where market_id in (select id from m)),
        l as (update sports_bet_legs set result = ${BetResult.REFUND} where market_id in (select id from m))
        select count(*) as markets from m`,
  );
  return Number(row?.markets ?? 0);
}
