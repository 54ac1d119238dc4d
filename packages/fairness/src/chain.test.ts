import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chainLinks,
  chainNext,
  chainWalk,
  crashCashoutMultiplier,
  crashMultiplierAt,
  crashPoint,
  crashTimeOf,
  DOUBLE_COLORS,
  doubleColor,
  doubleMultiplier,
  doubleTile,
  LUCKY_PICKS,
  luckyBest,
  luckyDigit,
  luckyMultiplier,
  ROUND_RTP,
  roundPickFigures,
  roundResult,
  roundValue,
  type LuckyPick,
} from './chain';

/**
 * Known answers worked out from games.md's formulas with another implementation (Python's hashlib and hmac):
 * a chain from 64 zeros, five links; the rounds use it from the end backwards with the salt below.
 */
const ZERO = '0'.repeat(64);
const H = [
  ZERO,
  '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
  '632500b1742987815bf1e7ebc49d1da6ed2dd9659623bef3f9b96bf5e75ab702',
  '399abe3835c28f3285d77431b8dba2b9c73319cd6d3dc8b70fef98f8cd8a870a',
  '9ec3061edcc690afd3cf98f217406c80a5a5400b729eb904010c6198f718cff0',
  '74e28f4be99caf2180ed3724cfd20120ca6558db2fe7fe7b94a94078fd60afbc',
];
const SALT = '0000000000000000000a3f1c2b7d1e5c9f8b6a2d4c3e1f0a9b8c7d6e5f4a3b2c';
/** Round j uses H[5 − j]: its value, first 8 hex as integer, tile (mod 15), digit (mod 10), crash point. */
const ROUNDS = [
  {
    j: 1,
    value: '06a5c3fcc6b6df4661a03f3203e59206412bd302293fac7a560774952c4af597',
    n: 111526908,
    tile: 3,
    digit: 8,
    crash: 101,
  },
  {
    j: 2,
    value: '049a34e0b659bd18dfa9cec88e8d18be4193cd59f19281bccbc4b0c880535eab',
    n: 77214944,
    tile: 14,
    digit: 4,
    crash: 100,
  },
  {
    j: 3,
    value: '2b92b1ee67b97e717e62e680908735f7283061fb0f9512cc1c81ba30ce22a6ff',
    n: 731034094,
    tile: 4,
    digit: 4,
    crash: 119,
  },
  {
    j: 4,
    value: 'bc4350ba045d1bfb4e34aa641675ef2f18377db8166f33066c9d228106423db6',
    n: 3158528186,
    tile: 11,
    digit: 6,
    crash: 374,
  },
];

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const nodeSha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

describe('hash chain (known answers)', () => {
  it('links each hash to the SHA-256 of the previous one’s hex text', () => {
    for (let i = 1; i < H.length; i++) expect(chainNext(H[i - 1]!)).toBe(H[i]);
    expect(chainWalk(ZERO, 5)).toBe(H[5]);
    expect(chainWalk(ZERO, 0)).toBe(ZERO);
  });

  it('gives each round its value and outcome', () => {
    for (const r of ROUNDS) {
      const hash = H[5 - r.j]!;
      expect(roundValue(hash, SALT)).toBe(r.value);
      expect(parseInt(r.value.slice(0, 8), 16)).toBe(r.n);
      expect(doubleTile(r.value)).toBe(r.tile);
      expect(luckyDigit(r.value)).toBe(r.digit);
      expect(crashPoint(r.value)).toBe(r.crash);
      expect(roundResult('double', r.value)).toBe(r.tile);
      expect(roundResult('luckyColor', r.value)).toBe(r.digit);
      expect(roundResult('crash', r.value)).toBe(r.crash);
      // Round j's hash hashes to round j − 1's (round 1's to the commitment H[5]).
      expect(chainLinks(hash, H[6 - r.j]!)).toBe(true);
    }
  });

  it('reads the crash point off the first 52 bits', () => {
    expect(crashPoint('0'.repeat(64))).toBe(100); // X = 0: floor(99) → at least 1.00
    expect(crashPoint('8' + '0'.repeat(63))).toBe(198); // X = 1/2: floor(198)
    expect(crashPoint('c' + '0'.repeat(63))).toBe(396); // X = 3/4
    expect(crashPoint('f'.repeat(13) + '0'.repeat(51))).toBe(Math.floor(99 * 2 ** 52)); // 1 − X = 2⁻⁵²
  });
});

