import { TxType } from '@aposta/contracts';
import { DEFAULT_CURRENCY, type Currency } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { Book } from './ledger.accounts';

/**
 * Read-only figures over the journal for the back office: what each product won and lost per day, the day's
 * deposits and withdrawals, the system accounts' balances. Real money only (the play book is test accounts).
 * Days are São Paulo calendar days (UTC−3 all year since 2019, as `rg_today()`).
 */

/** Inclusive São Paulo days `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

const spDay = (column: SQL) => sql`((${column} at time zone 'UTC') - interval '3 hours')::date`;

/** The instants that bound a range of São Paulo days: [from 03:00 UTC, the day after `to` 03:00 UTC). */
export function dayBounds(range: DayRange): { start: string; end: string } {
  const end = new Date(`${range.to}T03:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${range.from}T03:00:00Z`, end: end.toISOString() };
}

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export interface ProductDay {
  day: string;
  /** The hold's product; the shared rounds (`round-bet:` references on `originals`) as `rounds`. */
  product: string;
  /** Stakes captured and winnings paid, minor units. */
  stakes: number;
  wins: number;
}

/**
 * Stakes and wins per day and product: each settled stake on the day of its first settlement, with the
 * figures of the settlement in effect (a resettlement changes the amounts, never the day), plus the plain
 * credits from a provider's clearing account (a casino round's later wins, or their reversals) on their own
 * day. Summed over all days this is exactly what the house and clearing accounts gained from stakes.
 */
export async function productDays(
  exec: Executor,
  range: DayRange,
  currency: Currency = DEFAULT_CURRENCY,
): Promise<ProductDay[]> {
  const { start, end } = dayBounds(range);
  const list = await rows<{ day: unknown; product: string; stakes: string; wins: string }>(
    exec,
    sql`
    with s as (
      select t.created_at,
        case when h.product = 'originals' and h.reference like 'round-bet:%' then 'rounds' else h.product end
          as product,
        h.posted as stakes, h.paid as wins
      from ledger_transactions t join ledger_holds h on h.tx_id = t.hold_id
      where t.type = ${TxType.BET_SETTLED}::int and t.supersedes_id is null and t.book = 'real'
        and h.state = 'posted' and h.product <> 'withdrawal' and h.currency = ${currency}
        and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz
      union all
      select t.created_at, 'casino', 0, -p.amount
      from ledger_transactions t join ledger_postings p on p.tx_id = t.id
      where t.hold_id is null and t.book = 'real' and p.currency = ${currency}
        and starts_with(p.account_id, 'real:provider_clearing.')
        and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz
    )
    select ${spDay(sql`created_at`)} as day, product, sum(stakes)::bigint as stakes, sum(wins)::bigint as wins
    from s group by 1, 2 order by 1, 2`,
  );
  return list.map((r) => ({
    day: day(r.day),
    product: r.product,
    stakes: Number(r.stakes),
    wins: Number(r.wins),
  }));
}

export interface MoneyDay {
  day: string;
  /** Net payouts of the promotions account (bonuses given minus bonus money taken back), minor units. */
  bonuses: number;
  /** Withdrawal fees kept (credits of the fees account), minor units. */
  fees: number;
}

/** What the promotions account paid out and the fees account took in, per day. */
export async function promotionAndFeeDays(
  exec: Executor,
  range: DayRange,
  currency: Currency = DEFAULT_CURRENCY,
): Promise<MoneyDay[]> {
  const { start, end } = dayBounds(range);
  const list = await rows<{ day: unknown; bonuses: string; fees: string }>(
    exec,
    sql`
    select ${spDay(sql`t.created_at`)} as day,
      coalesce(-sum(p.amount) filter (where p.account_id = ${`real:promotions:${currency}`}), 0)::bigint as bonuses,
      coalesce(sum(p.amount) filter (where p.account_id = ${`real:fees:${currency}`}), 0)::bigint as fees
    from ledger_transactions t join ledger_postings p on p.tx_id = t.id
    where t.book = 'real' and p.account_id in (${`real:promotions:${currency}`}, ${`real:fees:${currency}`})
      and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz
    group by 1 order by 1`,
  );
  return list.map((r) => ({ day: day(r.day), bonuses: Number(r.bonuses), fees: Number(r.fees) }));
}

