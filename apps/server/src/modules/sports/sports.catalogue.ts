import {
  MatchTime,
  type MarketStatus,
  type MarketType,
  type SportCode,
  type SportsEvent,
  type SportsMarket,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db';
import { marketKey, PREMATCH, priceEvent, type LiveState, type Margins, type PricedMarket } from './pricing';

/**
 * The catalogue's rows and how they read as the contract's shapes; creating an event with its priced markets;
 * repricing from the state of play. Shared by the service (players, operators) and the feeds.
 */

export interface EventRow {
  id: string;
  sport: SportCode;
  competition: string;
  home: string;
  away: string;
  starts_at: string | Date;
  clock: number;
  strength: number;
  state: LiveState;
  feed: string;
  result: unknown;
  result_version: number;
}

export interface MarketRow {
  id: string;
  event_id: string;
  type: MarketType;
  period: number;
  line: number | null;
  key: string;
  status: MarketStatus;
  held: boolean;
}

export interface SelectionRow {
  id: string;
  market_id: string;
  name: string;
  price: number;
  version: number;
  result: number;
}

export const iso = (t: string | Date) => new Date(t).toISOString();
/** `a::bigint, b::bigint, …` for an `in (…)` list of ids. */
export const idList = (ids: (string | number)[]) =>
  sql.join(
    ids.map((id) => sql`${String(id)}::bigint`),
    sql`, `,
  );
export const isLive = (clock: number) => clock >= MatchTime.FIRST_HALF && clock <= MatchTime.PENALTY;

export function eventOf(e: EventRow): SportsEvent {
  const live = isLive(Number(e.clock));
  const st = e.state ?? PREMATCH;
  return {
    eventId: String(e.id),
    sport: e.sport,
    competition: e.competition,
    home: e.home,
    away: e.away,
    startsAt: iso(e.starts_at),
    clock: Number(e.clock),
    minute: live ? (e.sport === 'football' ? Math.floor(st.minute) : Math.round(st.progress * 100)) : null,
    score: st.score,
    corners: e.sport === 'football' ? st.corners : null,
    live,
  };
}

export function marketOf(m: MarketRow, selections: SelectionRow[]): SportsMarket {
  return {
    marketId: String(m.id),
    eventId: String(m.event_id),
    type: m.type,
    period: Number(m.period),
    line: m.line === null ? null : Number(m.line),
    status: m.status,
    selections: selections
      .filter((s) => Number(s.price) > 0)
      .map((s) => ({
        selectionId: String(s.id),
        name: s.name,
        price: Number(s.price) / 100,
        version: Number(s.version),
      })),
  };
}

export const EVENT_COLUMNS = sql`e.id, e.sport, c.name as competition, e.home, e.away, e.starts_at, e.clock,
  e.strength, e.state, e.feed, e.result, e.result_version`;

export async function eventRows(
  exec: Executor,
  where: ReturnType<typeof sql>,
  limit = 500,
): Promise<EventRow[]> {
  return queryRows<EventRow>(
    exec,
    sql`select ${EVENT_COLUMNS} from sports_events e join sports_competitions c on c.id = e.competition_id
        where ${where} order by e.starts_at, e.id limit ${limit}`,
  );
}

/** The markets and selections of some events, grouped by event. */
export async function marketsOf(exec: Executor, eventIds: string[]) {
  const byEvent = new Map<string, SportsMarket[]>();
  if (eventIds.length === 0) return byEvent;
  const ids = sql.join(
    eventIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const markets = await queryRows<MarketRow>(
    exec,
    sql`select id, event_id, type, period, line, key, status, held from sports_markets
        where event_id in (${ids}) order by event_id, period, type, line nulls first, id`,
  );
  const selections = await queryRows<SelectionRow>(
    exec,
    sql`select id, market_id, name, price, version, result from sports_selections
        where event_id in (${ids}) order by id`,
  );
  const byMarket = new Map<string, SelectionRow[]>();
  for (const s of selections) {
    const list = byMarket.get(String(s.market_id)) ?? [];
    list.push(s);
    byMarket.set(String(s.market_id), list);
  }
  for (const m of markets) {
    const list = byEvent.get(String(m.event_id)) ?? [];
    list.push(marketOf(m, byMarket.get(String(m.id)) ?? []));
    byEvent.set(String(m.event_id), list);
  }
  return byEvent;
}

export interface NewEvent {
  sport: SportCode;
  competition: string;
  home: string;
  away: string;
  startsAt: Date;
  strength: number;
  feed: string;
  externalId?: string | null;
}

const statusOf = (m: PricedMarket): MarketStatus => (m.decided ? 'suspended' : 'open');

/** Inserts an event with every market the model prices before the match. Answers the event's id. */
export async function insertEvent(tx: Executor, e: NewEvent, margins: Margins): Promise<string> {
  const [competition] = await queryRows<{ id: string }>(
    tx,
    sql`insert into sports_competitions (sport, name) values (${e.sport}, ${e.competition})
        on conflict (sport, name) do update set name = excluded.name returning id`,
  );
  const [event] = await queryRows<{ id: string }>(
    tx,
    sql`insert into sports_events (sport, competition_id, home, away, starts_at, strength, state, feed, external_id)
        values (${e.sport}, ${competition!.id}, ${e.home}, ${e.away}, ${e.startsAt.toISOString()}, ${e.strength},
          ${JSON.stringify(PREMATCH)}::jsonb, ${e.feed}, ${e.externalId ?? null}) returning id`,
  );
  const eventId = String(event!.id);
  const priced = priceEvent({ sport: e.sport, strength: e.strength, state: PREMATCH, margins, inPlayBp: 0 });
  const markets = await queryRows<{ id: string; key: string }>(
    tx,
    sql`insert into sports_markets (event_id, type, period, line, key, status) values ${sql.join(
      priced.map(
        (m) =>
          sql`(${eventId}::bigint, ${m.type}, ${m.period}, ${m.line}::float8, ${marketKey(m)}, ${statusOf(m)})`,
      ),
      sql`, `,
    )} returning id, key`,
  );
  const idOf = new Map(markets.map((m) => [m.key, String(m.id)]));
  const values = priced.flatMap((m) =>
    m.selections.map(
      (s) =>
        sql`(${idOf.get(marketKey(m))}::bigint, ${eventId}::bigint, ${s.name}, ${Math.round(s.price * 100)})`,
    ),
  );
  await tx.execute(
    sql`insert into sports_selections (market_id, event_id, name, price) values ${sql.join(values, sql`, `)}`,
  );
  return eventId;
}

export interface Repriced {
  /** Selections whose price changed (with their new price and version). */
  changed: number;
  /** Markets whose status changed. */
  statusChanged: number;
}

/**
 * Reprices an event from its state of play: every offered selection gets the model's price (its version
 * increments when the price moved); a market whose result is (nearly) decided is suspended, one the model no
 * longer prices (first half after half time, a started quarter) is closed; markets an operator suspended,
 * or that are closed, settled or void, keep their status. `suspendAll` suspends every open market (a
 * dangerous moment: goal, red card, penalty) while the new prices are written.
 */
export async function repriceEvent(
  tx: Executor,
  event: Pick<EventRow, 'id' | 'sport' | 'strength'>,
  state: LiveState,
  margins: Margins,
  inPlayBp: number,
  suspendAll = false,
): Promise<Repriced> {
  const priced = new Map(
    priceEvent({ sport: event.sport, strength: Number(event.strength), state, margins, inPlayBp }).map(
      (m) => [marketKey(m), m],
    ),
  );
  const markets = await queryRows<MarketRow>(
    tx,
    sql`select id, event_id, type, period, line, key, status, held from sports_markets where event_id = ${event.id}::bigint`,
  );
  const selections = await queryRows<SelectionRow & { key: string }>(
    tx,
    sql`select s.id, s.market_id, s.name, s.price, s.version, s.result, m.key from sports_selections s
        join sports_markets m on m.id = s.market_id where s.event_id = ${event.id}::bigint`,
  );
  const statusUpdates: ReturnType<typeof sql>[] = [];
  for (const m of markets) {
    if (m.held || m.status === 'closed' || m.status === 'settled' || m.status === 'void') continue;
    const p = priced.get(m.key);
    const next: MarketStatus = !p ? 'closed' : suspendAll || p.decided ? 'suspended' : 'open';
    if (next !== m.status) statusUpdates.push(sql`(${m.id}::bigint, ${next})`);
  }
  const priceUpdates: ReturnType<typeof sql>[] = [];
  for (const s of selections) {
    const p = priced.get(s.key)?.selections.find((x) => x.name === s.name);
    if (!p) continue;
    const price = Math.round(p.price * 100);
    if (price !== Number(s.price)) priceUpdates.push(sql`(${s.id}::bigint, ${price}::int)`);
  }
  if (statusUpdates.length)
    await tx.execute(
      sql`update sports_markets m set status = v.status,
            suspensions = m.suspensions + (v.status = 'suspended')::int
          from (values ${sql.join(statusUpdates, sql`, `)}) as v(id, status) where m.id = v.id`,
    );
  if (priceUpdates.length)
    await tx.execute(
      sql`update sports_selections s set price = v.price, version = s.version + 1
          from (values ${sql.join(priceUpdates, sql`, `)}) as v(id, price) where s.id = v.id`,
    );
  return { changed: priceUpdates.length, statusChanged: statusUpdates.length };
}
