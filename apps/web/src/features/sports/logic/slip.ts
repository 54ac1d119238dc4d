import type {
  AcceptOdds,
  MarketStatus,
  PlaceBetRequest,
  PriceChangedData,
  SportsEvent,
  SportsEventDetail,
  SportsMarket,
  SportsSelection,
} from '@aposta/contracts';
import { create } from 'zustand';
import { readJson, writeJson } from '../../../lib/storage';

/** Kept across reloads on this device (ours, beyond the spec's keys). */
const SLIP_KEY = 'BET_SLIP';

/** A selection in the slip, with what the player needs to read it without the event on screen. */
export interface SlipLeg {
  selectionId: string;
  eventId: string;
  marketId: string;
  /** The price the player accepts now (updated when it moves). */
  price: number;
  /** The price before the last move, while the player has not confirmed the new one. */
  previous: number | null;
  status: MarketStatus;
  event: Pick<SportsEvent, 'home' | 'away' | 'sport' | 'live'>;
  market: Pick<SportsMarket, 'type' | 'period' | 'line'>;
  name: string;
}

/** A selection of a market of an event, as a leg of the slip. */
export function legOf(
  event: Pick<SportsEvent, 'eventId' | 'home' | 'away' | 'sport' | 'live'>,
  market: SportsMarket,
  selection: SportsSelection,
): SlipLeg {
  return {
    selectionId: selection.selectionId,
    eventId: event.eventId,
    marketId: market.marketId,
    price: selection.price,
    previous: null,
    status: market.status,
    event: { home: event.home, away: event.away, sport: event.sport, live: event.live },
    market: { type: market.type, period: market.period, line: market.line },
    name: selection.name,
  };
}

/**
 * A bet sent and not answered yet (or whose answer was lost): its key and body, kept on the device so that a
 * reload or a tab closed during a live bet's delay asks again with the same key — the server then answers
 * the first result — rather than leave a placed bet's selection in the slip, ready to be placed twice.
 */
export interface PendingBet {
  /** The player who sent it: only theirs is asked again (another may sign in on this device meanwhile). */
  uId: number;
  key: string;
  body: PlaceBetRequest;
  /** When it was sent (ms since the epoch). */
  at: number;
}

interface SlipState {
  legs: SlipLeg[];
  /** Bets in flight, by target (a selection id, or "parlay"). */
  pending: Record<string, PendingBet>;
  mode: 'single' | 'parlay';
  /** Stakes as typed (major units, "10,50"), per leg for singles, one for the parlay. */
  stakes: Record<string, string>;
  parlayStake: string;
  acceptOdds: AcceptOdds;
  open: boolean;
}

const saved = readJson<Pick<SlipState, 'legs' | 'acceptOdds' | 'pending'>>('local', SLIP_KEY);

export const useSlip = create<SlipState>()(() => ({
  legs: saved?.legs ?? [],
  pending: saved?.pending ?? {},
  mode: (saved?.legs?.length ?? 0) > 1 ? 'parlay' : 'single',
  stakes: {},
  parlayStake: '',
  acceptOdds: saved?.acceptOdds ?? 'none',
  open: false,
}));

useSlip.subscribe((s, prev) => {
  if (s.legs !== prev.legs || s.acceptOdds !== prev.acceptOdds || s.pending !== prev.pending)
    writeJson('local', SLIP_KEY, { legs: s.legs, acceptOdds: s.acceptOdds, pending: s.pending });
});

export const setPending = (target: string, bet: PendingBet) =>
  useSlip.setState((s) => ({ pending: { ...s.pending, [target]: bet } }));

export const dropPending = (target: string) =>
  useSlip.setState(({ pending: { [target]: _, ...rest } }) => ({ pending: rest }));

/**
 * Adds a selection, or takes it out when it is already in. Another selection of the same market replaces it
 * (a market has one outcome). Two legs make a parlay by default.
 */
