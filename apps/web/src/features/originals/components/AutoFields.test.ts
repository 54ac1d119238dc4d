import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_TEXTS, toSettings, type AutoTexts } from './AutoFields';

const brl = { currency: 'BRL', locale: 'pt-BR' } as const;
const read = (patch: Partial<AutoTexts>) => toSettings({ ...DEFAULT_AUTO_TEXTS, ...patch }, brl);

describe('toSettings', () => {
  it('reads the stops as amounts in centavos, an empty stop as none', () => {
    expect(read({ stopOnProfit: '20,50', stopOnLoss: '' })).toMatchObject({
      settings: { stopOnProfit: 2050, stopOnLoss: 0 },
    });
  });

  it('names the stop field it cannot read: letters, or a negative amount that would mean no stop', () => {
    expect(read({ stopOnProfit: '-20' })).toEqual({ field: 'stopOnProfit' });
    expect(read({ stopOnLoss: '-5,00' })).toEqual({ field: 'stopOnLoss' });
    expect(read({ stopOnLoss: 'abc' })).toEqual({ field: 'stopOnLoss' });
  });

  it('says when a stop has more decimals than centavos, so its field can tell the player', () => {
    expect(read({ stopOnProfit: '1,555' })).toEqual({ field: 'stopOnProfit', decimals: true });
    expect(read({ stopOnLoss: '0,005' })).toEqual({ field: 'stopOnLoss', decimals: true });
  });

  it('names a count or a percent that is not a whole number in range', () => {
    expect(read({ count: '-3' })).toEqual({ field: 'count' });
    expect(read({ onWin: 'increase', onWinPercent: '1001' })).toEqual({ field: 'onWinPercent' });
    expect(read({ onLoss: 'increase', onLossPercent: '50' })).toMatchObject({
      settings: { onLoss: { mode: 'increase', percent: 50 } },
    });
  });
});
