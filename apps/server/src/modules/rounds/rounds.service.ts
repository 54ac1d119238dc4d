import {
  ErrorCode,
  ROUND_LISTS_BEAT_MS,
  TxType,
  type RoundBet,
  type RoundChain,
  type RoundGame,
  type RoundHistoryItem,
  type RoundPublicBet,
  type RoundState,
} from '@aposta/contracts';
import {
  crashMultiplierAt,
  MULTIPLIER_SCALE,
  payout as payoutOf,
  roundResult,
  roundValue,
} from '@aposta/fairness';
import { DEFAULT_CURRENCY, toMajor, type Currency } from '@aposta/money';
import { sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus';
import { pgCode, pgConstraint, type Database, type Tx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { moneyParam } from '../../platform/i18n';
import { scopedKey } from '../../platform/idempotency';
import type { Outbox } from '../../platform/outbox';
import { inPages } from '../../platform/pages';
import {
  balancesQuery,
  parseAmount,
  requestHash,
  settle,
  settleMany,
  voidHold,
  type SystemKind,
} from '../ledger';
import type { SettingsService } from '../settings';
import { rgRefusal } from '../rg';
import type { Chains, ChainRow } from './rounds.chains';
import { bestOf, crashDurationMs, GAMES, luckyPeriod, multiplierOf } from './rounds.games';
import { iso, rows } from './rounds.sql';
import './rounds.events';

export interface RoundsDeps {
  database: Database;
  settings: SettingsService;
  bus: EventBus;
  outbox: Outbox;
  chains: Chains;
  /** ROUNDS_TIME_SCALE: 1 in production. */
  scale: number;
  chainLength: number;
}

/** The player placing a bet (the session's user). */
export interface Player {
  id: number;
  username: string;
}

/** A bet request as the contract parses it (one shape for the three games). */
export interface BetInput {
  roundId: string;
  amount: number | string;
  color?: string;
  pick?: string;
  autoCashout?: number;
}

/**
 * Shared rounds live under the originals' house account: they are in-house games, and the ledger's products
 * are its own (not changed here). The hold's reference names the round bet.
 */
const HOUSE: SystemKind = 'house.originals';
const PRODUCT = 'originals';
const CURRENCY: Currency = DEFAULT_CURRENCY;
/**
 * A betting round this far past its close when a clock finds it never reached its draw: refunded. Longer than
 * a clock's takeover (rounds.clock.ts: lease 5 s, renewed every second), so a takeover alone refunds nothing.
 * The takeover does not speed up with ROUNDS_TIME_SCALE, so neither does the floor of 10 s.
 */
export const staleAfterMs = (scale: number) => Math.max(15_000 * scale, 10_000);
/** Bets refunded per wave; the ledger folds concurrent voids into statements of up to 32. */
const REFUND_WAVE = 256;
/**
 * A round's settlement: pages of SETTLE_PAGE bets, each one `settleMany` statement in a transaction of its own,
 * SETTLE_PAGES_AT_ONCE at a time (PostgreSQL runs them side by side). A double round of 5,000 bets settled
 * 0.7-1.3 s after its result, against 1.2-2.3 s as single settlements folded 32 to a statement by the ledger's
 * batcher (bench:rounds, run alternately); pages of 32 or 250 did worse than 128, one page at a time worse still.
 */
const SETTLE_PAGE = 128;
const SETTLE_PAGES_AT_ONCE = 2;
/** A settlement that failed is tried again after 1 s, 2 s, 4 s … and at least once a minute. */
const SETTLE_RETRY_MAX_MS = 60_000;
/** The public list of a round's bets shows at most this many (the newest). */
const LIST_BETS = 100;
/** How long a node answers the clients' polls of a game's state from one read (`pollState`). */
const POLL_FRESH_MS = 250;
/**
 * How long a node answers a game's history from one read (`history`), unless a round of the game changes first.
 * Every phone watching asks for it again when a round's result comes: thousands at the same instant, as the
 * round settles.
 */
const HISTORY_FRESH_MS = 1_000;
/** A history read takes at least this many rounds, so the phones' usual asks share one read. */
const HISTORY_READ_MIN = 100;

interface RoundRow {
  id: string;
  game: RoundGame;
  chain_id: string;
  chain_index: number;
  hash: string;
  /** A bigint: a string from PostgreSQL. */
  result: number | string;
  phase: 'betting' | 'running' | 'result';
  opens_at: string | Date;
  closes_at: string | Date;
  result_at: string | Date;
  next_at: string | Date;
  period: string | null;
  void: boolean;
  settled_at: string | Date | null;
  now: string | Date;
}

interface BetRow {
  id: string;
  round_id: string;
  game: RoundGame;
  user_id: string;
  pick: string | null;
  auto_cashout: number | null;
  amount: string;
  hold_id: string;
  state: 'open' | 'settling' | 'won' | 'lost' | 'refunded';
  /** Bigints: strings from PostgreSQL. */
  cashout: number | string | null;
  multiplier: number | string;
  payout: string;
  player: string;
  request_hash: string;
  cashout_key: string | null;
  created_at: string | Date;
  /** Its round's period (lucky colour), where the read joins the round. */
  period?: string | null;
}

/** A bet as the round's public list shows it (read as JSON: the amounts are numbers). */
type ListedBet = Pick<BetRow, 'player' | 'pick' | 'cashout'> & {
  id: number | string;
  amount: number | string;
  payout: number | string;
};

const major = (minor: number | string) => toMajor(Number(minor), CURRENCY);
const ms = (t: string | Date) => new Date(t).getTime();

/** jo***@… → "jo***n": enough to tell players apart in a list, not enough to find them. */
export function maskPlayer(username: string): string {
  const name = username.split('@')[0] ?? '';
  return name.length <= 2 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-1)}`;
}

export function createRoundsService(deps: RoundsDeps) {
  const { database, settings, bus, outbox, chains, scale } = deps;
  const { db } = database;

  /**
   * Bets and cash-outs reach the watchers in batches: a push per bet would cost every watcher one message per
   * bet (5,000 bets × 10,000 watchers). Each node gathers its own and publishes them on the beat of the wall
   * clock (every ROUND_LISTS_BEAT_MS), as every other node does: each node's gateway then merges the beat's lists
   * of all nodes into one push.
   */
  const pending = new Map<
    string,
    { game: RoundGame; event: 'roundBet' | 'roundCashout'; roundId: string; bets: RoundPublicBet[] }
  >();
  let flushTimer: NodeJS.Timeout | undefined;
  function flush() {
    flushTimer = undefined;
    for (const { game, event, roundId, bets } of pending.values())
      void bus.publish('rounds.push', { game, event, payload: { game, roundId, bets } });
    pending.clear();
  }
  function push(game: RoundGame, event: 'roundBet' | 'roundCashout', bet: RoundPublicBet, roundId: string) {
    const key = `${game}:${event}:${roundId}`;
    const batch = pending.get(key) ?? { game, event, roundId, bets: [] };
    batch.bets.push(bet);
    pending.set(key, batch);
    flushTimer ??= setTimeout(flush, ROUND_LISTS_BEAT_MS - (Date.now() % ROUND_LISTS_BEAT_MS));
  }

  /**
   * The round's state to its watchers, after the change committed. Not an outbox event: a state is worth
   * pushing only now (a lost push is caught by the clients' poll), and phase changes must not queue behind
   * the ledger's facts. Never rejects.
   */
  const pushState = async (roundId: string) => {
    const state = await readState(roundId).catch(() => null);
    if (state)
      await bus
        .publish('rounds.push', { game: state.game, event: 'roundState', payload: state })
        .catch(() => {});
  };

  /**
   * A settled round's final state, then the new balance of each player paid. The state first: it is every
   * watcher's, and the figures reads of the players paid would otherwise queue before its read.
   */
  const pushSettled = async (roundId: string, paid: number[]) => {
    await pushState(roundId);
    for (const userId of paid) bus.publish('balance.changed', { userId }).catch(() => {});
  };

  const publicBet = (b: ListedBet): RoundPublicBet => ({
    id: String(b.id),
    player: b.player,
    amount: major(b.amount),
    pick: b.pick,
    cashout: b.cashout === null ? null : Number(b.cashout) / 100,
    payout: major(b.payout),
  });

  function betAnswer(b: BetRow, balance: number | string = 0): RoundBet {
    return {
      betId: String(b.id),
      roundId: String(b.round_id),
      game: b.game,
      amount: major(b.amount),
      pick: b.pick,
      autoCashout: b.auto_cashout === null ? null : b.auto_cashout / 100,
      cashout: b.cashout === null ? null : Number(b.cashout) / 100,
      state: b.state === 'settling' ? 'open' : b.state,
      multiplier: Number(b.multiplier) / MULTIPLIER_SCALE,
      payout: major(b.payout),
      balance: major(balance),
      time: new Date(b.created_at).toISOString(),
      period: b.period ?? null,
    };
  }

  /**
   * A round's state in one statement: the round, its newest bets and their count, and the database's clock read
   * last (clock_timestamp(): now() is when the statement, or a transaction around it, began, and clients place
   * their countdown by serverTime). Always on `db`, never in a transaction: an outbox delivery's read had been
   * hundreds of ms old. `which`: the condition on `rounds r`.
   */
  async function readStateWhere(which: ReturnType<typeof sql>) {
    const read = await readStateAndBoundary(which);
    return read?.state ?? null;
  }

  /** A round's state, and the database's instant when its phase will next change (null: none or unknown). */
  async function readStateAndBoundary(
    which: ReturnType<typeof sql>,
  ): Promise<{ state: RoundState; boundary: number | null } | null> {
    const [stored] = await rows<RoundRow & { bets: ListedBet[]; bet_count: number }>(
      db,
      sql`select r.*,
            coalesce((select json_agg(b order by b.id desc) from (
              select id, player, amount, pick, cashout, payout from round_bets
              where round_id = r.id order by id desc limit ${LIST_BETS}) b), '[]') as bets,
            (select count(*)::int from round_bets where round_id = r.id) as bet_count,
            clock_timestamp() as now
          from rounds r where ${which} order by r.id desc limit 1`,
    );
    if (!stored) return null;
    const def = GAMES[stored.game];
    // The phase by the database's clock: a step of the clock may come a moment after the time it acts on.
    const now = ms(stored.now);
    const phase =
      stored.phase === 'betting' && now >= ms(stored.closes_at)
        ? now >= ms(stored.result_at)
          ? 'result'
          : 'running'
        : stored.phase === 'running' && now >= ms(stored.result_at)
          ? 'result'
          : stored.phase;
    const round = { ...stored, phase };
    const known = round.phase === 'result';
    const boundary =
      phase === 'betting' ? ms(stored.closes_at) : phase === 'running' ? ms(stored.result_at) : null;
    const state: RoundState = {
      game: round.game,
      roundId: String(round.id),
      phase: round.phase,
      opensAt: iso(round.opens_at)!,
      closesAt: iso(round.closes_at)!,
      // A crash round's end would tell its crash point: shown from the result on.
      resultAt: def.kind === 'crash' && !known ? null : iso(round.result_at),
      serverTime: iso(round.now)!,
      result: known && !round.void ? Number(round.result) / (def.kind === 'crash' ? 100 : 1) : null,
      hash: known ? round.hash : null,
      void: round.void,
      period: round.period,
      startedAt: def.kind === 'crash' && round.phase !== 'betting' ? iso(round.closes_at) : null,
      bets: stored.bets.map(publicBet),
      betCount: stored.bet_count,
    };
    return { state, boundary };
  }

  const readState = (roundId: string) => readStateWhere(sql`r.id = ${roundId}::bigint`);

  /**
   * A game's state for the clients' polls (every phone asks every few seconds: thousands of reads a second
   * otherwise): one read per game at a time on this node, answered again for up to POLL_FRESH_MS with its
   * `serverTime` moved on by the time since the read (clients place their countdown by it), never across the
   * instant its phase changes, and dropped when this node changes the game's round or any node (this one too:
   * the bus delivers to its publisher) pushes a new state of it.
   */
  type Polled = { read: ReturnType<typeof readStateAndBoundary>; at?: number };
  const polled = new Map<RoundGame, Polled>();
  type HistoryRead = { read: Promise<RoundHistoryItem[]>; limit: number; at: number };
  const histories = new Map<RoundGame, HistoryRead>();
  /** A round of the game changed (here, or on any node as its state push says): the next reads are fresh. */
  function changed(game: RoundGame) {
    polled.delete(game);
    histories.delete(game);
  }
  const unsubscribe = bus.subscribe('rounds.push', ({ game, event }) => {
    if (event === 'roundState') changed(game as RoundGame);
  });
  async function pollState(game: RoundGame): Promise<RoundState | null> {
    const hit = polled.get(game);
    if (hit?.at !== undefined) {
      const read = await hit.read;
      const since = performance.now() - hit.at;
      const serverNow = read ? ms(read.state.serverTime) + since : 0;
      if (read && since < POLL_FRESH_MS && (read.boundary === null || serverNow < read.boundary))
        return { ...read.state, serverTime: new Date(serverNow).toISOString() };
    } else if (hit) return (await hit.read)?.state ?? null;
    const entry: Polled = { read: readStateAndBoundary(sql`r.game = ${game}`) };
    polled.set(game, entry);
    try {
      const read = await entry.read;
      entry.at = performance.now();
      return read?.state ?? null;
    } catch (err) {
      if (polled.get(game) === entry) polled.delete(game);
      throw err;
    }
  }

  async function readHistory(game: RoundGame, limit: number): Promise<RoundHistoryItem[]> {
    const list = await rows<RoundRow>(
      db,
      sql`select * from rounds where game = ${game} and phase = 'result' and not void
          order by id desc limit ${limit}`,
    );
    const crash = GAMES[game].kind === 'crash';
    return list.map((r) => ({
      roundId: String(r.id),
      hash: r.hash,
      result: Number(r.result) / (crash ? 100 : 1),
      settledAt: iso(r.settled_at),
      period: r.period,
      chainId: String(r.chain_id),
    }));
  }

  // ---------------------------------------------------------------- the clock's steps (one node at a time)

  /** The game's active chain with its salt fixed and rounds left; a new chain when there is none. */
  async function usableChain(game: RoundGame): Promise<ChainRow | null> {
    const [chain] = await rows<ChainRow>(db, sql`select * from round_chains where game = ${game} and active`);
    if (!chain || chain.used >= chain.length) {
      await database.transaction((tx) => chains.create(tx, game, deps.chainLength));
      return null; // its salt is fixed on a later step, after the commitment
    }
    if (!chain.salt_set_at) {
      await chains.fixSalt(db, String(chain.id));
      return null;
    }
    return { ...chain, id: String(chain.id) };
  }

  /** Opens the game's next round: the chain's next hash, its result and its schedule by the database's clock. */
  async function openRound(game: RoundGame): Promise<void> {
    const def = GAMES[game];
    const chain = await usableChain(game);
    if (!chain) return;
    const j = chain.used + 1;
    const hash = await chains.roundHash(chain, j);
    const result = roundResult(def.kind, roundValue(hash, chain.salt!));
    const opened = await database
      .transaction(async (tx) => {
        // Takes round j of the chain, unless another clock did meanwhile (then this one gives way).
        const [taken] = await rows<{ now: string | Date }>(
          tx,
          sql`update round_chains set used = used + 1 where id = ${chain.id}::bigint and used = ${chain.used}
            returning now() as now`,
        );
        if (!taken) return;
        const now = ms(taken.now);
        let times: { opens: number; closes: number; result: number; next: number; period: string | null };
        if (def.kind === 'luckyColor') {
          const p = luckyPeriod(def, now, scale);
          times = {
            opens: p.start,
            closes: p.closes,
            result: p.end,
            next: p.end,
            period: p.number,
          };
        } else {
          const closes = now + def.bettingMs * scale;
          const rise = def.kind === 'crash' ? crashDurationMs(result, scale) : def.spinMs * scale;
          times = {
            opens: now,
            closes,
            result: closes + rise,
            next: closes + rise + def.showMs * scale,
            period: null,
          };
        }
        const at = (t: number) => sql`${new Date(Math.round(t)).toISOString()}::timestamptz`;
        const [round] = await rows<{ id: string }>(
          tx,
          sql`insert into rounds (game, chain_id, chain_index, hash, result, phase, opens_at, closes_at, result_at,
              next_at, period)
            values (${game}, ${chain.id}::bigint, ${j}, ${hash}, ${result}, 'betting', ${at(times.opens)},
              ${at(times.closes)}, ${at(times.result)}, ${at(times.next)}, ${times.period})
            on conflict do nothing returning id`,
        );
        if (!round) throw new GiveWay();
        return String(round.id);
      })
      .catch((err: unknown) => {
        if (!(err instanceof GiveWay)) throw err;
        return null;
      });
    if (opened) {
      changed(game);
      void pushState(opened);
    }
  }

  /**
   * Moves a phase on when its time has come (one statement, or statements in one transaction); answers the rounds
   * that changed.
   */
  async function transition(
    game: RoundGame,
    query: ReturnType<typeof sql> | ((tx: Tx) => Promise<{ id: string }[]>),
  ): Promise<string[]> {
    const ids = await database.transaction(async (tx) => {
      const moved = typeof query === 'function' ? await query(tx) : await rows<{ id: string }>(tx, query);
      return moved.map((r) => String(r.id));
    });
    if (ids.length) changed(game);
    for (const id of ids) void pushState(id);
    return ids;
  }

  /**
   * Claims the round's bets still in play (a crash cash-out holding a bet's row finishes first; the claim then
   * skips it), then closes each hold once: settles it (`refund` false) or voids it. Every ledger call carries
   * the bet's key, so a settlement interrupted and run again replays instead of paying twice.
   */
  async function closeBets(round: RoundRow, refund: boolean): Promise<number[]> {
    await db.execute(
      sql`update round_bets set state = 'settling' where round_id = ${round.id}::bigint and state = 'open'`,
    );
    const bets = await rows<BetRow>(
      db,
      sql`select * from round_bets where round_id = ${round.id}::bigint and state = 'settling'`,
    );
    const { update, paid } = await payClaimed(round, bets, refund);
    const winners = new Set(paid);
    await database.transaction(async (tx) => {
      if (update) await tx.execute(update);
      const [done] = await rows<{ id: string }>(
        tx,
        // When it is done (the bets' rows included), not when this transaction began.
        sql`update rounds set settled_at = clock_timestamp() where id = ${round.id}::bigint and settled_at is null
            returning id`,
      );
      // The durable fact of a round that had bets (its delivery pushes the state and the winners' balances again).
      if (done && bets.length)
        await outbox.emit(tx, 'rounds.settled', {
          game: round.game,
          roundId: String(round.id),
          paid: [...winners],
        });
    });
    changed(round.game); // its settledAt
    // At once, not only from the delivery of `rounds.settled`: the relay delivers in order, behind the ledger's
    // facts of every bet just settled (5,000 bets: some 3 s on a slow machine), and a winner expects the payout
    // with the result. The delivery repeats both for a push lost here (a crash before it).
    void pushSettled(String(round.id), [...winners]);
    return [...winners];
  }

  /**
   * Closes the holds of bets claimed by a settlement (state 'settling'): settled by the round's result (what each
   * pays depends on the bet and the result alone, so a second run asks the ledger exactly the same), a page of
   * SETTLE_PAGE bets per statement, or voided (on `database.db`, where the ledger batches them). Every ledger
   * call is keyed by the bet, so a second run replays. Answers the statement that records the outcomes on the
   * bets' rows, and the players whose balance went up.
   */
  async function payClaimed(round: RoundRow, bets: BetRow[], refund: boolean) {
    const def = GAMES[round.game];
    const outcomes: { id: string; state: string; multiplier: number; paid: number }[] = [];
    if (refund)
      for (let i = 0; i < bets.length; i += REFUND_WAVE)
        await Promise.all(
          bets.slice(i, i + REFUND_WAVE).map(async (b) => {
            await voidHold(db, { holdId: Number(b.hold_id), idempotencyKey: `rounds:void:${b.id}` });
            outcomes.push({ id: b.id, state: 'refunded', multiplier: 0, paid: 0 });
          }),
        );
    else
      await inPages(bets, SETTLE_PAGE, SETTLE_PAGES_AT_ONCE, async (page) => {
        const results = page.map((b) => {
          const amount = Number(b.amount);
          const multiplier = multiplierOf(
            def,
            { pick: b.pick, autoCashout: b.auto_cashout },
            Number(round.result),
          );
          // Not capped again: the bet was taken under the maximum payout of its time (`stakeOf`), and a cap read
          // now could differ from an earlier, interrupted run's, which the ledger would refuse under the same key.
          const paid = payoutOf(amount, multiplier);
          return { b, amount, multiplier, paid };
        });
        await database.transaction((tx) =>
          settleMany(
            tx,
            results.map(({ b, amount, paid }) => ({
              input: {
                holdId: Number(b.hold_id),
                capture: amount,
                to: [{ kind: HOUSE, amount }],
                ...(paid > 0 ? { payout: { from: HOUSE, amount: paid } } : {}),
                idempotencyKey: `rounds:settle:${b.id}`,
              },
            })),
          ),
        );
        for (const { b, multiplier, paid } of results)
          outcomes.push({ id: b.id, state: paid > 0 ? 'won' : 'lost', multiplier, paid });
      });
    if (!outcomes.length) return { update: null, paid: [] };
    // Four arrays, not a VALUES list of four parameters per bet: 20,000 parameters for 5,000 bets took longer to
    // build, send and bind than the update took to run.
    const column = (f: (o: (typeof outcomes)[number]) => string | number) => `{${outcomes.map(f).join(',')}}`;
    const update = sql`update round_bets b set state = v.state, multiplier = v.multiplier, payout = v.paid,
          cashout = case when v.state = 'won' and b.game = 'crash' then b.auto_cashout else b.cashout end,
          settled_at = now()
        from unnest(${column((o) => o.id)}::bigint[], ${column((o) => o.state)}::text[],
          ${column((o) => o.multiplier)}::bigint[], ${column((o) => o.paid)}::bigint[]) as v(id, state, multiplier, paid)
        where b.id = v.id`;
    const byId = new Map(outcomes.map((o) => [o.id, o]));
    const paid = new Set<number>();
    for (const b of bets) {
      const o = byId.get(b.id);
      if (o && (o.paid > 0 || refund)) paid.add(Number(b.user_id));
    }
    return { update, paid: [...paid] };
  }

  /**
   * Crash: pays the automatic cash-outs the curve has reached (`upTo`, hundredths, by the database's clock)
   * while the round rises, so they show live. Claimed like a settlement (a manual cash-out holding a row
   * finishes first), each paid at its own target, which the crash point is at least.
   */
  async function cashAutos(roundId: string, upTo: number): Promise<void> {
    const claimed = await rows<BetRow>(
      db,
      sql`update round_bets b set state = 'settling' from rounds r
          where b.round_id = ${roundId}::bigint and r.id = b.round_id and r.phase = 'running'
            and b.state = 'open' and b.auto_cashout <= ${upTo}::bigint and b.auto_cashout <= r.result
          returning b.*`,
    );
    if (!claimed.length) return;
    const [round] = await rows<RoundRow>(
      db,
      sql`select *, now() as now from rounds where id = ${roundId}::bigint`,
    );
    const { update, paid } = await payClaimed(round!, claimed, false);
    if (update) await db.execute(update);
    for (const b of claimed)
      push(
        'crash',
        'roundCashout',
        {
          id: String(b.id),
          player: b.player,
          amount: major(b.amount),
          pick: null,
          cashout: b.auto_cashout! / 100,
          payout: major(payoutOf(Number(b.amount), b.auto_cashout! * 100)),
        },
        roundId,
      );
    for (const userId of paid) void bus.publish('balance.changed', { userId });
  }

  /** Voids the game's betting rounds left long past their close (see `advance`); answers the rounds voided. */
  function voidStale(game: RoundGame): Promise<string[]> {
    const stale = sql`game = ${game} and phase = 'betting'
      and closes_at < now() - ${`${staleAfterMs(scale)} milliseconds`}::interval`;
    return transition(game, async (tx) => {
      const locked = await rows<{ id: string }>(tx, sql`select id from rounds where ${stale} for update`);
      if (!locked.length) return [];
      return rows<{ id: string }>(
        tx,
        sql`update rounds set phase = 'result', void = true, result_at = now(), next_at = now()
            where ${stale} and id = any(${`{${locked.map((r) => r.id).join(',')}}`}::bigint[])
              and not exists (select 1 from round_bets b where b.round_id = rounds.id and b.cashout is not null)
            returning id`,
      );
    });
  }

  /** Rounds whose settlement failed on this node: its tries so far, and when it may be tried again. */
  const retries = new Map<string, { tries: number; at: number }>();

  /** One step of a game's clock: every due phase change, settlements owed, and the next round. */
  async function advance(game: RoundGame): Promise<void> {
    // Betting rounds a stopped clock left long past their close never reached their draw: refunded. Not a crash
    // round a player cashed out of (by the database's clock, the clock's steps aside): it had begun, and money
    // moved on its committed point; it is settled from it, as a round interrupted while rising. The rounds are
    // locked first, in a statement of their own: a cash-out in flight holds its round FOR SHARE, so the lock
    // waits for it, and the update's fresh snapshot then sees its cash-out (one statement would judge by a
    // snapshot taken before the cash-out committed, voiding a round whose cash-out was paid).
    await voidStale(game);
    await transition(
      game,
      sql`update rounds set phase = 'running' where game = ${game} and phase = 'betting' and closes_at <= now()
          returning id`,
    );
    await transition(
      game,
      sql`update rounds set phase = 'result' where game = ${game} and phase = 'running' and result_at <= now()
          returning id`,
    );
    // Settlements owed: just drawn, or interrupted by a stop (settled from the committed result).
    const owed = await rows<RoundRow>(
      db,
      sql`select *, now() as now from rounds where game = ${game} and phase = 'result' and settled_at is null
          order by id`,
    );
    // One round that cannot be settled must not stop its game: it is tried again later, less and less often,
    // and its error reaches the clock's log once the step is done.
    let failure: unknown;
    for (const round of owed) {
      const id = String(round.id);
      const retry = retries.get(id);
      if (retry && performance.now() < retry.at) continue;
      try {
        await closeBets(round, round.void);
        retries.delete(id);
      } catch (err) {
        const tries = (retry?.tries ?? 0) + 1;
        retries.set(id, { tries, at: performance.now() + Math.min(SETTLE_RETRY_MAX_MS, 500 * 2 ** tries) });
        failure ??= err;
      }
    }
    await openNext(game);
    if (failure) throw failure;
  }

  /** The game's next round, unless one is in play or the last one's result is still shown. */
  async function openNext(game: RoundGame) {
    const [live] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rounds where game = ${game} and phase in ('betting', 'running')`,
    );
    if (live?.n) return;
    const [last] = await rows<{ due: boolean }>(
      db,
      sql`select next_at <= now() as due from rounds where game = ${game} order by id desc limit 1`,
    );
    if (!last || last.due) await openRound(game);
  }

  // ---------------------------------------------------------------- players' calls

  async function stakeOf(input: number | string, best: number | null) {
    const amount = parseAmount(input, CURRENCY);
    const s = await settings.all();
    if (amount < s['originals.minStake'])
      throw badRequest('originalsStakeBelowMin', { amount: moneyParam(s['originals.minStake']) });
    if (amount > s['originals.maxStake'])
      throw badRequest('originalsStakeAboveMax', { amount: moneyParam(s['originals.maxStake']) });
    if (best !== null && payoutOf(amount, best) > s['originals.maxPayout'])
      throw badRequest('originalsPayoutOverMax', { amount: moneyParam(s['originals.maxPayout']) });
    return amount;
  }

  async function overBalance(userId: number) {
    const [b] = await rows<{ cash_available: string; bonus_available: string }>(
      db,
      balancesQuery(userId, CURRENCY),
    );
    const available = Number(b?.cash_available ?? 0) + Number(b?.bonus_available ?? 0);
    return new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'originalsOverBalance', {
      amount: moneyParam(available),
    });
  }

  /** A repeat of a keyed call: the first answer (same request) or 409 (another request). */
  async function replay(key: string, hash: string): Promise<RoundBet | null> {
    const [prior] = await rows<BetRow>(db, sql`select * from round_bets where key = ${key}`);
    if (!prior) return null;
    if (prior.request_hash !== hash)
      throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'idempotencyConflict');
    const [b] = await rows<{ cash_available: string }>(db, balancesQuery(Number(prior.user_id), CURRENCY));
    return betAnswer(prior, b?.cash_available ?? 0);
  }

  const cashOf = async (tx: Tx, userId: number) => {
    const [b] = await rows<{ cash_available: string }>(tx, balancesQuery(userId, CURRENCY));
    return b?.cash_available ?? '0';
  };

  /**
   * The clock's step for several games: one read of each game's latest round, then a full step only for the
   * games with something due (a phase change, a settlement owed, the next round), so an idle step is cheap.
   * Answers in how many ms the next phase of the games not stepped is due (by the database's clock), or 0 when
   * a game was stepped (its next moment is read by the next step), so the clock can step right on time.
   */
  async function advanceDue(games: readonly RoundGame[]): Promise<number> {
    const latest = await rows<{ game: RoundGame; due: boolean; due_in: number | null }>(
      db,
      sql`select g.game, coalesce(r.due, true) as due, r.due_in
          from unnest(${`{${games.join(',')}}`}::text[]) as g(game)
          left join lateral (
            select (phase = 'betting' and closes_at <= now()) or (phase = 'running' and result_at <= now())
                or (phase = 'result' and (settled_at is null or next_at <= now())) as due,
              extract(epoch from (case phase when 'betting' then closes_at when 'running' then result_at
                else next_at end) - now())::float8 * 1000 as due_in
            from rounds where rounds.game = g.game order by id desc limit 1
          ) r on true`,
    );
    let failure: unknown;
    let next = Infinity;
    for (const { game, due, due_in } of latest) {
      // One game's fault must not stop the others' clocks.
      if (due) {
        await advance(game).catch((err: unknown) => (failure ??= err));
        next = 0;
      } else if (due_in !== null) next = Math.min(next, Number(due_in));
    }
    if (failure) throw failure;
    return next;
  }

  return {
    advance,
    advanceDue,

    /** The live round of a game (or the last one, until the next opens), with its public list of bets. */
    async state(game: RoundGame): Promise<RoundState> {
      const state = await pollState(game);
      if (!state) throw notFound('roundsUnknownRound');
      return state;
    },

    /** The state of one round (pushed to the game's room at every phase). */
    stateById: readState,

    /** A settled round's final state, then its winners' balances (the delivery of `rounds.settled`). */
    pushSettled,

    /** Pushes what is still gathered and stops gathering (the app is closing). */
    close() {
      unsubscribe();
      clearTimeout(flushTimer);
      flush();
    },

    /**
     * A bet on the round in its betting window, by the database's clock: `rounds_bet`, one statement (its own
     * transaction) for the round's check FOR SHARE (the clock's close waits for bets already in), the
     * responsible-gambling check, the hold and the bet's row. The key makes a repeat answer the first bet.
     */
    async bet(game: RoundGame, player: Player, input: BetInput, key: string): Promise<RoundBet> {
      const def = GAMES[game];
      const pick = def.kind === 'double' ? input.color! : def.kind === 'luckyColor' ? input.pick! : null;
      const auto =
        def.kind === 'crash' && input.autoCashout !== undefined ? Math.round(input.autoCashout * 100) : null;
      const amount = await stakeOf(input.amount, bestOf(def, pick, auto));
      const scoped = scopedKey(`rounds.bet.${game}`, player.id, key);
      const hash = requestHash('rounds.bet', { game, ...input });
      let answer: RoundBet;
      try {
        const [row] = await rows<{ bet: (BetRow & { cash_after: string }) | { refused: string } }>(
          db,
          sql`select rounds_bet(${input.roundId}::bigint, ${game}, ${player.id}::bigint, ${CURRENCY},
                ${amount}::bigint, ${pick}, ${auto}::int, ${maskPlayer(player.username)}, ${scoped}, ${hash},
                ${TxType.BET}::int, ${PRODUCT}) as bet`,
        );
        const bet = row!.bet;
        if ('refused' in bet)
          throw bet.refused === 'unknown' ? notFound('roundsUnknownRound') : conflict('roundsBettingClosed');
        answer = betAnswer(bet, bet.cash_after);
      } catch (err) {
        // A repeat of a bet already taken answers that bet, whatever refuses a new one now (the window closed,
        // the balance spent): a client retrying a lost answer must not be told its live bet failed.
        const prior = await replay(scoped, hash).catch((e: unknown) => {
          if (e instanceof AppError) throw e;
          return null;
        });
        if (prior) return prior;
        if (pgCode(err) === '23505' && pgConstraint(err) === 'round_bets_crash_one')
          throw conflict('roundsOneBetPerRound');
        if (pgCode(err) === '23514' && pgConstraint(err) === 'ledger_accounts_player_funds')
          throw await overBalance(player.id);
        throw rgRefusal(err) ?? err;
      }
      void bus.publish('balance.changed', { userId: player.id, cause: 'stake' });
      push(
        game,
        'roundBet',
        {
          id: answer.betId,
          player: maskPlayer(player.username),
          amount: answer.amount,
          pick,
          cashout: null,
          payout: 0,
        },
        answer.roundId,
      );
      return answer;
    },

    /**
     * Cashes out the player's crash bet at the multiplier the curve shows now, by the database's clock: refused
     * once the curve has passed the crash point (or the round is over), whatever the client's clock says. An
     * automatic target already passed cashes out at that target. Settles the hold at once (balance moves live).
     */
    async cashout(player: Player, roundId: string, key: string): Promise<RoundBet> {
      const scoped = scopedKey('rounds.cashout', player.id, key);
      const maxPayout = await settings.get('originals.maxPayout');
      const answer = await database.transaction(async (tx) => {
        const [row] = await rows<
          BetRow & { elapsed: number; point: number | string; waiting: boolean; live: boolean }
        >(
          tx,
          sql`select b.*, r.result as point,
                (extract(epoch from (now() - r.closes_at)) * 1000)::float8 as elapsed,
                now() < r.closes_at as waiting,
                r.phase <> 'result' and now() >= r.closes_at and now() < r.result_at as live
              from round_bets b join rounds r on r.id = b.round_id
              where b.round_id = ${roundId}::bigint and b.user_id = ${player.id} and b.game = 'crash'
              for update of b for share of r`,
        );
        if (!row) throw notFound('roundsNoBet');
        if (row.cashout !== null) {
          if (row.cashout_key === scoped) return betAnswer(row, await cashOf(tx, player.id));
          throw conflict('roundsAlreadyCashedOut');
        }
        // By the database's clock, not the row's phase: the curve rises from the close even before the clock's
        // next step marks the round running. The round is held FOR SHARE until the cash-out commits: a void of
        // a stale round waits for it and then sees it (`voidStale`); one committed first is seen here.
        if (row.waiting) throw conflict('roundsNotRunning');
        // Its automatic target was reached and is being paid.
        if (row.state === 'settling' && row.live) throw conflict('roundsAlreadyCashedOut');
        if (row.state !== 'open' || !row.live) throw conflict('roundsCrashed');
        const now = crashMultiplierAt(Number(row.elapsed) / scale);
        const at = row.auto_cashout !== null && row.auto_cashout <= now ? row.auto_cashout : now;
        if (at > Number(row.point)) throw conflict('roundsCrashed');
        const amount = Number(row.amount);
        const multiplier = at * (MULTIPLIER_SCALE / 100);
        const paid = Math.min(payoutOf(amount, multiplier), maxPayout);
        await settle(tx, {
          holdId: Number(row.hold_id),
          capture: amount,
          to: [{ kind: HOUSE, amount }],
          payout: { from: HOUSE, amount: paid },
          idempotencyKey: `rounds:settle:${row.id}`,
        });
        const [bet] = await rows<BetRow>(
          tx,
          sql`update round_bets set state = 'won', cashout = ${at}, multiplier = ${multiplier}, payout = ${paid},
                cashout_key = ${scoped}, settled_at = now()
              where id = ${row.id}::bigint returning *`,
        );
        return betAnswer(bet!, await cashOf(tx, player.id));
      });
      void bus.publish('balance.changed', { userId: player.id });
      push(
        'crash',
        'roundCashout',
        {
          id: answer.betId,
          player: maskPlayer(player.username),
          amount: answer.amount,
          pick: null,
          cashout: answer.cashout,
          payout: answer.payout,
        },
        roundId,
      );
      return answer;
    },

    /**
     * Rounds with their result, newest first: hash and result, for the verifier. One read per game at a time on
     * this node, answered again for up to HISTORY_FRESH_MS and dropped as soon as a round of the game changes.
     */
    async history(game: RoundGame, limit: number): Promise<RoundHistoryItem[]> {
      const hit = histories.get(game);
      if (hit && hit.limit >= limit && performance.now() - hit.at < HISTORY_FRESH_MS)
        return (await hit.read).slice(0, limit);
      const entry: HistoryRead = {
        read: readHistory(game, Math.max(limit, HISTORY_READ_MIN)),
        limit: Math.max(limit, HISTORY_READ_MIN),
        at: performance.now(),
      };
      histories.set(game, entry);
      try {
        return (await entry.read).slice(0, limit);
      } catch (err) {
        if (histories.get(game) === entry) histories.delete(game);
        throw err;
      }
    },

    /** The game's chain (the active one, or `chainId`'s): commitment and salt, for the verifier. */
    async chain(game: RoundGame, chainId?: string): Promise<RoundChain> {
      const [c] = await rows<ChainRow>(
        db,
        chainId
          ? sql`select * from round_chains where game = ${game} and id = ${chainId}::bigint`
          : sql`select * from round_chains where game = ${game} order by active desc, id desc limit 1`,
      );
      if (!c) throw notFound(chainId ? 'roundsUnknownChain' : 'roundsUnknownRound');
      return {
        chainId: String(c.id),
        commitment: c.commitment,
        committedAt: iso(c.committed_at)!,
        salt: c.salt_set_at ? c.salt : null,
        saltSetAt: iso(c.salt_set_at),
        length: c.length,
        used: c.used,
      };
    },

    /** An operator starts a new chain for a game (the old one stays verifiable); its salt follows. */
    async newChain(game: RoundGame): Promise<RoundChain> {
      const created = await database.transaction((tx) => chains.create(tx, game, deps.chainLength));
      return this.chain(game, created.id);
    },

    /** The player's own bets in a game, newest first. */
    async myBets(game: RoundGame, userId: number, limit: number): Promise<RoundBet[]> {
      const list = await rows<BetRow>(
        db,
        sql`select b.*, r.period from round_bets b join rounds r on r.id = b.round_id
            where b.user_id = ${userId} and b.game = ${game} order by b.id desc limit ${limit}`,
      );
      return list.map((b) => betAnswer(b));
    },

    /**
     * Crash ticks: the running crash round and how far its curve is, by the database's clock; the automatic
     * cash-outs reached are paid on the way.
     */
    async crashProgress(): Promise<{ roundId: string; elapsedMs: number; multiplier: number } | null> {
      const [r] = await rows<{ id: string; elapsed: number }>(
        db,
        sql`select id, (extract(epoch from (now() - closes_at)) * 1000)::float8 as elapsed from rounds
            where game = 'crash' and phase = 'running' and now() < result_at`,
      );
      if (!r) return null;
      const elapsedMs = Math.max(0, Number(r.elapsed) / scale);
      const reached = crashMultiplierAt(elapsedMs);
      await cashAutos(String(r.id), reached);
      return { roundId: String(r.id), elapsedMs, multiplier: reached / 100 };
    },
  };
}

/** Another clock opened the round first: this one gives way. */
class GiveWay extends Error {}

export type RoundsService = ReturnType<typeof createRoundsService>;
