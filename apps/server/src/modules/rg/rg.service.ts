import {
  ErrorCode,
  RG_KINDS,
  RG_OPERATOR_KINDS,
  RG_PERIODS,
  RG_SELF_EXCLUSION_MIN_DAYS,
  type RgExclusion,
  type RgExclusionRequest,
  type RgKind,
  type RgLimit,
  type RgLimits,
  type RgLimitsRequest,
  type RgOperatorLimitsRequest,
  type RgOperatorPlayer,
  type RgPeriod,
  type RgSession,
} from '@aposta/contracts';
import { MoneyError, toMajor, toMinor } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import { pgCode, pgConstraint, type Database, type Executor, type Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { moneyParam, type MessageKey } from '../../platform/i18n';
import type { Accounts, AuthUser } from '../accounts';
import {
  playerResultSince,
  settlementFigures,
  stakeReturned,
  stakesReturned,
  type SettledFact,
  type VoidedFact,
} from '../ledger';
import type { SettingsService } from '../settings';

/** A raise or a removal of a limit waits this long (a lower limit applies at once). */
export const RAISE_DELAY_MS = 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

export interface RgDeps {
  database: Database;
  config: Config;
  accounts: Pick<Accounts, 'revokeAllSessions' | 'sessionStartedAt' | 'personAccounts'>;
  /** `rg.nationalSelfExclusionUrl`: the national self-exclusion platform's link. */
  settings: Pick<SettingsService, 'get'>;
  now?: () => Date;
}

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Limits kept as whole numbers (minutes, a number of bets) rather than money. */
const counted = (kind: string) => kind === 'time' || kind === 'bets';
/** A limit as a refusal says it: `30 min`, `20` (bets), `R$ 50,00`. */
const limitParam = (kind: string, value: number) =>
  kind === 'time' ? `${value} min` : kind === 'bets' ? String(value) : moneyParam(value);

const brasilia = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});
/**
 * `01/12/2026 11:00 (Brasília)`: the end of an exclusion in a refusal, in the time the player lives by (the
 * Brazilian rules count days in Brasília time); the refusal's data keeps the ISO instant for the app.
 */
const shownTime = (iso: string) => `${brasilia.format(new Date(iso)).replace(',', '')} (Brasília)`;

/**
 * The player's error for a refusal of `rg_stake` / `rg_deposit` (SQLSTATE RG001, reason in the constraint
 * field, migration 0023), or null when `err` is something else. Every stake path maps its database errors
 * through this, so a refusal reads the same in every product.
 */
export function rgRefusal(err: unknown, deposit = false): AppError | null {
  if (pgCode(err) !== 'RG001') return null;
  return refusalOf(pgConstraint(err) ?? '', deposit);
}

/** The same from the parts a batch answers ({ error: 'RG001', constraint }). */
export function refusalOf(constraint: string, deposit = false): AppError {
  const parts = constraint.split(':');
  if (parts[1] === 'excluded') {
    const until = parts.slice(2).join(':');
    return until === 'permanent'
      ? new AppError(ErrorCode.SELF_EXCLUDED, 'rgExcludedForever', {}, { data: { until: null } })
      : new AppError(
          ErrorCode.SELF_EXCLUDED,
          'rgExcludedUntil',
          { until: shownTime(until) },
          { data: { until } },
        );
  }
  const [, , kind = 'stake', period = 'day', raw = '0'] = parts;
  const value = Number(raw);
  void deposit;
  return new AppError(
    ErrorCode.LIMIT_REACHED,
    `rgLimit${cap(kind)}${cap(period)}` as MessageKey,
    { limit: limitParam(kind, value) },
    { data: { kind, period, limit: counted(kind) ? value : toMajor(value) } },
  );
}

interface LimitRow {
  kind: RgKind;
  period: RgPeriod;
  value: string | null;
  pending_value: string | null;
  pending_at: string | Date | null;
  operator_value: string | null;
}

