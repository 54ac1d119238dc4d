import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diceRoll,
  limboResult,
  minesMultiplier,
  minesPositions,
  payout,
  plinkoPath,
  plinkoTable,
  rowDoubleTile,
} from './games';
import { playInstant } from './play';
import type { Seeds } from './seeds';

const SEED = '5f2f1c3d8c0a7e6b4d9a1f0e3c2b7a6958d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0';
const seeds = (nonce: number): Seeds => ({ serverSeed: SEED, clientSeed: 'player-seed', nonce });

describe('outcomes, worked out by hand from the guide’s formulas', () => {
  // Block 0 of nonce 0 starts 1b e6 e4 48: f₀ = 0.10899187810719013.
  it('dice: floor(f₀ × 10001) / 100', () => {
    expect(diceRoll(seeds(0))).toBe(1_090); // 10.90
    expect(diceRoll(seeds(1))).toBe(6_897); // f₀ = 0.6896634479053319
    expect(diceRoll(seeds(42))).toBe(7_272); // f₀ = 0.7271786138880998
  });

  it('limbo: floor(2²⁴ / (floor(f₀ × 2²⁴) + 1) × 0.99 × 100) / 100, at least 1.00', () => {
    expect(limboResult(seeds(0))).toBe(908); // n = 1828580 → 9.08×
    expect(limboResult(seeds(1))).toBe(143); // n = 11570632 → 1.43×
    expect(limboResult(seeds(42))).toBe(136);
  });

  it('row double: floor(f₀ × 15)', () => {
    expect(rowDoubleTile(seeds(0))).toBe(1);
    expect(rowDoubleTile(seeds(1))).toBe(10);
  });

  it('mines: each mine takes index floor(f × remaining) out of 0..24; floats go on into block 1', () => {
    expect(minesPositions(seeds(42), 3)).toEqual([18, 3, 2]);
    expect(minesPositions(seeds(42), 10)).toEqual([18, 3, 2, 6, 0, 16, 24, 9, 23, 14]);
    // 0.99 × C(25, 2) / C(22, 2) = 0.99 × 300 / 231 = 1.28571… → 1.2857
    expect(minesMultiplier(3, 2)).toBe(12_857);
  });

  it('plinko: one float per row, right when floor(f × 2) = 1; the slot counts the rights', () => {
    const path = plinkoPath(seeds(1), 16);
    expect(path).toEqual([1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1]);
    const bet = playInstant({ game: 'plinko', rows: 16, risk: 'high' }, seeds(1));
    expect(bet.outcome).toEqual({ game: 'plinko', path, slot: 7 });
    expect(bet.multiplier).toBe(2_000); // one off the centre of 16 high: 0.2×
    expect(payout(1_000, bet.multiplier)).toBe(200);
  });
});

describe('outcome properties', () => {
  const anySeeds = fc.record({
    serverSeed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')),
    clientSeed: fc.string({ maxLength: 40 }),
    nonce: fc.nat({ max: 1e9 }),
  });

  it('every outcome is in its range', () => {
    fc.assert(
      fc.property(
        anySeeds,
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 8, max: 16 }),
        (s, m, rows) => {
          const roll = diceRoll(s);
          expect(roll).toBeGreaterThanOrEqual(0);
          expect(roll).toBeLessThanOrEqual(10_000);
          expect(limboResult(s)).toBeGreaterThanOrEqual(100);
          const mines = minesPositions(s, m);
          expect(new Set(mines).size).toBe(m);
          expect(mines.every((t) => t >= 0 && t < 25)).toBe(true);
          // The first mines of a larger draw are the smaller draw: one sequence per bet.
          expect(minesPositions(s, 24).slice(0, m)).toEqual(mines);
          const path = plinkoPath(s, rows);
          expect(path).toHaveLength(rows);
          expect(plinkoTable(rows, 'low')).toHaveLength(rows + 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  // Stakes up to R$ 10 million and multipliers up to 1,000,000×: payouts stay exact integers (< 2⁵³).
  it('a payout is the stake times the multiplier, rounded down to the centavo', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e9 }), fc.nat({ max: 1e10 }), (stake, m) => {
        const p = payout(stake, m);
        expect(BigInt(p) * 10_000n).toBeLessThanOrEqual(BigInt(stake) * BigInt(m));
        expect((BigInt(p) + 1n) * 10_000n).toBeGreaterThan(BigInt(stake) * BigInt(m));
      }),
    );
  });
});
