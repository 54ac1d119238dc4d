import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSeedVault, newServerSeed } from './originals.seeds';

describe('seed vault', () => {
  it('encrypts a server seed at rest with the configured key and reads it back', () => {
    const vault = createSeedVault(crypto.randomBytes(32).toString('hex'));
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const stored = vault.seal(seed);
    expect(stored).not.toContain(seed);
    expect(stored).toMatch(/^v1:/);
    // A fresh IV each time: the same seed never gives the same text.
    expect(vault.seal(seed)).not.toBe(stored);
    expect(vault.open(stored)).toBe(seed);
  });

  it('refuses a tampered seed and one sealed with another key', () => {
    const vault = createSeedVault(crypto.randomBytes(32).toString('hex'));
    const stored = vault.seal(newServerSeed());
    const [v, iv, tag, data] = stored.split(':');
    const flipped = Buffer.from(data!, 'base64');
    flipped[0] ^= 1;
    expect(() => vault.open([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => createSeedVault(crypto.randomBytes(32).toString('hex')).open(stored)).toThrow();
  });

  it('without a key stores seeds as they are, and still reads seeds stored before a key was set', () => {
    const seed = newServerSeed();
    expect(createSeedVault(undefined).seal(seed)).toBe(seed);
    expect(createSeedVault(crypto.randomBytes(32).toString('hex')).open(seed)).toBe(seed);
    expect(() => createSeedVault(undefined).open('v1:a:b:c')).toThrow(/ORIGINALS_SEED_KEY/);
  });
});
