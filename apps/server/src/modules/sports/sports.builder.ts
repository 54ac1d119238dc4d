import type { MarketStatus, MarketType, SportCode } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Settings } from '../settings';
import { idList, isLive } from './sports.catalogue';
import {
  builderLegSupported,
  builderPrice,
  footballGrid,
  jointProbability,
  type BuilderLeg,
  type LiveState,
} from './pricing';

/**
 * The bet builder's quote: the slip's selections read with their market and event, checked (one event, football,
 * markets of the final score, no market twice, legs that can all win together), and priced jointly from the
 * event's score grid with `sports.builderMarginBp` (plus the in-play margin in play), never above the price of a leg that implies the others.
 */
export interface BuilderRow {
  selection_id: string;
  market_id: string;
  event_id: string;
  name: string;
  price: number;
  /** The model's price, and a trader's fixed price when set (hundredths): see `priceBuilder`. */
  engine_price: number;
  override_price: number | null;
  version: number;
  status: MarketStatus;
  suspensions: number;
  type: MarketType;
  period: number;
  line: number | null;
  names: string[] | null;
  sport: SportCode;
  strength: number;
  state: LiveState;
  clock: number;
  open: boolean;
}

export interface BuilderQuote {
  /** Hundredths. */
  price: number;
  probability: number;
  eventId: string;
  live: boolean;
  sport: SportCode;
  rows: Map<string, BuilderRow>;
}

/** The columns of a `BuilderRow`, over `sports_selections s`, `sports_markets m`, `sports_events e`. */
export const BUILDER_COLUMNS = sql`s.id as selection_id, s.market_id, s.event_id, s.name, s.price,
  s.engine_price, s.override_price, s.version,
  m.status, m.suspensions, m.type, m.period, m.line,
  case when m.type = 'correctScore' then
    (select array_agg(x.name) from sports_selections x where x.market_id = m.id) end as names,
  e.sport, e.strength, e.state, e.clock,
  (e.clock >= 0 and e.result is null and (e.clock > 0 or e.starts_at > now())) as open`;

export async function builderRows(exec: Executor, ids: string[]): Promise<Map<string, BuilderRow>> {
  const list = await queryRows<BuilderRow>(
    exec,
    sql`select ${BUILDER_COLUMNS}
        from sports_selections s
        join sports_markets m on m.id = s.market_id
        join sports_events e on e.id = s.event_id
        where s.id in (${idList(ids)})`,
  );
  return new Map(list.map((r) => [String(r.selection_id), r]));
}

const legOf = (r: BuilderRow): BuilderLeg => ({
  type: r.type,
  period: Number(r.period),
  line: r.line === null ? null : Number(r.line),
  name: r.name,
  names: r.names ?? [],
});

/** The builder's margin (fraction) for an event now. */
export const builderMargin = (s: Settings, live: boolean) =>
  (s['sports.builderMarginBp'] + (live ? s['sports.inPlayMarginBp'] : 0)) / 10_000;

/**
 * Checks the legs and prices them jointly. `forBet`: the markets must be open now (a quote for a bet); a cash-out
 * valuation reads the price whatever the markets' status (the caller decides availability).
 */
export function priceBuilder(
  rows: Map<string, BuilderRow>,
  ids: string[],
  s: Settings,
  forBet = true,
): BuilderQuote {
  if (new Set(ids).size < ids.length) throw badRequest('sportsBuilderContradiction');
  const list = ids.map((id) => {
    const r = rows.get(id);
    if (!r) throw notFound('sportsUnknownSelection');
    return r;
  });
  const events = new Set(list.map((r) => String(r.event_id)));
  if (events.size > 1) throw badRequest('sportsBuilderTwoEvents');
  const first = list[0]!;
  if (first.sport !== 'football' || list.some((r) => !builderLegSupported(legOf(r))))
    throw badRequest('sportsBuilderMarket');
  if (new Set(list.map((r) => String(r.market_id))).size < list.length)
    throw badRequest('sportsBuilderContradiction');
  if (forBet) {
    for (const r of list) {
      if (!r.open || r.status === 'closed' || r.status === 'settled' || r.status === 'void')
        throw conflict('sportsNotAvailable');
      if (r.status !== 'open' || Number(r.price) <= 0) throw conflict('sportsNotOpen');
    }
  }
  const grid = footballGrid(Number(first.strength), first.state);
  const legs = list.map(legOf);
  const modelled = jointProbability(grid, legs);
  if (modelled < 1e-9) throw badRequest('sportsBuilderContradiction');
  // A trader's fixed price is their view of that leg's chance (news the model has not seen): the joint chance
  // follows it, the model's chance of the other legs given that one kept. Without this, a favourite the trader
  // shortened would still be priced from the model in the builder, above the legs' own prices multiplied.
  const view = list.map((r) =>
    r.override_price === null || Number(r.override_price) <= 0 || Number(r.engine_price) <= 0
      ? 1
      : Number(r.engine_price) / Number(r.override_price),
  );
  // Each leg's own chance by the model, once: viewed for the cap, as modelled for the implication below.
  const alone = legs.map((leg) => jointProbability(grid, [leg]));
  const probability = Math.min(
    modelled * view.reduce((a, b) => a * b, 1),
    ...alone.map((p, i) => p * view[i]!),
    1,
  );
  const live = isLive(Number(first.clock));
  // A leg that implies all the others (1-0 with over 0.5 and home) makes the builder that leg's own bet: it pays
  // no more than the leg's price, which carries its market's margin (a correct score's is above the builder's).
  const same = list
    .filter((r, i) => Number(r.price) > 0 && alone[i]! <= modelled * (1 + 1e-9))
    .map((r) => Number(r.price));
  return {
    price: Math.min(builderPrice(probability, builderMargin(s, live)), ...same),
    probability,
    eventId: String(first.event_id),
    live,
    sport: first.sport,
    rows,
  };
}
