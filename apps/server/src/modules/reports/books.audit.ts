import { desc } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { auditLedger, rollUp, type AuditResult } from '../ledger';
import { auditWagering } from '../wagering';
import { reportsAuditRuns } from './reports.tables';

/**
 * The one audit of the books, shared by the back office and `npm run ledger:audit`: the hot accounts rolled up,
 * then every ledger invariant and wagering's own books (totals against their journal, which hold whether or
 * not every ledger fact is delivered yet).
 */
export async function auditBooks(database: Database): Promise<AuditResult> {
  await rollUp(database.db);
  const ledger = await auditLedger(database);
  const wagering = await auditWagering(database);
  return { ok: ledger.ok && wagering.ok, checks: [...ledger.checks, ...wagering.checks] };
}

export type AuditRun = typeof reportsAuditRuns.$inferSelect;

/** Runs the audit and keeps its result (`ranBy`: who asked). */
export async function runAudit(database: Database, ranBy: string): Promise<AuditRun> {
  const result = await auditBooks(database);
  const [run] = await database.db
    .insert(reportsAuditRuns)
    .values({ ok: result.ok, ranBy, checks: result.checks })
    .returning();
  return run!;
}

/** The newest audit run, if any. */
export async function lastAudit(database: Database): Promise<AuditRun | null> {
  const [run] = await database.db.select().from(reportsAuditRuns).orderBy(desc(reportsAuditRuns.id)).limit(1);
  return run ?? null;
}
