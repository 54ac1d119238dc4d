import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacSha256 } from './hmac';
import { block, float, floats, hashServerSeed, type Seeds } from './seeds';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const nodeBlock = (s: Seeds, round: number) =>
  crypto.createHmac('sha256', s.serverSeed).update(`${s.clientSeed}:${s.nonce}:${round}`).digest('hex');
/** The guide's float, byte by byte. */
const guideFloat = (b: Uint8Array, i: number) =>
  b[i]! / 256 + b[i + 1]! / 256 ** 2 + b[i + 2]! / 256 ** 3 + b[i + 3]! / 256 ** 4;

const SEED = '5f2f1c3d8c0a7e6b4d9a1f0e3c2b7a6958d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0';
const seeds = (nonce: number, clientSeed = 'player-seed'): Seeds => ({ serverSeed: SEED, clientSeed, nonce });

describe('HMAC-SHA256', () => {
  it('gives the RFC 4231 test vectors', () => {
    const tag = (key: Uint8Array, msg: string) =>
      hex(new HmacSha256(key).digest(new TextEncoder().encode(msg)));
    // Test case 1: 20 bytes of 0x0b, "Hi There".
    expect(tag(new Uint8Array(20).fill(0x0b), 'Hi There')).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    // Test case 2: key "Jefe".
    expect(tag(new TextEncoder().encode('Jefe'), 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    // Test case 6: a 131-byte key (longer than a block: hashed first).
    expect(
      tag(new Uint8Array(131).fill(0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First'),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('equals node:crypto for any key and message, the same key reused', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.array(fc.uint8Array({ maxLength: 300 })),
        (key, msgs) => {
          const mac = new HmacSha256(key);
          for (const m of msgs)
            expect(hex(mac.digest(m))).toBe(crypto.createHmac('sha256', key).update(m).digest('hex'));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('seeds to bytes to floats', () => {
  it('hashes the server seed as the hex text it is', () => {
    expect(hashServerSeed(SEED)).toBe('5cda2804eedab7939e6f68a046958aa52e9a66023d0b768e8a899574bb70d24d');
  });

  it('gives the known blocks of a seed pair', () => {
    // HMAC-SHA256(key = SEED as text, message = "player-seed:<nonce>:<round>"), worked out beside the code.
    expect(hex(block(seeds(0), 0))).toBe('1be6e44845b10b8f7c2b5a8824d03a2ee06d64f1daabffc6e1b4d707b570827e');
    expect(hex(block(seeds(42), 0))).toBe('ba2860ad2a3b7b4e1c10862134fe4b9e0998fc1e999dd84cf628c90954f6e98d');
    expect(hex(block(seeds(42), 1))).toBe('f5772c4c93caab68d2a146cf58061653f489dadfc3d6d75e34d037225c4436c4');
    // Bytes 1b e6 e4 48 → 27/256 + 230/256² + 228/256³ + 72/256⁴.
    expect(float(seeds(0), 0)).toBe(27 / 256 + 230 / 256 ** 2 + 228 / 256 ** 3 + 72 / 256 ** 4);
    // Float 8 is the first of block 1: f5 77 2c 4c.
    expect(floats(seeds(42), 9)[8]).toBe(0xf5 / 256 + 0x77 / 256 ** 2 + 0x2c / 256 ** 3 + 0x4c / 256 ** 4);
  });

  it('equals node:crypto and the guide’s float for any seeds, nonce and float index', () => {
    const server = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
    fc.assert(
      fc.property(
        server,
        fc.string({ unit: 'grapheme', maxLength: 64 }),
        fc.nat({ max: 2 ** 31 - 1 }),
        fc.nat({ max: 40 }),
        (serverSeed, clientSeed, nonce, index) => {
          const s = { serverSeed, clientSeed, nonce };
          const round = index >> 3;
          const bytes = Buffer.from(nodeBlock(s, round), 'hex');
          expect(hex(block(s, round))).toBe(nodeBlock(s, round));
          expect(float(s, index)).toBe(guideFloat(bytes, (index & 7) * 4));
          const all = floats(s, index + 1);
          expect(all[index]).toBe(float(s, index));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps pairs apart when calls for several players interleave', () => {
    // The keyed states and the last block are cached per server seed: interleaving must never mix them up.
    const pairs = Array.from({ length: 6 }, (_, i) => ({
      serverSeed: crypto.randomBytes(32).toString('hex'),
      clientSeed: i % 2 ? `client-${i}` : 'shared',
    }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 5 }), fc.nat({ max: 3 }), fc.nat({ max: 17 })), { maxLength: 60 }),
        (calls) => {
          for (const [p, nonce, index] of calls) {
            const s = { ...pairs[p]!, nonce };
            const bytes = Buffer.from(nodeBlock(s, index >> 3), 'hex');
            expect(float(s, index)).toBe(guideFloat(bytes, (index & 7) * 4));
          }
        },
      ),
    );
    // The same server seed with another client seed (a rotation keeps neither, but a caller may) is recomputed.
    const a = { ...pairs[0]!, nonce: 1 };
    expect(hex(block(a, 0))).toBe(nodeBlock(a, 0));
    expect(hex(block({ ...a, clientSeed: 'other' }, 0))).toBe(nodeBlock({ ...a, clientSeed: 'other' }, 0));
    expect(hex(block(a, 0))).toBe(nodeBlock(a, 0));
  });

  it('refuses a nonce that is not a non-negative integer', () => {
    expect(() => float(seeds(-1), 0)).toThrow(RangeError);
    expect(() => float(seeds(1.5), 0)).toThrow(RangeError);
  });
});
