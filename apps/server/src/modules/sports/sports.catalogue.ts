import {
  effectivePrice,
  MatchTime,
  type MarketStatus,
  type MarketType,
  type SportCode,
  type SportsEvent,
  type SportsMarket,
  type TradingMarket,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { idList, queryRows, type Executor } from '../../platform/db';
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
  margin_shift_bp: number;
}

export interface SelectionRow {
  id: string;
  market_id: string;
  name: string;
  price: number;
  engine_price: number;
  override_price: number | null;
  version: number;
  result: number;
}

export const iso = (t: string | Date) => new Date(t).toISOString();
export { idList };
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

/** A market as traders see it: each offered selection's engine price and override next to the price now. */
export function tradingMarketOf(m: MarketRow, selections: SelectionRow[]): TradingMarket {
  const offered = selections.filter((s) => Number(s.engine_price) > 0);
  return {
    ...marketOf(m, offered),
    held: Boolean(m.held),
    marginShiftBp: Number(m.margin_shift_bp),
    selections: offered.map((s) => ({
      selectionId: String(s.id),
      name: s.name,
      price: Number(s.price) / 100,
      version: Number(s.version),
      enginePrice: Number(s.engine_price) / 100,
      override: s.override_price === null ? null : Number(s.override_price) / 100,
    })),
  };
}

