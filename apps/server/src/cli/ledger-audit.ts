/**
 * `npm run ledger:audit`: opens the configured database (DATABASE_URL or the embedded one in DATA_DIR), rolls
 * the hot accounts up, checks every ledger and wagering invariant (`auditBooks`, shared with the back office),
 * records the run (the back office's last audit) and prints OK or the offending rows. Exit code 1 on a
 * fault, 2 when the audit could not run. With the embedded database, stop the server first (one process
 * per data directory).
 */
import { loadConfig } from '../config';
import { runAudit } from '../modules/reports';
import { openDatabase } from '../platform/db';

async function main(): Promise<number> {
  const database = await openDatabase(loadConfig().database);
  try {
    // The back office's audit, kept as its last run too.
    const result = await runAudit(database, 'cli');
    for (const check of result.checks as { name: string; faults: unknown[] }[]) {
      console.log(`${check.faults.length ? 'FAULT' : 'ok   '} ${check.name}`);
      for (const row of check.faults) console.log(`      ${JSON.stringify(row)}`);
    }
    console.log(result.ok ? 'OK' : 'LEDGER AUDIT FAILED');
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
