/**
 * The casino: game providers on our seamless wallet (casino.md), the catalogue and lobby, launching a game
 * and the round recall. Money moves only through ledger holds with product `casino`.
 */
export { casinoModule, type Casino } from './casino.module';
export { signWalletBody, signatureValid } from './casino.wallet';