/** A stored limit as answered: money in major units, minutes and bets as they are. */
function shown(kind: RgKind, v: number): number;
function shown(kind: RgKind, v: number | null): number | null;
function shown(kind: RgKind, v: number | null) {
  return v === null || counted(kind) ? v : toMajor(v);
}

type OperatorLimits = Partial<Record<RgKind, Partial<Record<RgPeriod, number>>>>;

/** The operator-imposed limits of a player as answered (the audit row's before and after). */
function operatorLimitsOf(rowsOf: LimitRow[]): OperatorLimits {
  const out: OperatorLimits = {};
  for (const r of rowsOf)
    if (r.operator_value !== null) (out[r.kind] ??= {})[r.period] = shown(r.kind, Number(r.operator_value));
  return out;
}

const iso = (d: string | Date) => new Date(d).toISOString();

/**
 * A money limit in major units to minor units. The contracts refuse more than 2 decimals (`rgMoneyLimit`); a
 * value that still cannot be converted is the caller's bad input (400 `rgLimitInvalid`), never a 500.
 */
export function limitMinor(major: number): number {
  try {
    return toMinor(major);
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError(ErrorCode.BAD_REQUEST, 'rgLimitInvalid');
    throw err;
  }
}

/** A limit as given (money in major units) as stored: money in minor units, minutes and bets as they are. */
const stored = (kind: RgKind, v: number | null) => (v === null || counted(kind) ? v : limitMinor(v));

/** The value in force and the change still waiting, with a due change applied. */
function effective(row: LimitRow | undefined, now: Date) {
  if (!row) return { value: null as number | null, pending: null };
  const num = (v: string | null) => (v === null ? null : Number(v));
  if (row.pending_at && new Date(row.pending_at) <= now)
    return { value: num(row.pending_value), pending: null };
  return {
    value: num(row.value),
    pending: row.pending_at ? { value: num(row.pending_value), effectiveAt: iso(row.pending_at) } : null,
  };
}

/** The Brasília day (UTC−3, no summer time: `rg_today`) of `at`, or today's. */
const brasiliaDay = (at?: Date) =>
  at
    ? sql`((${at.toISOString()}::timestamptz at time zone 'UTC') - interval '3 hours')::date`
    : sql`rg_today()`;

/**
 * Responsible gambling: limits (a lower one at once, a higher one or a removal after 24 hours), cool-off and
 * self-exclusion (every session revoked; sign-in refused until the end), the reality check, and the ONE
 * check every stake and deposit asks (`assertCanStake`, `assertCanDeposit`; the instant originals ask it in
 * SQL inside their batch). Usage per Brasília day is counted in `rg_usage`: stakes by the check itself, in the
 * stake's transaction; payouts from the ledger's outbox facts; deposits in the crediting transaction (`recordDeposit`).
 */
