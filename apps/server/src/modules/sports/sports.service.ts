import {
  BetResult,
  ErrorCode,
  MatchTime,
  SPORTS,
  type AcceptOdds,
  type CreateEventRequest,
  type EventResultAnswer,
  type EventResultPost,
  type MarketType,
  type PlaceBetAnswer,
  type PriceChangedData,
  type SportCode,
  type SportsBet,
  type SportsConfig,
  type SportsEventDetail,
  type SportsEventListItem,
  type SportsListItem,
  type SportsMarket,
  type MarketStatus,
} from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor } from '@aposta/money';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../platform/bus';
import type { Outbox } from '../../platform/outbox';
import { pgCode, pgConstraint, queryRows, type Database, type Executor } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { moneyParam } from '../../platform/i18n';
import { scopedKey } from '../../platform/idempotency';
import type { Jobs } from '../../platform/jobs';
import { balancesQuery, parseAmount, requestHash, resettle, settle, settleMany } from '../ledger';
import { refusalOf } from '../rg';
import type { Settings, SettingsService } from '../settings';
import {
  eventOf,
  eventRows,
  idList,
  insertEvent,
  isLive,
  iso,
  marketsOf,
  repriceEvent,
  type EventRow,
  type NewEvent,
} from './sports.catalogue';
import { createBetBatcher } from './sports.batch';
import { builderRows, priceBuilder, type BuilderRow } from './sports.builder';
import { createCashout } from './sports.cashout';
import { assertStake, createRisk } from './sports.risk';
import { createTrading } from './sports.trading';
import {
  betOutcome,
  builderOutcome,
  lostAlready,
  lostOutcome,
  priceOf,
  returnOf,
  selectionResult,
  type BetOutcome,
  type EventResult,
} from './sports.settlement';
import type { LiveState } from './pricing';
import { abandonEvent, dueEvents, lockDue, unsettledEvents, voidCutoff, voidMarkets } from './sports.void';

export const SETTLE_JOB = 'sports.settleEvent';
const CURRENCY = DEFAULT_CURRENCY;
const HOUSE = 'house.sports';

export interface Player {
  id: number;
  username: string;
}

export interface PlaceBetInput {
  type?: 'single' | 'parlay' | 'builder';
  /** A builder's price as the player saw it. */
  price?: number;
  stake: number | string;
  acceptOdds: AcceptOdds;
  selections: { selectionId: string; price: number }[];
}

export interface SportsDeps {
  database: Database;
  settings: SettingsService;
  bus: EventBus;
  outbox: Pick<Outbox, 'emit'>;
  jobs: Pick<Jobs, 'send'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Waits before an in-play bet is accepted (tests may replace the clock). */
  sleep?: (ms: number) => Promise<void>;
}

interface QuoteRow {
  /** The bet's id, drawn once for the slip. */
  next_id: string;
  /** The bettor's stake factor, null when none is set. */
  stake_factor: number | null;
  selection_id: string;
  market_id: string;
  event_id: string;
  price: number;
  version: number;
  status: MarketStatus;
  suspensions: number;
  clock: number;
  sport: SportCode;
  open: boolean;
}

interface BetRow {
  id: string;
  user_id: string;
  hold_id: string;
  kind: 'single' | 'parlay' | 'builder';
  stake: string;
  price: number;
  potential: string;
  status: 'open' | 'settled' | 'cashedOut';
  result: number;
  payout: string;
  settlements: number;
  cashed_out: string;
  auto_cashout: string | null;
  request_hash: string;
  placed_at: string | Date;
  settled_at: string | Date | null;
}

const money = (minor: number | string) => toMajor(Number(minor), CURRENCY);
const hundredths = (price: number) => Math.round(price * 100);
const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A bet the batch refused, as the error it means (a database error keeps its code and constraint). */
function refusalOfBatch(done: { error: string; constraint?: string | null }): Error {
  if (done.error === '23514' && done.constraint === 'ledger_accounts_player_funds')
    return new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'insufficientBalance');
  if (done.error === 'RG001') return refusalOf(done.constraint ?? '');
  if (done.error === 'SP001') return conflict('sportsLiabilityLimit');
  // A market voided, resulted or suspended after the slip was read (migration 0062).
  if (done.error === 'SP002') return conflict('sportsNotOpen');
  return Object.assign(new Error(`sports bet failed: ${done.error}`), {
    code: done.error,
    constraint: done.constraint ?? undefined,
  });
}