export function toggleLeg(leg: SlipLeg) {
  useSlip.setState((s) => {
    if (s.legs.some((l) => l.selectionId === leg.selectionId))
      return withLegs(
        s,
        s.legs.filter((l) => l.selectionId !== leg.selectionId),
      );
    return withLegs(s, [...s.legs.filter((l) => l.marketId !== leg.marketId), leg]);
  });
}

export function removeLeg(selectionId: string) {
  useSlip.setState((s) =>
    withLegs(
      s,
      s.legs.filter((l) => l.selectionId !== selectionId),
    ),
  );
}

export const clearSlip = () => useSlip.setState({ legs: [], stakes: {}, parlayStake: '', open: false });

function withLegs(s: SlipState, legs: SlipLeg[]): Partial<SlipState> {
  const mode = legs.length < 2 ? 'single' : s.legs.length < 2 ? 'parlay' : s.mode;
  return { legs, mode, open: legs.length === 0 ? false : s.open };
}

/** A leg that can never be placed again: its market closed, settled or voided, or its event over or gone. */
export const legOver = (l: Pick<SlipLeg, 'status'>) =>
  l.status === 'closed' || l.status === 'settled' || l.status === 'void';

/**
 * Whether an event takes bets now, as the server decides when a bet is placed: in play, or not started and
 * before its start (finished, cancelled, postponed, interrupted… or past its start with no feed: no more bets).
 */
export const eventTakesBets = (e: Pick<SportsEvent, 'clock' | 'startsAt'>, now = Date.now()) =>
  e.clock > 0 || (e.clock === 0 && Date.parse(e.startsAt) > now);

/**
 * Fresh markets from a list (an event's main market): the slip's legs take their current price and state; a
 * move is marked. A list knows less than the event itself (`syncEvent`), so it never reopens a leg found over.
 */
export function syncLegs(markets: readonly SportsMarket[]) {
  const byId = new Map(
    markets.flatMap((m) => m.selections.map((sel) => [sel.selectionId, { m, sel }] as const)),
  );
  const { legs } = useSlip.getState();
  let changed = false;
  const next = legs.map((l) => {
    const hit = byId.get(l.selectionId);
    if (!hit || legOver(l) || (hit.sel.price === l.price && hit.m.status === l.status)) return l;
    changed = true;
    return {
      ...l,
      price: hit.sel.price,
      previous: hit.sel.price === l.price ? l.previous : (l.previous ?? l.price),
      status: hit.m.status,
    };
  });
  if (changed) useSlip.setState({ legs: next });
}

/**
 * An event as the server has it now (null: it no longer exists): its legs in the slip take their market's state
 * and price (a move is marked). A leg whose event takes no more bets, or whose market is gone, is closed; one
 * whose selection is no longer offered in an open market is suspended.
 */
export function syncEvent(eventId: string, detail: SportsEventDetail | null, now = Date.now()) {
  const markets = new Map((detail?.markets ?? []).map((m) => [m.marketId, m]));
  const over = !detail || !eventTakesBets(detail.event, now);
  const { legs } = useSlip.getState();
  let changed = false;
  const next = legs.map((l) => {
    if (l.eventId !== eventId) return l;
    const m = markets.get(l.marketId);
    const sel = m?.selections.find((x) => x.selectionId === l.selectionId);
    const status: MarketStatus = !m
      ? 'closed'
      : over && m.status !== 'settled' && m.status !== 'void'
        ? 'closed'
        : !sel && m.status === 'open'
          ? 'suspended'
          : m.status;
    const price = sel?.price ?? l.price;
    const live = detail?.event.live ?? l.event.live;
    if (price === l.price && status === l.status && live === l.event.live) return l;
    changed = true;
    return {
      ...l,
      price,
      previous: price === l.price ? l.previous : (l.previous ?? l.price),
      status,
      event: { ...l.event, live },
    };
  });
  if (changed) useSlip.setState({ legs: next });
}

/**
 * The legs the slip keeps once those over are removed: the ones its bets and figures are made of. Suspended
 * legs stay, at their last price: they are placed once their market reopens (placing waits for that, and a new
 * price then shows as moved before it is accepted), so their price is part of the bet the slip holds.
 */
