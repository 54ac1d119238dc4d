import { TxType } from '@aposta/contracts';
import { createTestDatabase, expectCleanLedgerThenClose } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { createBus } from '../../platform/bus';
import { createOutbox } from '../../platform/outbox';
import { playerAccounts, post } from '../ledger';
import { createSettingsService } from '../settings';
import type { PlayerProfile } from './payments.deps';
import type { PayoutRail } from './providers/provider';
import { createWithdrawalsService } from './withdrawals.service';

/** Tests of the withdrawals service alone (no HTTP): its player, a quiet log, a service on a payout rail. */
export const silentLog = { warn: () => {}, error: () => {}, debug: () => {} };

export const profile: PlayerProfile = {
  username: 'ana@example.com',
  name: 'Ana',
  cardNo: '52998224725',
  kyc: 1,
  testFlag: '0',
  lx: '',
};

/** A withdrawal of R$ 50 by PIX to the profile's own CPF. */
export const withdrawBody = {
  amount: 50,
  payCardBank: 'CPF',
  payCardNo: profile.cardNo,
  name: 'Ana',
  whatsapp: '1',
};

/**
 * The withdrawals service on a fresh database paying through `payouts` (deposits carry no wagering), with
 * helpers to fund a player, read their cash, and close with the ledger audit.
 */
export async function withdrawalsOnRail(
  payouts: PayoutRail,
  options: { now?: () => Date; payoutCallMs?: number } = {},
) {
  const database = await createTestDatabase();
  const bus = createBus();
  const settings = createSettingsService({ database });
  await settings.update({ 'wagering.depositMultiplier': 0 });
  const service = createWithdrawalsService({
    database,
    config: loadConfig({ NODE_ENV: 'test' }),
    settings,
    bus,
    profileOf: async () => profile,
    payouts,
    outbox: createOutbox({ database, log: silentLog, relay: 'paused' }),
    log: silentLog,
    ...options,
  });
  return {
    database,
    service,
    /** R$ 100 into the player's cash. */
    fund: (userId: number) =>
      post(database.db, {
        type: TxType.DEPOSIT,
        players: [{ userId, amount: 10_000 }],
        system: [{ kind: 'payment_clearing', amount: -10_000 }],
      }),
    async cash(userId: number) {
      const a = (await playerAccounts(database.db, userId)).find((x) => x.kind === 'cash')!;
      return { balance: a.balance, held: a.held };
    },
    async close() {
      await bus.close();
      await expectCleanLedgerThenClose(database, () => database.close());
    },
  };
}
