/**
 * The player-facing wallet: figures for userInfo and getBalance (`figures`), the one definition of withdrawable cash (`withdrawable`),
 * records, transfers between players and play-money test accounts. Money moves through the ledger only.
 */
export { walletModule } from './wallet.module';
export {
  createWalletService,
  withdrawable,
  vipLevel,
  type WalletService,
  type WalletDeps,
  type WalletAccounts,
  type Sender,
  type ReferralTotals,
  type BetGames,
  betGamesById,
  maskName,
} from './wallet.service';
