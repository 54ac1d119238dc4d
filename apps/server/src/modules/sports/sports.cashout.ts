import {
  BetResult,
  ErrorCode,
  TxType,
  type CashoutAnswer,
  type CashoutQuote,
  type MarketStatus,
} from '@aposta/contracts';
import { DEFAULT_CURRENCY, mulDiv, toMajor } from '@aposta/money';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../platform/bus';
import type { Outbox } from '../../platform/outbox';
import { queryRows, type Database, type Executor } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { moneyParam } from '../../platform/i18n';
import { scopedKey } from '../../platform/idempotency';
import { balancesQuery, hold, parseAmount, requestHash, settle } from '../ledger';
import type { Settings, SettingsService } from '../settings';
import { BUILDER_COLUMNS, builderMargin, priceBuilder, type BuilderRow } from './sports.builder';
import { builderPrice } from './pricing';
import { legFactor, priceOf, returnOf } from './sports.settlement';

/**
 * Cash out (sportsbook.md "Cash out"): the value of an open bet now is stake × price taken / current price, less
 * `sports.cashoutMarginBp` — a parlay multiplies its decided legs' factors and its open legs' taken / current
 * prices; a builder divides its price by the current joint price. None while a market of it is not open or its
 * event takes no bets (past kick-off without a feed, finished, interrupted, postponed, cancelled).
 *
 * Money: a cash-out settles the bet's ledger hold — capture the stake part cashed out (to `house.sports`),
 * payout what it pays (from `house.sports`) — under `sports:cashout:<bet>:<n>`. A partial one releases the rest
 * of the stake and holds it again at once (same transaction, a new hold of the same reference), so the rest stays
 * a running bet whose later settlement pays on the remaining stake only.
 */
const CURRENCY = DEFAULT_CURRENCY;
const HOUSE = 'house.sports';
const money = (minor: number | string) => toMajor(Number(minor), CURRENCY);

export interface CashoutLeg {
  /** Hundredths, as taken. */
  taken: number;
  result: number;
  /** Hundredths now (0: not offered). */
  current: number;
  status: MarketStatus;
  /**
   * Whether the leg's event takes bets now (not started, or in play with a feed): after kick-off without a
   * feed, or once it is finished, interrupted, postponed or cancelled, its prices are no price any more.
   */
  takesBets: boolean;
}

/**
 * The cash-out value in minor units (rounded down) and whether it is offered. `builder`: the bet's price and the
 * current joint price (hundredths; null when it cannot be priced now).
 */
export function cashoutValue(
  stake: number,
  legs: CashoutLeg[],
  marginBp: number,
  builder?: { price: number; current: number | null },
): CashoutQuote & { minor: number } {
  const none = { value: 0, minor: 0, available: false };
  if (legs.some((l) => l.result === BetResult.LOSE)) return none;
  const open = legs.filter((l) => l.result === BetResult.PENDING);
  if (open.length === 0) return none;
  const blocked = open.some((l) => l.status !== 'open' || l.current <= 0 || !l.takesBets);
  let num = BigInt(stake) * BigInt(10_000 - marginBp);
  let den = 10_000n;
  if (builder) {
    if (builder.current === null || builder.current <= 0) return none;
    num *= BigInt(builder.price);
    den *= BigInt(builder.current);
  } else {
    for (const l of legs) {
      if (l.result === BetResult.PENDING) {
        if (l.current <= 0) return none;
        num *= BigInt(l.taken);
        den *= BigInt(l.current);
      } else {
        const [n, d] = legFactor({ price: l.taken, result: l.result });
        num *= n;
        den *= d;
      }
    }
  }
  const minor = Number(num / den);
  return { value: money(minor), minor, available: !blocked && minor > 0 };
}

interface LegRow extends BuilderRow {
  bet_id: string;
  user_id: string;
  kind: 'single' | 'parlay' | 'builder';
  stake: string;
  bet_price: number;
  auto_cashout: string | null;
  bet_status: string;
  taken: number;
  result: number;
}

/** The legs of bets with their selections' current prices and markets' status (what a valuation reads). */
function legsQuery(where: ReturnType<typeof sql>) {
  return sql`select b.id as bet_id, b.user_id, b.kind, b.stake, b.price as bet_price, b.auto_cashout,
      b.status as bet_status, l.price as taken, l.result, ${BUILDER_COLUMNS}
    from sports_bets b
    join sports_bet_legs l on l.bet_id = b.id
    join sports_selections s on s.id = l.selection_id
    join sports_markets m on m.id = l.market_id
    join sports_events e on e.id = l.event_id
    where ${where}
    order by b.id, l.selection_id`;
}