export function createSportsService({
  database,
  settings,
  bus,
  outbox,
  jobs,
  log,
  sleep = sleepMs,
}: SportsDeps) {
  const { db } = database;
  const cashout = createCashout({ database, settings, bus, outbox, log });
  const risk = createRisk({ database });
  const batch = createBetBatcher(database);
  const trading = createTrading({ database });

  async function margins() {
    const s = await settings.all();
    return { margins: s['sports.margins'], inPlayBp: s['sports.inPlayMarginBp'] };
  }

  /**
   * A bet's quote, in one round trip: the slip's selections with their market's status and whether their event
   * takes bets now (database clock), the bet's id drawn and the bettor's stake factor (`sports_quote`, migration
   * 0045, whose plan the session keeps).
   */
  async function quote(ids: string[], bettor: number): Promise<Map<string, QuoteRow>> {
    const list = await queryRows<QuoteRow>(
      db,
      sql`select * from sports_quote(${`{${ids.join(',')}}`}::bigint[], ${bettor})`,
    );
    return new Map(list.map((r) => [String(r.selection_id), r]));
  }

  function priceChanged(quoted: Map<string, QuoteRow>, ids: string[], builderPrice?: number): AppError {
    const data: PriceChangedData = {
      ...(builderPrice === undefined ? {} : { price: builderPrice / 100 }),
      selections: ids.map((id) => {
        const q = quoted.get(id)!;
        return {
          selectionId: id,
          price: Number(q.price) / 100,
          version: Number(q.version),
          status: q.status,
        };
      }),
    };
    return new AppError(ErrorCode.CONFLICT, 'sportsPriceChanged', {}, { data });
  }

  /**
   * The slip's checks against the catalogue as it stands: every selection exists, its event takes bets, its
   * market is open and it is offered, and each price is one the player accepts. Answers the prices taken.
   */
  function check(
    input: PlaceBetInput,
    quoted: Map<string, QuoteRow>,
    s: Settings,
    builderRowsOf: Map<string, BuilderRow> | null,
  ) {
    const ids = input.selections.map((s) => s.selectionId);
    for (const id of ids) {
      const q = quoted.get(id);
      if (!q) throw notFound('sportsUnknownSelection');
      if (!q.open || q.status === 'closed' || q.status === 'settled' || q.status === 'void')
        throw conflict('sportsNotAvailable');
      if (q.status !== 'open' || Number(q.price) <= 0) throw conflict('sportsNotOpen');
    }
    const live = ids.some((id) => isLive(Number(quoted.get(id)!.clock)));
    if (builderRowsOf) {
      // Priced jointly from the event's model; the player's builder price is the one checked.
      const q = priceBuilder(builderRowsOf, ids, s);
      const seen = hundredths(input.price!);
      if (
        q.price !== seen &&
        (input.acceptOdds === 'none' || (input.acceptOdds === 'higher' && q.price < seen))
      )
        throw priceChanged(quoted, ids, q.price);
      return { taken: ids.map((id) => Number(quoted.get(id)!.price)), live, builderPrice: q.price };
    }
    const events = new Set(ids.map((id) => String(quoted.get(id)!.event_id)));
    if (events.size < ids.length) throw badRequest('sportsSameEvent');
    let moved = false;
    const taken = input.selections.map((s) => {
      const current = Number(quoted.get(s.selectionId)!.price);
      const seen = hundredths(s.price);
      if (current !== seen) {
        if (input.acceptOdds === 'none' || (input.acceptOdds === 'higher' && current < seen)) moved = true;
      }
      return current;
    });
    if (moved) throw priceChanged(quoted, ids);
    return { taken, live, builderPrice: null as number | null };
  }

  async function replay(key: string, hash: string): Promise<PlaceBetAnswer | null> {
    const [prior] = await queryRows<BetRow>(db, sql`select * from sports_bets where key = ${key}`);
    if (!prior) return null;
    if (prior.request_hash !== hash)
      throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'idempotencyConflict');
    const [b] = await queryRows<{ cash_available: string }>(
      db,
      balancesQuery(Number(prior.user_id), CURRENCY),
    );
    return {
      betId: String(prior.id),
      price: Number(prior.price) / 100,
      stake: money(prior.stake),
      potentialPayout: money(prior.potential),
      balance: money(b?.cash_available ?? 0),
    };
  }

  async function overBalance(userId: number) {
    const [b] = await queryRows<{ cash_available: string; bonus_available: string }>(
      db,
      balancesQuery(userId, CURRENCY),
    );
    const available = Number(b?.cash_available ?? 0) + Number(b?.bonus_available ?? 0);
    return new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'originalsOverBalance', {
      amount: moneyParam(available),
    });
  }

  // ------------------------------------------------------------------ bets

  async function placeBet(player: Player, input: PlaceBetInput, key: string): Promise<PlaceBetAnswer> {
    const s = await settings.all();
    const stake = parseAmount(input.stake, CURRENCY);
    if (stake < s['sports.minStake'])
      throw badRequest('sportsStakeBelowMin', { amount: moneyParam(s['sports.minStake']) });
    if (input.selections.length > s['sports.maxLegs']) throw badRequest('sportsParlayLimit');
    const ids = input.selections.map((x) => x.selectionId);
    const builder = input.type === 'builder';
    if (new Set(ids).size < ids.length)
      throw badRequest(builder ? 'sportsBuilderContradiction' : 'sportsSameEvent');
    const scoped = scopedKey('sports.bet', player.id, key);
    const hash = requestHash('sports.bet', input);
    // A repeated key is recognised when its bet cannot be written again (the key is unique) or when the slip
    // is refused now: the first answer is answered, another body under the key is refused.

    const maxPayout = s['sports.maxPayout'];
    const bySport = s['sports.acceptanceDelayMsBySport'];
    const kind = builder ? 'builder' : ids.length === 1 ? 'single' : 'parlay';
    /** Each market's suspension count when an in-play bet started to wait. */
    let waited: Map<string, number> | null = null;
    let delay = 0;
    let answer: PlaceBetAnswer;
    try {
      for (;;) {
        // The slip checked against the catalogue as it stands (the bet's id drawn, the player's stake factor
        // read), in one statement. The prices are read, not locked: a bet stands at the price valid when it was
        // read, and a reprice never waits for bets (shared locks on one hot selection serialise on PostgreSQL's
        // multixacts).
        const quoted = await quote(ids, player.id);
        // The largest stake, by the player's own stake factor if a trader set one, before the slip is checked.
        assertStake(quoted.values().next().value?.stake_factor ?? null, stake, s);
        const { taken, live, builderPrice } = check(
          input,
          quoted,
          s,
          builder ? await builderRows(db, ids) : null,
        );
        // The in-play delay of the slip's sports (the longest), else the general one.
        delay = Math.max(...ids.map((id) => bySport[quoted.get(id)!.sport] ?? s['sports.acceptanceDelayMs']));
        // In play the bet waits first, then is checked again: a market suspended meanwhile refuses it.
        if (live && delay > 0 && !waited) {
          waited = new Map(ids.map((id) => [id, Number(quoted.get(id)!.suspensions)]));
          await sleep(delay);
          continue;
        }
        // Suspended during the delay (even if open again now): refused.
        if (waited && ids.some((id) => Number(quoted.get(id)!.suspensions) !== waited!.get(id)))
          throw conflict('sportsNotOpen');
        const { price, potential } =
          builderPrice === null
            ? priceOf(stake, taken)
            : {
                price: builderPrice,
                potential: returnOf(stake, [{ price: builderPrice, result: BetResult.WIN }]),
              };
        if (potential > maxPayout) throw badRequest('sportsPayoutOverMax', { amount: moneyParam(maxPayout) });
        const id = String(quoted.get(ids[0]!)!.next_id);
        // The liability limit, responsible gambling, the stake held, the bet and its legs: one
        // subtransaction of a batch, one commit for the bets sent together (migration 0044).
        const done = await batch.submit({
          id,
          user: player.id,
          kind,
          stake,
          currency: CURRENCY,
          price,
          potential,
          acceptOdds: input.acceptOdds,
          key: scoped,
          hash,
          legs: ids.map((sid, i) => {
            const q = quoted.get(sid)!;
            return {
              selection_id: sid,
              market_id: String(q.market_id),
              event_id: String(q.event_id),
              price: taken[i]!,
            };
          }),
          maxLiability: s['sports.maxMarketLiability'],
          liabilityAlert: s['sports.liabilityAlert'],
        });
        if ('error' in done) throw refusalOfBatch(done);
        answer = {
          betId: id,
          price: price / 100,
          stake: money(stake),
          potentialPayout: money(potential),
          balance: money(done.cash),
        };
        break;
      }
    } catch (err) {
      if ((pgCode(err) === '23505' && pgConstraint(err) === 'sports_bets_key') || err instanceof AppError) {
        const again = await replay(scoped, hash);
        if (again) return again;
      }
      if (err instanceof AppError && err.code === ErrorCode.INSUFFICIENT_BALANCE)
        throw await overBalance(player.id);
      // Its batch was overtaken at the limit every time it was sent: the selection takes no more bets now.
      if (pgCode(err) === '40001') throw conflict('sportsLiabilityLimit');
      throw err;
    }
    void bus.publish('balance.changed', { userId: player.id, cause: 'stake' });
    return answer;
  }

  async function betsOf(userId: number, where: ReturnType<typeof sql>, limit: number): Promise<SportsBet[]> {
    const bets = await queryRows<BetRow & { placed_stake: string }>(
      db,
      // The stake placed: what still runs and the parts partial cash-outs took (a full one leaves it as it was).
      sql`select b.*, b.stake + coalesce((select sum(c.stake_part) from sports_cashouts c
            where c.bet_id = b.id and c.new_hold_id is not null), 0) as placed_stake
          from sports_bets b where b.user_id = ${userId} and ${where} order by b.id desc limit ${limit}`,
    );
    if (bets.length === 0) return [];
    const legs = await queryRows<{
      bet_id: string;
      selection_id: string;
      price: number;
      result: number;
      event_id: string;
      sport: SportCode;
      home: string;
      away: string;
      starts_at: string | Date;
      market_id: string;
      type: MarketType;
      period: number;
      line: number | null;
      name: string;
      event_result: EventResult | null;
    }>(
      db,
      sql`select l.bet_id, l.selection_id, l.price, l.result, l.event_id, e.sport, e.home, e.away, e.starts_at,
            l.market_id, m.type, m.period, m.line, s.name, e.result as event_result
          from sports_bet_legs l
          join sports_selections s on s.id = l.selection_id
          join sports_markets m on m.id = l.market_id
          join sports_events e on e.id = l.event_id
          where l.bet_id in (${idList(bets.map((b) => b.id))})
          order by l.bet_id, l.event_id`,
    );
    return bets.map((b) => ({
      betId: String(b.id),
      kind: b.kind,
      stake: money(b.stake),
      placedStake: money(b.placed_stake),
      price: Number(b.price) / 100,
      potentialPayout: money(b.potential),
      result: Number(b.result),
      payout: money(b.payout),
      status: b.status,
      settlements: Number(b.settlements),
      cashedOut: money(b.cashed_out),
      autoCashout: b.auto_cashout === null ? null : money(b.auto_cashout),
      placedAt: iso(b.placed_at),
      settledAt: b.settled_at ? iso(b.settled_at) : null,
      legs: legs
        .filter((l) => String(l.bet_id) === String(b.id))
        .map((l) => ({
          selectionId: String(l.selection_id),
          price: Number(l.price) / 100,
          result: Number(l.result),
          eventId: String(l.event_id),
          sport: l.sport,
          home: l.home,
          away: l.away,
          startsAt: iso(l.starts_at),
          marketId: String(l.market_id),
          type: l.type,
          period: Number(l.period),
          line: l.line === null ? null : Number(l.line),
          name: l.name,
          score: l.event_result ? { home: l.event_result.home, away: l.event_result.away } : null,
        })),
    }));
  }

  // ------------------------------------------------------------------ settlement

  /**
   * Settles (or resettles) one bet from its legs' results, once: the bet row is locked, the outcome computed;
   * a bet already settled to the same outcome is left alone; otherwise the ledger posts the settlement under
   * the key `sports:settle:<bet>:<n>` (n = settlements so far + 1) in the same transaction as the row's update.
   */
  async function settleBet(betId: string): Promise<'settled' | 'resettled' | 'unchanged' | 'open'> {
    let userId = 0;
    const done = await database.transaction(
      async (tx): Promise<'settled' | 'resettled' | 'unchanged' | 'open'> => {
        const [bet] = await queryRows<BetRow>(
          tx,
          sql`select * from sports_bets where id = ${betId}::bigint for update`,
        );
        // A bet closed by a full cash-out is never settled by its legs.
        if (!bet || bet.status === 'cashedOut') return 'unchanged';
        const legs = await queryRows<{ price: number; result: number }>(
          tx,
          sql`select price, result from sports_bet_legs where bet_id = ${betId}::bigint`,
        );
        const o = outcomeOf(
          bet,
          legs.map((l) => ({ price: Number(l.price), result: Number(l.result) })),
        );
        if (!o) return 'open';
        if (bet.status === 'settled' && Number(bet.result) === o.result && Number(bet.payout) === o.payout)
          return 'unchanged';
        const n = Number(bet.settlements) + 1;
        const input = {
          holdId: Number(bet.hold_id),
          capture: o.capture,
          to: o.capture > 0 ? [{ kind: HOUSE, amount: o.capture } as const] : [],
          ...(o.winnings > 0 ? { payout: { from: HOUSE, amount: o.winnings } as const } : {}),
          idempotencyKey: `sports:settle:${betId}:${n}`,
          ref: `sports-bet:${betId}`,
        };
        if (bet.status === 'settled') await resettle(tx, input);
        else await settle(tx, input);
        await tx.execute(
          sql`update sports_bets set status = 'settled', result = ${o.result}, payout = ${o.payout},
              settlements = ${n}, settled_at = now() where id = ${betId}::bigint`,
        );
        userId = Number(bet.user_id);
        return bet.status === 'settled' ? 'resettled' : 'settled';
      },
    );
    if (userId) void bus.publish('balance.changed', { userId });
    return done;
  }

  type Settled = 'settled' | 'resettled' | 'unchanged' | 'open';

  /**
   * A bet's outcome from its legs (a builder: every leg must win, at the builder's price); null while a leg is
   * undecided, unless the bet is lost whatever it does.
   */
  function outcomeOf(bet: BetRow, legs: { price: number; result: number }[]): BetOutcome | null {
    const results = legs.map((l) => l.result);
    if (lostAlready(bet.kind, results)) return lostOutcome(Number(bet.stake));
    if (results.some((r) => r === BetResult.PENDING)) return null;
    return bet.kind === 'builder'
      ? builderOutcome(
          Number(bet.stake),
          Number(bet.price),
          legs.map((l) => l.result),
        )
      : betOutcome(Number(bet.stake), legs);
  }

  /**
   * Settles a page of bets in one transaction: the bets locked in id order, their legs read in one query, the
   * decided bets' ledger settlements in one statement (each its own key, as `settleBet`), then one update of all
   * their rows. A page that
   * fails (one bet's resettlement refused) is rolled back and settled bet by bet instead.
   */
  async function settlePage(betIds: string[]): Promise<Settled[]> {
    const users = new Set<number>();
    const done = await database.transaction(async (tx) => {
      await tx.execute(
        sql`select id from sports_bets where id in (${idList(betIds)}) order by id for update`,
      );
      const bets = await queryRows<BetRow & { prices: number[]; results: number[] }>(
        tx,
        sql`select b.*, array_agg(l.price) as prices, array_agg(l.result) as results
            from sports_bets b join sports_bet_legs l on l.bet_id = b.id
            where b.id in (${idList(betIds)}) group by b.id order by b.id`,
      );
      const outcome: Settled[] = [];
      const updates: ReturnType<typeof sql>[] = [];
      const settlements: Parameters<typeof settleMany>[1] = [];
      for (const bet of bets) {
        const results = bet.results.map(Number);
        if (bet.status === 'cashedOut') {
          outcome.push('unchanged');
          continue;
        }
        const o = outcomeOf(
          bet,
          results.map((result, i) => ({ price: Number(bet.prices[i]), result })),
        );
        if (!o) {
          outcome.push('open');
          continue;
        }
        if (bet.status === 'settled' && Number(bet.result) === o.result && Number(bet.payout) === o.payout) {
          outcome.push('unchanged');
          continue;
        }
        const n = Number(bet.settlements) + 1;
        const input = {
          holdId: Number(bet.hold_id),
          capture: o.capture,
          to: o.capture > 0 ? [{ kind: HOUSE, amount: o.capture } as const] : [],
          ...(o.winnings > 0 ? { payout: { from: HOUSE, amount: o.winnings } as const } : {}),
          idempotencyKey: `sports:settle:${bet.id}:${n}`,
          ref: `sports-bet:${bet.id}`,
        };
        settlements.push({ input, resettle: bet.status === 'settled' });
        updates.push(sql`(${bet.id}::bigint, ${o.result}::int, ${o.payout}::bigint, ${n}::int)`);
        users.add(Number(bet.user_id));
        outcome.push(bet.status === 'settled' ? 'resettled' : 'settled');
      }
      // The page's ledger settlements in one statement, not one round trip per bet.
      await settleMany(tx, settlements);
      if (updates.length)
        await tx.execute(
          sql`update sports_bets b set status = 'settled', result = v.result, payout = v.payout,
                settlements = v.n, settled_at = now()
              from (values ${sql.join(updates, sql`, `)}) as v(id, result, payout, n) where b.id = v.id`,
        );
      return outcome;
    });
    for (const userId of users) void bus.publish('balance.changed', { userId });
    return done;
  }

  /**
   * Every bet with a leg in the event, settled or resettled where its legs say so (the settlement job). On
   * PostgreSQL four workers run at once, each with the bets of its own players (user id modulo 4), so no two
   * of them ever lock the same player's accounts; each settles its bets in pages of 200.
   */
  async function settleEvent(eventId: string) {
    const counts = { settled: 0, resettled: 0, unchanged: 0, open: 0, failed: 0 };
    const bets = await queryRows<{ bet_id: string; user_id: string }>(
      db,
      sql`select b.id as bet_id, b.user_id from sports_bets b
          where b.id in (select bet_id from sports_bet_legs where event_id = ${eventId}::bigint) order by b.id`,
    );
    const workers = database.kind === 'postgres' ? 4 : 1;
    const lanes: string[][] = Array.from({ length: workers }, () => []);
    for (const b of bets) lanes[Number(b.user_id) % workers]!.push(String(b.bet_id));
    const work = async (lane: string[]) => {
      for (let i = 0; i < lane.length; i += 200) {
        const ids = lane.slice(i, i + 200);
        try {
          for (const r of await settlePage(ids)) counts[r]++;
        } catch {
          for (const id of ids) {
            try {
              counts[await settleBet(id)]++;
            } catch (err) {
              // One bet that cannot be settled (a resettlement taking back money the player spent) must not
              // stop the others; the job is failed at the end, so it is retried and shown to operators.
              counts.failed++;
              log.error({ err, betId: id, eventId }, 'sports bet settlement failed');
            }
          }
        }
      }
    };
    await Promise.all(lanes.map(work));
    if (counts.failed) throw new Error(`sports: ${counts.failed} bets of event ${eventId} not settled`);
    return counts;
  }

  /** Writes each leg's result from its selection's, and queues the event's settlement job. */
  async function markLegs(tx: Executor, eventId: string) {
    const [row] = await queryRows<{ bets: string }>(
      tx,
      sql`with u as (
            update sports_bet_legs l set result = s.result from sports_selections s
            where l.selection_id = s.id and l.event_id = ${eventId}::bigint returning l.bet_id)
          select count(distinct bet_id) as bets from u`,
    );
    return Number(row?.bets ?? 0);
  }

  async function queueSettlement(eventId: string) {
    await jobs.send(SETTLE_JOB, { eventId });
  }

  // ------------------------------------------------------------------ results and market actions

  async function postResult(eventId: string, input: EventResultPost): Promise<EventResultAnswer> {
    const { early = false, ...result } = input;
    if (partsOverWhole(result)) throw badRequest('checkTheInput');
    const gamesRefused = impossibleGames(result);
    if (gamesRefused) throw gamesRefused;
    const answer = await database.transaction(async (tx) => {
      const [event] = await queryRows<EventRow & { not_started: boolean }>(
        tx,
        sql`select id, sport, result, result_version, starts_at > now() as not_started
            from sports_events where id = ${eventId}::bigint for update`,
      );
      if (!event) throw notFound('sportsUnknownEvent');
      if (result.gamesHome !== undefined && event.sport !== 'tennis')
        throw gamesError('sportsResultGamesSport', 'gamesHome');
      // Before the scheduled start only when the trader says the match was played early.
      if (event.not_started && !early) throw conflict('sportsResultBeforeStart');
      const normal = normaliseResult(result);
      if (
        event.result &&
        JSON.stringify(normaliseResult(event.result as EventResult)) === JSON.stringify(normal)
      )
        throw conflict('sportsSameResult');
      const version = Number(event.result_version) + 1;
      // A correction: the bets settled under the result it replaces are resettled by the job.
      const [settled] = event.result
        ? await queryRows<{ n: string }>(
            tx,
            sql`select count(*) as n from sports_bets where status = 'settled'
                and id in (select bet_id from sports_bet_legs where event_id = ${eventId}::bigint)`,
          )
        : [];
      const state = await queryRows<{ state: LiveState }>(
        tx,
        sql`select state from sports_events where id = ${eventId}::bigint`,
      );
      // Tennis: the result counts sets, but its handicap and total lines count games (pricing/others.ts): they
      // are settled on the match's games the result gives; without them, on the games of the sets the feed
      // recorded once it recorded the whole match (the sets of the result, no set under way), and void when it
      // did not.
      const last = state[0]!.state;
      const whole =
        last?.score?.home === normal.home &&
        last.score.away === normal.away &&
        !(last.games && last.games.home + last.games.away > 0);
      const games =
        normal.gamesHome !== undefined && normal.gamesAway !== undefined
          ? { home: normal.gamesHome, away: normal.gamesAway }
          : whole
            ? (last.setGames ?? null)
            : null;
      const tennisGames = (type: MarketType) =>
        event.sport === 'tennis' && (type === 'ah' || type === 'total');
      const markets = await queryRows<{
        id: string;
        type: MarketType;
        period: number;
        line: number | null;
        status: MarketStatus;
        voided: boolean;
      }>(
        tx,
        sql`select id, type, period, line, status, voided from sports_markets where event_id = ${eventId}::bigint`,
      );
      // Locked FOR UPDATE (not the reprice's "no key update"): a bets' batch that passed its check holds their
      // key-share lock until it commits, so its legs are committed before they are marked below, and a batch after
      // this commit finds the result (SP002, migration 0065).
      const selections = await queryRows<{ id: string; market_id: string; name: string }>(
        tx,
        sql`select id, market_id, name from sports_selections where event_id = ${eventId}::bigint
            order by id for update`,
      );
      const byMarket = new Map<string, { id: string; name: string }[]>();
      for (const s of selections)
        byMarket.set(String(s.market_id), [...(byMarket.get(String(s.market_id)) ?? []), s]);
      const selectionUpdates: ReturnType<typeof sql>[] = [];
      const marketUpdates: ReturnType<typeof sql>[] = [];
      for (const m of markets) {
        const list = byMarket.get(String(m.id)) ?? [];
        // A market voided by an operator (or the event's void) stays void; every other one is settled by this
        // result, one that a push left void too (a corrected result may decide it).
        if (m.voided) continue;
        const ref = {
          type: m.type,
          period: Number(m.period),
          line: m.line === null ? null : Number(m.line),
          names: list.map((s) => s.name),
        };
        const results = list.map((s) =>
          !tennisGames(m.type)
            ? selectionResult(ref, s.name, normal)
            : games
              ? selectionResult(ref, s.name, { home: games.home, away: games.away })
              : BetResult.REFUND,
        );
        const allVoid = results.every((r) => r === BetResult.REFUND);
        marketUpdates.push(sql`(${m.id}::bigint, ${allVoid ? 'void' : 'settled'})`);
        list.forEach((s, i) => selectionUpdates.push(sql`(${s.id}::bigint, ${results[i]!}::int)`));
      }
      if (marketUpdates.length)
        await tx.execute(
          sql`update sports_markets m set status = v.status from (values ${sql.join(marketUpdates, sql`, `)})
              as v(id, status) where m.id = v.id`,
        );
      if (selectionUpdates.length)
        await tx.execute(
          sql`update sports_selections s set result = v.result from (values ${sql.join(selectionUpdates, sql`, `)})
              as v(id, result) where s.id = v.id`,
        );
      const st = finalState(state[0]!.state, normal);
      await tx.execute(
        sql`update sports_events set result = ${JSON.stringify(normal)}::jsonb, result_version = ${version},
              clock = ${MatchTime.FINISHED}, state = ${JSON.stringify(st)}::jsonb, updated_at = now()
            where id = ${eventId}::bigint`,
      );
      const bets = await markLegs(tx, eventId);
      return {
        eventId: String(eventId),
        resultVersion: version,
        markets: marketUpdates.length,
        bets,
        previous: event.result ? normaliseResult(event.result as EventResult) : null,
        resettled: Number(settled?.n ?? 0),
      };
    });
    await queueSettlement(eventId);
    return answer;
  }

  async function marketAction(marketId: string, action: 'suspend' | 'open' | 'void') {
    const changed = await database.transaction(async (tx) => {
      const [m] = await queryRows<{ id: string; event_id: string; status: MarketStatus }>(
        tx,
        sql`select id, event_id, status from sports_markets where id = ${marketId}::bigint for update`,
      );
      if (!m) throw notFound('sportsUnknownMarket');
      if (m.status === 'settled' || m.status === 'void') throw conflict('sportsMarketClosed');
      // Closed: its period has begun or ended (the catalogue closes it); reopened, it would take bets at
      // stale prices until the next reprice. It can still be voided.
      if (m.status === 'closed' && action !== 'void') throw conflict('sportsMarketPeriodOver');
      const before = m.status;
      if (action === 'suspend')
        await tx.execute(
          sql`update sports_markets set status = 'suspended', held = true, suspensions = suspensions + 1
              where id = ${marketId}::bigint`,
        );
      else if (action === 'open')
        await tx.execute(
          sql`update sports_markets set status = 'open', held = false where id = ${marketId}::bigint`,
        );
      else await voidMarkets(tx, sql`id = ${marketId}::bigint`);
      return { eventId: String(m.event_id), before };
    });
    if (action === 'void') await queueSettlement(changed.eventId);
    // The watchers hear of it first: cash-out values and automatic cash-outs come after.
    pushEvent(changed.eventId, [String(marketId)]);
    await valuesMoved(changed.eventId);
    const market = (await marketsOf(db, [changed.eventId]))
      .get(changed.eventId)!
      .find((x) => x.marketId === String(marketId))!;
    return { market, before: changed.before };
  }

  /**
   * The job `sports.voidEvents`: voids the events that will not be played (sports.void.ts) — cancelled ones at
   * once, postponed or interrupted ones `sports.postponedVoidHours` after kick-off; the markets play had already
   * decided settled on it — each in its own transaction with the event locked, then queues its settlement (the
   * job a result queues: each bet settled once, a voided single returning its stake, a voided parlay leg
   * counting 1). Answers the events voided or queued again.
   */
  async function voidDue(now = new Date()): Promise<string[]> {
    const cutoff = voidCutoff(now, (await settings.all())['sports.postponedVoidHours']);
    const done: string[] = [];
    for (const eventId of await dueEvents(db, cutoff)) {
      const markets = await database.transaction(async (tx) =>
        (await lockDue(tx, eventId, cutoff)) ? abandonEvent(tx, eventId) : null,
      );
      if (markets === null) continue;
      await queueSettlement(eventId);
      if (markets > 0) {
        log.info({ eventId, markets }, 'sports event voided: not played');
        await valuesMoved(eventId);
        pushEvent(eventId);
      }
      done.push(eventId);
    }
    for (const eventId of await unsettledEvents(db)) {
      log.warn({ eventId }, 'sports event resulted with bets still open: settlement queued again');
      await queueSettlement(eventId);
    }
    return done;
  }

  /** A trader's price change: pushed to the event's watchers and the open bets' cash-out values, like a reprice. */
  async function afterOverride<T extends { eventId: string; market: { marketId: string } }>(change: T) {
    pushEvent(change.eventId, [change.market.marketId]);
    await valuesMoved(change.eventId);
    return change;
  }

  // ------------------------------------------------------------------ catalogue reads

  async function eventDetail(eventId: string): Promise<SportsEventDetail> {
    const [event] = await eventRows(db, sql`e.id = ${eventId}::bigint`, 1);
    if (!event) throw notFound('sportsUnknownEvent');
    const markets = (await marketsOf(db, [String(event.id)])).get(String(event.id)) ?? [];
    return { event: eventOf(event), markets };
  }

  /** Cash-out values pushed and automatic cash-outs fired after an event's prices or markets changed. */
  async function valuesMoved(eventId: string) {
    try {
      await cashout.afterPrices(eventId);
    } catch (err) {
      log.error({ err, eventId }, 'sports cash-out values failed');
    }
  }

  /**
   * Publishes an event's state and prices for the realtime gateway (after a change committed): every market
   * after a reprice, only `marketIds` after a change to those (a trader's action), so that a watcher on a phone
   * receives the market that moved, not the event's hundred (the app merges pushes by market).
   */
  function pushEvent(eventId: string, marketIds?: string[]) {
    const named = marketIds && new Set(marketIds);
    void eventDetail(eventId)
      .then((d) =>
        bus.publish('sports.update', {
          eventId,
          payload: {
            event: d.event,
            markets: d.markets
              .filter((m) => !named || named.has(m.marketId))
              .map((m) => ({
                marketId: m.marketId,
                status: m.status,
                selections: m.selections,
              })),
          },
        }),
      )
      .catch((err: unknown) => log.warn({ err, eventId }, 'sports push failed'));
  }

  return {
    async config(): Promise<SportsConfig> {
      const s = await settings.all();
      return {
        minStake: money(s['sports.minStake']),
        maxStake: money(s['sports.maxStake']),
        maxPayout: money(s['sports.maxPayout']),
        maxLegs: s['sports.maxLegs'],
        acceptanceDelayMs: s['sports.acceptanceDelayMs'],
      };
    },

    async sports(): Promise<SportsListItem[]> {
      const counts = await queryRows<{ sport: SportCode; events: string; live: string }>(
        db,
        sql`select sport, count(*) as events, count(*) filter (where clock between 1 and 5) as live
            from sports_events where clock >= 0 and result is null and (clock > 0 or starts_at > now())
            group by sport`,
      );
      const by = new Map(counts.map((c) => [c.sport, c]));
      return SPORTS.map((sport) => ({
        sport,
        events: Number(by.get(sport)?.events ?? 0),
        live: Number(by.get(sport)?.live ?? 0),
      }));
    },

    async events(q: { sport?: SportCode; live?: '0' | '1'; limit: number }): Promise<SportsEventListItem[]> {
      const where = sql.join(
        [
          sql`e.clock >= 0 and e.result is null and (e.clock > 0 or e.starts_at > now())`,
          ...(q.sport ? [sql`e.sport = ${q.sport}`] : []),
          ...(q.live === '1' ? [sql`e.clock between 1 and 5`] : q.live === '0' ? [sql`e.clock = 0`] : []),
        ],
        sql` and `,
      );
      const events = await eventRows(db, where, q.limit);
      const markets = await marketsOf(
        db,
        events.map((e) => String(e.id)),
      );
      return events.map((e) => {
        const list: SportsMarket[] = markets.get(String(e.id)) ?? [];
        const main = list.find((m) => (m.type === '1x2' || m.type === 'winner') && m.period === 1) ?? null;
        return { ...eventOf(e), main, markets: list.filter((m) => m.status === 'open').length };
      });
    },

    eventDetail,

    async createEvent(input: CreateEventRequest, feed = 'operator', externalId: string | null = null) {
      const { margins: m } = await margins();
      const e: NewEvent = {
        sport: input.sport,
        competition: input.competition,
        home: input.home,
        away: input.away,
        startsAt: new Date(input.startsAt),
        strength: input.strength ?? (input.sport === 'football' ? 0.35 : 0),
        feed,
        externalId,
      };
      const id = await database.transaction((tx) => insertEvent(tx, e, m));
      return eventDetail(id);
    },

    /**
     * The state of play changed (a feed): writes the clock and state, reprices every market, and suspends all
     * open markets on a dangerous moment (they reopen at the next calm update). Pushes the new prices.
     */
    async update(eventId: string, clock: number, state: LiveState, dangerous = false) {
      const { margins: m, inPlayBp } = await margins();
      const done = await database.transaction(async (tx) => {
        const [event] = await queryRows<EventRow & { old_state: LiveState | null }>(
          tx,
          sql`update sports_events e set clock = ${clock}, state = ${JSON.stringify(state)}::jsonb, updated_at = now()
              from (select id, state from sports_events where id = ${eventId}::bigint for update) old
              where e.id = old.id and e.result is null returning e.id, e.sport, e.strength, old.state as old_state`,
        );
        if (!event) return null;
        // A new score drops a trader's fixed prices even when the feed did not flag the moment as dangerous.
        const was = event.old_state?.score;
        const scored = was?.home !== state.score.home || was?.away !== state.score.away;
        return repriceEvent(
          tx,
          event,
          state,
          m,
          isLive(clock) ? inPlayBp : 0,
          dangerous,
          dangerous || scored,
        );
      });
      if (done) {
        pushEvent(eventId);
        await valuesMoved(eventId);
      }
      return done;
    },

    placeBet,

    async myBets(userId: number, q: { status?: 'open' | 'settled' | 'cashedOut'; limit: number }) {
      return betsOf(userId, q.status ? sql`status = ${q.status}` : sql`true`, q.limit);
    },

    async bet(userId: number, betId: string): Promise<SportsBet> {
      const [bet] = await betsOf(userId, sql`id = ${betId}::bigint`, 1);
      if (!bet) throw notFound('sportsBetNotFound');
      return bet;
    },

    /** POST /builder/price: the builder's joint price of the selections now. */
    async builderPrice(ids: string[]) {
      const s = await settings.all();
      if (new Set(ids).size < ids.length) throw badRequest('sportsBuilderContradiction');
      const q = priceBuilder(await builderRows(db, ids), ids, s);
      return { price: q.price / 100 };
    },

    cashoutValue: cashout.value,
    cashOut: cashout.cashOut,
    setAutoCashout: cashout.setAuto,
    cashoutsAfterPrices: cashout.afterPrices,
    liability: risk.liability,
    setStakeFactor: risk.setStakeFactor,
    postResult,
    marketAction,
    voidDue,
    tradingView: trading.view,
    tradingEvents: trading.list,
    setPrices: async (marketId: string, input: Parameters<typeof trading.setPrices>[1]) =>
      afterOverride(await trading.setPrices(marketId, input)),
    clearPrices: async (marketId: string) => afterOverride(await trading.clearPrices(marketId)),
    settleBet,
    settleEvent,
    pushEvent,
  };
}

