import type { MarketType, SportCode } from '@aposta/contracts';
import {
  footballFirstHalfHandicapLines,
  footballHandicapLines,
  footballParams,
  priceFootball,
  type FootballState,
} from './football';
import { applyMargin, type FairMarket, type PricedMarket } from './model';
import {
  POINTS_MODELS,
  priceBaseball,
  priceBoxing,
  priceHeadToHead,
  pricePoints,
  priceRace,
  priceTennis,
  RACES,
} from './others';

export { applyMargin, overround, marketKey, type FairMarket, type PricedMarket } from './model';

/** Everything the models read of a match in play (football uses `minute`, the others `progress`). */
export interface LiveState {
  /** Football minutes played, 0 … 90. */
  minute: number;
  /** Share of the match played, 0 … 1. */
  progress: number;
  score: { home: number; away: number };
  halfTime: { home: number; away: number } | null;
  corners: { home: number; away: number };
  /** Tennis: games in the current set, and of the finished sets added up. */
  games: { home: number; away: number } | null;
  setGames: { home: number; away: number } | null;
}

export const PREMATCH: LiveState = {
  minute: 0,
  progress: 0,
  score: { home: 0, away: 0 },
  halfTime: null,
  corners: { home: 0, away: 0 },
  games: null,
  setGames: null,
};

/** Fair markets of an event: the sport's model at the event's strength, from the state of play. */
export function fairMarkets(sport: SportCode, strength: number, state: LiveState = PREMATCH): FairMarket[] {
  switch (sport) {
    case 'football': {
      const p = footballParams(strength);
      const fs: FootballState = {
        minute: state.minute,
        score: state.score,
        halfTime: state.halfTime,
        corners: state.corners,
      };
      return priceFootball(p, fs, {
        handicap: footballHandicapLines(p),
        firstHalfHandicap: footballFirstHalfHandicapLines(p),
      });
    }
    case 'basketball':
    case 'americanFootball':
    case 'cricket':
      return pricePoints(POINTS_MODELS[sport], strength, state);
    case 'baseball':
      return priceBaseball(strength, state);
    case 'tennis':
      return priceTennis(strength, state);
    case 'volleyball':
    case 'badminton':
    case 'tableTennis':
    case 'snooker':
      return priceRace(RACES[sport], strength, state);
    case 'boxing':
      return priceBoxing(strength);
    case 'motorRacing':
      return priceHeadToHead(strength);
  }
}

/**
 * Margins in basis points: `sports.margins[sport][type]`, else `[sport].default`, else `default[type]`, else
 * `default.default`; in play `sports.inPlayMarginBp` more.
 */
export type Margins = Record<string, Record<string, number>>;

export function marginFor(margins: Margins, sport: SportCode, type: MarketType, inPlay: number): number {
  const bp =
    margins[sport]?.[type] ??
    margins[sport]?.default ??
    margins.default?.[type] ??
    margins.default?.default ??
    500;
  return (bp + inPlay) / 10_000;
}

export interface PricingInput {
  sport: SportCode;
  strength: number;
  state: LiveState;
  margins: Margins;
  /** Extra margin in play (basis points); 0 before the match. */
  inPlayBp: number;
}

export function priceEvent(input: PricingInput): PricedMarket[] {
  return fairMarkets(input.sport, input.strength, input.state).map((m) =>
    applyMargin(m, marginFor(input.margins, input.sport, m.type, input.inPlayBp)),
  );
}

export {
  builderLegSupported,
  builderPrice,
  footballGrid,
  jointProbability,
  type BuilderLeg,
} from './builder';
