import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { HmacSha256 } from './hmac';

/**
 * The per-player seed scheme of the public verifiers (games.md, "Per-player seeds"): block r =
 * HMAC-SHA256(key = the server seed's hex text, message = `${clientSeed}:${nonce}:${r}`); bytes are read block
 * after block; every 4 bytes make one float in [0, 1). Pure and synchronous, so the server and the browser's
 * verifier run the same code (plain JavaScript rather than node:crypto or WebCrypto, which is async).
 */
export interface Seeds {
  /** 64 lower-case hex characters (32 random bytes), used as text. */
  serverSeed: string;
  clientSeed: string;
  /** 0 for the first bet of a pair, +1 per bet. */
  nonce: number;
}

/** SHA-256 of the server seed's hex text, as hex: what the player sees before any bet. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/**
 * A server seed's keyed HMAC (inner and outer states computed once) with its client seed's bytes, and the last
 * block computed: the floats of one bet come from one block (8 floats) and the next bet reuses the key.
 */
class Stream {
  readonly mac: HmacSha256;
  clientSeed = '';
  private prefix = 0; // bytes of `${clientSeed}:` at the start of the scratch block
  private nonce = -1;
  private round = -1;

  constructor(serverSeed: string) {
    this.mac = new HmacSha256(utf8ToBytes(serverSeed));
  }

  /** The 8 words of block `round` for `nonce` (kept in `mac.out` until the next block). */
  words(clientSeed: string, nonce: number, round: number): Int32Array {
    if (clientSeed !== this.clientSeed) {
      this.clientSeed = clientSeed;
      this.prefix = 0;
      this.nonce = -1;
    } else if (nonce === this.nonce && round === this.round) return this.mac.out;
    // A UTF-8 character is at most 3 bytes per UTF-16 unit; 2 × 16 digits and 2 colons follow.
    const buf = this.mac.scratch(clientSeed.length * 3 + 34);
    if (!this.prefix) {
      this.prefix = encoder.encodeInto(clientSeed, buf).written;
      buf[this.prefix++] = COLON;
    }
    let at = writeDigits(buf, this.prefix, nonce);
    buf[at++] = COLON;
    at = writeDigits(buf, at, round);
    this.nonce = nonce;
    this.round = round;
    return this.mac.tagOf(at);
  }
}

const COLON = 0x3a;
const encoder = new TextEncoder();

/** Writes the decimal digits of a non-negative safe integer at `at`; answers the position after them. */
function writeDigits(buf: Uint8Array, at: number, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a nonce or round: ${n}`);
  let digits = 1;
  for (let p = 10; p <= n; p *= 10) digits++;
  for (let i = at + digits - 1; i >= at; i--) {
    buf[i] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
  }
  return at + digits;
}

/**
 * Keyed streams by server seed. A player bets with one pair for many nonces, so the key work is done once per
 * pair, not per bet. Bounded: when full it starts again (the server has a few thousand active pairs at most).
 */
const streams = new Map<string, Stream>();
const MAX_STREAMS = 4096;

let last: Stream | undefined;
let lastSeed = '';

function streamOf(serverSeed: string): Stream {
  // A bet reads its floats one after the other from the same seed: skip the map for them.
  if (serverSeed === lastSeed && last) return last;
  let s = streams.get(serverSeed);
  if (!s) {
    if (streams.size >= MAX_STREAMS) streams.clear();
    streams.set(serverSeed, (s = new Stream(serverSeed)));
  }
  lastSeed = serverSeed;
  return (last = s);
}

/** 32 bytes of block `round`. */
export function block(seeds: Seeds, round: number): Uint8Array {
  const words = streamOf(seeds.serverSeed).words(seeds.clientSeed, seeds.nonce, round);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const w = words[i]!;
    out[i * 4] = w >>> 24;
    out[i * 4 + 1] = w >>> 16;
    out[i * 4 + 2] = w >>> 8;
    out[i * 4 + 3] = w;
  }
  return out;
}

/**
 * Float `index` of a bet (8 per block, from block 0 on), allocating nothing. Bytes b0..b3 give
 * b0/256 + b1/256² + b2/256³ + b3/256⁴, which is exactly their big-endian 32-bit word / 2³² (every partial sum
 * is exact in a double): the word is read straight from the HMAC state.
 */
export function float(seeds: Seeds, index: number): number {
  const words = streamOf(seeds.serverSeed).words(seeds.clientSeed, seeds.nonce, index >>> 3);
  return (words[index & 7]! >>> 0) / 4_294_967_296;
}

/** The first `count` floats of a bet: 8 per block, from block 0 on. */
export function floats(seeds: Seeds, count: number): number[] {
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = float(seeds, i);
  return out;
}