/**
 * A result no match can end with: a half-time score, or the quarters added up, above the full-time score of a side
 * (its period markets would be settled on figures that did not happen).
 */
function partsOverWhole(r: EventResult): boolean {
  const quarters = (side: 'home' | 'away') => (r.quarters ?? []).reduce((sum, q) => sum + q[side], 0);
  return (
    (r.halfTimeHome ?? 0) > r.home ||
    (r.halfTimeAway ?? 0) > r.away ||
    quarters('home') > r.home ||
    quarters('away') > r.away
  );
}

/** A refusal of the result's tennis games, naming the field it is about (the back office shows it there). */
function gamesError(
  key: 'sportsResultGamesPair' | 'sportsResultGamesSport' | 'sportsResultGamesSets',
  field: 'gamesHome' | 'gamesAway',
) {
  return new AppError(ErrorCode.BAD_REQUEST, key, {}, { data: { field } });
}

/**
 * The result's games refused whatever the sport: one side's without the other's, or a side's fewer than the sets
 * it won (each set won takes at least one game won; nothing stricter is certain, see `eventResultRequest`).
 */
function impossibleGames(r: EventResult): AppError | null {
  if (r.gamesHome === undefined && r.gamesAway === undefined) return null;
  if (r.gamesHome === undefined) return gamesError('sportsResultGamesPair', 'gamesHome');
  if (r.gamesAway === undefined) return gamesError('sportsResultGamesPair', 'gamesAway');
  if (r.gamesHome < r.home) return gamesError('sportsResultGamesSets', 'gamesHome');
  if (r.gamesAway < r.away) return gamesError('sportsResultGamesSets', 'gamesAway');
  return null;
}

