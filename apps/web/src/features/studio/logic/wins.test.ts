import type { StudioStep } from '@aposta/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import ptBR from '../i18n/pt_BR';
import { CLIENT_SEED, expectedSpin } from '../test/fake-studio';
import { bestWin, winCaption } from './wins';

// The dictionary's own templates, filled as i18next fills them.
const t = ((key: 'studio:lineWin' | 'studio:anyWin', params: Record<string, string | number>) =>
  ptBR[key.slice('studio:'.length) as 'lineWin' | 'anyWin'].replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
    String(params[k]),
  )) as unknown as TFunction;
const money = (major: number) => `R$ ${major.toFixed(2).replace('.', ',')}`;
const name = (id: string) => id;

/** The first step, over Fortune Ox's rounds (its own maths), whose wins are multiplied (a full screen: ×5). */
function multipliedStep(): StudioStep {
  for (let nonce = 0; nonce < 50_000; nonce++) {
    const { steps } = expectedSpin({ serverSeed: 'a'.repeat(64), clientSeed: CLIENT_SEED, nonce }, 1);
    const step = steps.find((s) => s.multiplier > 1 && s.wins.length > 0);
    if (step) return step;
  }
  throw new Error('no multiplied step');
}

describe('a win caption', () => {
  it('says what the win pays with the step multiplier, and names it; the wins add up to the step', () => {
    const step = multipliedStep();
    const best = bestWin(step)!;
    const caption = winCaption(t, best, step.multiplier, name, money);
    const paid = (Math.round(best.amount * 100) * step.multiplier) / 100;
    expect(caption).toContain(`= ${money(paid)} (×${step.multiplier})`);
    const shown = step.wins.map((w) => {
      const m = /R\$ (\d+),(\d{2})/.exec(winCaption(t, w, step.multiplier, name, money))!;
      return Number(m[1]) * 100 + Number(m[2]);
    });
    expect(shown.reduce((a, b) => a + b, 0)).toBe(Math.round(step.win * 100));
  });

  it('a win with no multiplier is its amount, nothing added', () => {
    const win = { symbol: 'A', count: 3, cells: [], line: 0, amount: 1.25 };
    expect(winCaption(t, win, 1, name, money)).toBe('Linha 1: 3× A = R$ 1,25');
    expect(winCaption(t, { ...win, line: null }, 1, name, money)).toBe('3× A = R$ 1,25');
  });
});