export interface ActivityDay {
  day: string;
  deposits: number;
  depositsCount: number;
  /** Withdrawals paid out: what left the player (fee included). */
  withdrawals: number;
  withdrawalsCount: number;
  /** Players whose first deposit ever was credited that day. */
  ftd: number;
  /** Players who opened at least one stake that day. */
  activePlayers: number;
}

/** Deposits, paid withdrawals, first-time depositors and active players per day (every day of the range). */
export async function activityDays(
  exec: Executor,
  range: DayRange,
  currency: Currency = DEFAULT_CURRENCY,
): Promise<ActivityDay[]> {
  const { start, end } = dayBounds(range);
  const within = (column: SQL) => sql`${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz`;
  const list = await rows<Record<string, unknown>>(
    exec,
    sql`
    with deposits as (
      select t.user_id, t.created_at, sum(p.amount) as amount
      from ledger_transactions t join ledger_postings p on p.tx_id = t.id
      where t.type = ${TxType.DEPOSIT}::int and t.book = 'real' and starts_with(p.account_id, 'u')
        and p.currency = ${currency} and ${within(sql`t.created_at`)}
      group by t.id
    ),
    firsts as (
      select t.user_id, min(t.created_at) as first_at
      from ledger_transactions t
      where t.type = ${TxType.DEPOSIT}::int and t.book = 'real'
        and t.user_id in (select user_id from deposits)
      group by t.user_id
    ),
    paid as (
      select t.created_at, h.posted as amount
      from ledger_transactions t join ledger_holds h on h.tx_id = t.hold_id
      where h.product = 'withdrawal' and h.state = 'posted' and t.supersedes_id is null and t.book = 'real'
        and h.currency = ${currency} and t.id = h.closed_by and ${within(sql`t.created_at`)}
    ),
    stakes as (
      select t.user_id, t.created_at
      from ledger_holds h join ledger_transactions t on t.id = h.tx_id
      where h.product <> 'withdrawal' and h.book = 'real' and h.currency = ${currency}
        and ${within(sql`t.created_at`)}
    ),
    days as (
      select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
    )
    select days.day,
      (select coalesce(sum(amount), 0)::bigint from deposits where ${spDay(sql`created_at`)} = days.day) as deposits,
      (select count(*)::int from deposits where ${spDay(sql`created_at`)} = days.day) as deposits_count,
      (select coalesce(sum(amount), 0)::bigint from paid where ${spDay(sql`created_at`)} = days.day) as withdrawals,
      (select count(*)::int from paid where ${spDay(sql`created_at`)} = days.day) as withdrawals_count,
      (select count(*)::int from firsts where ${spDay(sql`first_at`)} = days.day) as ftd,
      (select count(distinct user_id)::int from stakes where ${spDay(sql`created_at`)} = days.day) as active
    from days order by days.day`,
  );
  return list.map((r) => ({
    day: day(r.day),
    deposits: Number(r.deposits),
    depositsCount: Number(r.deposits_count),
    withdrawals: Number(r.withdrawals),
    withdrawalsCount: Number(r.withdrawals_count),
    ftd: Number(r.ftd),
    activePlayers: Number(r.active),
  }));
}

export interface SystemAccountBalance {
  id: string;
  book: Book;
  kind: string;
  currency: string;
  /** Rolled-up balance plus pending deltas, minor units. */
  balance: number;
}

/** Every system account (house, clearing, fees, promotions…) with its balance, pending deltas included. */
export async function systemBalances(exec: Executor): Promise<SystemAccountBalance[]> {
  const list = await rows<{ id: string; balance: string }>(
    exec,
    sql`
    with pending as (select account_id, sum(amount) as amount from ledger_deltas group by account_id),
    ids as (select id from ledger_accounts where user_id is null union select account_id from pending)
    select ids.id, (coalesce(a.balance, 0) + coalesce(pending.amount, 0))::bigint as balance
    from ids left join ledger_accounts a on a.id = ids.id left join pending on pending.account_id = ids.id
    order by ids.id`,
  );
  return list.map((r) => {
    const [book, kind, currency] = r.id.split(':');
    return { id: r.id, book: book as Book, kind: kind!, currency: currency!, balance: Number(r.balance) };
  });
}