/** Values each bet of the rows (grouped by bet). */
function valueOf(rows: LegRow[], s: Settings) {
  const b = rows[0]!;
  const legs: CashoutLeg[] = rows.map((r) => ({
    taken: Number(r.taken),
    result: Number(r.result),
    current: Number(r.price),
    status: r.status,
    takesBets: Boolean(r.open),
  }));
  let builder: { price: number; current: number | null } | undefined;
  if (b.kind === 'builder') {
    let current: number | null = null;
    try {
      const ids = rows.map((r) => String(r.selection_id));
      const q = priceBuilder(new Map(rows.map((r) => [String(r.selection_id), r])), ids, s, false);
      current = builderPrice(q.probability, builderMargin(s, q.live));
    } catch {
      current = null; // a leg that cannot win any more: nothing to cash out
    }
    builder = { price: Number(b.bet_price), current };
  }
  return cashoutValue(Number(b.stake), legs, s['sports.cashoutMarginBp'], builder);
}

function byBet(rows: LegRow[]) {
  const out = new Map<string, LegRow[]>();
  for (const r of rows) out.set(String(r.bet_id), [...(out.get(String(r.bet_id)) ?? []), r]);
  return out;
}

export interface CashoutDeps {
  database: Database;
  settings: SettingsService;
  bus: EventBus;
  outbox: Pick<Outbox, 'emit'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export function createCashout({ database, settings, bus, outbox, log }: CashoutDeps) {
  const { db } = database;

  async function quote(exec: Executor, betId: string, s: Settings) {
    const rows = await queryRows<LegRow>(exec, legsQuery(sql`b.id = ${betId}::bigint`));
    return rows.length ? { bet: rows[0]!, q: valueOf(rows, s) } : null;
  }

  /** GET …/bets/{betId}/cashout: the bet's value now (only its owner's). */
  async function value(userId: number, betId: string): Promise<CashoutQuote> {
    const s = await settings.all();
    const found = await quote(db, betId, s);
    if (!found || Number(found.bet.user_id) !== userId) throw notFound('sportsBetNotFound');
    if (found.bet.bet_status !== 'open') return { value: 0, available: false };
    return { value: found.q.value, available: found.q.available };
  }

  /**
   * Cashes out `share` of the bet's stake at the value the player saw (`value`, the whole bet's), paying share ×
   * value. The bet row is locked, so two cash-outs of one bet run one after the other; the second sees the first's
   * effect (a closed bet, or a value that moved) and is refused. A repeated key answers the first answer.
   */
  async function cashOut(
    userId: number,
    betId: string,
    input: { value: number; share?: number },
    key: string,
    auto = false,
  ): Promise<CashoutAnswer> {
    const share = input.share ?? 1;
    if (!(share > 0 && share <= 1)) throw badRequest('sportsCashoutShare');
    const seen = parseAmount(input.value, CURRENCY);
    const scoped = scopedKey('sports.cashout', userId, key);
    const hash = requestHash('sports.cashout', { betId, value: seen, share });
    const prior = async () => {
      const [row] = await queryRows<{ request_hash: string; answer: CashoutAnswer }>(
        db,
        sql`select request_hash, answer from sports_cashouts where key = ${scoped}`,
      );
      if (!row) return null;
      if (row.request_hash !== hash)
        throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'idempotencyConflict');
      return row.answer;
    };
    const again = await prior();
    if (again) return again;
    const s = await settings.all();
    let answer: CashoutAnswer;
    try {
      answer = await database.transaction(async (tx) => {
        const [bet] = await queryRows<{
          id: string;
          user_id: string;
          hold_id: string;
          kind: string;
          stake: string;
          price: number;
          status: string;
          cashed_out: string;
          cashouts: number;
          auto_cashout: string | null;
        }>(
          tx,
          sql`select id, user_id, hold_id, kind, stake, price, status, cashed_out, cashouts, auto_cashout
              from sports_bets where id = ${betId}::bigint for update`,
        );
        if (!bet || Number(bet.user_id) !== userId) throw notFound('sportsBetNotFound');
        if (bet.status !== 'open') throw conflict('sportsCashoutClosed');
        const found = (await quote(tx, betId, s))!;
        const now = found.q;
        if (!now.available) throw conflict('sportsCashoutUnavailable');
        // An automatic cash-out fires only on the target as it stands under the lock (the player may have
        // cleared or raised it since the prices were read), and never below it: no tolerance.
        if (auto && (bet.auto_cashout === null || now.minor < Number(bet.auto_cashout)))
          throw conflict('sportsCashoutChanged');
        const tolerance = Math.max(1, Math.floor((seen * s['sports.cashoutToleranceBp']) / 10_000));
        if (Math.abs(now.minor - seen) > tolerance)
          throw new AppError(
            ErrorCode.CONFLICT,
            'sportsCashoutChanged',
            {},
            { data: { value: now.value, available: now.available } },
          );
        const stake = Number(bet.stake);
        const part = share >= 1 ? stake : Math.round(stake * share);
        // A share inside (0, 1] that takes no whole centavo of the stake is too small, not out of range.
        if (part <= 0) throw badRequest('sportsCashoutTooSmall');
        const full = part >= stake;
        // The value the player saw, never more than the value now: the tolerance accepts a value that moved
        // against the player, it does not let a client ask for up to 1% above the current one.
        const worth = Math.min(seen, now.minor);
        // The value of the part of the stake taken (whole centavos), not of the share asked: 1.49 centavos
        // asked of a R$ 1,00 stake take 1 and pay 1% of the value, not 1.49%.
        const paid = full ? worth : mulDiv(worth, part, stake, 'down');
        // A part worth less than a centavo would take stake for nothing.
        if (!full && paid <= 0) throw badRequest('sportsCashoutTooSmall');
        const n = Number(bet.cashouts) + 1;
        const ledgerKey = `sports:cashout:${betId}:${n}`;
        const settled = await settle(tx, {
          holdId: Number(bet.hold_id),
          capture: full ? stake : part,
          to: [{ kind: HOUSE, amount: full ? stake : part }],
          ...(paid > 0 ? { payout: { from: HOUSE, amount: paid } } : {}),
          idempotencyKey: ledgerKey,
          ref: `sports-bet:${betId}`,
          memo: { cashout: n, share: String(share), auto: auto ? 1 : 0 },
        });
        let newHold: number | null = null;
        const rest = stake - part;
        if (full) {
          await tx.execute(
            sql`update sports_bets set status = 'cashedOut', payout = cashed_out + ${paid},
                  cashed_out = cashed_out + ${paid}, cashouts = ${n}, auto_cashout = null, settled_at = now()
                where id = ${betId}::bigint`,
          );
        } else {
          // The rest of the stake, released by the settlement, is held again at once: the bet runs on it.
          newHold = (
            await hold(tx, {
              type: TxType.BET,
              userId,
              amount: rest,
              product: 'sports',
              reference: `sports-bet:${betId}`,
              idempotencyKey: `${ledgerKey}:rest`,
              // Marks the hold as the same stake carried on, not a new one: the records do not list it.
              memo: { carried: n },
            })
          ).txId;
          const legs = await queryRows<{ price: number }>(
            tx,
            sql`select price from sports_bet_legs where bet_id = ${betId}::bigint`,
          );
          const potential =
            bet.kind === 'builder'
              ? returnOf(rest, [{ price: Number(bet.price), result: BetResult.WIN }])
              : priceOf(
                  rest,
                  legs.map((l) => Number(l.price)),
                ).potential;
          await tx.execute(
            sql`update sports_bets set stake = ${rest}, potential = ${potential}, hold_id = ${newHold},
                  cashed_out = cashed_out + ${paid}, cashouts = ${n}
                where id = ${betId}::bigint`,
          );
        }
        const [b] = await queryRows<{ cash_available: string }>(tx, balancesQuery(userId, CURRENCY));
        const out: CashoutAnswer = {
          betId: String(betId),
          paid: money(paid),
          stake: money(full ? 0 : rest),
          status: full ? 'cashedOut' : 'open',
          balance: money(b?.cash_available ?? 0),
          auto,
        };
        await tx.execute(
          sql`insert into sports_cashouts (bet_id, user_id, n, auto, share, stake_part, value, paid, settle_tx_id,
                new_hold_id, key, request_hash, answer)
              values (${betId}::bigint, ${userId}, ${n}, ${auto}, ${share}, ${part}, ${seen}, ${paid},
                ${settled.txId}, ${newHold}, ${scoped}, ${hash}, ${JSON.stringify(out)}::jsonb)`,
        );
        // The player's figures follow its delivery.
        await outbox.emit(tx, 'sports.cashedOut', { userId, betId: String(betId), n, paid, auto });
        return out;
      });
    } catch (err) {
      // The same key committed meanwhile (two requests at once): answer the first one.
      if (err instanceof AppError || /sports_cashouts_key/.test(String(err))) {
        const first = await prior().catch(() => null);
        if (first) return first;
      }
      throw err;
    }
    return answer;
  }

