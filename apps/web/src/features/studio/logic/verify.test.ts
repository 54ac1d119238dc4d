import type { StudioRound } from '@aposta/contracts';
import { CARNIVAL_LINES, hashServerSeed, spinSlot, studioSlot } from '@aposta/fairness';
import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, expectedSpin } from '../test/fake-studio';
import { verifyRound } from './verify';

const serverSeed = 'e'.repeat(64);
function round(over: Partial<StudioRound> = {}): StudioRound {
  const { steps, win } = expectedSpin({ serverSeed, clientSeed: CLIENT_SEED, nonce: 3 }, 2);
  return {
    roundId: '1',
    gameCode: 'fortune-ox',
    demo: false,
    bet: 2,
    win,
    balanceBefore: 10,
    balanceAfter: 8 + win,
    steps,
    serverSeedHash: hashServerSeed(serverSeed),
    serverSeed,
    clientSeed: CLIENT_SEED,
    nonce: 3,
    at: '2026-11-24T12:00:00.000Z',
    ...over,
  };
}

describe('verifyRound', () => {
  it('replays the round from its seeds', () => {
    expect(verifyRound(round())).toBe('verified');
    expect(verifyRound(round({ serverSeed: null }))).toBe('hidden');
  });

  it('catches a seed that is not the announced one, other stops, another nonce or another win', () => {
    expect(verifyRound(round({ serverSeedHash: hashServerSeed('f'.repeat(64)) }))).toBe('mismatch');
    const r = round();
    const steps = r.steps.map((s, i) => (i === 0 ? { ...s, stops: s.stops.map((x) => x + 1) } : s));
    expect(verifyRound({ ...r, steps })).toBe('mismatch');
    expect(verifyRound(round({ nonce: 4 }))).toBe('mismatch');
    expect(verifyRound(round({ win: r.win + 0.2 }))).toBe('mismatch');
  });

  it('replays a round under the rules it was played by: a later change of the paytable leaves it verified', () => {
    // A Carnival Lines spin that rules 1 (before lines led by wilds paid the wilds' own win) paid differently.
    const rules1 = studioSlot(CARNIVAL_LINES.code, 1)!;
    const seeds = (nonce: number) => ({ serverSeed, clientSeed: CLIENT_SEED, nonce });
    let nonce = 0;
    while (spinSlot(rules1, seeds(nonce)).units === spinSlot(CARNIVAL_LINES, seeds(nonce)).units) nonce++;
    const played = (rules: number) => {
      const game = studioSlot(CARNIVAL_LINES.code, rules)!;
      const out = spinSlot(game, seeds(nonce));
      return round({
        gameCode: 'carnival-lines',
        nonce,
        rules,
        win: (out.units * 2) / game.unitsPerBet,
        steps: out.steps.map((x) => ({ ...x, wins: [], win: 0 })),
      });
    };
    expect(verifyRound(played(1))).toBe('verified');
    expect(verifyRound(played(2))).toBe('verified');
    // Rules 3 only capped a round's win (5,000×): a round below it pays as under rules 2, and verifies under both.
    expect(verifyRound(played(3))).toBe('verified');
    expect(verifyRound({ ...played(2), rules: 3 })).toBe('verified');
    expect(verifyRound({ ...played(1), rules: 2 })).toBe('mismatch');
    expect(verifyRound({ ...played(1), rules: undefined })).toBe('mismatch');
    expect(verifyRound({ ...played(2), rules: 1 })).toBe('mismatch');
    expect(verifyRound({ ...played(2), rules: 9 })).toBe('mismatch');
  });
});
