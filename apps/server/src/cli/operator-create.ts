/**
 * `npm run operator:create -- --email E --password P --role R`: creates an operator on the configured
 * database (DATABASE_URL, or the embedded one in DATA_DIR; an empty database is migrated first) and prints
 * the `otpauth://` URL of its TOTP secret, to scan into an authenticator app. With the embedded database,
 * stop the server first (one process per data directory: the lock file refuses a second one).
 * Exit code 1 on refused input (bad e-mail, short password, unknown role, e-mail taken), 2 on a fault.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, operatorCreateInput } from '@aposta/contracts';
import { loadConfig } from '../config';
import { createOperatorsService } from '../modules/operators';
import { openDatabase } from '../platform/db';
import { AppError } from '../platform/errors';
import { isMessageKey, translate } from '../platform/i18n';

const USAGE = `usage: npm run operator:create -- --email E --password P --role R
  roles: ${OPERATOR_ROLES.join(', ')}`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
  });
  if (!values.email || !values.password || !values.role) {
    console.error(USAGE);
    return 1;
  }
  // Bad input is refused before the database is opened (which may take seconds, or be held by a server).
  const input = operatorCreateInput.safeParse(values);
  if (!input.success) {
    const key = input.error.issues[0]?.message ?? '';
    console.error(isMessageKey(key) ? translate('en', key) : key);
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const operator = await createOperatorsService({ database, config }).create(input.data);
    console.log(`Operator ${operator.email} (${operator.role}) created, id ${operator.id}.`);
    console.log('Scan this into an authenticator app; its codes are the "totp" of the sign-in:');
    console.log(operator.otpauthUrl);
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(translate('en', err.key, err.params));
    return 1;
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
