import type { RoundGame } from '@aposta/contracts';
import {
  crashTimeOf,
  doubleMultiplier,
  luckyBest,
  luckyMultiplier,
  MULTIPLIER_SCALE,
  type DoubleColor,
  type LuckyPick,
  type RoundGameKind,
} from '@aposta/fairness';

/**
 * Each shared-round game's schedule and payouts. Durations are milliseconds at time scale 1 (the config's
 * ROUNDS_TIME_SCALE shortens them in tests and demos; production refuses anything but 1). Outcomes and
 * multipliers come from `@aposta/fairness` only.
 */
export interface GameDef {
  game: RoundGame;
  kind: RoundGameKind;
  /** Double and crash: betting window, then the spin (double) or the rise (crash), then the result shown. */
  bettingMs: number;
  spinMs: number;
  showMs: number;
  /** Lucky colour: the period's length, betting closing `closeBeforeMs` before its draw, and its code. */
  periodMs: number;
  closeBeforeMs: number;
  periodCode: string;
}

const base = { bettingMs: 0, spinMs: 0, showMs: 0, periodMs: 0, closeBeforeMs: 0, periodCode: '' };

export const GAMES: Record<RoundGame, GameDef> = {
  // A round every ~30 s: 20 s of bets, a 6 s spin, 4 s on the result.
  double: { ...base, game: 'double', kind: 'double', bettingMs: 20_000, spinMs: 6_000, showMs: 4_000 },
  // 10 s of bets, the rise (as long as the crash point takes), 4 s on the result.
  crash: { ...base, game: 'crash', kind: 'crash', bettingMs: 10_000, showMs: 4_000 },
  // Periods of the guide: betting closes 5 s before a 30 s draw, 15–30 s before the longer ones.
  'luckyColor-30s': lucky('luckyColor-30s', 30_000, 5_000, '1'),
  'luckyColor-1m': lucky('luckyColor-1m', 60_000, 15_000, '2'),
  'luckyColor-3m': lucky('luckyColor-3m', 180_000, 30_000, '3'),
  'luckyColor-5m': lucky('luckyColor-5m', 300_000, 30_000, '4'),
};

function lucky(game: RoundGame, periodMs: number, closeBeforeMs: number, periodCode: string): GameDef {
  return { ...base, game, kind: 'luckyColor', periodMs, closeBeforeMs, periodCode };
}

/** São Paulo has no daylight saving since 2019: UTC−3 all year. */
const SAO_PAULO_OFFSET_MS = -3 * 3600_000;

/**
 * A lucky colour period: its start (aligned to the period length from São Paulo midnight, which every length
 * divides), the close of its betting (`closeBeforeMs` before the draw at its end), and its number (games.md:
 * date + length code + index of the day, São Paulo time): yyyymmdd + code + the index from 1 in five digits.
 */
export function luckyPeriod(def: GameDef, at: number, scale: number) {
  const length = def.periodMs * scale;
  const start = Math.floor(at / length) * length;
  const local = start + SAO_PAULO_OFFSET_MS;
  const day = new Date(local);
  const dayStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const index = Math.floor((local - dayStart) / length) + 1;
  const date = day.toISOString().slice(0, 10).replaceAll('-', '');
  return {
    start,
    end: start + length,
    closes: start + length - def.closeBeforeMs * scale,
    number: `${date}${def.periodCode}${String(index).padStart(5, '0')}`,
  };
}

/** The crash round's rise in real milliseconds (the curve runs `1 / scale` times faster in tests). */
export const crashDurationMs = (point: number, scale: number) => Math.ceil(crashTimeOf(point) * scale);

/** What a bet pays in ten-thousandths of its stake once the result is known (crash: its automatic target). */
export function multiplierOf(
  def: GameDef,
  bet: { pick: string | null; autoCashout: number | null },
  result: number,
): number {
  switch (def.kind) {
    case 'double':
      return doubleMultiplier(bet.pick as DoubleColor, result);
    case 'luckyColor':
      return luckyMultiplier(bet.pick as LuckyPick, result);
    case 'crash':
      return bet.autoCashout !== null && bet.autoCashout <= result
        ? bet.autoCashout * (MULTIPLIER_SCALE / 100)
        : 0;
  }
}

/** The most a bet can pay, ten-thousandths (crash: its target, or no bound when it has none). */
export function bestOf(def: GameDef, pick: string | null, autoCashout: number | null): number | null {
  switch (def.kind) {
    case 'double':
      return doubleMultiplier(pick as DoubleColor, pick === 'white' ? 0 : pick === 'red' ? 1 : 8);
    case 'luckyColor':
      return luckyBest(pick as LuckyPick);
    case 'crash':
      return autoCashout === null ? null : autoCashout * (MULTIPLIER_SCALE / 100);
  }
}
