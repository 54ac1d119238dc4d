export { accountsModule, createAccounts, type Accounts } from './accounts.module';
export type { AccountProfile, AccountsDeps, AuthUser, Invitee, ProfileRow, Upline } from './accounts.service';
