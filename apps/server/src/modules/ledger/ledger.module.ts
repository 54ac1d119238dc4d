import { defineModule } from '../../platform/module';
import { rollUp } from './ledger.service';

/** About how often pending system-account deltas are rolled up into balances (seconds). */
const ROLL_UP_SECONDS = 1;

/**
 * The ledger stays a library of plain functions (other modules import them from its index and pass
 * `database.db` or a `tx`); as a module it owns only its job: the roll-up of the hot system accounts, run
 * by one node at a time (a few seconds of lag are harmless: readers add the pending deltas).
 */
export const ledgerModule = defineModule('ledger', [], async (app) => {
  app.jobs.every('ledger.rollUp', ROLL_UP_SECONDS, async () => {
    await rollUp(app.database.db);
  });
});
