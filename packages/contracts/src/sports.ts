import { z } from 'zod';
import { filterTime, fromNotAfterTo, pageOf, pageQuery } from './backoffice';
import { GamePeriod, MatchTime } from './codes';
import { amountInput } from './wallet';
import { moneyNumber } from './user';

/**
 * The sportsbook (sportsbook.md): twelve sports, events with priced markets, singles and parlays, settlement
 * with the spec's bet result codes. Amounts are major units (JSON numbers, 2 decimals); prices decimal odds
 * with 2 decimals (1.95). Times are ISO strings.
 *
 *   GET  /api/app/sports/sports                      -> sportsList (public): the 12 sports with event and live counts
 *   GET  /api/app/sports/config                      -> sportsConfig (public): stake limits, leg limit, delay
 *   GET  /api/app/sports/events?sport=&live=0|1      -> sportsEventList (public): events with their main market
 *   GET  /api/app/sports/events/{eventId}            -> sportsEventDetail (public): the event and all its markets
 *   POST /api/app/sports/bets                        Idempotency-Key; placeBetRequest -> placeBetAnswer
 *        a price that moved outside the player's acceptOdds answers HTTP 409 (status 40900, `sportsPriceChanged`)
 *        with `priceChangedData` in `data`: the current price of every selection of the slip
 *   GET  /api/app/sports/bets?status=open|settled&limit=N -> sportsBet[] (my bets, newest first)
 *   GET  /api/app/sports/bets/{betId}                -> sportsBet
 *   GET  /api/app/sports/bets/{betId}/cashout        -> cashoutQuote {value, available}: the bet's cash-out value now
 *   POST /api/app/sports/bets/{betId}/cashout        Idempotency-Key; sportsCashoutRequest {value, share?} -> cashoutAnswer
 *        `value` is the whole bet's value the player saw, `share` the part of the stake cashed out (0–1, default
 *        1); pays share × value, never above the value now. A value that moved beyond
 *        `sports.cashoutToleranceBp` answers HTTP 409 (status 40900, `sportsCashoutChanged`) with the current
 *        `cashoutQuote` in `data`
 *   PUT  /api/app/sports/bets/{betId}/autoCashout    autoCashoutRequest {value|null} -> autoCashoutAnswer
 *   POST /api/app/sports/builder/price               builderPriceRequest {selections} -> builderPriceAnswer {price}
 *        a bet builder (same-game multi) is placed on POST /bets with `type: 'builder'` and `price` (the joint
 *        price the player saw)
 *   GET  /api/operator/sports/liability?eventId=     (sports.trade) -> liabilityAnswer: open liability per event
 *   PUT  /api/operator/sports/players/{userId}/stakeFactor (sports.trade) stakeFactorRequest -> stakeFactorAnswer
 *   POST /api/operator/sports/events                 (sports.trade) createEventRequest -> sportsEventDetail
 *   POST /api/operator/sports/events/{eventId}/result (sports.trade) eventResultPost -> eventResultAnswer
 *        settles every market of the event and queues the settlement of its bets; a different result later
 *        resettles them; the same result twice is refused (409)
 *   POST /api/operator/sports/markets/{marketId}/suspend|open|void (sports.trade) -> sportsMarket
 *   GET  /api/operator/sports/events?status=&sportId=&q=&from=&to=&page=&pageSize=&sort=&order= (sports.trade)
 *        -> operatorEventsAnswer {list, total}: every event, finished and settled ones too (`operatorEventsQuery`)
 *   GET  /api/operator/sports/events/{eventId}/trading (sports.trade) -> tradingEvent: the event, its result,
 *        its bets' settlement and every market with the engine's price next to the trader's override
 *   POST /api/operator/sports/markets/{marketId}/prices (sports.trade) priceOverrideRequest -> tradingMarket
 *        sets the market's overrides: a fixed price per selection and/or a margin shift on the engine's prices;
 *        what players see, bet and cash out on. `version`s as seen: one that moved answers 409
 *        `sportsPricesStale` with the market now in `data`
 *   DELETE /api/operator/sports/markets/{marketId}/prices (sports.trade) -> tradingMarket: back to the engine
 *
 * A market's `line`: for `ah` the home side's handicap (the away selection takes the opposite), for `total`
 * and `cornersTotal` the number of goals (points, games…) — whole (2), half (2.5) or quarter (2.25) lines; a
 * quarter line is half the stake on each neighbouring line (−0.25 = ½ on 0 and ½ on −0.5).
 */
