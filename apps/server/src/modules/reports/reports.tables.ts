import { bigserial, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every run of the ledger and wagering audit (the back office's button and `npm run ledger:audit`), with its
 * checks and their offending rows: the back office shows the last one. Rows are only inserted.
 */
export const reportsAuditRuns = pgTable('reports_audit_runs', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  ok: boolean().notNull(),
  /** An operator's e-mail, `operator-key`, or `cli`. */
  ranBy: text().notNull(),
  checks: jsonb().notNull(),
  at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
