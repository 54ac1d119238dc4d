import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { AuditResult } from '../ledger';
import { CLEARED } from './wagering.service';

/** Every invariant of the wagering module, as a query answering the rows that break it. */
const CHECKS: Record<string, string> = {
  'each player total equals the sum of its journal': `
    with j as (
      select user_id, currency, sum(deposited) as deposited, sum(withdrawn) as withdrawn, sum(wagered) as wagered
      from wagering_events group by user_id, currency
    )
    select coalesce(t.user_id, j.user_id) as user_id, coalesce(t.currency, j.currency) as currency,
      t.deposited, j.deposited as journal_deposited, t.withdrawn, j.withdrawn as journal_withdrawn,
      t.wagered, j.wagered as journal_wagered
    from wagering_totals t full join j on j.user_id = t.user_id and j.currency = t.currency
    where coalesce(t.deposited, 0) <> coalesce(j.deposited, 0) or coalesce(t.withdrawn, 0) <> coalesce(j.withdrawn, 0)
       or coalesce(t.wagered, 0) <> coalesce(j.wagered, 0)`,
  'requirements raised and worn equal the journal, per player and kind': `
    with r as (
      select user_id, currency, kind, sum(required) as required, sum(required - remaining) as worn
      from wagering_requirements group by user_id, currency, kind
    ),
    j as (
      select user_id, currency, 'cash' as kind, sum(raised_cash) as raised, sum(worn_cash) as worn
      from wagering_events group by user_id, currency
      union all
      select user_id, currency, 'bonus', sum(raised_bonus), sum(worn_bonus) from wagering_events group by user_id, currency
    )
    select coalesce(r.user_id, j.user_id) as user_id, coalesce(r.kind, j.kind) as kind,
      r.required, j.raised, r.worn, j.worn as journal_worn
    from r full join j on j.user_id = r.user_id and j.currency = r.currency and j.kind = r.kind
    where coalesce(r.required, 0) <> coalesce(j.raised, 0) or coalesce(r.worn, 0) <> coalesce(j.worn, 0)`,
  'a bonus grant paid what its ledger postings say, once': `
    select g.id, g.status, g.converted, g.forfeited, coalesce(c.cash, 0) as ledger_converted,
      coalesce(b.bonus, 0) as ledger_bonus_out
    from bonus_grants g
    left join (
      select t.idempotency_key as key, sum(p.amount) as cash from ledger_transactions t
      join ledger_postings p on p.tx_id = t.id and p.account_id like 'u%'
      where t.idempotency_key like 'bonus-convert:%' group by t.idempotency_key
    ) c on c.key = 'bonus-convert:' || g.id
    left join (
      select t.idempotency_key as key, -sum(p.amount) as bonus from ledger_transactions t
      join ledger_postings p on p.tx_id = t.id and p.account_id like 'u%'
      where t.idempotency_key like 'bonus-release:%' or t.idempotency_key like 'bonus-forfeit:%'
      group by t.idempotency_key
    ) b on b.key in ('bonus-release:' || g.id, 'bonus-forfeit:' || g.id)
    where coalesce(c.cash, 0) <> g.converted or coalesce(b.bonus, 0) <> g.converted + g.forfeited
       or (g.status in ('active', 'cancelled') and (g.converted <> 0 or g.forfeited <> 0))`,
  // Cleared when its credit is reversed or its grant closes; nothing may be given back to it afterwards.
  'a cleared requirement stays cleared': `
    select r.id, r.user_id, r.kind, r.source, r.remaining from wagering_requirements r
    where r.remaining > 0 and ${CLEARED}`,
  // Since migration 0067 equal; a stake settled before it has less (or nothing) recorded per row.
  'a stake wore of its rows no more than its journal says': `
    with k as (
      select k.hold_id, r.kind, sum(k.worn) as worn from wagering_wear k
      join wagering_requirements r on r.id = k.requirement_id group by k.hold_id, r.kind
    ),
    j as (
      select hold_id, sum(worn_cash) as cash, sum(worn_bonus) as bonus from wagering_events
      where hold_id is not null group by hold_id
    )
    select k.hold_id, k.kind, k.worn, j.cash, j.bonus from k left join j on j.hold_id = k.hold_id
    where k.worn > case k.kind when 'cash' then coalesce(j.cash, 0) else coalesce(j.bonus, 0) end`,
  'a stake never gives back more requirement than it wore': `
    select hold_id, sum(worn_cash) as worn_cash, sum(worn_bonus) as worn_bonus from wagering_events
    where hold_id is not null group by hold_id having sum(worn_cash) < 0 or sum(worn_bonus) < 0`,
};

/** Checks the wagering module's invariants in one REPEATABLE READ snapshot. Read-only. */
export async function auditWagering(database: Database): Promise<AuditResult> {
  const checks = await database.transaction(
    async (tx) => {
      const out: AuditResult['checks'] = [];
      for (const [name, query] of Object.entries(CHECKS)) {
        const result = (await tx.execute(sql.raw(`select * from (${query}) q limit 50`))) as unknown as {
          rows: Record<string, unknown>[];
        };
        out.push({ name, faults: result.rows });
      }
      return out;
    },
    { isolationLevel: 'repeatable read' },
  );
  return { ok: checks.every((c) => c.faults.length === 0), checks };
}
