import { BetResult, GamePeriod, MatchTime, type MarketType, type SportCode } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db';
import type { LiveState } from './pricing';
import { abandonedResult } from './sports.settlement';

/**
 * Events that will not be played (sportsbook.md "Settlement": a void leg returns its stake, counts 1 in a
 * parlay). A cancelled event (match time −10) is void at once; a postponed (−14) or interrupted (−13) one once
 * it is still so `sports.postponedVoidHours` after its kick-off — until then the feed may still report it
 * under way and its bets stand. Voiding settles every market not settled whose result play had already
 * decided (`abandonEvent`: a total passed, both sides scored, a first half played) and writes 90 on the others
 * (selections and bet legs); the event's bets are then settled by the one settlement job, `sports.settleEvent`.
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

/**
 * The score a market's period stood at when play stopped (the event's state of play), and whether the period
 * had ended; null when the state does not tell (quarters; a first half whose half-time score is not known: the
 * score now may hold second-half goals).
 */
function periodAtStop(sport: SportCode, type: MarketType, period: number, state: Partial<LiveState>) {
  if (period === GamePeriod.FULL_MATCH) {
    // Tennis handicap and total lines count games (pricing/others.ts): the finished sets' and the current one's.
    if (sport === 'tennis' && (type === 'ah' || type === 'total'))
      return {
        score: {
          home: (state.setGames?.home ?? 0) + (state.games?.home ?? 0),
          away: (state.setGames?.away ?? 0) + (state.games?.away ?? 0),
        },
        complete: false,
      };
    return state.score ? { score: state.score, complete: false } : null;
  }
  if (period === GamePeriod.FIRST_HALF)
    return state.halfTime ? { score: state.halfTime, complete: true } : null;
  if (period === GamePeriod.CORNERS) return state.corners ? { score: state.corners, complete: false } : null;
  return null;
}

/**
 * Voids an event that will not be played (locked by `lockDue`), keeping what play had decided: each market not
 * settled or void is read by `abandonedResult` on the score its period stood at; a market with a selection
 * decided is settled (its selections and bet legs take their results, 90 where undecided), the others voided
 * (`voidMarkets`). Both are marked `voided`: a result posted later leaves them as they are. The selections locked
 * first, as a result does. Answers how many markets it settled or voided.
 */
export async function abandonEvent(tx: Executor, eventId: string): Promise<number> {
  const [event] = await queryRows<{ sport: SportCode; state: Partial<LiveState> | null }>(
    tx,
    sql`select sport, state from sports_events where id = ${eventId}::bigint`,
  );
  const rows = await queryRows<{
    id: string;
    market_id: string;
    name: string;
    type: MarketType;
    period: number;
    line: number | null;
  }>(
    tx,
    sql`select s.id, s.market_id, s.name, m.type, m.period, m.line from sports_selections s
        join sports_markets m on m.id = s.market_id
        where m.event_id = ${eventId}::bigint and m.status not in ('void', 'settled')
        order by s.id for update of s`,
  );
  const byMarket = new Map<string, typeof rows>();
  for (const r of rows) byMarket.set(String(r.market_id), [...(byMarket.get(String(r.market_id)) ?? []), r]);
  const decided: string[] = [];
  const results: ReturnType<typeof sql>[] = [];
  for (const [marketId, list] of byMarket) {
    const m = list[0]!;
    const at = event ? periodAtStop(event.sport, m.type, Number(m.period), event.state ?? {}) : null;
    if (!at) continue;
    const ref = {
      type: m.type,
      period: Number(m.period),
      line: m.line === null ? null : Number(m.line),
      names: list.map((s) => s.name),
    };
    const codes = list.map((s) => abandonedResult(ref, s.name, at.score, at.complete));
    if (codes.every((c) => c === BetResult.REFUND)) continue;
    decided.push(marketId);
    list.forEach((s, i) => results.push(sql`(${s.id}::bigint, ${codes[i]!}::int)`));
  }
  if (decided.length) {
    const ids = sql.join(
      decided.map((id) => sql`${id}::bigint`),
      sql`, `,
    );
    await tx.execute(
      sql`with v(id, result) as (values ${sql.join(results, sql`, `)}),
          s as (update sports_selections s set result = v.result from v where s.id = v.id)
          update sports_bet_legs l set result = v.result from v where l.selection_id = v.id`,
    );
    await tx.execute(
      sql`update sports_markets set status = 'settled', held = false, voided = true where id in (${ids})`,
    );
  }
  return decided.length + (await voidMarkets(tx, sql`event_id = ${eventId}::bigint`));
}
