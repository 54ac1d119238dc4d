import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { createBus } from '../../platform/bus';
import type { Database } from '../../platform/db';
import { translate } from '../../platform/i18n';
import { createSettingsService } from '../settings';
import type { PlayerProfile } from './payments.deps';
import { createWithdrawalsService, saoPauloDay } from './withdrawals.service';

const profile: PlayerProfile = {
  username: 'ana@example.com',
  name: 'Ana',
  cardNo: '52998224725',
  kyc: 1,
  testFlag: '0',
  lx: '',
};

describe('withdrawals service', () => {
  let database: Database;
  let locked = true;
  let service: ReturnType<typeof createWithdrawalsService>;
  const bus = createBus();

  beforeAll(async () => {
    database = await createTestDatabase();
    service = createWithdrawalsService({
      database,
      config: loadConfig({ NODE_ENV: 'test' }),
      settings: createSettingsService({ database }),
      bus,
      profileOf: async () => profile,
      levelOf: async () => 0,
      lockedOf: async () => locked,
      payouts: null,
    });
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  const attempt = () =>
    service.request(
      7,
      { amount: 50, payCardBank: 'CPF', payCardNo: profile.cardNo, name: 'Ana', whatsapp: '1' },
      'key-0000001',
      'pt_BR',
    );

  it('rule 1 comes first: a game bill being produced refuses before anything else is looked at', async () => {
    await expect(attempt()).rejects.toMatchObject({ key: 'withdrawLocked', httpStatus: 422 });
    expect(translate('pt_BR', 'withdrawLocked')).toBe(
      'Sua fatura do jogo está sendo gerada, por favor, tente novamente mais tarde',
    );
    expect((await service.limits(7)).lock).toBe(true);
  });

  it('without the lock, a player with no cash gets rule 3', async () => {
    locked = false;
    await expect(attempt()).rejects.toMatchObject({ key: 'withdrawNothing' });
    expect(await service.limits(7)).toMatchObject({ lock: false, number: 1, wdAmount: 0, limitAmount: 50 });
  });

  it('counts days in Brazil: 02:00 UTC is still the day before in São Paulo', () => {
    expect(saoPauloDay(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
    expect(saoPauloDay(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-22');
  });
});