export const keptLegs = (legs: readonly SlipLeg[]) => legs.filter((l) => !legOver(l));

/** Takes out every leg that can never be placed again. */
export const removeOverLegs = () => useSlip.setState((s) => withLegs(s, keptLegs(s.legs)));

/** A refused bet's current prices (HTTP 409): shown against the old ones until the player confirms. */
export function applyPriceChange(data: PriceChangedData) {
  useSlip.setState((s) => ({
    legs: s.legs.map((l) => {
      const now = data.selections.find((x) => x.selectionId === l.selectionId);
      if (!now) return l;
      return {
        ...l,
        price: now.price,
        previous: now.price === l.price ? l.previous : (l.previous ?? l.price),
        status: now.status,
      };
    }),
  }));
}

/** The player has seen the moved prices (placing again accepts them). */
export const confirmPrices = () =>
  useSlip.setState((s) => ({
    legs: s.legs.map((l) => (l.previous === null ? l : { ...l, previous: null })),
  }));

const hundredths = (price: number) => BigInt(Math.round(price * 100));

/** A parlay's price as the server takes it: the product of its legs' prices, rounded down to two decimals. */
export function parlayPrice(prices: readonly number[]): number {
  const product = prices.reduce((p, x) => p * hundredths(x), 1n);
  return Number(product / 100n ** BigInt(Math.max(prices.length - 1, 0))) / 100;
}

/**
 * What a stake (minor units) returns if every price wins, in minor units: stake × Π prices exactly, rounded
 * down once (as the server settles; not stake × the rounded parlay price).
 */
export function potentialPayout(stakeMinor: number, prices: readonly number[]): number {
  const product = prices.reduce((p, x) => p * hundredths(x), BigInt(stakeMinor));
  return Number(product / 100n ** BigInt(prices.length));
}

/** The stake key of the parlay (a single's is its selection id), also the key of a parlay in flight. */
export const PARLAY = 'parlay';

/** A bet's figures for its stake typed: its price and what it returns (minor units); null: no figure to show. */
export interface BetFigures {
  price: number | null;
  payout: number | null;
}

/**
 * Every figure the slip shows, by stake key (a selection id, or `PARLAY`), over the bets it would place once its
 * closed legs are removed (`keptLegs`): a closed leg's price is no longer offered, so no figure counts it. A
 * closed single has no figures (no key), a parlay left with fewer than two legs none either (nulls: the slip
 * would then hold a single with no stake typed). The totals: the stakes typed and what the bets return together.
 */
export function slipFigures(
  legs: readonly SlipLeg[],
  mode: 'single' | 'parlay',
  stakeOf: (key: string) => number | null,
  /** Whether a stake typed can be placed: one that cannot (below the minimum, say) adds nothing to the return. */
  placeable: (key: string) => boolean = () => true,
): { bets: Record<string, BetFigures>; stake: number; payout: number } {
  const kept = keptLegs(legs);
  const bets: [string, number[] | null][] =
    mode === 'parlay'
      ? [[PARLAY, kept.length > 1 ? kept.map((l) => l.price) : null]]
      : kept.map((l) => [l.selectionId, [l.price]]);
  const figures: Record<string, BetFigures> = {};
  let stake = 0;
  let payout = 0;
  for (const [key, prices] of bets) {
    const st = stakeOf(key);
    const paid = st && prices ? potentialPayout(st, prices) : null;
    figures[key] = { price: prices && parlayPrice(prices), payout: paid };
    stake += st ?? 0;
    if (placeable(key)) payout += paid ?? 0;
  }
  return { bets: figures, stake, payout };
}

/** Why the legs cannot be a parlay, if they cannot: two of one event, or more than the limit. */
export function parlayProblem(legs: readonly SlipLeg[], maxLegs: number): 'sameEvent' | 'parlayLimit' | null {
  if (new Set(legs.map((l) => l.eventId)).size < legs.length) return 'sameEvent';
  if (legs.length > maxLegs) return 'parlayLimit';
  return null;
}
