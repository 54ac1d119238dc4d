/**
 * Aposta Studios: our slot studio's game server (three slots, provably fair from the player's seed pair), a
 * game provider that reaches the platform only through the signed seamless-wallet API over HTTP.
 */
export { studioModule } from './studio.module';
export { createStudioService, gameInfo, type StudioService } from './studio.service';
export { createWalletClient, type WalletClient } from './studio.wallet-client';
