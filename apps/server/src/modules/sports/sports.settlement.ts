import { BetResult, GamePeriod, type EventResultRequest, type MarketType } from '@aposta/contracts';
import { handicapResult, isQuarterLine, totalResult, type LegResult } from './sports.lines';

/**
 * Settlement rules (sportsbook.md "Settlement"), pure: a selection's result from the event's result, and a
 * bet's result and money from its legs. Prices are hundredths (1.95 → 195); money minor units.
 */

export type EventResult = EventResultRequest;

export interface MarketRef {
  type: MarketType;
  period: number;
  line: number | null;
  /** Every selection name of the market (correct score's "other" wins when no listed score came up). */
  names: string[];
}

/** The figures a period is settled on; null when the result does not carry them (the market is void). */
export function periodScore(result: EventResult, period: number): { home: number; away: number } | null {
  if (period === GamePeriod.FULL_MATCH) return { home: result.home, away: result.away };
  if (period === GamePeriod.FIRST_HALF)
    return result.halfTimeHome === undefined || result.halfTimeAway === undefined
      ? null
      : { home: result.halfTimeHome, away: result.halfTimeAway };
  if (period === GamePeriod.CORNERS)
    return result.cornersHome === undefined || result.cornersAway === undefined
      ? null
      : { home: result.cornersHome, away: result.cornersAway };
  if (period >= GamePeriod.QUARTER_1 && period <= GamePeriod.QUARTER_4) {
    const q = result.quarters?.[period - GamePeriod.QUARTER_1];
    return q ? { home: q.home, away: q.away } : null;
  }
  return null;
}

const outcome = (won: boolean): LegResult => (won ? BetResult.WIN : BetResult.LOSE);

/** The result code of one selection; 90 (refund) where the result cannot settle its market. */
export function selectionResult(market: MarketRef, name: string, result: EventResult): LegResult {
  const s = periodScore(result, market.period);
  if (!s) return BetResult.REFUND;
  const total = s.home + s.away;
  switch (market.type) {
    case '1x2':
    case 'corners1x2':
      return outcome(name === (s.home > s.away ? 'home' : s.home < s.away ? 'away' : 'draw'));
    case 'winner':
      // A two-way market refunds a tie: a push, as its price assumes (P(win) / (1 − P(tie)), pricing/model.ts).
      if (s.home === s.away) return BetResult.REFUND;
      return outcome(name === (s.home > s.away ? 'home' : 'away'));
    case 'doubleChance': {
      const r = s.home > s.away ? 'home' : s.home < s.away ? 'away' : 'draw';
      const covers = { homeDraw: ['home', 'draw'], homeAway: ['home', 'away'], drawAway: ['draw', 'away'] };
      return outcome((covers[name as keyof typeof covers] ?? []).includes(r));
    }
    case 'ah':
      return handicapResult(name as 'home' | 'away', s.home, s.away, market.line ?? 0);
    case 'total':
    case 'cornersTotal':
      return totalResult(name as 'over' | 'under', total, market.line ?? 0);
    case 'oddEven':
      return outcome(name === (total % 2 === 1 ? 'odd' : 'even'));
    case 'btts':
      return outcome(name === (s.home > 0 && s.away > 0 ? 'yes' : 'no'));
    case 'correctScore': {
      const score = `${s.home}-${s.away}`;
      if (name === 'other') return outcome(!market.names.includes(score));
      return outcome(name === score);
    }
  }
}

/**
 * A selection of an abandoned match (sportsbook.md; the books' rule: "all markets are void except those whose
 * outcome has already been unconditionally determined"): the result it is bound to whatever the rest of its
 * period would have brought, read by `selectionResult` on `score`, the period's score when play stopped; 90 where
 * more play could still change it. `complete`: the period had ended, its score is its result. Scores only rise:
 * a total line already passed is decided (over wins, under loses) — on a quarter line each half so, a half still
 * open refunded (over 2.75 at 3: ½ won, ½ refunded, 21) —, both sides having scored decides "both score", and a
 * correct score already passed loses ("other" wins once every listed one is passed). Margins (1x2, winner,
 * double chance, handicaps), odd/even and a line not yet passed can still change: void.
 */
export function abandonedResult(
  market: MarketRef,
  name: string,
  score: { home: number; away: number },
  complete: boolean,
): LegResult {
  const full = { ...market, period: GamePeriod.FULL_MATCH };
  if (complete) return selectionResult(full, name, score);
  // A rule monotone in each side's score (totals, both score) is bound when it reads the same at the score now
  // and at a final past every line: every final in between reads it too.
  const bound = (m: MarketRef, far: number) => {
    const now = selectionResult(m, name, score);
    const last = selectionResult(m, name, { home: score.home + far, away: score.away + far });
    return now === last ? now : BetResult.REFUND;
  };
  switch (market.type) {
    case 'total':
    case 'cornersTotal': {
      const line = market.line ?? 0;
      const far = Math.ceil(Math.abs(line)) + 1;
      if (!isQuarterLine(line)) return bound(full, far);
      const a = bound({ ...full, line: line - 0.25 }, far);
      const b = bound({ ...full, line: line + 0.25 }, far);
      if (a === b) return a;
      const decided = a === BetResult.REFUND ? b : b === BetResult.REFUND ? a : null;
      if (decided === BetResult.WIN) return BetResult.WIN_HALF;
      if (decided === BetResult.LOSE) return BetResult.LOSE_HALF;
      return BetResult.REFUND;
    }
    case 'btts':
      return bound(full, 1);
    case 'correctScore': {
      const passed = (n: string) => {
        const [h, a] = n.split('-').map(Number) as [number, number];
        return h < score.home || a < score.away;
      };
      if (name === 'other')
        return market.names.every((n) => n === 'other' || passed(n)) ? BetResult.WIN : BetResult.REFUND;
      return passed(name) ? BetResult.LOSE : BetResult.REFUND;
    }
    default:
      return BetResult.REFUND;
  }
}

