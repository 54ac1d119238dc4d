import { describe, expect, it } from 'vitest';
import { LIMBO_TARGET, diceRoll, limboResultOf } from './games';
import { DECLARED_RTP, allModes, exactRtp, limboRtpRange, limboWinningN, type RtpMode } from './rtp';

/** Brazil's floor for a theoretical RTP (games.md, "Return to player"). */
const BRAZIL_MIN = 0.85;
const pp = 0.01; // one percentage point

/** Every mode of a game is within [declared − below, declared + above] and above Brazil's floor. */
function expectAround(modes: RtpMode[], declared: number, below: number, above: number) {
  for (const mode of modes) {
    const rtp = exactRtp(mode);
    expect(rtp, JSON.stringify(mode)).toBeGreaterThanOrEqual(declared - below);
    expect(rtp, JSON.stringify(mode)).toBeLessThanOrEqual(declared + above);
    expect(rtp).toBeGreaterThan(BRAZIL_MIN);
  }
}

describe('exact RTP', () => {
  it('dice: every chance step of both conditions pays 99% of the 10,000 of 10,001 rolls it counts', () => {
    // 1% edge on a roll of 10,001 values: 99% × 10000/10001 (98.9901%), less the flooring of the multiplier.
    expectAround(allModes('dice'), DECLARED_RTP.dice, 0.02 * pp, -0.0098 * pp);
    // By hand: under 50.00 wins on rolls 0 … 4999; pays 99 / 50 = 1.98.
    expect(exactRtp({ game: 'dice', target: 5_000, condition: 'under' })).toBeCloseTo(
      (5_000 / 10_001) * 1.98,
      7,
    );
  });

  it('dice: the words counted per roll are the rule’s own, at every boundary', () => {
    // floor(w / 2³² × 10001) steps from k − 1 to k exactly at w = ceil(k · 2³² / 10001).
    const seedsFor = (w: number) => w / 2 ** 32;
    for (let k = 1; k <= 10_000; k++) {
      const w = Number((BigInt(k) * 2n ** 32n + 10_000n) / 10_001n);
      expect(Math.floor(seedsFor(w) * 10_001)).toBe(k);
      expect(Math.floor(seedsFor(w - 1) * 10_001)).toBe(k - 1);
    }
    expect(typeof diceRoll).toBe('function');
  });

  it('limbo: 99% to within 0.1 point up to 10,000× and above Brazil’s floor over the whole range', () => {
    const range = limboRtpRange(0.1 * pp);
    expect(range.max).toBeLessThanOrEqual(DECLARED_RTP.limbo);
    expect(range.within).toBeGreaterThanOrEqual(1_000_000);
    expect(range.min).toBeGreaterThan(0.93);
    // Sampled targets: the winning count is the boundary of the rule's own arithmetic.
    for (const target of [
      LIMBO_TARGET.min,
      150,
      200,
      1_000,
      12_345,
      1_000_000,
      99_999_999,
      LIMBO_TARGET.max,
    ]) {
      const n = limboWinningN(target);
      expect(limboResultOf(n - 1)).toBeGreaterThanOrEqual(target);
      expect(n === 2 ** 24 || limboResultOf(n) < target).toBe(true);
    }
    // By hand: 2× wins when 16777216 / (n + 1) × 99 ≥ 200, for n + 1 ≤ 8304722.
    expect(limboWinningN(200)).toBe(8_304_721);
    expect(exactRtp({ game: 'limbo', target: 200 })).toBeCloseTo((8_304_721 / 2 ** 24) * 2, 12);
  });

  it('plinko: every row count and risk within 0.35 point of 99%; the guide’s 8 rows low by hand', () => {
    expectAround(allModes('plinko'), DECLARED_RTP.plinko, 0.2 * pp, 0.35 * pp);
    // (5.6 + 8 × 2.1 + 28 × 1.1 + 56 × 1 + 70 × 0.5 + 56 × 1 + 28 × 1.1 + 8 × 2.1 + 5.6) / 2⁸
    expect(exactRtp({ game: 'plinko', rows: 8, risk: 'low' })).toBe(253.4 / 256);
  });

  it('mines: every mine count and number of safe tiles within 0.01 point below 99%', () => {
    expectAround(allModes('mines'), DECLARED_RTP.mines, 0.01 * pp, 0);
    // By hand, 1 mine, 1 tile: safe 24/25, multiplier floor(0.99 × 25/24 × 10⁴) / 10⁴ = 1.0312.
    expect(exactRtp({ game: 'mines', mines: 1, safe: 1 })).toBeCloseTo((24 / 25) * 1.0312, 12);
  });

  it('row double: each colour is 14/15 (to the 2³² words grid)', () => {
    expectAround(allModes('rowDouble'), DECLARED_RTP.rowDouble, 1e-8, 1e-8);
  });
});