export const SPORTS_PATH = '/api/app/sports';
export const SPORTS_OPERATOR_PATH = '/api/operator/sports';

/** The spec's twelve sports, in its order. */
export const SPORTS = [
  'football',
  'basketball',
  'tennis',
  'boxing',
  'snooker',
  'baseball',
  'volleyball',
  'badminton',
  'americanFootball',
  'tableTennis',
  'cricket',
  'motorRacing',
] as const;
export const sportCode = z.enum(SPORTS, { error: 'sportsUnknownSport' });
export type SportCode = z.infer<typeof sportCode>;

/**
 * Market types. `1x2` home/draw/away; `winner` the two-way result of sports without a draw (home/away);
 * `doubleChance` homeDraw/homeAway/drawAway; `ah` Asian handicap (home/away); `total` over/under;
 * `oddEven` odd/even; `btts` yes/no; `correctScore` selections named by the score ("2-1", "other");
 * `corners1x2` and `cornersTotal` on corners (period 4).
 */
export const MARKET_TYPES = [
  '1x2',
  'winner',
  'doubleChance',
  'ah',
  'total',
  'oddEven',
  'btts',
  'correctScore',
  'corners1x2',
  'cornersTotal',
] as const;
export const marketType = z.enum(MARKET_TYPES);
export type MarketType = z.infer<typeof marketType>;

/**
 * Markets a bet builder can price (sportsbook.md "Bets"): settled by the final score, in the builder tab's order
 * (the result first, the long correct-score grid last).
 */
export const BUILDER_MARKET_TYPES: readonly MarketType[] = [
  '1x2',
  'doubleChance',
  'total',
  'btts',
  'oddEven',
  'ah',
  'correctScore',
];

/** A leg a builder can price: full match, a final-score market, a half line (no push) where it has a line. */
export function builderLegSupported(leg: { type: MarketType; period: number; line: number | null }): boolean {
  if (leg.period !== GamePeriod.FULL_MATCH || !BUILDER_MARKET_TYPES.includes(leg.type)) return false;
  if (leg.type === 'total' || leg.type === 'ah')
    return leg.line !== null && Math.abs((leg.line * 2) % 2) === 1;
  return true;
}

/** open: bets taken; suspended: for now not (a dangerous moment); closed: no more bets, waiting for the
 * result; settled: result known; void: cancelled, every bet on it refunded. */
export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled', 'void'] as const;
export const marketStatus = z.enum(MARKET_STATUSES);
export type MarketStatus = z.infer<typeof marketStatus>;

/** Selection names (besides the correct-score selections, named by the score "h-a" or "other"). */
export const SELECTION_NAMES = [
  'home',
  'draw',
  'away',
  'over',
  'under',
  'odd',
  'even',
  'yes',
  'no',
  'homeDraw',
  'homeAway',
  'drawAway',
] as const;

/** Decimal odds with 2 decimals, above 1. */
export const priceNumber = z.number();

export const sportsSelection = z.object({
  selectionId: z.string(),
  /** See SELECTION_NAMES; correct score: "2-1" (home-away) or "other". */
  name: z.string(),
  price: priceNumber,
  /** Increments with every change of this selection's price. */
  version: z.number().int(),
});
export type SportsSelection = z.infer<typeof sportsSelection>;

export const sportsMarket = z.object({
  marketId: z.string(),
  eventId: z.string(),
  type: marketType,
  /** The spec's game period code: 1 full match, 2 first half, 4 corners, 1001–1004 quarters. */
  period: z.number().int(),
  line: z.number().nullable(),
  status: marketStatus,
  selections: z.array(sportsSelection),
});
export type SportsMarket = z.infer<typeof sportsMarket>;

