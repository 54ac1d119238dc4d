/**
 * The player-facing wallet: figures for userInfo and getBalance (`figures`), withdrawable cash (`wdAmount`),
 * records, transfers between players and play-money test accounts. Money moves through the ledger only.
 */
export { walletRoutes, type WalletRouteDeps } from './wallet.routes';
export {
  createWalletService,
  type WalletService,
  type WalletDeps,
  type WalletAccounts,
  type Sender,
} from './wallet.service';
