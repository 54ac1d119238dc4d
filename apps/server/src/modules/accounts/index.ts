export { accountsModule, createAccounts, type Accounts } from './accounts.module';
export type { AccountProfile, AccountsDeps, AuthUser } from './accounts.service';
