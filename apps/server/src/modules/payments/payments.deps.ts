import { ErrorCode } from '@aposta/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/bus';
import type { Database, Executor } from '../../platform/db';
import type { RgLimits } from '@aposta/contracts';
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
  /** `exec`: read inside the caller's transaction. */
  profileOf: (userId: number, exec?: Executor) => Promise<PlayerProfile | null>;
  /**
   * Responsible gambling: the check of a deposit (exclusion, deposit limits) before its order, and whether
   * deposit gifts may be offered (never under an exclusion or the Brazilian profile).
   */
  rg?: {
    /** `exec`: inside the caller's transaction (a new order's, a credit's). */
    assertCanDeposit(userId: number, amountMinor: number, exec?: Executor): Promise<void>;
    promotionsAllowed(userId: number, exec?: Executor): Promise<boolean>;
    /** Counts a credited deposit against the deposit limits, in the crediting transaction. */
    recordDeposit(tx: Executor, userId: number, amountMinor: number): Promise<void>;
    /** The player's limits and exclusion (a withdrawal's risk summary). */
    limits(userId: number): Promise<RgLimits>;
    /**
     * Accounts that a self-exclusion in force keeps from signing in, with when it began (their cash is paid out
     * to their CPF).
     */
    selfExcludedAccounts(): Promise<{ userId: number; since: string }[]>;
  };
  /** True while a game bill is being produced for the player (withdrawing then waits). */
  lockedOf?: (userId: number) => Promise<boolean>;
  now?: () => Date;
  /** Server-side detail of provider errors (players see fixed reason codes only). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** A provider or rail could not be reached or did not answer clearly (503; the caller may try again). */
export const unavailable = () => new AppError(ErrorCode.UNAVAILABLE, 'providerUnavailable');

const silent = { warn: () => {}, error: () => {} };
export const logOf = (deps: PaymentsDeps) => deps.log ?? silent;
