import { defineModule } from '../../platform/module';
import { startRollUp } from './ledger.service';

/** How often pending system-account deltas are rolled up into balances. */
const ROLL_UP_MS = 1_000;

/**
 * The ledger stays a library of plain functions (other modules import them from its index and pass
 * `database.db` or a `tx`); as a module it owns only its job: the roll-up of the hot system accounts.
 */
export const ledgerModule = defineModule('ledger', [], async (app) => {
  const stop = startRollUp(app.database, ROLL_UP_MS, (err) =>
    app.log.error({ err }, 'ledger roll-up failed'),
  );
  app.addHook('onClose', stop);
});