  /**
   * PUT …/autoCashout: the target value (major units) or null; only on the owner's open bet, below what the
   * bet pays if it wins (a cash-out value never reaches that: the target would never fire) and, while the bet
   * has a value now, above it (a target already reached would cash out at once, at today's value). While the
   * value is unavailable (a market suspended, closed) any target below the potential win is taken.
   */
  async function setAuto(userId: number, betId: string, target: number | null) {
    const minor = target === null ? null : parseAmount(target, CURRENCY);
    const [row] = await queryRows<{ id: string; user_id: string; status: string; potential: string }>(
      db,
      sql`select id, user_id, status, potential from sports_bets where id = ${betId}::bigint`,
    );
    if (!row || Number(row.user_id) !== userId) throw notFound('sportsBetNotFound');
    if (minor !== null && minor >= Number(row.potential))
      throw badRequest('sportsCashoutTargetTooHigh', { amount: moneyParam(Number(row.potential)) });
    if (minor !== null && row.status === 'open') {
      const now = await quote(db, betId, await settings.all());
      if (now?.q.available && minor <= now.q.minor)
        throw badRequest('sportsCashoutTargetTooLow', { amount: moneyParam(now.q.minor) });
    }
    const [done] = await queryRows<{ id: string }>(
      db,
      sql`update sports_bets set auto_cashout = ${minor} where id = ${betId}::bigint and status = 'open'
          returning id`,
    );
    if (!done) throw conflict('sportsCashoutClosed');
    return { betId: String(betId), autoCashout: minor === null ? null : money(minor) };
  }