/** The markets and selections of some events, grouped by event (`trading`: with engine prices, overrides). */
export async function marketsOf(exec: Executor, eventIds: string[]): Promise<Map<string, SportsMarket[]>>;
export async function marketsOf(
  exec: Executor,
  eventIds: string[],
  trading: true,
): Promise<Map<string, TradingMarket[]>>;
export async function marketsOf(exec: Executor, eventIds: string[], trading = false) {
  const byEvent = new Map<string, (SportsMarket | TradingMarket)[]>();
  if (eventIds.length === 0) return byEvent;
  const ids = sql.join(
    eventIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const markets = await queryRows<MarketRow>(
    exec,
    sql`select id, event_id, type, period, line, key, status, held, margin_shift_bp from sports_markets
        where event_id in (${ids}) order by event_id, period, type, line nulls first, id`,
  );
  const selections = await queryRows<SelectionRow>(
    exec,
    sql`select id, market_id, name, price, engine_price, override_price, version, result from sports_selections
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
    const of = trading ? tradingMarketOf : marketOf;
    list.push(of(m, byMarket.get(String(m.id)) ?? []));
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
        sql`(${idOf.get(marketKey(m))}::bigint, ${eventId}::bigint, ${s.name}, ${Math.round(s.price * 100)}::int)`,
    ),
  );
  await tx.execute(
    sql`insert into sports_selections (market_id, event_id, name, price, engine_price)
        select v.market_id, v.event_id, v.name, v.price, v.price
        from (values ${sql.join(values, sql`, `)}) as v(market_id, event_id, name, price)`,
  );
  return eventId;
}

export interface Repriced {
  /** Selections whose price changed (with their new price and version), or their engine's under an override. */
  changed: number;
  /** Markets whose status changed. */
  statusChanged: number;
}

/**
 * Reprices an event from its state of play: every offered selection gets the model's price (its version
 * increments when the price moved); a market whose result is (nearly) decided is suspended, one the model no
 * longer prices (first half after half time, a started quarter) is closed; markets an operator suspended,
 * or that are closed, settled or void, keep their status. `suspendAll` suspends every open market (a
 * dangerous moment: goal, red card, penalty) while the new prices are written. A trader's overrides stay (the
 * engine's price is kept beside them) and a margin shift applies to the new prices, except that a dangerous
 * moment or a new score (`dropOverrides`: feeds need not flag a goal) drops the fixed prices: set before a goal,
 * they are no price after it. A market whose prices would let a bettor back every outcome and win (book below
 * 1) after the engine moved goes back to the engine's prices, its margin shift too.
 */
export async function repriceEvent(
  tx: Executor,
  event: Pick<EventRow, 'id' | 'sport' | 'strength'>,
  state: LiveState,
  margins: Margins,
  inPlayBp: number,
  suspendAll = false,
  dropOverrides = suspendAll,
): Promise<Repriced> {
  const priced = new Map(
    priceEvent({ sport: event.sport, strength: Number(event.strength), state, margins, inPlayBp }).map(
      (m) => [marketKey(m), m],
    ),
  );
  const markets = await queryRows<MarketRow>(
    tx,
    sql`select id, event_id, type, period, line, key, status, held, margin_shift_bp from sports_markets
        where event_id = ${event.id}::bigint order by id for no key update`,
  );
  // Locked (markets, then selections, the order a trader's override takes too): an override committed between
  // this read and the update below would otherwise be overwritten with the price computed without it. "No key
  // update" does not wait for the key-share locks bets take on their selections.
  const selections = await queryRows<SelectionRow & { key: string; margin_shift_bp: number }>(
    tx,
    sql`select s.id, s.market_id, s.name, s.price, s.engine_price, s.override_price, s.version, s.result, m.key,
          m.margin_shift_bp
        from sports_selections s join sports_markets m on m.id = s.market_id where s.event_id = ${event.id}::bigint
        order by s.id for no key update of s`,
  );
  const statusUpdates: ReturnType<typeof sql>[] = [];
  for (const m of markets) {
    if (m.held || m.status === 'closed' || m.status === 'settled' || m.status === 'void') continue;
    const p = priced.get(m.key);
    const next: MarketStatus = !p ? 'closed' : suspendAll || p.decided ? 'suspended' : 'open';
    if (next !== m.status) statusUpdates.push(sql`(${m.id}::bigint, ${next})`);
  }
  // Each market's new prices: the engine's, under the trader's fixed prices and margin shift while they keep a
  // book of at least 1 (a market priced below it pays whoever backs every outcome).
  const next = new Map<
    string,
    { s: (typeof selections)[number]; engine: number; override: number | null }[]
  >();
  for (const s of selections) {
    const p = priced.get(s.key)?.selections.find((x) => x.name === s.name);
    if (!p) continue;
    const override = dropOverrides || s.override_price === null ? null : Number(s.override_price);
    const list = next.get(String(s.market_id)) ?? [];
    list.push({ s, engine: Math.round(p.price * 100), override });
    next.set(String(s.market_id), list);
  }
  const priceUpdates: ReturnType<typeof sql>[] = [];
  const shiftResets: string[] = [];
  for (const [marketId, list] of next) {
    const shift = Number(list[0]!.s.margin_shift_bp);
    const book = (rows: typeof list, bp: number) =>
      rows.reduce((sum, r) => {
        const price = effectivePrice(r.engine, r.override, bp);
        return price > 0 ? sum + 100 / price : sum;
      }, 0);
    const traded = shift !== 0 || list.some((r) => r.override !== null);
    const engineBook = book(
      list.map((r) => ({ ...r, override: null })),
      0,
    );
    // Only where the engine's own book holds (a decided market may price below it by design).
    const reset = traded && engineBook >= 1 && book(list, shift) < 1;
    if (reset) {
      if (shift !== 0) shiftResets.push(marketId);
      for (const r of list) r.override = null;
    }
    for (const { s, engine, override } of list) {
      const price = effectivePrice(engine, override, reset ? 0 : shift);
      const was = s.override_price === null ? null : Number(s.override_price);
      if (price !== Number(s.price) || engine !== Number(s.engine_price) || override !== was)
        priceUpdates.push(sql`(${s.id}::bigint, ${price}::int, ${engine}::int, ${override}::int)`);
    }
  }
  if (shiftResets.length)
    await tx.execute(
      sql`update sports_markets set margin_shift_bp = 0
          where id in (${sql.join(
            shiftResets.map((id) => sql`${id}::bigint`),
            sql`, `,
          )})`,
    );
  if (statusUpdates.length)
    await tx.execute(
      sql`update sports_markets m set status = v.status,
            suspensions = m.suspensions + (v.status = 'suspended')::int
          from (values ${sql.join(statusUpdates, sql`, `)}) as v(id, status) where m.id = v.id`,
    );
  if (priceUpdates.length)
    await tx.execute(
      sql`update sports_selections s set price = v.price, engine_price = v.engine, override_price = v.override,
            version = s.version + (s.price <> v.price)::int
          from (values ${sql.join(priceUpdates, sql`, `)}) as v(id, price, engine, override) where s.id = v.id`,
    );
  return { changed: priceUpdates.length, statusChanged: statusUpdates.length };
}
