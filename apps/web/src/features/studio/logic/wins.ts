import type { StudioStep } from '@aposta/contracts';
import { toMajor, toMinor } from '@aposta/money';
import type { TFunction } from 'i18next';

type Win = StudioStep['wins'][number];

/**
 * A win as the player reads it: what it pays. A win's `amount` is the paytable's (before the step's multiplier,
 * as the server sends it); free spins (×2) and a full screen (×5) multiply it, and the caption names that.
 */
export function winCaption(
  t: TFunction,
  win: Win,
  multiplier: number,
  symbolName: (id: string) => string,
  money: (major: number) => string,
): string {
  const amount = money(toMajor(toMinor(win.amount) * multiplier));
  const symbol = symbolName(win.symbol);
  const text =
    win.line !== null
      ? t('studio:lineWin', { line: win.line + 1, count: win.count, symbol, amount })
      : t('studio:anyWin', { count: win.count, symbol, amount });
  return multiplier > 1 ? `${text} (×${multiplier})` : text;
}

/** The step's largest win, the one its caption names. */
export const bestWin = (step: StudioStep): Win | undefined =>
  [...step.wins].sort((a, b) => b.amount - a.amount)[0];