export function createRgService({ database, config, accounts, settings, now: clock }: RgDeps) {
  const { db } = database;
  const now = clock ?? (() => new Date());

  async function limitRows(exec: Executor, userId: number): Promise<LimitRow[]> {
    return rows<LimitRow>(
      exec,
      sql`select kind, period, value, pending_value, pending_at, operator_value from rg_limits
          where user_id = ${userId}`,
    );
  }

  /**
   * Used per kind and period: money in minor units, time in minutes, bets as a count. The rows read start at the earlier of the
   * week's and the month's start (a week may begin in the month before), so every period filters to its own.
   */
  async function usage(exec: Executor, userId: number) {
    const [u] = await rows<Record<string, string>>(
      exec,
      sql`with d as (select rg_today() as today),
        p as (select rg_period_start('day', today) as day, rg_period_start('week', today) as week,
                     rg_period_start('month', today) as month from d)
        select
          coalesce(sum(staked) filter (where u.day >= p.day), 0) as stake_day,
          coalesce(sum(staked) filter (where u.day >= p.week), 0) as stake_week,
          coalesce(sum(staked) filter (where u.day >= p.month), 0) as stake_month,
          coalesce(sum(staked - paid) filter (where u.day >= p.day), 0) as loss_day,
          coalesce(sum(staked - paid) filter (where u.day >= p.week), 0) as loss_week,
          coalesce(sum(staked - paid) filter (where u.day >= p.month), 0) as loss_month,
          coalesce(sum(deposited) filter (where u.day >= p.day), 0) as deposit_day,
          coalesce(sum(deposited) filter (where u.day >= p.week), 0) as deposit_week,
          coalesce(sum(deposited) filter (where u.day >= p.month), 0) as deposit_month,
          coalesce(sum(bets) filter (where u.day >= p.day), 0) as bets_day,
          coalesce(sum(bets) filter (where u.day >= p.week), 0) as bets_week,
          coalesce(sum(bets) filter (where u.day >= p.month), 0) as bets_month,
          (select rg_minutes_played(${userId}, p.day)) as time_day,
          (select rg_minutes_played(${userId}, p.week)) as time_week,
          (select rg_minutes_played(${userId}, p.month)) as time_month
        from p left join rg_usage u on u.user_id = ${userId} and u.day >= least(p.week, p.month)
        group by p.day, p.week, p.month`,
    );
    return (kind: RgKind, period: RgPeriod) => Math.max(0, Number(u?.[`${kind}_${period}`] ?? 0));
  }

  /** The exclusion in force of this account, or of any of `userIds` (the accounts of one person). */
  async function activeExclusion(exec: Executor, userIds: number | number[]): Promise<RgExclusion | null> {
    const ids = `{${[userIds]
      .flat()
      .map((id) => Math.trunc(id))
      .join(',')}}`;
    const [e] = await rows<{ kind: 'cooloff' | 'self'; starts_at: string; ends_at: string | null }>(
      exec,
      sql`select kind, starts_at, ends_at from rg_exclusions
          where user_id = any(${ids}::int[]) and (ends_at is null or ends_at > now())
          order by ends_at desc nulls first limit 1`,
    );
    return e ? { kind: e.kind, startsAt: iso(e.starts_at), endsAt: e.ends_at ? iso(e.ends_at) : null } : null;
  }

  async function limits(userId: number): Promise<RgLimits> {
    const [rowsOf, used, exclusion, player] = await Promise.all([
      limitRows(db, userId),
      usage(db, userId),
      activeExclusion(db, userId),
      rows<{ reality_minutes: number | null }>(
        db,
        sql`select reality_minutes from rg_players where user_id = ${userId}`,
      ),
    ]);
    const at = now();
    const answer = {} as Record<RgKind, Record<RgPeriod, RgLimit>>;
    for (const kind of RG_KINDS) {
      answer[kind] = {} as Record<RgPeriod, RgLimit>;
      for (const period of RG_PERIODS) {
        const row = rowsOf.find((r) => r.kind === kind && r.period === period);
        const e = effective(row, at);
        const u = used(kind, period);
        const imposed = row?.operator_value;
        answer[kind][period] = {
          value: shown(kind, e.value),
          operatorValue: imposed === null || imposed === undefined ? null : shown(kind, Number(imposed)),
          used: counted(kind) ? u : toMajor(u),
          pending: e.pending
            ? { value: shown(kind, e.pending.value), effectiveAt: e.pending.effectiveAt }
            : null,
        };
      }
    }
    return {
      ...answer,
      realityCheckMinutes: player[0]?.reality_minutes ?? null,
      exclusion,
      nationalSelfExclusionUrl: await settings.get('rg.nationalSelfExclusionUrl'),
    };
  }

  /**
   * Sets limits in `tx`: lower (or new) at once; higher or removed after 24 hours (an earlier waiting change
   * of the same limit is replaced). `values` in minor units (money), minutes (time) or bets; null removes.
   */
  async function applyLimits(
    tx: Tx,
    userId: number,
    values: { kind: RgKind; period: RgPeriod; value: number | null }[],
  ) {
    if (!values.length) return;
    // One change of the player's limits at a time (the operator's takes the same lock): each compares with the
    // limit in force, and two at once would both read the old one, so the second could undo a lower limit at
    // once (from 100: 50 and 80 together left 80 in force, not 50 with 80 waiting its 24 hours).
    await tx.execute(sql`insert into rg_players (user_id) values (${userId}) on conflict do nothing`);
    await tx.execute(sql`select 1 from rg_players where user_id = ${userId} for update`);
    const at = now();
    const current = await limitRows(tx, userId);
    for (const { kind, period, value } of values) {
      const row = current.find((r) => r.kind === kind && r.period === period);
      // An operator's limit caps the player's own (removing theirs is allowed: the operator's stays in force).
      const imposed = row?.operator_value == null ? null : Number(row.operator_value);
      if (value !== null && imposed !== null && value > imposed) {
        throw new AppError(
          ErrorCode.BAD_REQUEST,
          'rgLimitAboveOperator',
          { limit: limitParam(kind, imposed) },
          { data: { kind, period, operatorValue: shown(kind, imposed) } },
        );
      }
      const e = effective(row, at);
      const stricter = value !== null && (e.value === null || value <= e.value);
      const next = stricter
        ? { value, pendingValue: null, pendingAt: null }
        : value === e.value
          ? { value: e.value, pendingValue: null, pendingAt: null }
          : { value: e.value, pendingValue: value, pendingAt: new Date(at.getTime() + RAISE_DELAY_MS) };
      await tx.execute(
        sql`insert into rg_limits (user_id, kind, period, value, pending_value, pending_at, updated_at)
            values (${userId}, ${kind}, ${period}, ${next.value}, ${next.pendingValue},
              ${next.pendingAt?.toISOString() ?? null}::timestamptz, now())
            on conflict (user_id, kind, period) do update set value = excluded.value,
              pending_value = excluded.pending_value, pending_at = excluded.pending_at, updated_at = now()`,
      );
    }
  }

  async function setLimits(userId: number, input: RgLimitsRequest): Promise<RgLimits> {
    const values: { kind: RgKind; period: RgPeriod; value: number | null }[] = [];
    for (const kind of RG_KINDS) {
      const given = input[kind];
      if (!given) continue;
      for (const period of RG_PERIODS) {
        const v = given[period];
        if (v === undefined) continue;
        values.push({ kind, period, value: stored(kind, v) });
      }
    }
    await database.transaction(async (tx) => {
      await applyLimits(tx, userId, values);
      if (input.realityCheckMinutes !== undefined)
        await tx.execute(
          sql`insert into rg_players (user_id, reality_minutes) values (${userId}, ${input.realityCheckMinutes})
              on conflict (user_id) do update set reality_minutes = excluded.reality_minutes, updated_at = now()`,
        );
    });
    return limits(userId);
  }

  /**
   * A cool-off (1-42 days) or self-exclusion (180 days or more; permanent without `days`): recorded, then every
   * session of the player revoked through the accounts service, so every node drops them at once. Under br it
   * follows the person: the sessions of every account with the player's CPF go too (`accounts.personAccounts`).
   */
  async function exclude(userId: number, input: RgExclusionRequest): Promise<RgExclusion> {
    const start = now();
    const days =
      input.kind === 'self' && input.days === undefined ? null : (input.days ?? RG_SELF_EXCLUSION_MIN_DAYS);
    const endsAt = days === null ? null : new Date(start.getTime() + days * DAY_MS);
    const exclusion = await database.transaction(async (tx) => {
      const current = await activeExclusion(tx, userId);
      if (current && (current.endsAt === null || (endsAt && new Date(current.endsAt) >= endsAt)))
        throw new AppError(ErrorCode.CONFLICT, 'rgAlreadyExcluded');
      await tx.execute(
        sql`insert into rg_exclusions (user_id, kind, starts_at, ends_at)
            values (${userId}, ${input.kind}, ${start.toISOString()}::timestamptz,
              ${endsAt?.toISOString() ?? null}::timestamptz)`,
      );
      return { kind: input.kind, startsAt: start.toISOString(), endsAt: endsAt?.toISOString() ?? null };
    });
    for (const id of await accounts.personAccounts(db, userId)) await accounts.revokeAllSessions(id);
    return exclusion;
  }

  /**
   * Refuses a sign-in during a cool-off or self-exclusion, with its end; under br one of any account of the
   * person (the same CPF) refuses them all.
   */
  async function checkSignIn(userId: number): Promise<void> {
    const e = await activeExclusion(db, await accounts.personAccounts(db, userId));
    if (!e) return;
    throw e.endsAt
      ? new AppError(
          ErrorCode.SELF_EXCLUDED,
          // A pause (cool-off) is said as one; a self-exclusion by its name, as the player chose it.
          e.kind === 'self' ? 'rgSignInSelfUntil' : 'rgSignInUntil',
          { until: shownTime(e.endsAt) },
          { data: { until: e.endsAt } },
        )
      : new AppError(ErrorCode.SELF_EXCLUDED, 'rgSignInForever', {}, { data: { until: null } });
  }

  /** Time and net result of the player's current session (the reality check). */
  async function session(user: AuthUser): Promise<RgSession> {
    const since = (await accounts.sessionStartedAt(user.sessionId)) ?? now();
    const [{ net, staked }, player] = await Promise.all([
      playerResultSince(db, user.id, since),
      rows<{ reality_minutes: number | null }>(
        db,
        sql`select reality_minutes from rg_players where user_id = ${user.id}`,
      ),
    ]);
    return {
      since: since.toISOString(),
      minutesPlayed: Math.max(0, Math.floor((now().getTime() - since.getTime()) / 60_000)),
      netResult: toMajor(net),
      staked: toMajor(staked),
      realityCheckMinutes: player[0]?.reality_minutes ?? null,
    };
  }

  /** Records a reality check shown to the player (the operator view's history) and answers its figures. */
  async function realityCheck(user: AuthUser): Promise<RgSession> {
    const figures = await session(user);
    await db.execute(
      sql`insert into rg_reality_checks (user_id, minutes_played, net_result)
          values (${user.id}, ${figures.minutesPlayed}, ${toMinor(figures.netResult)})`,
    );
    return figures;
  }

  /**
   * An operator imposes, changes or lifts (null) limits on a player, at once (the player's own keep their rules),
   * if the form's `version` is still current (the player's rg row locked for the check and the write; 409
   * `staleVersion` otherwise, nothing changed). Answers the operator limits before and after (the audit row).
   */
  async function operatorSetLimits(
    userId: number,
    input: RgOperatorLimitsRequest,
    actor: string,
  ): Promise<{ before: OperatorLimits; after: OperatorLimits }> {
    return database.transaction(async (tx) => {
      const [user] = await rows<{ id: number }>(tx, sql`select id from users where id = ${userId}`);
      if (!user) throw notFound('playerNotFound');
      await tx.execute(sql`insert into rg_players (user_id) values (${userId}) on conflict do nothing`);
      const [player] = await rows<{ version: number }>(
        tx,
        sql`select version from rg_players where user_id = ${userId} for update`,
      );
      if (Number(player!.version) !== input.version) throw conflict('staleVersion');
      const before = operatorLimitsOf(await limitRows(tx, userId));
      for (const kind of RG_OPERATOR_KINDS) {
        const given = input[kind];
        if (!given) continue;
        for (const period of RG_PERIODS) {
          const v = given[period];
          if (v === undefined) continue;
          await tx.execute(
            sql`insert into rg_limits as l (user_id, kind, period, operator_value, operator_by, operator_at, updated_at)
                values (${userId}, ${kind}, ${period}, ${stored(kind, v)}, ${actor}, now(), now())
                on conflict (user_id, kind, period) do update set operator_value = excluded.operator_value,
                  operator_by = excluded.operator_by, operator_at = now(), updated_at = now()`,
          );
        }
      }
      await tx.execute(
        sql`update rg_players set version = version + 1, updated_at = now() where user_id = ${userId}`,
      );
      return { before, after: operatorLimitsOf(await limitRows(tx, userId)) };
    });
  }

  /** The operator's view of a player: limits, every exclusion, the last 100 reality checks. */
  async function operatorView(userId: number): Promise<RgOperatorPlayer> {
    // An unknown id is no player (404), not one without limits or exclusions.
    const [user] = await rows<{ id: number }>(db, sql`select id from users where id = ${userId}`);
    if (!user) throw notFound('playerNotFound');
    const [view, exclusions, checks, player] = await Promise.all([
      limits(userId),
      rows<{ kind: 'cooloff' | 'self'; starts_at: string; ends_at: string | null }>(
        db,
        sql`select kind, starts_at, ends_at from rg_exclusions where user_id = ${userId} order by id desc`,
      ),
      rows<{ minutes_played: number; net_result: string; shown_at: string }>(
        db,
        sql`select minutes_played, net_result, shown_at from rg_reality_checks where user_id = ${userId}
            order by id desc limit 100`,
      ),
      rows<{ version: number }>(db, sql`select version from rg_players where user_id = ${userId}`),
    ]);
    return {
      userId,
      version: Number(player[0]?.version ?? 0),
      limits: view,
      exclusions: exclusions.map((e) => ({
        kind: e.kind,
        startsAt: iso(e.starts_at),
        endsAt: e.ends_at ? iso(e.ends_at) : null,
      })),
      realityChecks: checks.map((c) => ({
        minutesPlayed: Number(c.minutes_played),
        netResult: toMajor(Number(c.net_result)),
        shownAt: iso(c.shown_at),
      })),
    };
  }

  /**
   * Counts a payout against the loss of the Brasília day it was paid (`paidAt`, default now; `rg_usage.paid`):
   * a settlement's fact delivered after midnight still lowers the loss of the day it paid, not the next one's.
   */
  async function addPaid(tx: Executor, userId: number, amountMinor: number, paidAt?: Date) {
    if (amountMinor <= 0) return;
    await tx.execute(
      sql`insert into rg_usage as u (user_id, day, paid) values (${userId}, ${brasiliaDay(paidAt)}, ${amountMinor})
          on conflict (user_id, day) do update set paid = u.paid + excluded.paid`,
    );
  }

  /** Takes what a stake's closing gave back off the stakes counted on the bet's Brasília day. */
  async function giveBack(tx: Executor, userId: number, holdId: number, captured: number) {
    const back = await stakeReturned(tx, holdId, captured);
    if (!back) return;
    await tx.execute(
      sql`update rg_usage set staked = greatest(0, staked - ${back.amount})
          where user_id = ${userId}
            and day = ((${back.heldAt.toISOString()}::timestamptz at time zone 'UTC') - interval '3 hours')::date`,
    );
  }

  /**
   * A resettlement (a corrected sports result, a provider's correction) replaces the settlement counted before:
   * the change of payout counts on the day it is paid (as a payout does; negative when the correction takes
   * money back), the change of capture on the bet's day (a corrected void gives the stake back, and back again).
   */
  async function recount(tx: Executor, fact: SettledFact, supersedes: number, paidAt?: Date) {
    const captured = Number(fact.cash) + Number(fact.bonus);
    const before = await settlementFigures(tx, supersedes, captured - Number(fact.turnover));
    const paid = Number(fact.payout) - before.payout;
    if (paid !== 0)
      await tx.execute(
        sql`insert into rg_usage as u (user_id, day, paid) values (${fact.userId}, ${brasiliaDay(paidAt)}, ${paid})
            on conflict (user_id, day) do update set paid = u.paid + excluded.paid`,
      );
    const staked = Number(fact.turnover);
    if (staked !== 0)
      await tx.execute(
        sql`insert into rg_usage as u (user_id, day, staked)
            values (${fact.userId}, ${brasiliaDay(before.heldAt)}, greatest(0, ${staked}))
            on conflict (user_id, day) do update set staked = greatest(0, u.staked + ${staked})`,
      );
  }

  return {
    limits,
    setLimits,
    realityCheck,
    operatorView,
    operatorSetLimits,
    applyLimits,
    exclude,
    checkSignIn,
    session,

    /**
     * Every account signed out by a self-exclusion in force (not a cool-off), with when that exclusion began:
     * the excluded accounts and, under br, the other accounts of the same person. The payments pay their cash
     * out to the player's own CPF, since none of them can sign in to withdraw for 180 days or more.
     */
    async selfExcludedAccounts(): Promise<{ userId: number; since: string }[]> {
      const excluded = await rows<{ user_id: number; since: string | Date }>(
        db,
        sql`select user_id, min(starts_at) as since from rg_exclusions
            where kind = 'self' and starts_at <= now() and (ends_at is null or ends_at > now())
            group by user_id order by user_id`,
      );
      const since = new Map<number, string>();
      for (const { user_id, since: at } of excluded)
        for (const id of await accounts.personAccounts(db, Number(user_id)))
          if (!since.has(id) || iso(at) < since.get(id)!) since.set(id, iso(at));
      return [...since].sort(([a], [b]) => a - b).map(([userId, at]) => ({ userId, since: at }));
    },

    /**
     * THE check of every stake, inside the stake's transaction `tx` before its hold: refused (AppError
     * LIMIT_REACHED / SELF_EXCLUDED, which rolls `tx` back) during an exclusion or when a stake, loss, time or
     * bets limit would be passed; otherwise the stake (and one bet) is counted. One statement.
     */
    async assertCanStake(tx: Executor, userId: number, amountMinor: number): Promise<void> {
      try {
        await tx.execute(sql`select rg_stake(${userId}, ${amountMinor})`);
      } catch (err) {
        throw rgRefusal(err) ?? err;
      }
    },

    /**
     * The same check, answering the refusal instead of throwing it (null: allowed and counted), with `tx` still
     * usable: for a caller that answers in its own format, e.g. a casino wallet bet
     * (`if (await app.rg.stakeRefusal(tx, userId, amountMinor)) return RS_ERROR_LIMIT_REACHED`).
     */
    async stakeRefusal(tx: Executor, userId: number, amountMinor: number): Promise<AppError | null> {
      const [row] = await rows<{ reason: string | null }>(
        tx,
        sql`select rg_stake_refusal(${userId}, ${amountMinor}) as reason`,
      );
      return row?.reason ? refusalOf(row.reason) : null;
    },

    /**
     * The check of a deposit before its order is made: exclusion and deposit limits. Deposits count when
     * credited (`rg_usage`, from `payment.credited`); `amountMinor` is what would come on top: the new order
     * plus the player's orders still open (each may yet be paid). The payments take a per-player lock, sum
     * those and insert the new order in one transaction `exec`, so two orders at once cannot both pass.
     */
    async assertCanDeposit(userId: number, amountMinor: number, exec: Executor = db): Promise<void> {
      try {
        await exec.execute(sql`select rg_deposit(${userId}, ${amountMinor})`);
      } catch (err) {
        throw rgRefusal(err, true) ?? err;
      }
    },

    /** Whether promotions (deposit gifts, bonuses) may be offered to the player: never under an exclusion or br. */
    async promotionsAllowed(userId: number, exec: Executor = db): Promise<boolean> {
      if (config.jurisdiction === 'br') return false;
      return (await activeExclusion(exec, userId)) === null;
    },

    /**
     * Outbox handler of `ledger.stakeSettled`: the payout counts against the loss of the day it was paid; the
     * part of the stake the settlement gave back (a void sports bet, a half result) is no longer staked.
     */
    async onStakeSettled(fact: SettledFact, tx: Executor, paidAt?: Date): Promise<void> {
      if (fact.supersedes !== null && fact.supersedes !== undefined)
        return recount(tx, fact, fact.supersedes, paidAt);
      await addPaid(tx, fact.userId, Number(fact.payout), paidAt);
      await giveBack(tx, fact.userId, fact.holdId, Number(fact.cash) + Number(fact.bonus));
    },

    /**
     * `onStakeSettled` of many facts at once (the relay's set-based path): the payouts summed per player into
     * the row of the day each was paid (its event's time), the stakes given back summed per player and day, two
     * statements for the lot. Leaves the resettlements (`supersedes`) to `onStakeSettled`; the rest commute
     * (sums, and a floor at 0 that sums keep).
     */
    async onStakesSettled(facts: SettledFact[], tx: Executor, paidAt?: Date[]): Promise<number[]> {
      const resettles = (f: SettledFact) => f.supersedes !== null && f.supersedes !== undefined;
      const left = facts.flatMap((f, i) => (resettles(f) ? [i] : []));
      const at = (i: number) => (paidAt?.[i] ?? new Date()).toISOString();
      const settled = facts.flatMap((f, i) => (resettles(f) ? [] : [{ f, at: at(i) }]));
      const paid = settled
        .filter(({ f }) => Number(f.payout) > 0)
        .map(({ f, at }) => ({ u: f.userId, a: Number(f.payout), at }));
      // The read first, the writes last: bets write these rows too, and wait for them until the commit.
      const returned = await stakesReturned(
        tx,
        settled.map(({ f }) => ({ holdId: f.holdId, captured: Number(f.cash) + Number(f.bonus) })),
      );
      if (paid.length)
        await tx.execute(
          sql`insert into rg_usage as u (user_id, day, paid)
              select p.u, ((p.at at time zone 'UTC') - interval '3 hours')::date, sum(p.a)
                from jsonb_to_recordset(${JSON.stringify(paid)}::jsonb) as p (u bigint, a bigint, at timestamptz)
              group by 1, 2 order by 1, 2
              on conflict (user_id, day) do update set paid = u.paid + excluded.paid`,
        );
      const back = settled.flatMap(({ f }, i) => {
        const r = returned[i];
        return r ? [{ u: f.userId, a: r.amount, at: r.heldAt.toISOString() }] : [];
      });
      if (back.length)
        await tx.execute(
          sql`update rg_usage u set staked = greatest(0, u.staked - b.a)
              from (select b.u, ((b.at at time zone 'UTC') - interval '3 hours')::date as day, sum(b.a) as a
                      from jsonb_to_recordset(${JSON.stringify(back)}::jsonb) as b (u bigint, a bigint, at timestamptz)
                     group by 1, 2) b
              where u.user_id = b.u and u.day = b.day`,
        );
      return left;
    },

    /** Outbox handler of `ledger.stakeVoided`: a voided stake (a refunded round, a rollback) is no longer staked. */
    async onStakeVoided(fact: VoidedFact, tx: Executor): Promise<void> {
      await giveBack(tx, fact.userId, fact.holdId, 0);
    },

    /**
     * A payout posted outside a settlement (a casino provider's further win of a round already settled,
     * `TxType.PRIZE`) counts against the loss of the day it is paid, in the paying transaction `tx`: no ledger
     * fact carries it (only settlements write `ledger.stakeSettled`), and the reality check's net
     * (`playerResultSince`) counts it, so the loss limit agrees with it. The caller counts it before it posts:
     * `rg_usage` first, then the player's accounts, the order of every stake (`rg_stake`, then the hold).
     */
    recordPaid: addPaid,

    /**
     * A credited deposit counts against the deposit limits, in the crediting transaction `tx` (as a stake is
     * counted in its own): counted after the commit, by the outbox, a deposit credited but not yet delivered
     * was neither an open order nor a used amount, and a stalled relay let every new order pass the limit.
     */
    async recordDeposit(tx: Executor, userId: number, amountMinor: number): Promise<void> {
      await tx.execute(
        sql`insert into rg_usage as u (user_id, day, deposited) values (${userId}, rg_today(), ${amountMinor})
            on conflict (user_id, day) do update set deposited = u.deposited + excluded.deposited`,
      );
    },
  };
}

export type RgService = ReturnType<typeof createRgService>;
