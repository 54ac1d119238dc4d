import crypto from 'node:crypto';
import type { CasinoLaunchAnswer, CasinoRound, InPlay, LanguageKey } from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor, type Currency } from '@aposta/money';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { AuthUser } from '../accounts';
import type { BetGames } from '../wallet';
import type { CasinoCatalogue } from './casino.catalogue';

/**
 * The player's side of the casino: launching a game (a one-time token bound to the player, the game, the
 * currency and the sign-in session), the game in play, leaving it, and the recall of rounds as the wallet
 * saw them (every call, with the balance before and after).
 */

export interface CasinoServiceDeps {
  database: Database;
  catalogue: CasinoCatalogue;
  launchTtlMs: number;
}

interface TxRow {
  provider_code: string;
  transaction_uuid: string;
  kind: 'bet' | 'win' | 'rollback';
  user_id: string | number;
  game_code: string;
  round: string;
  currency: string;
  amount: string | number;
  state: string;
  balance_before: string | number | null;
  balance_after: string | number | null;
  created_at: string | Date;
  game_name: string | null;
}

async function rows<T>(exec: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const iso = (d: string | Date) => new Date(d).toISOString();

/** The rounds of a set of wallet rows (ordered by id), newest round first. */
function roundsOf(list: TxRow[]): CasinoRound[] {
  const byRound = new Map<string, TxRow[]>();
  for (const r of list) {
    const id = `${r.provider_code}:${r.round}`;
    byRound.set(id, [...(byRound.get(id) ?? []), r]);
  }
  return [...byRound].map(([roundId, calls]) => {
    const first = calls[0]!;
    const currency = first.currency as Currency;
    const m = (v: string | number | null) => toMajor(Number(v ?? 0), currency);
    const bets = calls.filter((c) => c.kind === 'bet');
    const live = bets.filter((b) => b.state !== 'rolled_back');
    return {
      roundId,
      provider: first.provider_code,
      gameCode: first.game_code,
      gameName: first.game_name ?? first.game_code,
      userId: Number(first.user_id),
      currency,
      stake: m(live.reduce((s, b) => s + Number(b.amount), 0)),
      win: m(calls.filter((c) => c.kind === 'win').reduce((s, c) => s + Number(c.amount), 0)),
      state: live.some((b) => b.state === 'open') ? 'open' : live.length ? 'settled' : 'rolledBack',
      steps: calls.map((c) => ({
        call: c.kind,
        transactionUuid: c.transaction_uuid,
        amount: m(c.amount),
        status: c.kind === 'bet' && c.state === 'rolled_back' ? ('rolledBack' as const) : ('ok' as const),
        balanceBefore: m(c.balance_before),
        balanceAfter: m(c.balance_after),
        at: iso(c.created_at),
      })),
      startedAt: iso(first.created_at),
    };
  });
}

const ROUND_SELECT = sql`select t.provider_code, t.transaction_uuid, t.kind, t.user_id, t.game_code, t.round, t.currency,
  t.amount, t.state, t.balance_before, t.balance_after, t.created_at, g.name as game_name
  from casino_transactions t left join casino_games g on g.game_code = t.game_code`;

export function createCasinoService({ database, catalogue, launchTtlMs }: CasinoServiceDeps) {
  const { db } = database;

  return {
    /**
     * The game's URL with a one-time launch token (none for a demo): `token`, `game`, `currency`, `lang`
     * appended to the game's launch URL.
     */
    async launch(
      user: AuthUser | undefined,
      input: { gameCode: string; demo?: boolean },
      lang: LanguageKey,
    ): Promise<CasinoLaunchAnswer> {
      const game = await catalogue.game(input.gameCode);
      // A disabled game, or any game of a disabled provider (whose calls the wallet refuses), does not open.
      if (!game || !game.enabled || !game.providerEnabled) throw notFound('casinoGameUnknown');
      const demo = Boolean(input.demo);
      if (demo && !game.demo) throw notFound('casinoGameUnknown');
      const currency = DEFAULT_CURRENCY;
      const params = new URLSearchParams({ game: game.gameCode, currency, lang });
      if (demo) params.set('demo', '1');
      else {
        const token = crypto.randomBytes(24).toString('base64url');
        await db.execute(
          sql`insert into casino_sessions (id, token_hash, user_id, provider_code, game_code, currency, auth_session_id,
                expires_at)
              values (${crypto.randomUUID()}, ${sha256(token)}, ${user!.id}, ${game.provider}, ${game.gameCode},
                ${currency}, ${user!.sessionId}, ${new Date(Date.now() + launchTtlMs)})`,
        );
        params.set('token', token);
      }
      const sep = game.launchUrl.includes('?') ? '&' : '?';
      return { url: `${game.launchUrl}${sep}${params}`, gameCode: game.gameCode, demo };
    },

    /** The game the player has open (the newest session not ended nor expired) and its last round. */
    async inPlay(userId: number): Promise<InPlay | null> {
      const [s] = await rows<{
        game_code: string;
        provider_code: string;
        last_round: string | null;
        created_at: string | Date;
        name: string | null;
      }>(
        db,
        sql`select s.game_code, s.provider_code, s.last_round, s.created_at, g.name
            from casino_sessions s left join casino_games g on g.game_code = s.game_code
            where s.user_id = ${userId} and s.ended_at is null and s.expires_at > now()
            order by s.created_at desc limit 1`,
      );
      if (!s) return null;
      const open = s.last_round
        ? await rows(
            db,
            sql`select 1 from casino_transactions where provider_code = ${s.provider_code} and round = ${s.last_round}
                  and kind = 'bet' and state = 'open' and user_id = ${userId} limit 1`,
          )
        : [];
      return {
        gameCode: s.game_code,
        name: s.name ?? s.game_code,
        provider: s.provider_code,
        round: s.last_round,
        roundOpen: open.length > 0,
        startedAt: iso(s.created_at),
      };
    },

    /** Ends the player's game sessions (leaving `/play`, `stopGame`): later bets are refused, wins pass. */
    async stopGame(userId: number, gameCode?: string): Promise<void> {
      await db.execute(
        sql`update casino_sessions set ended_at = now() where user_id = ${userId} and ended_at is null
              ${gameCode ? sql`and game_code = ${gameCode}` : sql``}`,
      );
    },

    /** Ends every game session a sign-in session opened (its sign-out or revocation). */
    async endSessionsOf(authSessionIds: string[]): Promise<void> {
      if (!authSessionIds.length) return;
      await db.execute(
        sql`update casino_sessions set ended_at = now() where ended_at is null and auth_session_id in (${sql.join(
          authSessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    },

    /**
     * The player's last rounds, newest first by their last wallet call; `before` (one of the player's round ids,
     * `provider:round`) answers those whose last call came before that round's: the page after the one that
     * ended with it. A round that moved since (a late win) may show again on top; the list keeps it once.
     */
    async myRounds(userId: number, limit: number, before?: string): Promise<CasinoRound[]> {
      let older = sql``;
      if (before !== undefined) {
        const at = before.indexOf(':');
        const [cursor] =
          at > 0
            ? await rows<{ last: string | number | null }>(
                db,
                sql`select max(id) as last from casino_transactions
                    where user_id = ${userId} and provider_code = ${before.slice(0, at)}
                      and round = ${before.slice(at + 1)} and answer is not null and state <> 'refused'`,
              )
            : [];
        if (cursor?.last == null) throw notFound('casinoRoundUnknown');
        older = sql`having max(id) < ${cursor.last}`;
      }
      const list = await rows<TxRow>(
        db,
        sql`with r as (
              select provider_code, round, max(id) as last from casino_transactions
              where user_id = ${userId} and answer is not null and state <> 'refused'
              group by provider_code, round ${older}
              order by last desc limit ${limit}
            )
            ${ROUND_SELECT} join r on r.provider_code = t.provider_code and r.round = t.round
            where t.user_id = ${userId} and (t.answer is not null or t.state = 'rolled_back') and t.state <> 'refused'
            order by r.last desc, t.id`,
      );
      return roundsOf(list);
    },

    /**
     * One round (`provider:round`): the player's own (`userId`), or any for the operator. The operator may also
     * name one of its wallet calls (`provider:transaction_uuid`, what a provider's dispute quotes): that
     * call's round.
     */
    async round(roundId: string, userId?: number): Promise<CasinoRound> {
      const at = roundId.indexOf(':');
      if (at <= 0) throw notFound('casinoRoundUnknown');
      const provider = roundId.slice(0, at);
      const id = roundId.slice(at + 1);
      const byTransaction =
        userId === undefined
          ? sql`or t.round = (select x.round from casino_transactions x
                  where x.provider_code = ${provider} and x.transaction_uuid = ${id})`
          : sql``;
      const list = await rows<TxRow>(
        db,
        sql`${ROUND_SELECT} where t.provider_code = ${provider} and (t.round = ${id} ${byTransaction})
              and (t.answer is not null or t.state = 'rolled_back') and t.state <> 'refused' and t.user_id is not null
              ${userId === undefined ? sql`` : sql`and t.user_id = ${userId}`}
            order by t.id`,
      );
      const [found] = roundsOf(list);
      if (!found) throw notFound('casinoRoundUnknown');
      return found;
    },
  };
}

export type CasinoService = ReturnType<typeof createCasinoService>;

/**
 * The records screen's word on casino stakes (holds referenced `<provider>:<transaction uuid>`): each bet's game
 * and its name in the catalogue.
 */
export const casinoBetGames: BetGames = async (exec, holds) => {
  const calls = holds.flatMap((h) => {
    const at = h.product === 'casino' ? h.reference.indexOf(':') : -1;
    return at > 0 ? [{ provider: h.reference.slice(0, at), uuid: h.reference.slice(at + 1) }] : [];
  });
  if (!calls.length) return new Map();
  const found = await rows<{ ref: string; game_code: string | null; name: string | null }>(
    exec,
    sql`select t.provider_code || ':' || t.transaction_uuid as ref, t.game_code, g.name
        from casino_transactions t left join casino_games g on g.game_code = t.game_code
        where t.kind = 'bet'
          and (t.provider_code, t.transaction_uuid) in (${sql.join(
            calls.map((c) => sql`(${c.provider}, ${c.uuid})`),
            sql`, `,
          )})`,
  );
  return new Map(
    found.map((r) => [r.ref, { product: 'casino' as const, game: r.game_code, gameName: r.name }]),
  );
};
