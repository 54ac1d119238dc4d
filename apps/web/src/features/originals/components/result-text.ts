import type { OriginalBet } from '@aposta/contracts';
import { multiplierOf } from '../logic/format';

const two = (locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A bet's outcome in a few characters: the roll, the limbo result, the slot's or round's multiplier, the tile. */
export function resultText(bet: OriginalBet, locale: string): string {
  const o = bet.outcome;
  if ('roll' in o) return two(locale).format(o.roll);
  if ('result' in o) return multiplierOf(o.result, locale);
  if ('tile' in o) return String(o.tile);
  return multiplierOf(bet.multiplier, locale);
}
