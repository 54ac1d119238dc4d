import crypto from 'node:crypto';

/**
 * TRON addresses (USDT TRC20 payouts): base58check of 25 bytes, a 0x41 version byte, the 20-byte account
 * and the first 4 bytes of sha256(sha256(the first 21)). Written out rather than pulled in: it is a dozen
 * lines and the only base58 this codebase needs.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, BigInt(i)]));

function base58Decode(text: string): Buffer | null {
  let n = 0n;
  for (const c of text) {
    const v = INDEX.get(c);
    if (v === undefined) return null;
    n = n * 58n + v;
  }
  const hex = n === 0n ? '' : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest();

/** The address when it is a valid TRON mainnet address (T..., 34 characters, checksum right), else null. */
export function normalizeTronAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return null;
  const bytes = base58Decode(text);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return null;
  const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
  return checksum.equals(bytes.subarray(21)) ? text : null;
}