export interface PlayerTotals {
  book: Book;
  currency: string;
  cash: number;
  bonus: number;
  held: number;
}

/** What all players hold, per book and currency. */
export async function playerTotals(exec: Executor): Promise<PlayerTotals[]> {
  const list = await rows<{ book: Book; currency: string; cash: string; bonus: string; held: string }>(
    exec,
    sql`select book, currency,
          coalesce(sum(balance) filter (where kind = 'cash'), 0)::bigint as cash,
          coalesce(sum(balance) filter (where kind = 'bonus'), 0)::bigint as bonus,
          coalesce(sum(held), 0)::bigint as held
        from ledger_accounts where user_id is not null group by book, currency order by book, currency`,
  );
  return list.map((r) => ({
    book: r.book,
    currency: r.currency,
    cash: Number(r.cash),
    bonus: Number(r.bonus),
    held: Number(r.held),
  }));
}

/**
 * A player's stakes opened since `since` (withdrawals aside) and the part captured by their settlements. A hold
 * `carried` on from a partial cash-out is the same bet: its capture counts, the bet not again.
 */
export async function playerStakesSince(
  exec: Executor,
  userId: number,
  since: Date,
): Promise<{ count: number; turnover: number }> {
  const [row] = await rows<{ n: number; turnover: string }>(
    exec,
    sql`select count(*) filter (where t.memo is null or t.memo->>'carried' is null)::int as n,
          coalesce(sum(h.posted), 0)::bigint as turnover
        from ledger_holds h join ledger_transactions t on t.id = h.tx_id
        where h.user_id = ${userId} and h.product <> 'withdrawal' and h.book = 'real'
          and t.created_at >= ${since.toISOString()}::timestamptz`,
  );
  return { count: Number(row?.n ?? 0), turnover: Number(row?.turnover ?? 0) };
}

/**
 * What the player's play moved their money (cash and bonus) by since `since`, and what they staked, minor units.
 * Counted as the money moved: a stake when held; a hold's first closing (a settlement, a void, a provider's
 * rollback, a cash-out) gives the hold back; a settlement's own postings (payout less capture), a
 * resettlement's reversal (the settlement it replaces, undone) and a later win (a casino's further win) as they
 * come. So a corrected result of a bet settled before the session counts only its difference, never the old
 * payout again. Staked: the stakes held in the session and not given back whole (a cash-out's carried rest is
 * the same stake).
 */
export async function playerResultSince(
  exec: Executor,
  userId: number,
  since: Date,
): Promise<{ net: number; staked: number }> {
  const [r] = await rows<{ net: string | number; staked: string | number }>(
    exec,
    sql`with t as (
          select id, type, hold_id, supersedes_id, memo from ledger_transactions
          where user_id = ${userId} and created_at >= ${since.toISOString()}::timestamptz
            and type in (${TxType.BET}, ${TxType.BET_SETTLED}, ${TxType.BET_VOIDED},
              ${TxType.SETTLEMENT_REVERSED}, ${TxType.PRIZE})
        )
        select
          coalesce((select sum(h.amount) from t join ledger_holds h on h.tx_id = t.id
            where t.type = ${TxType.BET} and h.state <> 'voided' and t.memo->>'carried' is null), 0) as staked,
          coalesce((select -sum(h.amount) from t join ledger_holds h on h.tx_id = t.id
            where t.type = ${TxType.BET}), 0)
          + coalesce((select sum(h.amount) from t join ledger_holds h on h.tx_id = t.hold_id
            where t.type in (${TxType.BET_SETTLED}, ${TxType.BET_VOIDED}) and t.supersedes_id is null), 0)
          + coalesce((select sum(p.amount) from t join ledger_postings p on p.tx_id = t.id
            where t.type in (${TxType.BET_SETTLED}, ${TxType.SETTLEMENT_REVERSED}, ${TxType.PRIZE})
              and p.account_id like ${`u${Math.trunc(userId)}:%`}), 0) as net`,
  );
  return { net: Number(r?.net ?? 0), staked: Number(r?.staked ?? 0) };
}