export interface LegOutcome {
  /** Hundredths. */
  price: number;
  result: number;
}

export interface BetOutcome {
  result: number;
  /** What the bet returns in all, stake included (minor units, rounded down). */
  payout: number;
  /** The ledger's settlement: the part of the stake taken, and the winnings paid (payout − what is released). */
  capture: number;
  winnings: number;
}

/** Each leg's factor as a fraction: win p, win half (1 + p)/2, refund 1, lose half ½, lose 0. */
export function legFactor(leg: LegOutcome): [bigint, bigint] {
  const p = BigInt(leg.price);
  switch (leg.result) {
    case BetResult.WIN:
      return [p, 100n];
    case BetResult.WIN_HALF:
      return [p + 100n, 200n];
    case BetResult.REFUND:
      return [1n, 1n];
    case BetResult.LOSE_HALF:
      return [1n, 2n];
    case BetResult.LOSE:
      return [0n, 1n];
    default:
      throw new Error(`leg not decided: ${leg.result}`);
  }
}

/** stake × Π factors, rounded down to the minor unit, in exact integer arithmetic. */
export function returnOf(stake: number, legs: LegOutcome[]): number {
  let num = BigInt(stake);
  let den = 1n;
  for (const leg of legs) {
    const [n, d] = legFactor(leg);
    num *= n;
    den *= d;
  }
  return Number(num / den);
}

/**
 * A decided bet: a single's result is its leg's; a parlay multiplies its legs' factors (a void leg counts 1, a
 * half-won leg (1 + price)/2, a half-lost leg ½, any lost leg loses it). Its code: 20 when a leg lost, 90 when
 * every leg was void, the common code when every decided leg has the same one, else 10 / 90 / 11 as it pays
 * more than, exactly, or less than the stake. Money: a bet returning only its stake (every leg void) releases
 * the whole hold (capture 0); a single half result (one leg decided, the others void) takes half the stake and
 * releases the other half; anything else takes the stake and pays what it returns.
 */
export function betOutcome(stake: number, legs: LegOutcome[]): BetOutcome {
  const payout = returnOf(stake, legs);
  const decided = legs.filter((l) => l.result !== BetResult.REFUND);
  let result: number;
  if (legs.some((l) => l.result === BetResult.LOSE)) result = BetResult.LOSE;
  else if (decided.length === 0) result = BetResult.REFUND;
  else if (decided.every((l) => l.result === decided[0]!.result)) result = decided[0]!.result;
  else result = payout > stake ? BetResult.WIN : payout === stake ? BetResult.REFUND : BetResult.LOSE_HALF;
  if (decided.length === 0) return { result, payout, capture: 0, winnings: 0 };
  if (decided.length === 1 && (result === BetResult.WIN_HALF || result === BetResult.LOSE_HALF)) {
    const released = Math.floor(stake / 2);
    return { result, payout, capture: stake - released, winnings: payout - released };
  }
  return { result, payout, capture: stake, winnings: payout };
}

/**
 * Whether a bet is lost whatever its undecided legs do, so it settles now rather than when its last event ends:
 * a parlay with a lost leg, a builder with a leg decided and neither won nor void. A half-lost leg only halves a
 * parlay. (A later correction of that leg leaves the bet settled until its other legs decide; it is resettled
 * then.)
 */
export function lostAlready(kind: string, results: number[]): boolean {
  return kind === 'builder'
    ? results.some((r) => r !== BetResult.PENDING && r !== BetResult.WIN && r !== BetResult.REFUND)
    : results.some((r) => r === BetResult.LOSE);
}

/** A lost bet's money: the stake taken, nothing paid. */
export const lostOutcome = (stake: number): BetOutcome => ({
  result: BetResult.LOSE,
  payout: 0,
  capture: stake,
  winnings: 0,
});

/** The parlay's price (hundredths, rounded down) and what it pays if every leg wins. */
export function priceOf(stake: number, prices: number[]) {
  let num = 1n;
  for (const p of prices) num *= BigInt(p);
  const scale = 100n ** BigInt(prices.length - 1);
  return {
    price: Number(num / scale),
    potential: returnOf(
      stake,
      prices.map((price) => ({ price, result: BetResult.WIN })),
    ),
  };
}

/**
 * A bet builder (legs of one event priced jointly at `price`): every leg must win. A lost leg loses it; a void leg
 * (its market voided) voids the whole bet, since its price was one of all legs together; all won pay
 * stake × price (rounded down).
 */
export function builderOutcome(stake: number, price: number, results: number[]): BetOutcome {
  if (results.some((r) => r !== BetResult.WIN && r !== BetResult.REFUND)) return lostOutcome(stake);
  if (results.some((r) => r === BetResult.REFUND))
    return { result: BetResult.REFUND, payout: stake, capture: 0, winnings: 0 };
  const payout = returnOf(stake, [{ price, result: BetResult.WIN }]);
  return { result: BetResult.WIN, payout, capture: stake, winnings: payout };
}
