import type { OriginalBet } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { randomHiddenTile, tileStates } from './mines';

function round(state: OriginalBet['state'], revealed: number[], mines?: number[], hit?: number): OriginalBet {
  return {
    betId: 'b1',
    game: 'mines',
    amount: 1,
    multiplier: 1,
    payout: 0,
    balance: 10,
    nonce: 0,
    clientSeed: 'c',
    serverSeedHash: 'h',
    serverSeed: null,
    outcome: mines ? { revealed, mines, ...(hit === undefined ? {} : { hit }) } : { revealed },
    params: { game: 'mines', mines: mines?.length ?? 3 },
    state,
    nextMultiplier: null,
    time: '2026-01-01T00:00:00Z',
  };
}

describe('mines grid states', () => {
  it('before a round: hidden tiles, and those picked for auto bet', () => {
    const s = tileStates(null, [3, 7]);
    expect(s).toHaveLength(25);
    expect(s.filter((x) => x === 'picked')).toHaveLength(2);
    expect(s[3]).toBe('picked');
    expect(s[0]).toBe('hidden');
  });

  it('an open round shows the gems found and hides everything else', () => {
    const s = tileStates(round('open', [0, 12]), []);
    expect(s[0]).toBe('gem');
    expect(s[12]).toBe('gem');
    expect(s.filter((x) => x === 'hidden')).toHaveLength(23);
  });

  it('a lost round shows the mine hit, the other mines and the gems left', () => {
    const s = tileStates(round('lost', [0], [5, 6, 7], 6), []);
    expect(s[0]).toBe('gem');
    expect(s[6]).toBe('hit');
    expect(s[5]).toBe('mine');
    expect(s[7]).toBe('mine');
    expect(s.filter((x) => x === 'gemDim')).toHaveLength(21);
  });

  it('a round cashed out shows every mine, no hit', () => {
    const s = tileStates(round('won', [1, 2], [5, 6, 7]), []);
    expect(s.filter((x) => x === 'mine')).toHaveLength(3);
    expect(s).not.toContain('hit');
    expect(s.filter((x) => x === 'gem')).toHaveLength(2);
  });

  it('a random pick is never a tile already revealed', () => {
    const r = round(
      'open',
      Array.from({ length: 24 }, (_, i) => i),
    );
    expect(randomHiddenTile(r, () => 0)).toBe(24);
    expect(randomHiddenTile(r, () => 0.999)).toBe(24);
    expect(randomHiddenTile(null, () => 0.5)).toBe(12);
  });
});
