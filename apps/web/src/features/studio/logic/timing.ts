/** How long each part of a spin's show lasts (ms). Turbo shortens it; reduced motion (and tests) skip it. */
export interface Timing {
  reel: number;
  stagger: number;
  winShow: number;
  cascade: number;
  bigWin: number;
  autoPause: number;
}

const NORMAL: Timing = { reel: 620, stagger: 170, winShow: 900, cascade: 380, bigWin: 2600, autoPause: 350 };
const TURBO: Timing = { reel: 260, stagger: 60, winShow: 420, cascade: 180, bigWin: 1300, autoPause: 120 };
const NONE: Timing = { reel: 0, stagger: 0, winShow: 0, cascade: 0, bigWin: 0, autoPause: 0 };

export function reducedMotion(): boolean {
  return (
    typeof window.matchMedia !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function timing(turbo: boolean): Timing {
  if (reducedMotion()) return NONE;
  return turbo ? TURBO : NORMAL;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Win tiers by multiple of the bet: the big-win moment's title, or null under 10×. */
export function winTier(win: number, bet: number): 'bigWin' | 'megaWin' | 'superWin' | null {
  if (bet <= 0) return null;
  const x = win / bet;
  if (x >= 50) return 'superWin';
  if (x >= 25) return 'megaWin';
  if (x >= 10) return 'bigWin';
  return null;
}

/** A grid to show before the first spin: the game's symbols in turn (a picture, not an outcome). */
export function restingGrid(symbols: string[], rows: number, reels: number): string[][] {
  const plain = symbols.length ? symbols : ['?'];
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: reels }, (_, c) => plain[(r * 2 + c * 3) % plain.length]!),
  );
}

/** Symbols that pass by while a reel spins (motion only; the reel stops on the server's grid). */
export function blurStrip(symbols: string[], count: number, seed: number): string[] {
  const plain = symbols.length ? symbols : ['?'];
  return Array.from({ length: count }, (_, i) => plain[(seed * 7 + i * 5 + ((i * i) % 3)) % plain.length]!);
}
