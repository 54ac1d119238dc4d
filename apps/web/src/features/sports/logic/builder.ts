import {
  BUILDER_MARKET_TYPES,
  builderLegSupported,
  type SportsEvent,
  type SportsMarket,
  type SportsSelection,
} from '@aposta/contracts';
import { create } from 'zustand';
import { byKind } from './markets';

/** The most legs a bet builder takes (the server's `builderPriceRequest`). */
export const BUILDER_MAX_LEGS = 12;

/** A market of the event the builder can price (football only; the rule is the contract's). */
export function builderMarket(event: Pick<SportsEvent, 'sport'>, m: SportsMarket): boolean {
  return event.sport === 'football' && builderLegSupported(m);
}

/** The builder's markets, grouped by kind (every line of a total together), in the tab's order. */
export function builderKinds(event: Pick<SportsEvent, 'sport'>, markets: readonly SportsMarket[]) {
  return byKind(markets.filter((m) => builderMarket(event, m))).sort(
    (a, b) => BUILDER_MARKET_TYPES.indexOf(a[0]!.type) - BUILDER_MARKET_TYPES.indexOf(b[0]!.type),
  );
}

/** One leg of the builder: a selection with what the screen needs to name it. */
export interface BuilderLeg {
  selectionId: string;
  marketId: string;
  /** The leg's own price when added (sent with the bet; the joint price is what counts). */
  price: number;
  name: string;
  market: Pick<SportsMarket, 'type' | 'period' | 'line'>;
}

interface BuilderState {
  eventId: string;
  legs: BuilderLeg[];
  stake: string;
  /** A leg refused for being over the limit: shown until the next change. */
  full: boolean;
  /** The builder's tab is on screen (its bar replaces the slip's). */
  active: boolean;
}

export const useBuilder = create<BuilderState>()(() => ({
  eventId: '',
  legs: [],
  stake: '',
  full: false,
  active: false,
}));

/** The builder belongs to one event: opening another starts an empty one. */
export function builderFor(eventId: string) {
  if (useBuilder.getState().eventId !== eventId) useBuilder.setState({ eventId, legs: [], full: false });
}

/**
 * Adds a selection, or takes it out when it is already in; another selection of the same market replaces it
 * (one leg per market). Past the limit nothing is added and `full` says why.
 */
export function toggleBuilderLeg(market: SportsMarket, s: SportsSelection) {
  useBuilder.setState(({ legs }) => {
    if (legs.some((l) => l.selectionId === s.selectionId))
      return { legs: legs.filter((l) => l.selectionId !== s.selectionId), full: false };
    const others = legs.filter((l) => l.marketId !== market.marketId);
    if (others.length >= BUILDER_MAX_LEGS) return { full: true };
    const leg: BuilderLeg = {
      selectionId: s.selectionId,
      marketId: market.marketId,
      price: s.price,
      name: s.name,
      market: { type: market.type, period: market.period, line: market.line },
    };
    return { legs: [...others, leg], full: false };
  });
}

export const removeBuilderLeg = (selectionId: string) =>
  useBuilder.setState(({ legs }) => ({
    legs: legs.filter((l) => l.selectionId !== selectionId),
    full: false,
  }));

export const clearBuilder = () => useBuilder.setState({ legs: [], stake: '', full: false });

/** Fresh markets: each leg takes its selection's current price. */
export function syncBuilder(markets: readonly SportsMarket[]) {
  const prices = new Map(markets.flatMap((m) => m.selections.map((s) => [s.selectionId, s.price] as const)));
  const { legs } = useBuilder.getState();
  if (legs.every((l) => (prices.get(l.selectionId) ?? l.price) === l.price)) return;
  useBuilder.setState({ legs: legs.map((l) => ({ ...l, price: prices.get(l.selectionId) ?? l.price })) });
}