  /**
   * After an event's prices moved: each open bet with a leg in it gets its new value pushed to its owner, and an
   * automatic cash-out whose target the value reached fires (through `cashOut`, keyed by the bet's cash-out
   * count, so a repeated run cashes out once).
   */
  async function afterPrices(eventId: string) {
    const s = await settings.all();
    const rows = await queryRows<LegRow>(
      db,
      legsQuery(
        sql`b.status = 'open' and b.id in (select bet_id from sports_bet_legs where event_id = ${eventId}::bigint)`,
      ),
    );
    let fired = 0;
    for (const [betId, legs] of byBet(rows)) {
      const q = valueOf(legs, s);
      const b = legs[0]!;
      const userId = Number(b.user_id);
      void bus.publish('sports.cashout', {
        userId,
        payload: { betId, value: q.value, available: q.available },
      });
      if (b.auto_cashout !== null && q.available && q.minor >= Number(b.auto_cashout)) {
        try {
          const paid = await cashOut(userId, betId, { value: q.value }, `auto-${betId}`, true);
          fired++;
          void bus.publish('sports.cashout', {
            userId,
            payload: { betId, value: q.value, available: false, paid: paid.paid },
          });
        } catch (err) {
          log.warn({ err, betId }, 'sports automatic cash-out refused');
        }
      }
    }
    return fired;
  }

  return { value, cashOut, setAuto, afterPrices };
}

export type Cashout = ReturnType<typeof createCashout>;

/**
 * How a settled sports stake counts towards bonus wagering (registered with the wagering module): a cash-out's
 * settlement not at all (a bet and its own cash-out are no turnover), a bet priced under `bonus.sportsMinPrice`
 * with weight 0 (the bet's price: the product of a parlay's legs), any other at the product's weight.
 */
export async function contribution(
  fact: { txId: number; reference: string },
  tx: Executor,
  s: Pick<Settings, 'bonus.sportsMinPrice'>,
): Promise<{ counts?: boolean; weight?: number }> {
  const [cashout] = await queryRows<{ id: string }>(
    tx,
    sql`select id from sports_cashouts where settle_tx_id = ${fact.txId}::bigint limit 1`,
  );
  if (cashout) return { counts: false, weight: 0 };
  const betId = /^sports-bet:(\d+)$/.exec(fact.reference)?.[1];
  if (!betId) return {};
  const [bet] = await queryRows<{ price: number }>(
    tx,
    sql`select price from sports_bets where id = ${betId}::bigint`,
  );
  return bet && Number(bet.price) < s['bonus.sportsMinPrice'] ? { weight: 0 } : {};
}

/**
 * `contribution`'s set-based half, for the wagering relay: of settled sports stakes, the settlement transactions
 * a cash-out made (they make no turnover). One read for all of them.
 */
export async function cashedOut(facts: { txId: number }[], tx: Executor): Promise<Set<number>> {
  const found = await queryRows<{ settle_tx_id: string }>(
    tx,
    sql`select settle_tx_id from sports_cashouts
         where settle_tx_id = any(${`{${facts.map((f) => Number(f.txId)).join(',')}}`}::bigint[])`,
  );
  return new Set(found.map((r) => Number(r.settle_tx_id)));
}
