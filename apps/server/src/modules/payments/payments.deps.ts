import type { Config } from '../../config';
import type { EventBus } from '../../platform/bus';
import type { Database } from '../../platform/db';
import type { SettingsService } from '../settings';

/** What payments needs to know of a player (the accounts module owns these fields). */
export interface PlayerProfile {
  username: string;
  name: string;
  /** CPF from KYC (11 digits) or ''. */
  cardNo: string;
  /** 1 when KYC is done. */
  kyc: number;
  /** '1' for a play-money test account. */
  testFlag: string;
  /** '20' enables USDT withdrawals. */
  lx: string;
}

export interface PaymentsDeps {
  database: Database;
  config: Config;
  settings: SettingsService;
  bus: EventBus;
  profileOf: (userId: number) => Promise<PlayerProfile | null>;
  /** The player's VIP level (0 to 12): withdrawals per day and fee come from the VIP table. */
  levelOf: (userId: number) => Promise<number>;
  /** True while a game bill is being produced for the player (withdrawing then waits). */
  lockedOf?: (userId: number) => Promise<boolean>;
  now?: () => Date;
}
