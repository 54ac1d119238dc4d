import type { GetWithdrawAnswer } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { payoutKeyError, withdrawVerdict } from './withdraw-rules';

const limits: GetWithdrawAnswer = {
  limitAmount: 50,
  number: 1,
  lock: false,
  wdAmount: 100,
  wagerDue: 0,
  usdtRate: 5.5,
  serviceAmount: 0.03,
  maxAmount: 10_000,
  cardInfo: {},
};
const full = { payCardNo: '52998224725', name: 'Maria', whatsapp: '+5511912345678' };

describe('the six withdraw checks, in order', () => {
  it('1: a game bill in production wins over everything else', () => {
    expect(withdrawVerdict({ ...limits, lock: true, number: 0, wdAmount: 0 }, null, 'CPF', full)).toEqual({
      kind: 'refuse',
      key: 'locked',
    });
  });
  it('2: no withdrawals left today', () => {
    expect(withdrawVerdict({ ...limits, number: 0, wdAmount: 0 }, null, 'CPF', full)).toEqual({
      kind: 'refuse',
      key: 'noneLeft',
    });
  });
  it('3: nothing withdrawable', () => {
    expect(withdrawVerdict({ ...limits, wdAmount: 0 }, 5000, 'CPF', full)).toEqual({
      kind: 'refuse',
      key: 'nothing',
    });
  });
  it('4: empty or under the minimum, with the limit in minor units', () => {
    expect(withdrawVerdict(limits, null, 'CPF', full)).toEqual({
      kind: 'refuse',
      key: 'minimum',
      amount: 5000,
    });
    expect(withdrawVerdict(limits, 4999, 'CPF', full)).toEqual({
      kind: 'refuse',
      key: 'minimum',
      amount: 5000,
    });
  });
  it('5: over the withdrawable amount, never above R$ 10,000', () => {
    expect(withdrawVerdict(limits, 10_001, 'CPF', full)).toEqual({
      kind: 'refuse',
      key: 'maximum',
      amount: 10_000,
    });
    expect(withdrawVerdict({ ...limits, wdAmount: 20_000 }, 1_000_001, 'CPF', full)).toEqual({
      kind: 'refuse',
      key: 'maximum',
      amount: 1_000_000,
    });
  });
  it('6: sends with complete payout data, else opens the payout panel', () => {
    expect(withdrawVerdict(limits, 5000, 'CPF', full)).toEqual({ kind: 'send' });
    expect(withdrawVerdict(limits, 5000, 'CPF', { ...full, whatsapp: '' })).toEqual({ kind: 'panel' });
    expect(withdrawVerdict(limits, 5000, 'CNPJ', { ...full, name: ' ' })).toEqual({ kind: 'panel' });
    // USDT needs no holder name.
    expect(withdrawVerdict(limits, 5000, 'USDT', { ...full, name: '' })).toEqual({ kind: 'send' });
  });
  it('checks CPF and CNPJ check digits', () => {
    expect(payoutKeyError('CPF', '529.982.247-25')).toBeNull();
    expect(payoutKeyError('CPF', '529.982.247-26')).toBe('cpfInvalid');
    expect(payoutKeyError('CNPJ', '11.222.333/0001-81')).toBeNull();
    expect(payoutKeyError('CNPJ', '11.222.333/0001-80')).toBe('cnpjInvalid');
    expect(payoutKeyError('USDT', 'anything')).toBeNull();
  });
});
