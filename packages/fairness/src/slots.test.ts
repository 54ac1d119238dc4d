import { describe, expect, it } from 'vitest';
import { float } from './seeds';
import { CANDY_CASCADE, FORTUNE_OX, STUDIO_SLOT_FIGURES, STUDIO_SLOTS } from './slot-games';
import {
  exactSlotFigures,
  playSlot,
  spinSlot,
  type ClusterSlot,
  type GridSlot,
  type LinesSlot,
} from './slots';

const fixed = (stops: number[]) => {
  let i = 0;
  return () => stops[i++]!;
};

describe('studio slots: the maths', () => {
  it('declares exactly the enumerated RTP of Fortune Ox (27,000 combinations), between 94% and 97%', () => {
    const f = exactSlotFigures(FORTUNE_OX);
    expect(f.combinations).toBe(27_000);
    expect(Math.round(f.rtp * 1e6) / 1e4).toBe(STUDIO_SLOT_FIGURES['fortune-ox']!.rtp);
    for (const code of Object.keys(STUDIO_SLOTS)) {
      expect(STUDIO_SLOT_FIGURES[code]!.rtp).toBeGreaterThanOrEqual(94);
      expect(STUDIO_SLOT_FIGURES[code]!.rtp).toBeLessThanOrEqual(97);
    }
  });

  it('draws each reel stop from the seeds as floor(float × strip length), free spins from the next floats', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'slots', nonce: 7 };
    for (const game of Object.values(STUDIO_SLOTS)) {
      const out = spinSlot(game, seeds);
      const reels = game.strips.length;
      const expected = game.strips.map((s, i) => Math.floor(float(seeds, i) * s.length));
      expect(out.steps[0]!.stops).toEqual(expected);
      out.steps
        .filter((s) => s.kind === 'freeSpin')
        .forEach((s, k) =>
          expect(s.stops).toEqual(
            game.strips.map((st, i) => Math.floor(float(seeds, (k + 1) * reels + i) * st.length)),
          ),
        );
    }
  });

  it('pays 3×3 lines with wilds and multiplies a full screen', () => {
    const game: GridSlot = {
      ...FORTUNE_OX,
      strips: [
        ['A', 'W', 'A', 'B'],
        ['A', 'A', 'A', 'B'],
        ['W', 'A', 'A', 'C'],
      ],
    };
    // Stop 0 everywhere: rows A A W / W A A / A A A → every line is A (wilds substitute), the screen is full.
    const full = playSlot(game, fixed([0, 0, 0]));
    expect(full.steps[0]!.wins.map((w) => w.line)).toEqual([0, 1, 2, 3, 4]);
    expect(full.steps[0]!.multiplier).toBe(5);
    expect(full.units).toBe(5 * 5 * FORTUNE_OX.pays.A!);
    // Stop 1 on reel 0: rows W A A / A A A / B A C (reel 0 W A B, reel 1 A A A, reel 2 A A C)... check by hand.
    const partial = playSlot(game, fixed([1, 0, 1]));
    // reel0: W,A,B  reel1: A,A,A  reel2: A,A,C → row0 W A A = A, row1 A A A, row2 B A C no, diag W A C no, B A A no.
    expect(partial.steps[0]!.wins.map((w) => w.line)).toEqual([0, 1]);
    expect(partial.steps[0]!.multiplier).toBe(1);
    expect(partial.units).toBe(2 * FORTUNE_OX.pays.A!);
  });

  it('burst winners fall and refill from the strip above the window', () => {
    const game: ClusterSlot = {
      ...CANDY_CASCADE,
      rows: 2,
      minCount: 3,
      strips: [
        ['B', 'C', 'A', 'A'],
        ['D', 'E', 'A', 'F'],
      ],
      pays: { A: [1, 2, 3], B: [0, 0, 0], C: [0, 0, 0], D: [0, 0, 0], E: [0, 0, 0], F: [0, 0, 0] },
    };
    // Stops 2, 2: reel 0 shows A A, reel 1 shows A F → three As burst; reel 0 refills C then B? No: the two cells
    // above stop 2 are strip[0], strip[1] = B, C (top to bottom); reel 1 refills strip[1] = E above F.
    const out = playSlot(game, fixed([2, 2]));
    expect(out.steps[0]!.grid).toEqual([
      ['A', 'A'],
      ['A', 'F'],
    ]);
    expect(out.steps[0]!.wins).toMatchObject([{ symbol: 'A', count: 3, units: 1 }]);
    expect(out.steps[1]!.grid).toEqual([
      ['B', 'E'],
      ['C', 'F'],
    ]);
    expect(out.steps[1]!.wins).toEqual([]);
    expect(out.units).toBe(1);
  });

  it('prices free spins exactly: the closed form agrees with a long simulation of a small lines game', () => {
    const game: LinesSlot = {
      code: 't',
      name: 't',
      kind: 'lines5x3',
      rows: 3,
      symbols: [
        { id: 'W', name: 'w', wild: true },
        { id: 'S', name: 's', scatter: true },
        { id: 'A', name: 'a' },
        { id: 'B', name: 'b' },
      ],
      strips: Array.from({ length: 5 }, () => 'SABABWBABA'.split('')),
      unitsPerBet: 2,
      volatility: 'low',
      lines: [
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
      ],
      pays: { W: [4, 8, 16], A: [2, 4, 8], B: [1, 2, 4] },
      scatterPays: [2, 4, 8],
      freeSpins: 3,
      freeSpinMultiplier: 2,
    };
    const exact = exactSlotFigures(game).rtp;
    // mulberry32: a small seeded generator of good quality (a plain LCG's low bits correlate).
    let seed = 12345;
    const rnd = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    let sum = 0;
    let sq = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const x = playSlot(game, (_r, len) => Math.floor(rnd() * len)).units / game.unitsPerBet;
      sum += x;
      sq += x * x;
    }
    const mean = sum / n;
    const se = Math.sqrt((sq / n - mean * mean) / n);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
  });
});