describe('hash chain (properties)', () => {
  it('matches node:crypto for SHA-256 and HMAC', () => {
    fc.assert(
      fc.property(hex64, hex64, (h, salt) => {
        expect(chainNext(h)).toBe(nodeSha(h));
        expect(roundValue(h, salt)).toBe(crypto.createHmac('sha256', h).update(salt).digest('hex'));
      }),
    );
  });

  it('every revealed round hash links to the previous round and not to another', () => {
    fc.assert(
      fc.property(hex64, fc.integer({ min: 2, max: 30 }), (start, n) => {
        const chain = [start];
        for (let i = 0; i < n; i++) chain.push(chainNext(chain.at(-1)!));
        for (let j = 1; j <= n; j++) {
          expect(chainLinks(chain[n - j]!, chain[n - j + 1]!)).toBe(true);
          if (j > 1) expect(chainLinks(chain[n - j]!, chain[n - j + 2]!)).toBe(false);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('keeps outcomes in range', () => {
    fc.assert(
      fc.property(hex64, (v) => {
        const tile = doubleTile(v);
        expect(tile).toBeGreaterThanOrEqual(0);
        expect(tile).toBeLessThan(15);
        expect(luckyDigit(v)).toBeLessThan(10);
        expect(crashPoint(v)).toBeGreaterThanOrEqual(100);
      }),
    );
  });
});

describe('payouts', () => {
  it('double pays the colour of the tile', () => {
    expect(doubleColor(0)).toBe('white');
    expect(doubleMultiplier('white', 0)).toBe(140_000);
    expect(doubleMultiplier('red', 1)).toBe(20_000);
    expect(doubleMultiplier('red', 7)).toBe(20_000);
    expect(doubleMultiplier('red', 8)).toBe(0);
    expect(doubleMultiplier('black', 14)).toBe(20_000);
    expect(doubleMultiplier('black', 0)).toBe(0);
    // RTP of each colour: 14/15, enumerated over the 15 tiles.
    for (const c of ['white', 'red', 'black'] as const) {
      const sum = Array.from({ length: 15 }, (_, t) => doubleMultiplier(c, t)).reduce((a, b) => a + b);
      expect(sum / 15 / 10_000).toBeCloseTo(14 / 15, 12);
    }
  });

  it('lucky colour takes 2% and pays the guide’s multiples on the rest', () => {
    // 98% × 2 = 1.96, × 1.5 = 1.47, × 4.5 = 4.41, × 9 = 8.82.
    expect(luckyMultiplier('green', 3)).toBe(19_600);
    expect(luckyMultiplier('green', 5)).toBe(14_700);
    expect(luckyMultiplier('green', 2)).toBe(0);
    expect(luckyMultiplier('red', 0)).toBe(14_700);
    expect(luckyMultiplier('red', 8)).toBe(19_600);
    expect(luckyMultiplier('violet', 0)).toBe(44_100);
    expect(luckyMultiplier('violet', 5)).toBe(44_100);
    expect(luckyMultiplier('violet', 6)).toBe(0);
    expect(luckyMultiplier('7', 7)).toBe(88_200);
    expect(luckyMultiplier('7', 1)).toBe(0);
    expect(luckyMultiplier('big', 5)).toBe(19_600);
    expect(luckyMultiplier('big', 4)).toBe(0);
    expect(luckyMultiplier('small', 0)).toBe(19_600);
    expect(luckyBest('7')).toBe(88_200);
    // RTP per pick, enumerated over the ten digits: (4 × 1.96 + 1.47) / 10 = 0.931 for a colour, and so on.
    const rtp = (p: (typeof LUCKY_PICKS)[number]) =>
      Array.from({ length: 10 }, (_, d) => luckyMultiplier(p, d)).reduce((a, b) => a + b) / 100_000;
    expect(rtp('green')).toBeCloseTo(0.931, 12);
    expect(rtp('red')).toBeCloseTo(0.931, 12);
    expect(rtp('violet')).toBeCloseTo(0.882, 12);
    expect(rtp('big')).toBeCloseTo(0.98, 12);
    expect(rtp('3')).toBeCloseTo(0.882, 12);
  });

  it('crash: the curve starts at 1.00×, doubles near 11.55 s, and a cash-out wins up to the crash point', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    // ln 2 / 0.00006 = 11,552.45 ms.
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200);
    expect(crashTimeOf(200)).toBe(11_553);
    expect(crashCashoutMultiplier(150, 150)).toBe(15_000);
    expect(crashCashoutMultiplier(151, 150)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1_000_000 }), (point) => {
        const ms = crashTimeOf(point);
        expect(crashMultiplierAt(ms)).toBeGreaterThanOrEqual(point);
        if (ms > 0) expect(crashMultiplierAt(ms - 1)).toBeLessThan(point);
      }),
    );
  });
});

describe('what a round bet shows before it is placed', () => {
  it('each pick’s return and top payout follow the paying rules (declared: double 14/15, lucky colour best 98%)', () => {
    for (const color of DOUBLE_COLORS)
      expect(roundPickFigures({ kind: 'double', color }).rtp).toBeCloseTo(ROUND_RTP.double, 12);
    expect(roundPickFigures({ kind: 'double', color: 'white' }).payout).toBe(14);
    expect(roundPickFigures({ kind: 'double', color: 'red' }).payout).toBe(2);
    const lucky = (pick: LuckyPick) => roundPickFigures({ kind: 'luckyColor', pick });
    expect(lucky('big')).toEqual({ rtp: 0.98, payout: 1.96, varies: false });
    expect(lucky('green').varies).toBe(true);
    expect(lucky('green').rtp).toBeCloseTo(0.931, 12);
    expect(lucky('violet')).toEqual({ rtp: 0.882, payout: 4.41, varies: false });
    expect(lucky('7')).toEqual({ rtp: 0.882, payout: 8.82, varies: false });
    expect(Math.max(...LUCKY_PICKS.map((p) => lucky(p).rtp))).toBe(ROUND_RTP.luckyColor);
  });
});