export const sportsScore = z.object({ home: z.number().int(), away: z.number().int() });

export const sportsEvent = z.object({
  eventId: z.string(),
  sport: sportCode,
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  /** The spec's match time code: 0 not open, 1 first half, 2 half time, 3 second half, 4 overtime,
   * 5 penalties, −1 finished, −10 cancelled, −11 to be determined, −12 cut in half, −13 interrupted,
   * −14 postponed. Sports without halves use 1 (in play, first part), 2 (break), 3 (in play, later parts). */
  clock: z.number().int(),
  /** In play: minutes played (football) or share of the match played in percent (other sports); else null. */
  minute: z.number().int().nullable(),
  /** Goals, points, sets (tennis, volleyball, badminton, table tennis), frames, runs… */
  score: sportsScore,
  /** Football: corners so far; null for other sports. */
  corners: sportsScore.nullable(),
  /** In play now (clock 1–5). */
  live: z.boolean(),
});
export type SportsEvent = z.infer<typeof sportsEvent>;

export const sportsListItem = z.object({
  sport: sportCode,
  /** Events open for betting (upcoming and live). */
  events: z.number().int(),
  live: z.number().int(),
});
export const sportsList = z.array(sportsListItem);
export type SportsListItem = z.infer<typeof sportsListItem>;

export const sportsConfig = z.object({
  minStake: moneyNumber,
  maxStake: moneyNumber,
  maxPayout: moneyNumber,
  /** The most legs a parlay may have. */
  maxLegs: z.number().int(),
  /** In-play bets wait this long before acceptance. */
  acceptanceDelayMs: z.number().int(),
});
export type SportsConfig = z.infer<typeof sportsConfig>;

