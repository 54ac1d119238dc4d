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
  'each player deposited total equals the deposits its postings record': `
    select a.id, a.deposited, coalesce(p.total, 0) as postings
    from ledger_accounts a
    left join (select account_id, sum(deposited) as total from ledger_postings where deposited is not null
      group by account_id) p on p.account_id = a.id
    where a.user_id is not null and a.deposited <> coalesce(p.total, 0)`,
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
  'every posting belongs to a transaction and names an account of its book and currency': `
    select p.tx_id, p.account_id, p.currency, t.book
    from ledger_postings p
    left join ledger_transactions t on t.id = p.tx_id
    left join ledger_accounts a on a.id = p.account_id
    where t.id is null
       or (p.account_id like 'u%' and (a.id is null or a.book <> t.book or a.currency <> p.currency))
       or (p.account_id not like 'u%' and (split_part(p.account_id, ':', 1) <> t.book
           or split_part(p.account_id, ':', 3) <> p.currency))`,
  'every hold belongs to its opening transaction': `
    select h.tx_id, h.type, t.type as tx_type, h.user_id, t.user_id as tx_user
    from ledger_holds h left join ledger_transactions t on t.id = h.tx_id
    where t.id is null or t.type <> h.type or t.user_id <> h.user_id or t.book <> h.book`,
  'no player balance below zero or below its holds': `
    select id, balance, held from ledger_accounts
    where user_id is not null and (balance < 0 or held < 0 or balance < held)`,
  'each account holds exactly its open holds': `
    select a.id, a.held, coalesce(h.total, 0) as open_holds
    from ledger_accounts a
    left join (select account_id, sum(amount) as total from ledger_holds where state = 'held' group by account_id) h
      on h.account_id = a.id
    where a.held <> coalesce(h.total, 0)
    union all
    select h.account_id, null, sum(h.amount) from ledger_holds h
    where h.state = 'held' and not exists (select 1 from ledger_accounts a where a.id = h.account_id)
    group by h.account_id`,
  'a hold is closed by exactly one transaction, an open one by none': `
    select h.tx_id, h.state, c.id as closed_by, c.type as closing_type
    from ledger_holds h left join ledger_transactions c on c.hold_id = h.tx_id
    where (h.state = 'held') <> (c.id is null)
       or (h.state = 'voided' and (h.posted <> 0 or h.paid <> 0))
       or (c.id is not null and exists (
             select 1 from ledger_postings p where p.tx_id = c.id and p.account_id = h.account_id
             having sum(p.amount) <> h.paid - h.posted))
       or (c.id is not null and h.paid - h.posted <> 0 and not exists (
             select 1 from ledger_postings p where p.tx_id = c.id and p.account_id = h.account_id))`,
  'a reversal mirrors the transaction it reverses, totals included': `
    select r.id, r.reverses_id from ledger_transactions r
    where r.reverses_id is not null and exists (
      select account_id from (
        select account_id, amount, deposited, wager_due, bonus_wager_due from ledger_postings where tx_id = r.id
        union all
        select account_id, amount, deposited, wager_due, bonus_wager_due from ledger_postings
        where tx_id = r.reverses_id
      ) both_sides group by account_id
      having sum(amount) <> 0 or coalesce(sum(deposited), 0) <> 0 or coalesce(sum(wager_due), 0) <> 0
        or coalesce(sum(bonus_wager_due), 0) <> 0)`,
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