/**
 * The state of play an event keeps once resulted: the result's figures over the feed's last ones (an operator's
 * early result of 2-1 with corners 5-3 once showed the feed's corners 0-0 beside the score it settled on).
 */
function finalState(state: LiveState, r: EventResult): LiveState {
  return {
    ...state,
    score: { home: r.home, away: r.away },
    ...(r.halfTimeHome === undefined || r.halfTimeAway === undefined
      ? {}
      : { halfTime: { home: r.halfTimeHome, away: r.halfTimeAway } }),
    ...(r.cornersHome === undefined || r.cornersAway === undefined
      ? {}
      : { corners: { home: r.cornersHome, away: r.cornersAway } }),
  };
}

/** A result with its optional figures in one order and without absent keys, so equal results compare equal. */
function normaliseResult(r: EventResult): EventResult {
  const out: EventResult = { home: r.home, away: r.away };
  if (r.halfTimeHome !== undefined && r.halfTimeAway !== undefined) {
    out.halfTimeHome = r.halfTimeHome;
    out.halfTimeAway = r.halfTimeAway;
  }
  if (r.cornersHome !== undefined && r.cornersAway !== undefined) {
    out.cornersHome = r.cornersHome;
    out.cornersAway = r.cornersAway;
  }
  if (r.quarters?.length) out.quarters = r.quarters.map((q) => ({ home: q.home, away: q.away }));
  if (r.gamesHome !== undefined && r.gamesAway !== undefined) {
    out.gamesHome = r.gamesHome;
    out.gamesAway = r.gamesAway;
  }
  return out;
}

export type SportsService = ReturnType<typeof createSportsService>;
