import { LUCKY_GAMES } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { GAMES, luckyPeriod } from './rounds.games';

/**
 * Lucky colour's periods against games.md "Lucky colour": periods of 30 s, 1, 3 and 5 minutes, each with its own
 * period number (date + length code + index of the day, São Paulo time); betting closes 5 s before the draw
 * (30 s periods) or 15–30 s before it (the longer ones). São Paulo is UTC−3 all year, so its day turns at 03:00 UTC.
 */
const utc = (iso: string) => Date.parse(iso);
const LENGTHS = {
  'luckyColor-30s': 30_000,
  'luckyColor-1m': 60_000,
  'luckyColor-3m': 180_000,
  'luckyColor-5m': 300_000,
} as const;
const CODES = { 'luckyColor-30s': '1', 'luckyColor-1m': '2', 'luckyColor-3m': '3', 'luckyColor-5m': '4' };
const PER_DAY = {
  'luckyColor-30s': 2_880,
  'luckyColor-1m': 1_440,
  'luckyColor-3m': 480,
  'luckyColor-5m': 288,
};

describe('lucky colour periods', () => {
  it('has the four lengths of the guide, each with its own code', () => {
    expect([...LUCKY_GAMES].sort()).toEqual(Object.keys(LENGTHS).sort());
    for (const game of LUCKY_GAMES) {
      expect(GAMES[game].periodMs).toBe(LENGTHS[game]);
      expect(GAMES[game].periodCode).toBe(CODES[game]);
    }
  });

  it('numbers a period by its São Paulo date, its length code and its index of the day from 1', () => {
    // 23:55 in São Paulo on 27 November (02:55 UTC on the 28th): the day's last 5-minute period, 288.
    const last = luckyPeriod(GAMES['luckyColor-5m'], utc('2026-11-28T02:57:12.345Z'), 1);
    expect(last).toEqual({
      start: utc('2026-11-28T02:55:00Z'),
      end: utc('2026-11-28T03:00:00Z'),
      closes: utc('2026-11-28T02:59:30Z'),
      number: '20261127400288',
    });
    // São Paulo midnight (03:00 UTC): the new day's first period.
    expect(luckyPeriod(GAMES['luckyColor-5m'], utc('2026-11-28T03:00:00Z'), 1).number).toBe('20261128400001');
    expect(luckyPeriod(GAMES['luckyColor-5m'], utc('2026-11-28T02:59:59.999Z'), 1).number).toBe(
      '20261127400288',
    );
    // 00:00 UTC is still the day before in São Paulo (21:00): 5-minute period 253.
    expect(luckyPeriod(GAMES['luckyColor-5m'], utc('2026-11-28T00:00:00Z'), 1).number).toBe('20261127400253');
    // The year turns in São Paulo three hours after UTC's.
    expect(luckyPeriod(GAMES['luckyColor-1m'], utc('2027-01-01T02:59:30Z'), 1).number).toBe('20261231201440');
    expect(luckyPeriod(GAMES['luckyColor-1m'], utc('2027-01-01T03:00:30Z'), 1).number).toBe('20270101200001');
  });

  it('gives every length consecutive indexes 1 … periods-per-day over a São Paulo day, then starts again', () => {
    const dayStart = utc('2026-11-28T03:00:00Z');
    for (const game of LUCKY_GAMES) {
      const def = GAMES[game];
      const n = PER_DAY[game];
      expect(n * def.periodMs).toBe(86_400_000);
      const first = luckyPeriod(def, dayStart, 1);
      const last = luckyPeriod(def, dayStart + 86_400_000 - 1, 1);
      const next = luckyPeriod(def, dayStart + 86_400_000, 1);
      expect(first.number).toBe(`20261128${CODES[game]}00001`);
      expect(last.number).toBe(`20261128${CODES[game]}${String(n).padStart(5, '0')}`);
      expect(next.number).toBe(`20261129${CODES[game]}00001`);
      // Each period starts where the previous ended, and its number is the previous one's plus one.
      let at = dayStart;
      for (let i = 1; i <= n; i++) {
        const p = luckyPeriod(def, at + Math.floor(def.periodMs / 2), 1);
        expect(p.start).toBe(at);
        expect(Number(p.number.slice(9))).toBe(i);
        at = p.end;
      }
      expect(at).toBe(dayStart + 86_400_000);
    }
  });

  it('closes betting 5 s before a 30 s draw and 15–30 s before a longer one', () => {
    const at = utc('2026-11-28T12:34:56Z');
    const before = (game: (typeof LUCKY_GAMES)[number], scale = 1) => {
      const p = luckyPeriod(GAMES[game], at, scale);
      return p.end - p.closes;
    };
    expect(before('luckyColor-30s')).toBe(5_000);
    for (const game of ['luckyColor-1m', 'luckyColor-3m', 'luckyColor-5m'] as const) {
      expect(before(game)).toBeGreaterThanOrEqual(15_000);
      expect(before(game)).toBeLessThanOrEqual(30_000);
    }
    // The whole schedule shrinks with the time scale of tests and demos, the close with it.
    expect(before('luckyColor-5m', 0.2)).toBe(before('luckyColor-5m') * 0.2);
    const scaled = luckyPeriod(GAMES['luckyColor-5m'], at, 0.2);
    expect(scaled.end - scaled.start).toBe(60_000);
    expect(scaled.closes).toBeGreaterThan(scaled.start);
  });
});
