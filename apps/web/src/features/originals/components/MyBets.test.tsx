import type { OriginalBet } from '@aposta/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeOriginals } from '../test/fake-originals';
import { BetDetails } from './MyBets';

afterEach(() => vi.unstubAllGlobals());

/** A mines round of 3 mines cashed out after tile 0, the first of the board (tiles are numbered 0–24). */
const round: OriginalBet = {
  betId: 'bet-9',
  game: 'mines',
  amount: 1,
  multiplier: 1.125,
  payout: 1.12,
  balance: 100.12,
  nonce: 21,
  clientSeed: 'client-seed',
  serverSeedHash: 'b'.repeat(64),
  serverSeed: null,
  outcome: { revealed: [0], mines: [17, 5, 11] },
  params: { game: 'mines', mines: 3 },
  state: 'won',
  nextMultiplier: null,
  time: '2026-12-07T06:15:10.000Z',
};

describe('bet details', () => {
  it('a mines round says how many tiles were opened beside their numbers: tile 0 is not "none"', () => {
    vi.stubGlobal('fetch', fakeOriginals().fetch);
    renderWithApp(<BetDetails bet={round} onClose={() => {}} />);
    expect(screen.getByTestId('bet-outcome')).toHaveTextContent('Casas abertas (1): 0 · Minas: 17, 5, 11');
  });
});
