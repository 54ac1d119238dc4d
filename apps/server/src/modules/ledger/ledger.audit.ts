import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';

export interface AuditCheck {
  name: string;
  /** The offending rows; empty when the invariant holds. */
  faults: Record<string, unknown>[];
}

export interface AuditResult {
  ok: boolean;
  checks: AuditCheck[];
}

const LIMIT = 50;

/** Every invariant of the ledger, as a query answering the rows that break it (at most LIMIT each). */
const CHECKS: Record<string, string> = {
  'each transaction sums to zero per currency': `
    select tx_id, currency, sum(amount) as total from ledger_postings
    group by tx_id, currency having sum(amount) <> 0`,
  'each player balance equals the sum of its postings': `
    select a.id, a.balance, coalesce(p.total, 0) as postings
    from ledger_accounts a
    left join (select account_id, sum(amount) as total from ledger_postings group by account_id) p
      on p.account_id = a.id
    where a.user_id is not null and a.balance <> coalesce(p.total, 0)`,
  'each system balance plus its pending roll-up equals the sum of its postings': `
    with posted as (
      select account_id, sum(amount) as total from ledger_postings where account_id not like 'u%' group by account_id
    ),
    pending as (select account_id, sum(amount) as total from ledger_deltas group by account_id),
    ids as (
      select account_id from posted union select account_id from pending
      union select id from ledger_accounts where user_id is null
    )
    select ids.account_id, a.balance, pending.total as pending, posted.total as postings
    from ids
    left join ledger_accounts a on a.id = ids.account_id
    left join posted on posted.account_id = ids.account_id
    left join pending on pending.account_id = ids.account_id
    where coalesce(a.balance, 0) + coalesce(pending.total, 0) <> coalesce(posted.total, 0)`,
  // Postings and balances go by account id, reads of a player's accounts by user_id: the two must agree, and a
  // player's accounts keep to one book (else a balance shows as another player's, or play money as real).
  'each account id names its owner, kind, book and currency; a player keeps to one book': `
    select a.id, a.user_id, a.kind, a.book, a.currency from ledger_accounts a
    where (a.user_id is not null and a.id <> 'u' || a.user_id || ':' || a.kind || ':' || a.currency)
       or (a.user_id is null and (a.id like 'u%' or a.id <> a.book || ':' || a.kind || ':' || a.currency))
    union all
    select min(a.id), a.user_id, null, string_agg(distinct a.book, ','), null from ledger_accounts a
    where a.user_id is not null group by a.user_id having count(distinct a.book) > 1`,
  'every posting belongs to a transaction and names an account of its book and currency': `
    select p.tx_id, p.account_id, p.currency, t.book
    from ledger_postings p
    left join ledger_transactions t on t.id = p.tx_id
    left join ledger_accounts a on a.id = p.account_id
    where t.id is null
       or (p.account_id like 'u%' and (a.id is null or a.book <> t.book or a.currency <> p.currency))
       or (p.account_id not like 'u%' and (split_part(p.account_id, ':', 1) <> t.book
           or split_part(p.account_id, ':', 3) <> p.currency))`,
  'every hold belongs to its opening transaction and names its product and reference': `
    select h.tx_id, h.type, t.type as tx_type, h.user_id, t.user_id as tx_user, h.product, h.reference
    from ledger_holds h left join ledger_transactions t on t.id = h.tx_id
    where t.id is null or t.type <> h.type or t.user_id <> h.user_id or t.book <> h.book
       or h.product is null or h.reference is null or h.reference = ''
       or (h.type = 11) <> (h.product = 'withdrawal')
       or h.account_id <> 'u' || h.user_id || ':cash:' || h.currency`,
  'no player balance below zero or below its holds': `
    select id, balance, held from ledger_accounts
    where user_id is not null and (balance < 0 or held < 0 or balance < held)`,
  'each account holds exactly its open holds (cash part and bonus part)': `
    with parts as (
      select account_id, amount - bonus as amount from ledger_holds where state = 'held'
      union all
      select 'u' || user_id || ':bonus:' || currency, bonus from ledger_holds where state = 'held' and bonus > 0
    ),
    open as (select account_id, sum(amount) as total from parts where amount > 0 group by account_id)
    select coalesce(a.id, o.account_id) as id, a.held, o.total as open_holds
    from ledger_accounts a full join open o on o.account_id = a.id
    where (a.id is null or a.user_id is not null) and coalesce(a.held, -1) <> coalesce(o.total, 0)`,
  // One pass over the closings, grouped by hold (a count per hold over all closings took 12 minutes at 115,000
  // holds); the closing in effect is looked up by its id.
  'a hold has exactly one settlement in effect (its closed_by), an open one none': `
    with c as (
      select t.hold_id, count(*) as closings,
        count(*) filter (where not exists (select 1 from ledger_transactions r where r.reverses_id = t.id))
          as in_effect,
        bool_or(t.supersedes_id is not null) as resettled
      from ledger_transactions t where t.hold_id is not null group by t.hold_id
    )
    select h.tx_id, h.state, h.closed_by, coalesce(c.closings, 0) as closings, coalesce(c.in_effect, 0) as in_effect
    from ledger_holds h left join c on c.hold_id = h.tx_id
    where (h.state = 'held') <> (h.closed_by is null)
       or (h.state = 'held' and c.hold_id is not null)
       or (h.state <> 'held' and coalesce(c.in_effect, 0) <> 1)
       or (h.state <> 'held' and not exists (
             select 1 from ledger_transactions t where t.id = h.closed_by and t.hold_id = h.tx_id
               and not exists (select 1 from ledger_transactions r where r.reverses_id = t.id)))
       or (h.state = 'voided' and exists (select 1 from ledger_postings p where p.tx_id = h.closed_by))
       or (h.state = 'voided' and (h.posted <> 0 or h.paid <> 0 or coalesce(c.resettled, false)))`,
  'each resettlement supersedes a settlement of its hold, which a reversal undoes, and nothing else is undone': `
    select t.id, t.hold_id, t.supersedes_id, s.hold_id as superseded_hold
    from ledger_transactions t left join ledger_transactions s on s.id = t.supersedes_id
    where t.supersedes_id is not null and (s.id is null or s.hold_id is distinct from t.hold_id
      or not exists (select 1 from ledger_transactions r where r.reverses_id = s.id and r.type = 303))
    union all
    select s.id, s.hold_id, null, null from ledger_transactions s
    where s.hold_id is not null
      and exists (select 1 from ledger_transactions r where r.reverses_id = s.id)
      and not exists (select 1 from ledger_transactions n where n.supersedes_id = s.id)
    union all
    select r.id, null, r.reverses_id, null from ledger_transactions r
    where r.type = 303 and not exists (
      select 1 from ledger_transactions s join ledger_transactions n on n.supersedes_id = s.id
      where s.id = r.reverses_id and s.hold_id is not null and s.user_id = r.user_id and s.book = r.book)`,
  'the settlement in effect posts what its hold records, cash and bonus parts by the stake rule': `
    select h.tx_id, h.amount, h.bonus, h.posted, h.posted_bonus, h.paid, h.paid_bonus, p.cash, p.bonus_amount
    from ledger_holds h
    left join lateral (
      select coalesce(sum(amount) filter (where account_id = h.account_id), 0) as cash,
        coalesce(sum(amount) filter (where account_id = 'u' || h.user_id || ':bonus:' || h.currency), 0) as bonus_amount
      from ledger_postings where tx_id = h.closed_by
    ) p on true
    where h.state = 'posted' and (
      p.cash <> (h.paid - h.paid_bonus) - (h.posted - h.posted_bonus)
      or p.bonus_amount <> h.paid_bonus - h.posted_bonus
      or h.posted_bonus <> greatest(0, h.posted - (h.amount - h.bonus))
      or h.paid_bonus <> ledger_bonus_share(h.paid, h.posted, h.posted_bonus, h.amount, h.bonus))
    or h.state <> 'posted' and (h.posted_bonus <> 0 or h.paid_bonus <> 0)
    or h.type = 11 and h.bonus <> 0`,
  // Sums and balances cannot see a settlement that pays, or takes from, a player other than its hold's.
  'a closing of a hold posts to its own player only': `
    select t.id, t.hold_id, h.user_id, p.account_id from ledger_transactions t
    join ledger_holds h on h.tx_id = t.hold_id
    join ledger_postings p on p.tx_id = t.id
    where p.account_id like 'u%'
      and p.account_id not in (h.account_id, 'u' || h.user_id || ':bonus:' || h.currency)`,
  'a reversal mirrors the transaction it reverses': `
    select r.id, r.reverses_id from ledger_transactions r
    where r.reverses_id is not null and exists (
      select account_id from (
        select account_id, amount from ledger_postings where tx_id = r.id
        union all
        select account_id, amount from ledger_postings where tx_id = r.reverses_id
      ) both_sides group by account_id having sum(amount) <> 0)`,
};

/**
 * Checks every invariant of the ledger. Read-only; runs in one REPEATABLE READ transaction so that all
 * checks see the same moment, however busy the ledger is.
 */
export async function auditLedger(database: Database): Promise<AuditResult> {
  const checks = await database.transaction(
    async (tx) => {
      const out: AuditCheck[] = [];
      for (const [name, query] of Object.entries(CHECKS)) {
        const result = (await tx.execute(
          sql.raw(`select * from (${query}) q limit ${LIMIT}`),
        )) as unknown as {
          rows: Record<string, unknown>[];
        };
        out.push({ name, faults: result.rows.map(plain) });
      }
      return out;
    },
    { isolationLevel: 'repeatable read' },
  );
  return { ok: checks.every((c) => c.faults.length === 0), checks };
}

/** Driver values (bigint strings, BigInt) as printable JSON values. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
  );
}