export const eventsQuery = z.strictObject({
  sport: sportCode.optional(),
  live: z.enum(['0', '1']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** An event in a list: with its main market (1x2 or winner, full match) when one is priced. */
export const sportsEventListItem = sportsEvent.extend({
  main: sportsMarket.nullable(),
  /** Markets open for betting. */
  markets: z.number().int(),
});
export const sportsEventList = z.array(sportsEventListItem);
export type SportsEventListItem = z.infer<typeof sportsEventListItem>;

export const sportsEventDetail = z.object({ event: sportsEvent, markets: z.array(sportsMarket) });
export type SportsEventDetail = z.infer<typeof sportsEventDetail>;

export const eventIdParam = z.strictObject({ eventId: z.string().regex(/^\d{1,18}$/, 'sportsUnknownEvent') });
export const marketIdParam = z.strictObject({
  marketId: z.string().regex(/^\d{1,18}$/, 'sportsUnknownMarket'),
});
export const betIdParam = z.strictObject({ betId: z.string().regex(/^\d{1,18}$/, 'sportsBetNotFound') });

/** What the player accepts when a price moved: none (only the price seen), any, only higher. */
export const acceptOdds = z.enum(['none', 'any', 'higher'], { error: 'checkTheInput' });
export type AcceptOdds = z.infer<typeof acceptOdds>;

export const betSelectionInput = z.strictObject({
  selectionId: z.string().regex(/^\d{1,18}$/, 'sportsUnknownSelection'),
  /** The price the player saw. */
  price: z
    .number({ error: 'sportsInvalidPrice' })
    .gt(1, 'sportsInvalidPrice')
    .max(100_000, 'sportsInvalidPrice'),
});

/**
 * One selection = a single; several = a parlay (legs of different events, at most `maxLegs`). `type: 'builder'`:
 * a bet builder (same-game multi), legs of one event priced jointly; `price` is then the builder's price the
 * player saw (`POST /builder/price`), checked against `acceptOdds` instead of the legs' prices.
 */
export const placeBetRequest = z
  .strictObject({
    type: z.enum(['single', 'parlay', 'builder'], { error: 'checkTheInput' }).optional(),
    stake: amountInput,
    acceptOdds: acceptOdds.default('none'),
    selections: z.array(betSelectionInput).min(1, 'sportsEmptySlip').max(50, 'sportsParlayLimit'),
    price: z
      .number({ error: 'sportsInvalidPrice' })
      .gt(1, 'sportsInvalidPrice')
      .max(100_000, 'sportsInvalidPrice')
      .optional(),
  })
  .refine((b) => b.type !== 'builder' || b.price !== undefined, {
    message: 'sportsInvalidPrice',
    path: ['price'],
  })
  .refine((b) => b.type !== 'builder' || b.selections.length >= 2, {
    message: 'sportsBuilderLegs',
    path: ['selections'],
  })
  // Without a type the slip's length says which; a type given must agree with it.
  .refine((b) => b.type !== 'single' || b.selections.length === 1, {
    message: 'sportsSingleOneSelection',
    path: ['selections'],
  })
  .refine((b) => b.type !== 'parlay' || b.selections.length >= 2, {
    message: 'sportsParlayLegs',
    path: ['selections'],
  });
export type PlaceBetRequest = z.input<typeof placeBetRequest>;

export const placeBetAnswer = z.object({
  betId: z.string(),
  /** The price taken (a parlay: the product of its legs' prices, 2 decimals). */
  price: priceNumber,
  stake: moneyNumber,
  potentialPayout: moneyNumber,
  /** The player's cash after the stake. */
  balance: moneyNumber,
});
export type PlaceBetAnswer = z.infer<typeof placeBetAnswer>;

/** `data` of the 409 answer to a moved price: every selection of the slip as it stands now. */
export const priceChangedData = z.object({
  /** A builder: its joint price now. */
  price: priceNumber.optional(),
  selections: z.array(
    z.object({
      selectionId: z.string(),
      price: priceNumber,
      version: z.number().int(),
      status: marketStatus,
    }),
  ),
});
export type PriceChangedData = z.infer<typeof priceChangedData>;

/** The spec's bet result codes used by the sportsbook: 0 open, 10 win, 20 lose, 90 refund, 21 win half,
 * 11 lose half. */
export const SPORTS_RESULTS = [0, 10, 11, 20, 21, 90] as const;
export const sportsResult = z.number().int();

export const sportsBetLeg = z.object({
  selectionId: z.string(),
  price: priceNumber,
  /** 0 while open, then 10 / 20 / 90 / 21 / 11. */
  result: sportsResult,
  eventId: z.string(),
  sport: sportCode,
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  marketId: z.string(),
  type: marketType,
  period: z.number().int(),
  line: z.number().nullable(),
  name: z.string(),
  /** The event's final score once resulted (null before). */
  score: sportsScore.nullable(),
});
export type SportsBetLeg = z.infer<typeof sportsBetLeg>;

/** single, parlay (legs of different events) or builder (legs of one event, priced jointly). */
export const betKind = z.enum(['single', 'parlay', 'builder']);
export type BetKind = z.infer<typeof betKind>;

/** open; settled by its legs' results; cashedOut: closed by a full cash-out (`cashedOut` is what it paid). */
export const betStatus = z.enum(['open', 'settled', 'cashedOut']);

export const sportsBet = z.object({
  betId: z.string(),
  kind: betKind,
  /** The stake still running (a partial cash-out lowers it). */
  stake: moneyNumber,
  /** The stake placed, whatever cash-outs took since. */
  placedStake: moneyNumber,
  price: priceNumber,
  potentialPayout: moneyNumber,
  /** 0 while open; then the bet's result: a single's is its leg's; a parlay's 20 when a leg lost, 90 when every
   * leg was void, the common code when every decided leg has the same one, else 10 (pays more than the stake),
   * 90 (pays the stake) or 11 (pays less). */
  result: sportsResult,
  payout: moneyNumber,
  status: betStatus,
  /** How many times a result settled it: more than one when a corrected result resettled it. */
  settlements: z.number().int(),
  /** Paid so far by cash-outs (full and partial). */
  cashedOut: moneyNumber,
  /** The automatic cash-out's target value, or null. */
  autoCashout: moneyNumber.nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(sportsBetLeg),
});
export type SportsBet = z.infer<typeof sportsBet>;

export const myBetsQuery = z.strictObject({
  status: betStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Operator: a new event with every market priced by the model. `strength` is the home side's superiority
 * (football: expected goal difference, −3…3; other sports on the same scale, 0 = even). */
export const createEventRequest = z
  .strictObject({
    sport: sportCode,
    competition: z.string().trim().min(1, 'checkTheInput').max(120, 'checkTheInput'),
    home: z.string().trim().min(1, 'checkTheInput').max(120, 'checkTheInput'),
    away: z.string().trim().min(1, 'checkTheInput').max(120, 'checkTheInput'),
    startsAt: z.iso.datetime({ offset: true, error: 'checkTheInput' }),
    strength: z
      .number({ error: 'checkTheInput' })
      .min(-3, 'checkTheInput')
      .max(3, 'checkTheInput')
      .optional(),
  })
  .refine((e) => e.home.toLowerCase() !== e.away.toLowerCase(), {
    message: 'sportsSameTeams',
    path: ['away'],
  })
  // An event that has started takes no pre-match bet (and without a feed none in play): it is created ahead, at
  // most a year ahead (a start in 2999 is a slip). Five minutes of clocks apart are forgiven.
  .refine(
    (e) => {
      const at = Date.parse(e.startsAt);
      return at > Date.now() - 5 * 60_000 && at < Date.now() + 366 * 86_400_000;
    },
    { message: 'sportsStartOutOfRange', path: ['startsAt'] },
  );
export type CreateEventRequest = z.input<typeof createEventRequest>;

const scoreInt = z
  .number({ error: 'checkTheInput' })
  .int('checkTheInput')
  .min(0, 'checkTheInput')
  .max(1000, 'checkTheInput');

/** Operator: the event's result. Football settles first-half markets from halfTime*, corner markets from
 * corners* (markets whose figures are missing are voided); basketball quarters from `quarters`. Tennis: `home`
 * and `away` count sets, `gamesHome`/`gamesAway` the games each side won in the whole match, which settle its
 * handicap and total lines (priced on games); without them those lines settle on the games the feed recorded
 * for the whole match, else they are void. The games come both or neither and only for tennis
 * (`sportsResultGamesPair`, `sportsResultGamesSport`: 400 with `data.field`); a side's games below the sets it
 * won are refused (`sportsResultGamesSets`), the one thing certainly impossible: a set won takes at least one
 * game won in every format (a match tie-break counts as one game), while a side may win the match on fewer
 * games than the other, and short formats (Fast4, a deciding match tie-break) make any "6 a set" floor wrong. */
export const eventResultRequest = z.strictObject({
  home: scoreInt,
  away: scoreInt,
  halfTimeHome: scoreInt.optional(),
  halfTimeAway: scoreInt.optional(),
  cornersHome: scoreInt.optional(),
  cornersAway: scoreInt.optional(),
  quarters: z
    .array(z.strictObject({ home: scoreInt, away: scoreInt }))
    .max(4, 'checkTheInput')
    .optional(),
  gamesHome: scoreInt.optional(),
  gamesAway: scoreInt.optional(),
});
export type EventResultRequest = z.input<typeof eventResultRequest>;

/**
 * The body of POST …/result: the result, and `early: true` to post it before the event's scheduled start (the
 * match was brought forward). Without it such a result is refused (409 `sportsResultBeforeStart`): a slip on
 * an event not played yet would settle real bets.
 */
export const eventResultPost = eventResultRequest.extend({ early: z.boolean().optional() });
export type EventResultPost = z.input<typeof eventResultPost>;

export const eventResultAnswer = z.object({
  eventId: z.string(),
  /** 1 for the first result, 2… for each correction. */
  resultVersion: z.number().int(),
  /** Markets settled or voided by this result. */
  markets: z.number().int(),
  /** Bets queued for (re)settlement. */
  bets: z.number().int(),
  /** The result this one corrected (null for the first), and the bets already settled under it (resettled). */
  previous: eventResultRequest.nullable(),
  resettled: z.number().int(),
});
export type EventResultAnswer = z.infer<typeof eventResultAnswer>;

export const marketAction = z.enum(['suspend', 'open', 'void']);

// ------------------------------------------------------------------ trading (price overrides)

/** An override's bounds (decimal odds): above 1.01 (a price that pays nothing is no price) and at most 1000. */
export const OVERRIDE_PRICE = { min: 1.02, max: 1000 } as const;
/** A margin shift's bounds (basis points of the implied probabilities): −5% (a boost) to +20%. */
export const MARGIN_SHIFT_BP = { min: -500, max: 2000 } as const;

/**
 * The price players get, in hundredths, from the engine's, a trader's fixed price and the market's margin shift:
 * a selection the engine no longer offers (0) stays unoffered; a fixed price wins; else the engine's implied
 * probability raised by the shift, rounded down (the house's side), within the engine's 1.01–1000. The server
 * writes it; the back office's editor shows it before saving.
 */
export function effectivePrice(engine: number, override: number | null, shiftBp: number): number {
  if (engine <= 0) return 0;
  if (override !== null) return override;
  if (shiftBp === 0) return engine;
  return Math.min(100_000, Math.max(101, Math.floor(engine / (1 + shiftBp / 10_000))));
}

/** A selection as a trader sees it: the price players get, the engine's, and the trader's fixed price. */
export const tradingSelection = sportsSelection.extend({
  enginePrice: priceNumber,
  override: priceNumber.nullable(),
});
export type TradingSelection = z.infer<typeof tradingSelection>;

export const tradingMarket = sportsMarket.extend({
  /** Added to the engine's implied probabilities of the selections without a fixed price (0 = none). */
  marginShiftBp: z.number().int(),
  /** Suspended by an operator (the feed does not reopen it). */
  held: z.boolean(),
  selections: z.array(tradingSelection),
});
export type TradingMarket = z.infer<typeof tradingMarket>;

export const tradingEvent = z.object({
  event: sportsEvent,
  /** The result in effect (null before one) and how many results were posted (2… = corrected). */
  result: eventResultRequest.nullable(),
  resultVersion: z.number().int(),
  /** The event's bets: how many, still open, settled, their stakes and what their settlements pay (major). */
  bets: z.object({
    count: z.number().int(),
    open: z.number().int(),
    settled: z.number().int(),
    stakes: moneyNumber,
    paid: moneyNumber,
  }),
  markets: z.array(tradingMarket),
});
export type TradingEvent = z.infer<typeof tradingEvent>;

// ------------------------------------------------------------------ the traders' event list

/**
 * An event's state as traders filter it, read off the module's own: `settled` once a result is in effect (its
 * markets settled, its bets queued for settlement; a later result corrects it); without one, from the match time
 * code (`clock`): live (1–5), finished (over, cut short or interrupted: waiting for its result), cancelled, and
 * scheduled for every other code (not started, to be determined, postponed).
 */
export const SPORTS_EVENT_STATUSES = ['scheduled', 'live', 'finished', 'settled', 'cancelled'] as const;
export type SportsEventStatus = (typeof SPORTS_EVENT_STATUSES)[number];
/** The match time codes of the states read off the clock alone (scheduled: any other code). */
export const EVENT_STATUS_CLOCKS = {
  live: [
    MatchTime.FIRST_HALF,
    MatchTime.HALF_TIME,
    MatchTime.SECOND_HALF,
    MatchTime.OVERTIME,
    MatchTime.PENALTY,
  ],
  finished: [MatchTime.FINISHED, MatchTime.CUT_IN_HALF, MatchTime.INTERRUPTED],
  cancelled: [MatchTime.CANCELLED],
} as const satisfies Record<'live' | 'finished' | 'cancelled', readonly number[]>;

export function sportsEventStatus(clock: number, resulted: boolean): SportsEventStatus {
  if (resulted) return 'settled';
  const byClock = (['live', 'finished', 'cancelled'] as const).find((s) =>
    (EVENT_STATUS_CLOCKS[s] as readonly number[]).includes(clock),
  );
  return byClock ?? 'scheduled';
}

export const SPORTS_EVENT_SORTS = ['startsAt', 'eventId', 'competition', 'sport'] as const;
/**
 * `GET /api/operator/sports/events`: `status` one state or several (comma-separated: `finished,settled`),
 * `sportId` a sport's code, `q` part of a team's or the competition's name (any case), `from`/`to` bound the
 * start (ISO); `page`, `pageSize` ≤ 100, `sort`, `order` (default: latest start first).
 */
export const operatorEventsQuery = pageQuery(SPORTS_EVENT_SORTS)
  .extend({
    status: z
      .string({ error: 'fieldInvalid' })
      .refine(
        (s) => s.split(',').every((x) => (SPORTS_EVENT_STATUSES as readonly string[]).includes(x)),
        'fieldInvalid',
      )
      .transform((s) => [...new Set(s.split(','))] as SportsEventStatus[])
      .optional(),
    sportId: z.enum(SPORTS, { error: 'fieldInvalid' }).optional(),
    q: z.string().trim().max(120, 'fieldInvalid').optional(),
    from: filterTime.optional(),
    to: filterTime.optional(),
  })
  .refine(fromNotAfterTo, { message: 'periodReversed', path: ['to'] });
export type OperatorEventsQuery = z.input<typeof operatorEventsQuery>;

export const operatorEventRow = sportsEvent.extend({
  status: z.enum(SPORTS_EVENT_STATUSES),
  /** The result in effect (null before one) and how many results were posted (2… = corrected). */
  result: sportsScore.nullable(),
  resultVersion: z.number().int(),
  /** Markets open for betting. */
  markets: z.number().int(),
});
export type OperatorEventRow = z.infer<typeof operatorEventRow>;
export const operatorEventsAnswer = pageOf(operatorEventRow);
export type OperatorEventsAnswer = z.infer<typeof operatorEventsAnswer>;

export const priceOverrideRequest = z.strictObject({
  /** Every offered selection of the market once, with the version the trader saw. */
  selections: z
    .array(
      z.strictObject({
        selectionId: z.string().regex(/^\d{1,18}$/, 'sportsUnknownSelection'),
        version: z.number().int(),
        /** A fixed price, or null for the engine's (shifted by the margin). */
        override: z.number({ error: 'sportsInvalidPrice' }).nullable(),
      }),
    )
    .min(1, 'sportsOverrideSelections')
    .max(100, 'sportsOverrideSelections'),
  /** Within MARGIN_SHIFT_BP (checked by the service, which names the bounds). */
  marginShiftBp: z.number({ error: 'checkTheInput' }).int('checkTheInput').default(0),
});
export type PriceOverrideRequest = z.input<typeof priceOverrideRequest>;
export const marketActionParams = marketIdParam.extend({ action: marketAction });

/** Socket payload (to the event's watchers and the live list): an event's clock, score and changed prices. */
export const sportsEventUpdate = z.object({
  event: sportsEvent,
  markets: z.array(sportsMarket.pick({ marketId: true, status: true, selections: true })),
});
export type SportsEventUpdate = z.infer<typeof sportsEventUpdate>;

// ------------------------------------------------------------------ cash out

/**
 * A bet's cash-out value now (major units): stake × price taken / current price, less `sports.cashoutMarginBp`
 * (a parlay from its open legs' current prices and its decided legs' factors; a builder from the current joint
 * price). `available` is false while a market of it is suspended or closed or its event takes no bets (past kick-off
 * without a feed, finished, interrupted, postponed, cancelled), or the bet is no longer open.
 */
export const cashoutQuote = z.object({ value: moneyNumber, available: z.boolean() });
export type CashoutQuote = z.infer<typeof cashoutQuote>;

export const sportsCashoutRequest = z.strictObject({
  /** The whole bet's cash-out value the player saw. */
  value: z.number({ error: 'checkTheInput' }).gt(0, 'sportsCashoutChanged').max(1e12, 'checkTheInput'),
  /** The part of the stake cashed out: 0 < share ≤ 1 (1 = all of it). */
  share: z
    .number({ error: 'sportsCashoutShare' })
    .gt(0, 'sportsCashoutShare')
    .max(1, 'sportsCashoutShare')
    .default(1),
});
export type SportsCashoutRequest = z.input<typeof sportsCashoutRequest>;

export const cashoutAnswer = z.object({
  betId: z.string(),
  /** Paid by this cash-out: share × value. */
  paid: moneyNumber,
  /** The stake still running (0 after a full cash-out). */
  stake: moneyNumber,
  status: betStatus,
  /** The player's cash after it. */
  balance: moneyNumber,
  /** True when this cash-out was fired by the automatic target. */
  auto: z.boolean(),
});
export type CashoutAnswer = z.infer<typeof cashoutAnswer>;

/** The automatic cash-out: fires (in full) when the value reaches `value`; null removes it. */
export const autoCashoutRequest = z.strictObject({
  value: z.number({ error: 'checkTheInput' }).gt(0, 'checkTheInput').max(1e12, 'checkTheInput').nullable(),
});
export const autoCashoutAnswer = z.object({ betId: z.string(), autoCashout: moneyNumber.nullable() });
export type AutoCashoutAnswer = z.infer<typeof autoCashoutAnswer>;

/** Socket `sportsCashout` (to the bet's owner): its cash-out value after prices moved. */
export const sportsCashoutUpdate = cashoutQuote.extend({
  betId: z.string(),
  /** Set when the bet's automatic cash-out just paid this much: the app tells the player wherever they are. */
  paid: moneyNumber.optional(),
});
export type SportsCashoutUpdate = z.infer<typeof sportsCashoutUpdate>;

// ------------------------------------------------------------------ bet builder

export const builderPriceRequest = z.strictObject({
  selections: z
    .array(z.string().regex(/^\d{1,18}$/, 'sportsUnknownSelection'))
    .min(2, 'sportsBuilderLegs')
    .max(12, 'sportsParlayLimit'),
});
export type BuilderPriceRequest = z.input<typeof builderPriceRequest>;
/** The builder's price: 1 / joint probability of every leg winning, less the margin (2 decimals). */
export const builderPriceAnswer = z.object({ price: priceNumber });
export type BuilderPriceAnswer = z.infer<typeof builderPriceAnswer>;

// ------------------------------------------------------------------ risk (operator)

export const liabilityQuery = z.strictObject({
  eventId: z
    .string()
    .regex(/^\d{1,18}$/, 'sportsUnknownEvent')
    .optional(),
});

/**
 * Open liability: a selection's `potential` is what its open bets pay if it (and their other legs) win; a
 * market's `liability` the largest of its selections'; an event's the sum of the potential payouts of its open
 * bets (each bet once). `alert`: the market passed `sports.liabilityAlert`.
 */
export const liabilitySelection = z.object({
  selectionId: z.string(),
  name: z.string(),
  bets: z.number().int(),
  stakes: moneyNumber,
  potential: moneyNumber,
});
export const liabilityMarket = z.object({
  marketId: z.string(),
  type: marketType,
  period: z.number().int(),
  line: z.number().nullable(),
  status: marketStatus,
  stakes: moneyNumber,
  liability: moneyNumber,
  alert: z.boolean(),
  selections: z.array(liabilitySelection),
});
export const liabilityEvent = z.object({
  eventId: z.string(),
  sport: sportCode,
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  clock: z.number().int(),
  bets: z.number().int(),
  stakes: moneyNumber,
  liability: moneyNumber,
  markets: z.array(liabilityMarket),
});
export const liabilityAnswer = z.object({ events: z.array(liabilityEvent) });
export type LiabilityAnswer = z.infer<typeof liabilityAnswer>;

export const userIdParam = z.strictObject({ userId: z.string().regex(/^\d{1,18}$/, 'checkTheInput') });
/** A player's stake factor: their largest stake is `sports.maxStake` × factor (0 = no bets, 1 = normal). */
export const stakeFactorRequest = z.strictObject({
  factor: z.number({ error: 'checkTheInput' }).min(0, 'checkTheInput').max(10, 'checkTheInput'),
  note: z.string().trim().max(200, 'checkTheInput').optional(),
});
export const stakeFactorAnswer = z.object({ userId: z.string(), factor: z.number() });
export type StakeFactorAnswer = z.infer<typeof stakeFactorAnswer>;
