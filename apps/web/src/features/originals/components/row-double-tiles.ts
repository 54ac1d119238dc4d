import { rowDoubleColor } from '@aposta/fairness';

/** The row's order of tiles, as on the double wheel: white, then red and black alternating. */
export const ROW_ORDER = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4] as const;

export function tileClass(tile: number): string {
  const color = rowDoubleColor(tile);
  return color === 'white'
    ? 'bg-white text-night'
    : color === 'red'
      ? 'bg-[#f12c4c] text-white'
      : 'bg-[#262f3c] text-white';
}
