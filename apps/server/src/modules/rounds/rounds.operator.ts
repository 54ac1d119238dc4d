import type {
  OperatorRound,
  OperatorRoundBet,
  OperatorRoundBetsPage,
  OperatorRoundsPage,
  RoundGame,
} from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor } from '@aposta/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { GAMES } from './rounds.games';
import { iso, rows } from './rounds.sql';

/** A page of a back-office list (`page` is 1-based). */
export interface PageAsk {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
}

interface HistoryRow {
  id: string;
  chain_id: string;
  chain_index: number;
  period: string | null;
  phase: 'betting' | 'running' | 'result';
  void: boolean;
  hash: string;
  /** A bigint: a string from PostgreSQL. */
  result: number | string;
  opens_at: string | Date;
  closes_at: string | Date;
  result_at: string | Date;
  settled_at: string | Date | null;
  /** The phase by the database's clock (a clock's step may come a moment after the time it acts on). */
  known: boolean;
  running: boolean;
  bets: number;
  stakes: string | number;
  payouts: string | number;
}

interface OperatorBetRow {
  id: string;
  user_id: string | number;
  player: string;
  amount: string | number;
  pick: string | null;
  auto_cashout: number | null;
  cashout: number | string | null;
  state: string;
  payout: string | number;
  created_at: string | Date;
  settled_at: string | Date | null;
}

const major = (minor: string | number) => toMajor(Number(minor), DEFAULT_CURRENCY);
const direction = (order: 'asc' | 'desc') => (order === 'asc' ? sql`asc` : sql`desc`);
const hundredths = (n: number | string | null) => (n === null ? null : Number(n) / 100);

/**
 * The back office's reads of shared rounds (rounds.chains): every round of a game with its bets' count and
 * sums, a page at a time, and one round's bets. Read-only; a round's hash and result stay hidden until its
 * result, as the players' state answers them.
 */
export function createRoundsOperatorReads(database: Database) {
  const { db } = database;

  function roundOf(game: RoundGame, r: HistoryRow): OperatorRound {
    const crash = GAMES[game].kind === 'crash';
    const known = r.phase === 'result' || r.known;
    const state = r.void
      ? 'void'
      : !known
        ? r.phase === 'running' || r.running
          ? 'running'
          : 'betting'
        : r.settled_at
          ? 'settled'
          : 'drawn';
    return {
      roundId: String(r.id),
      chainId: String(r.chain_id),
      chainIndex: Number(r.chain_index),
      period: r.period,
      state,
      hash: known ? r.hash : null,
      result: known && !r.void ? Number(r.result) / (crash ? 100 : 1) : null,
      betCount: Number(r.bets),
      stakes: major(r.stakes),
      payouts: major(r.payouts),
      opensAt: iso(r.opens_at)!,
      closesAt: iso(r.closes_at)!,
      // A crash round's end would tell its crash point: shown from the result on.
      resultAt: crash && !known ? null : iso(r.result_at),
      settledAt: iso(r.settled_at),
    };
  }

  return {
    async history(game: RoundGame, q: PageAsk): Promise<OperatorRoundsPage> {
      const offset = (q.page - 1) * q.pageSize;
      const order = direction(q.order);
      const [list, [counted]] = await Promise.all([
        rows<HistoryRow>(
          db,
          sql`select r.*, now() >= r.result_at as known, now() >= r.closes_at as running,
                coalesce(b.n, 0) as bets, coalesce(b.stakes, 0) as stakes, coalesce(b.payouts, 0) as payouts
              from (select * from rounds where game = ${game} order by id ${order}
                    limit ${q.pageSize} offset ${offset}) r
              left join lateral (
                select count(*)::int as n, sum(amount) as stakes, sum(payout) as payouts
                from round_bets where round_id = r.id
              ) b on true
              order by r.id ${order}`,
        ),
        rows<{ n: number }>(db, sql`select count(*)::int as n from rounds where game = ${game}`),
      ]);
      return { list: list.map((r) => roundOf(game, r)), total: Number(counted?.n ?? 0) };
    },

    async bets(game: RoundGame, roundId: string, q: PageAsk): Promise<OperatorRoundBetsPage> {
      const [round] = await rows<{ id: string }>(
        db,
        sql`select id from rounds where id = ${roundId}::bigint and game = ${game}`,
      );
      if (!round) throw notFound('roundsUnknownRound');
      const [list, [counted]] = await Promise.all([
        rows<OperatorBetRow>(
          db,
          sql`select id, user_id, player, amount, pick, auto_cashout, cashout, state, payout, created_at,
                settled_at
              from round_bets where round_id = ${roundId}::bigint order by id ${direction(q.order)}
              limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
        ),
        rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from round_bets where round_id = ${roundId}::bigint`,
        ),
      ]);
      return {
        list: list.map((b): OperatorRoundBet => ({
          betId: String(b.id),
          userId: Number(b.user_id),
          player: b.player,
          amount: major(b.amount),
          pick: b.pick,
          autoCashout: hundredths(b.auto_cashout),
          cashout: hundredths(b.cashout),
          state: b.state,
          payout: major(b.payout),
          createdAt: iso(b.created_at)!,
          settledAt: iso(b.settled_at),
        })),
        total: Number(counted?.n ?? 0),
      };
    },
  };
}

export type RoundsOperatorReads = ReturnType<typeof createRoundsOperatorReads>;
