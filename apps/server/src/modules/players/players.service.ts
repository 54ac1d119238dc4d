import {
  maskCpf,
  ErrorCode,
  TxType,
  type BetProduct,
  type PlayerBet,
  type PlayerDetail,
  type PlayerDetailRow,
  type PlayerLedgerLine,
  type PlayerNote,
  type PlayerRow,
  type PlayerStatus,
  type RgLimits,
  type UserFigures,
} from '@aposta/contracts';
import { toMajor, type Currency } from '@aposta/money';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { accountLines, playerAccounts } from '../ledger';
import { playerBets } from './players.bets';
import { playerFlags, playerNotes } from './players.tables';

export interface PlayersDeps {
  database: Database;
  accounts: { revokeAllSessions(userId: number): Promise<number> };
  wallet: {
    figures(userId: number): Promise<UserFigures>;
    figuresOfMany(userIds: readonly number[]): Promise<Map<number, UserFigures>>;
  };
  rg: { limits(userId: number): Promise<RgLimits> };
}

/** Who writes (the operator, or the key: id null). */
export interface Writer {
  id: number | null;
  email: string;
}

interface Page {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
}

/** The players' own fields, their operator flags and whether an exclusion is in force: one row each. */
interface PlayerSqlRow {
  id: number;
  username: string;
  name: string;
  card_no: string;
  yqm: string;
  created_at: string | Date;
  test_flag: string;
  phone: string;
  birth_date: string | null;
  terms_version: string | null;
  terms_accepted_at: string | Date | null;
  kyc: number;
  l1_id: number | null;
  l2_id: number | null;
  l3_id: number | null;
  blocked_at: string | Date | null;
  block_reason: string | null;
  test: boolean | null;
  version: number | null;
  excluded: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (v: string | Date) => new Date(v).toISOString();
const TX_TYPE_NAMES = new Map<number, string>(Object.entries(TxType).map(([name, code]) => [code, name]));

/** LIKE's wildcards taken literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Portuguese (and Spanish) accented letters and their plain ones: a name folded with `translate()` on both sides
 * of the comparison, so "joao" finds João (PGlite has no `unaccent`).
 */
const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN';
const folded = (text: SQL) => sql`translate(${text}, ${ACCENTED}, ${PLAIN})`;

/**
 * What the search box matches: e-mail or name (part of; the name without regard to accents), the CPF's digits,
 * the invitation code, the id.
 */
function searchWhere(q: string | undefined): SQL {
  const text = q?.trim();
  if (!text) return sql`true`;
  const like = `%${likeLiteral(text)}%`;
  const parts = [
    sql`u.username ilike ${like}`,
    sql`${folded(sql`u.name`)} ilike ${folded(sql`${like}`)}`,
    sql`u.yqm = ${text.toUpperCase()}`,
  ];
  const digits = text.replace(/\D/g, '');
  // A CPF is typed with or without its dots and dash.
  if (/^[\d.\-\s]+$/.test(text) && digits.length >= 3)
    parts.push(sql`regexp_replace(u.card_no, '\\D', '', 'g') like ${`%${digits}%`}`);
  if (/^\d{1,9}$/.test(text)) parts.push(sql`u.id = ${Number(text)}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

const STATUS_WHERE: Record<PlayerStatus, SQL> = {
  blocked: sql`f.blocked_at is not null`,
  excluded: sql`f.blocked_at is null and x.excluded`,
  active: sql`f.blocked_at is null and not x.excluded`,
};

const SORT_COLUMNS = {
  id: sql`u.id`,
  createdAt: sql`u.created_at`,
  email: sql`u.username`,
  name: sql`u.name`,
};

const playerSelect = sql`
  select u.id, u.username, u.name, u.card_no, u.yqm, u.created_at, u.test_flag, u.phone, u.birth_date, u.kyc,
    u.terms_version, u.terms_accepted_at, u.l1_id, u.l2_id, u.l3_id, f.blocked_at, f.block_reason, f.test, f.version, x.excluded
  from users u
  left join player_flags f on f.user_id = u.id
  cross join lateral (select exists (select 1 from rg_exclusions e
    where e.user_id = u.id and (e.ends_at is null or e.ends_at > now())) as excluded) x`;

function statusOf(r: PlayerSqlRow): PlayerStatus {
  if (r.blocked_at) return 'blocked';
  return r.excluded ? 'excluded' : 'active';
}

function rowOf(r: PlayerSqlRow, f: UserFigures): PlayerRow {
  return {
    id: Number(r.id),
    email: r.username,
    name: r.name,
    cpfMasked: maskCpf(r.card_no),
    yqm: r.yqm,
    createdAt: iso(r.created_at),
    status: statusOf(r),
    test: Boolean(r.test) || r.test_flag === '1',
    vipLevel: f.level,
    cash: f.balance,
    bonus: f.freeBalance,
  };
}

function detailRowOf(r: PlayerSqlRow, f: UserFigures): PlayerDetailRow {
  return {
    ...rowOf(r, f),
    version: Number(r.version ?? 0),
    phone: r.phone,
    birthDate: r.birth_date,
    termsVersion: r.terms_version,
    termsAcceptedAt: r.terms_accepted_at ? iso(r.terms_accepted_at) : null,
    playMoney: r.test_flag === '1',
    blockedAt: r.blocked_at ? iso(r.blocked_at) : null,
    blockReason: r.block_reason,
  };
}

const stale = () => conflict('staleVersion');
export const playerNotFound = () => notFound('playerNotFound');
export const accountBlocked = () => new AppError(ErrorCode.FORBIDDEN, 'accountBlocked');

/**
 * The back office's players: search, the profile (balances, VIP, referral chain, KYC, sessions, limits,
 * notes), ledger history and bets, and the operators' writes (block, unblock, sign-out, test mark, notes).
 * Reads the accounts', ledger's and rg's tables; writes only its own (`player_flags`, `player_notes`) and
 * signs players out through the accounts service.
 */
export function createPlayersService({ database, accounts, wallet, rg }: PlayersDeps) {
  const { db } = database;

  async function playerRow(exec: Executor, id: number): Promise<PlayerSqlRow> {
    const [row] = rowsOf<PlayerSqlRow>(await exec.execute(sql`${playerSelect} where u.id = ${id}`));
    if (!row) throw playerNotFound();
    return row;
  }

  /**
   * Changes the player's flags if the form's `version` is the current one (409 `staleVersion` otherwise,
   * nothing changed). The row is locked for the check and the write, so two saves of one version cannot
   * both pass. Answers the player before and after.
   */
  async function writeFlags(
    id: number,
    version: number,
    set: Partial<typeof playerFlags.$inferInsert>,
  ): Promise<{ before: PlayerDetailRow; after: PlayerDetailRow }> {
    const { before, after } = await database.transaction(async (tx) => {
      const before = await playerRow(tx, id);
      await tx.insert(playerFlags).values({ userId: id }).onConflictDoNothing();
      const [locked] = await tx
        .select({ version: playerFlags.version })
        .from(playerFlags)
        .where(eq(playerFlags.userId, id))
        .for('update');
      if (locked!.version !== version) throw stale();
      await tx
        .update(playerFlags)
        .set({ ...set, version: sql`${playerFlags.version} + 1`, updatedAt: new Date() })
        .where(and(eq(playerFlags.userId, id), eq(playerFlags.version, version)));
      return { before, after: await playerRow(tx, id) };
    });
    const f = await wallet.figures(id);
    return { before: detailRowOf(before, f), after: detailRowOf(after, f) };
  }

  async function notesOf(id: number): Promise<PlayerNote[]> {
    const rows = await db
      .select()
      .from(playerNotes)
      .where(eq(playerNotes.userId, id))
      .orderBy(desc(playerNotes.id))
      .limit(200);
    return rows.map((n) => ({
      id: n.id,
      text: n.text,
      operatorEmail: n.operatorEmail,
      createdAt: n.createdAt.toISOString(),
    }));
  }

  return {
    /** The sign-in hook: a blocked player cannot sign in. */
    async checkSignIn(userId: number): Promise<void> {
      const [row] = await db
        .select({ blockedAt: playerFlags.blockedAt })
        .from(playerFlags)
        .where(eq(playerFlags.userId, userId));
      if (row?.blockedAt) throw accountBlocked();
    },

    async search(
      q: Page & { q?: string; status?: PlayerStatus; sort: keyof typeof SORT_COLUMNS },
    ): Promise<{ list: PlayerRow[]; total: number }> {
      const where = sql`${searchWhere(q.q)} and ${q.status ? STATUS_WHERE[q.status] : sql`true`}`;
      const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
      const [page, counted] = await Promise.all([
        db.execute(
          sql`${playerSelect} where ${where} order by ${SORT_COLUMNS[q.sort]} ${direction}, u.id ${direction}
            limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
        ),
        db.execute(sql`select count(*)::int as n from (${playerSelect} where ${where}) c`),
      ]);
      const rows = rowsOf<PlayerSqlRow>(page);
      const figures = await wallet.figuresOfMany(rows.map((r) => Number(r.id)));
      return {
        list: rows.map((r) => rowOf(r, figures.get(Number(r.id))!)),
        total: Number(rowsOf<{ n: number }>(counted)[0]!.n),
      };
    },

    async detail(id: number): Promise<PlayerDetail> {
      const r = await playerRow(db, id);
      const chain = [r.l1_id, r.l2_id, r.l3_id];
      const [f, balances, limits, inviters, invitees, sessions, ips, devices, notes] = await Promise.all([
        wallet.figures(id),
        playerAccounts(db, id),
        rg.limits(id),
        db.execute(
          sql`select id, username from users where id in (${sql.join(
            chain.map((c) => sql`${c ?? 0}`),
            sql`, `,
          )})`,
        ),
        db.execute(sql`select
            (select count(*)::int from users where l1_id = ${id}) as l1,
            (select count(*)::int from users where l2_id = ${id}) as l2,
            (select count(*)::int from users where l3_id = ${id}) as l3`),
        db.execute(sql`select id, created_at, last_seen_at, ip, device,
            (revoked_at is null and expires_at > now()) as active
          from sessions where user_id = ${id} order by created_at desc limit 50`),
        db.execute(sql`select ip, count(*)::int as n, max(last_seen_at) as last from sessions
          where user_id = ${id} and ip is not null group by ip order by max(last_seen_at) desc limit 50`),
        db.execute(sql`select device, count(*)::int as n, max(last_seen_at) as last from sessions
          where user_id = ${id} and device is not null group by device order by max(last_seen_at) desc limit 50`),
        notesOf(id),
      ]);
      const emails = new Map(
        rowsOf<{ id: number; username: string }>(inviters).map((u) => [Number(u.id), u.username]),
      );
      const counts = rowsOf<{ l1: number; l2: number; l3: number }>(invitees)[0]!;
      const major = (minor: number, currency: Currency) => toMajor(minor, currency);
      return {
        player: detailRowOf(r, f),
        balances: balances.map((a) => ({
          book: a.book,
          kind: a.kind,
          currency: a.currency,
          balance: major(a.balance, a.currency),
          held: major(a.held, a.currency),
        })),
        vip: { level: f.level, turnover: f.gameSumAmount, deposits: f.paySumAmount },
        referral: {
          inviters: chain.flatMap((c, i) =>
            c === null ? [] : [{ level: i + 1, id: Number(c), email: emails.get(Number(c)) ?? '' }],
          ),
          invitees: [counts.l1, counts.l2, counts.l3].map((persons, i) => ({
            level: i + 1,
            persons: Number(persons),
          })),
        },
        kyc: { verified: Number(r.kyc) > 0, name: r.name, cpfMasked: maskCpf(r.card_no) },
        sessions: rowsOf<{
          id: string;
          created_at: string;
          last_seen_at: string;
          ip: string | null;
          device: string | null;
          active: boolean;
        }>(sessions).map((s) => ({
          id: s.id,
          createdAt: iso(s.created_at),
          lastSeenAt: iso(s.last_seen_at),
          ip: s.ip,
          device: s.device,
          active: Boolean(s.active),
        })),
        ips: rowsOf<{ ip: string; n: number; last: string }>(ips).map((x) => ({
          ip: x.ip,
          count: Number(x.n),
          lastSeenAt: iso(x.last),
        })),
        devices: rowsOf<{ device: string; n: number; last: string }>(devices).map((x) => ({
          device: x.device,
          count: Number(x.n),
          lastSeenAt: iso(x.last),
        })),
        limits,
        notes,
      };
    },

    async ledger(id: number, q: Page): Promise<{ list: PlayerLedgerLine[]; total: number }> {
      await playerRow(db, id);
      const { lines, total } = await accountLines(db, {
        userId: id,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
        order: q.order,
      });
      return {
        list: lines.map((l) => ({
          txId: l.txId,
          time: l.time.toISOString(),
          book: l.book,
          kind: l.kind,
          currency: l.currency,
          type: l.type,
          typeName: TX_TYPE_NAMES.get(l.type) ?? String(l.type),
          reference: l.ref,
          amount: toMajor(l.amount, l.currency as Currency),
          balanceAfter: toMajor(l.balanceAfter, l.currency as Currency),
        })),
        total,
      };
    },

    async bets(
      id: number,
      q: Page & { product?: BetProduct },
    ): Promise<{ list: PlayerBet[]; total: number }> {
      await playerRow(db, id);
      return playerBets(db, {
        userId: id,
        product: q.product,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
        order: q.order,
      });
    },

    /** Blocks the player: sign-in refused from now on and every session revoked (signed out everywhere). */
    async block(id: number, input: { reason: string; version: number }, by: Writer) {
      const result = await writeFlags(id, input.version, {
        blockedAt: new Date(),
        blockReason: input.reason,
        blockedBy: by.id,
      });
      await accounts.revokeAllSessions(id);
      return result;
    },

    async unblock(id: number, input: { version: number }) {
      return writeFlags(id, input.version, { blockedAt: null, blockReason: null, blockedBy: null });
    },

    async setTest(id: number, input: { test: boolean; version: number }) {
      return writeFlags(id, input.version, { test: input.test });
    },

    /** Signs the player out everywhere (the same path as a self-exclusion's). */
    async signOut(id: number): Promise<number> {
      await playerRow(db, id);
      return accounts.revokeAllSessions(id);
    },

    notes: notesOf,

    async addNote(id: number, text: string, by: Writer): Promise<PlayerNote> {
      await playerRow(db, id);
      const [n] = await db
        .insert(playerNotes)
        .values({ userId: id, operatorId: by.id, operatorEmail: by.email, text })
        .returning();
      return {
        id: n!.id,
        text: n!.text,
        operatorEmail: n!.operatorEmail,
        createdAt: n!.createdAt.toISOString(),
      };
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
