import {
  effectivePrice,
  ErrorCode,
  EVENT_STATUS_CLOCKS,
  MARGIN_SHIFT_BP,
  OVERRIDE_PRICE,
  sportsEventStatus,
  type MarketStatus,
  type OperatorEventRow,
  type SportCode,
  type SportsEventStatus,
  type PriceOverrideRequest,
  type TradingEvent,
  type TradingMarket,
} from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import { containing, queryRows, type Database, type Executor } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import {
  EVENT_COLUMNS,
  eventOf,
  eventRows,
  type EventRow,
  marketsOf,
  tradingMarketOf,
  type MarketRow,
  type SelectionRow,
} from './sports.catalogue';
import type { EventResult } from './sports.settlement';

/**
 * Trading (issue 16): a trader's price overrides — a fixed price per selection and a margin shift on the
 * engine's prices — written into the selection's `price`, the one price players see, bet and cash out on, with
 * the engine's price kept beside it (`engine_price`) so the engine's repricing goes on underneath and a clear
 * goes back to it. And the trading view of an event: its result, its bets' settlement, its markets.
 */

export interface OverrideChange {
  eventId: string;
  market: TradingMarket;
  /** For the audit: the market's overrides before and after (selection name → fixed price). */
  before: OverrideState;
  after: OverrideState;
}

interface OverrideState {
  marginShiftBp: number;
  overrides: Record<string, number>;
  prices: Record<string, number>;
}

const CLOSED: MarketStatus[] = ['closed', 'settled', 'void'];
const hundredths = (price: number) => Math.round(price * 100);

function stateOf(
  selections: { name: string; price: number; override_price: number | null }[],
  shift: number,
) {
  const overrides: Record<string, number> = {};
  const prices: Record<string, number> = {};
  for (const s of selections) {
    if (s.override_price !== null) overrides[s.name] = Number(s.override_price) / 100;
    prices[s.name] = Number(s.price) / 100;
  }
  return { marginShiftBp: shift, overrides, prices };
}

/** The traders' event list's query (contract `operatorEventsQuery`, parsed). */
export interface EventsListQuery {
  status?: SportsEventStatus[];
  sportId?: SportCode;
  q?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  sort: 'startsAt' | 'eventId' | 'competition' | 'sport';
  order: 'asc' | 'desc';
}

const clocks = (list: readonly number[]) =>
  sql.join(
    list.map((c) => sql`${c}::int`),
    sql`, `,
  );
/** Where an event is in a state (`sportsEventStatus` in SQL: the same result and clock codes). */
const STATUS_WHERE: Record<SportsEventStatus, SQL> = {
  settled: sql`e.result is not null`,
  live: sql`(e.result is null and e.clock in (${clocks(EVENT_STATUS_CLOCKS.live)}))`,
  finished: sql`(e.result is null and e.clock in (${clocks(EVENT_STATUS_CLOCKS.finished)}))`,
  cancelled: sql`(e.result is null and e.clock in (${clocks(EVENT_STATUS_CLOCKS.cancelled)}))`,
  scheduled: sql`(e.result is null and e.clock not in (${clocks(Object.values(EVENT_STATUS_CLOCKS).flat())}))`,
};
const EVENT_SORT: Record<EventsListQuery['sort'], SQL> = {
  startsAt: sql`e.starts_at`,
  eventId: sql`e.id`,
  competition: sql`c.name`,
  sport: sql`e.sport`,
};

