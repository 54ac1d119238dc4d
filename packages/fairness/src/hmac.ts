import { sha256 } from '@noble/hashes/sha2.js';

/**
 * HMAC-SHA256 for the outcome engine, in plain JavaScript so the browser's verifier runs the same code. A key's
 * inner and outer states (the SHA-256 state after the key ⊕ ipad and key ⊕ opad blocks) are computed once and
 * kept; each message then costs two compressions for messages up to 55 bytes, and nothing is allocated per call:
 * the message is written into a reused block and the tag is left in a reused state array. Checked against
 * node:crypto's HMAC by the package's tests (hmac.test.ts); @noble/hashes is kept for one-off hashing.
 */

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const W = new Int32Array(64);

/** One SHA-256 compression of the 64 bytes of `block` from `at` into `state` (8 words, changed in place). */
function compress(state: Int32Array, block: Uint8Array, at: number) {
  for (let i = 0; i < 16; i++, at += 4)
    W[i] = (block[at]! << 24) | (block[at + 1]! << 16) | (block[at + 2]! << 8) | block[at + 3]!;
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!;
    const b = W[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[0]!,
    b = state[1]!,
    c = state[2]!,
    d = state[3]!,
    e = state[4]!,
    f = state[5]!,
    g = state[6]!,
    h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** A key's HMAC-SHA256, ready for many messages: `tag(message bytes)` leaves the tag's 8 words in `out`. */
export class HmacSha256 {
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);
  /** The running state and the block being filled, reused by every call. */
  private readonly state = new Int32Array(8);
  private buf = new Uint8Array(128);
  /** The outer block: the inner digest, then constant padding (0x80, zeros, 768 bits = (64 + 32) × 8). */
  private readonly outerBlock = new Uint8Array(64);
  /** The tag of the last call, as 8 big-endian 32-bit words (signed; `>>> 0` for the unsigned value). */
  readonly out = new Int32Array(8);

  constructor(key: Uint8Array) {
    const pad = new Uint8Array(64);
    pad.set(key.length > 64 ? sha256(key) : key);
    for (let i = 0; i < 64; i++) pad[i]! ^= 0x36;
    this.inner.set(IV);
    compress(this.inner, pad, 0);
    for (let i = 0; i < 64; i++) pad[i]! ^= 0x36 ^ 0x5c;
    this.outer.set(IV);
    compress(this.outer, pad, 0);
    this.outerBlock[32] = 0x80;
    writeLength(this.outerBlock, 64, 768);
  }

  /** A block buffer of at least `size` bytes, for the caller to write a message into before `tagOf`. */
  scratch(size: number): Uint8Array {
    if (this.buf.length < size + 72) this.buf = new Uint8Array((size + 72 + 63) & ~63);
    return this.buf;
  }

  /** HMAC of the first `length` bytes of `scratch(length)` (the bytes after them are overwritten). */
  tagOf(length: number): Int32Array {
    const buf = this.scratch(length);
    const s = this.state;
    s.set(this.inner);
    // SHA-256 padding of the message after the 64-byte key block: 0x80, zeros, the bit length (< 2³²).
    const total = length + 9;
    const blocks = Math.ceil(total / 64);
    buf.fill(0, length, blocks * 64);
    buf[length] = 0x80;
    writeLength(buf, blocks * 64, (64 + length) * 8);
    for (let at = 0; at < blocks * 64; at += 64) compress(s, buf, at);
    const ob = this.outerBlock;
    for (let i = 0; i < 8; i++) writeWord(ob, i * 4, s[i]!);
    const o = this.out;
    o.set(this.outer);
    compress(o, ob, 0);
    return o;
  }

  /** HMAC of `message`, as 32 new bytes (for callers off the hot path). */
  digest(message: Uint8Array): Uint8Array {
    this.scratch(message.length).set(message);
    const words = this.tagOf(message.length);
    const bytes = new Uint8Array(32);
    for (let i = 0; i < 8; i++) writeWord(bytes, i * 4, words[i]!);
    return bytes;
  }
}

function writeWord(buf: Uint8Array, at: number, w: number) {
  buf[at] = w >>> 24;
  buf[at + 1] = w >>> 16;
  buf[at + 2] = w >>> 8;
  buf[at + 3] = w;
}

/** The 64-bit big-endian bit length at the end of the block ending at `end` (lengths here stay below 2³²). */
function writeLength(buf: Uint8Array, end: number, bits: number) {
  buf.fill(0, end - 8, end - 4);
  writeWord(buf, end - 4, bits);
}
