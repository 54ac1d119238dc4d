/**
 * `npm run ledger:audit`: opens the configured database (DATABASE_URL or the embedded one in DATA_DIR), rolls
 * the hot accounts up, checks every ledger and wagering invariant and prints OK or the offending rows. Exit code 1 on a
 * fault, 2 when the audit could not run. With the embedded database, stop the server first (one process
 * per data directory).
 */
import { loadConfig } from '../config';
import { auditLedger, rollUp } from '../modules/ledger';
import { auditWagering } from '../modules/wagering';
import { openDatabase } from '../platform/db';

async function main(): Promise<number> {
  const database = await openDatabase(loadConfig().database);
  try {
    await rollUp(database.db);
    const ledger = await auditLedger(database);
    // Wagering's own books (totals against its journal) hold whether or not every ledger fact is delivered.
    const wagering = await auditWagering(database);
    const result = { ok: ledger.ok && wagering.ok, checks: [...ledger.checks, ...wagering.checks] };
    for (const check of result.checks) {
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