export function createTrading({ database }: { database: Database }) {
  const { db } = database;

  /** The market and its selections, locked for the change; refused when unknown or no longer traded. */
  async function lockMarket(tx: Executor, marketId: string) {
    const [market] = await queryRows<MarketRow>(
      tx,
      sql`select id, event_id, type, period, line, key, status, held, margin_shift_bp from sports_markets
          where id = ${marketId}::bigint for no key update`,
    );
    if (!market) throw notFound('sportsUnknownMarket');
    if (CLOSED.includes(market.status)) throw conflict('sportsMarketClosed');
    const selections = await queryRows<SelectionRow>(
      tx,
      sql`select id, market_id, name, price, engine_price, override_price, version, result from sports_selections
          where market_id = ${marketId}::bigint order by id for no key update`,
    );
    return { market, selections };
  }

  /** Writes the selections' new prices (a version + 1 where the price moved) and the market's shift. */
  async function write(
    tx: Executor,
    market: MarketRow,
    selections: SelectionRow[],
    next: Map<string, number | null>,
    shift: number,
  ) {
    const rows = selections.map((s) => {
      const override = next.has(String(s.id)) ? next.get(String(s.id))! : null;
      const price = effectivePrice(Number(s.engine_price), override, shift);
      return {
        ...s,
        override_price: override,
        price,
        version: Number(s.version) + (price !== Number(s.price) ? 1 : 0),
      };
    });
    await tx.execute(
      sql`update sports_selections s set price = v.price, override_price = v.override, version = v.version
          from (values ${sql.join(
            rows.map(
              (r) => sql`(${r.id}::bigint, ${r.price}::int, ${r.override_price}::int, ${r.version}::int)`,
            ),
            sql`, `,
          )}) as v(id, price, override, version) where s.id = v.id`,
    );
    await tx.execute(
      sql`update sports_markets set margin_shift_bp = ${shift} where id = ${market.id}::bigint`,
    );
    return { market: { ...market, margin_shift_bp: shift }, rows };
  }

  /**
   * Sets a market's overrides. The request names every offered selection once with the version the trader
   * saw (a price that moved since refuses it, with the market now in `data`); a fixed price must be above
   * 1.01 and at most 1000, and the market's prices afterwards must keep a margin of 0 or more (Σ 1/price ≥ 1),
   * or a bettor backing every outcome wins whatever happens.
   */
  async function setPrices(marketId: string, input: PriceOverrideRequest): Promise<OverrideChange> {
    const shift = input.marginShiftBp ?? 0;
    if (shift < MARGIN_SHIFT_BP.min || shift > MARGIN_SHIFT_BP.max)
      throw badRequest('sportsOverrideMargin', { min: MARGIN_SHIFT_BP.min, max: MARGIN_SHIFT_BP.max });
    for (const s of input.selections)
      if (
        s.override !== null &&
        (s.override <= 1.01 || s.override > OVERRIDE_PRICE.max || hundredths(s.override) / 100 !== s.override)
      )
        throw badRequest('sportsOverridePrice', { min: '1.01', max: String(OVERRIDE_PRICE.max) });
    return database.transaction(async (tx) => {
      const { market, selections } = await lockMarket(tx, marketId);
      const offered = selections.filter((s) => Number(s.engine_price) > 0);
      const ids = input.selections.map((s) => s.selectionId);
      if (
        new Set(ids).size !== ids.length ||
        ids.length !== offered.length ||
        offered.some((s) => !ids.includes(String(s.id)))
      )
        throw badRequest('sportsOverrideSelections');
      const seen = new Map(input.selections.map((s) => [s.selectionId, s]));
      if (offered.some((s) => Number(s.version) !== seen.get(String(s.id))!.version))
        throw new AppError(
          ErrorCode.CONFLICT,
          'sportsPricesStale',
          {},
          { data: tradingMarketOf(market, selections) },
        );
      const next = new Map(
        input.selections.map((s) => [s.selectionId, s.override === null ? null : hundredths(s.override)]),
      );
      const before = stateOf(selections, Number(market.margin_shift_bp));
      const done = await write(tx, market, selections, next, shift);
      const book = done.rows.filter((r) => r.price > 0).reduce((sum, r) => sum + 100 / r.price, 0);
      // Rolled back by the throw: nothing written.
      if (book < 1) throw badRequest('sportsOverrideBook');
      return {
        eventId: String(market.event_id),
        market: tradingMarketOf(done.market, done.rows),
        before,
        after: stateOf(done.rows, shift),
      };
    });
  }

  /** Clears a market's overrides: its prices are the engine's again. */
  async function clearPrices(marketId: string): Promise<OverrideChange> {
    return database.transaction(async (tx) => {
      const { market, selections } = await lockMarket(tx, marketId);
      const before = stateOf(selections, Number(market.margin_shift_bp));
      const done = await write(tx, market, selections, new Map(), 0);
      return {
        eventId: String(market.event_id),
        market: tradingMarketOf(done.market, done.rows),
        before,
        after: stateOf(done.rows, 0),
      };
    });
  }

  /** An event as traders see it: its result, its bets' settlement, every market with engine prices. */
  async function view(eventId: string): Promise<TradingEvent> {
    const [event] = await eventRows(db, sql`e.id = ${eventId}::bigint`, 1);
    if (!event) throw notFound('sportsUnknownEvent');
    const [bets] = await queryRows<{
      count: string;
      open: string;
      settled: string;
      stakes: string;
      paid: string;
    }>(
      db,
      sql`select count(*) as count, count(*) filter (where status = 'open') as open,
            count(*) filter (where status = 'settled') as settled, coalesce(sum(stake), 0) as stakes,
            coalesce(sum(payout) filter (where status = 'settled'), 0) as paid
          from sports_bets where id in (select bet_id from sports_bet_legs where event_id = ${eventId}::bigint)`,
    );
    const money = (minor: string | undefined) => toMajor(Number(minor ?? 0), DEFAULT_CURRENCY);
    return {
      event: eventOf(event),
      result: (event.result as EventResult | null) ?? null,
      resultVersion: Number(event.result_version),
      bets: {
        count: Number(bets?.count ?? 0),
        open: Number(bets?.open ?? 0),
        settled: Number(bets?.settled ?? 0),
        stakes: money(bets?.stakes),
        paid: money(bets?.paid),
      },
      markets: (await marketsOf(db, [String(event.id)], true)).get(String(event.id)) ?? [],
    };
  }

  /**
   * Every event, finished and settled ones too (the players' list has only those open for betting), filtered,
   * sorted and paged, with its state, the result in effect and its open markets.
   */
  async function list(q: EventsListQuery): Promise<{ list: OperatorEventRow[]; total: number }> {
    const filters: SQL[] = [sql`true`];
    if (q.status?.length)
      filters.push(
        sql`(${sql.join(
          q.status.map((s) => STATUS_WHERE[s]),
          sql` or `,
        )})`,
      );
    if (q.sportId) filters.push(sql`e.sport = ${q.sportId}`);
    if (q.q) {
      const part = containing(q.q);
      filters.push(sql`(e.home ilike ${part} or e.away ilike ${part} or c.name ilike ${part})`);
    }
    if (q.from) filters.push(sql`e.starts_at >= ${q.from}::timestamptz`);
    if (q.to) filters.push(sql`e.starts_at < ${q.to}::timestamptz`);
    const from = sql`from sports_events e join sports_competitions c on c.id = e.competition_id
      where ${sql.join(filters, sql` and `)}`;
    const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
    const [rows, [total]] = await Promise.all([
      queryRows<EventRow & { open_markets: string }>(
        db,
        sql`select ${EVENT_COLUMNS}, (select count(*) from sports_markets m where m.event_id = e.id
              and m.status = 'open') as open_markets
            ${from} order by ${EVENT_SORT[q.sort]} ${dir}, e.id ${dir}
            limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
      ),
      queryRows<{ n: string }>(db, sql`select count(*) as n ${from}`),
    ]);
    return {
      total: Number(total?.n ?? 0),
      list: rows.map((e) => {
        const result = (e.result as EventResult | null) ?? null;
        return {
          ...eventOf(e),
          status: sportsEventStatus(Number(e.clock), result !== null),
          result: result && { home: result.home, away: result.away },
          resultVersion: Number(e.result_version),
          markets: Number(e.open_markets),
        };
      }),
    };
  }

  return { setPrices, clearPrices, view, list };
}
