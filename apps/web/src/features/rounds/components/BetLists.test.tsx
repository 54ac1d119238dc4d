import type { RoundBet, UserInfo } from '@aposta/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, renderWithApp } from '../../../test/render';
import { myBetsKey } from '../api/rounds';
import { roundBetOf } from '../test/round-bet';
import { MyRoundBets, PlacedInRound } from './BetLists';

const bet = (betId: string, roundId: string, pick: string, amount: number, over: Partial<RoundBet> = {}) =>
  roundBetOf({ betId, roundId, pick, amount, ...over });

const colour = (b: RoundBet) => ({ red: 'Vermelho', white: 'Branco' })[b.pick as 'red' | 'white'];

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  useSession.setState({ token: '', user: null });
});

function signedInWith(bets: RoundBet[], game: RoundBet['game'] = 'double') {
  useSession.setState({ token: 't', user: { uId: 1, balance: 10, freeBalance: 0 } as UserInfo });
  queryClient.setQueryData(myBetsKey('t', game), bets);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(envelope(bets)))),
  );
}

describe('PlacedInRound', () => {
  it("says my bets in the round taking bets, oldest first, and nothing of another round's", async () => {
    // Newest first, as the server lists them.
    signedInWith([bet('3', '7', 'white', 2), bet('2', '7', 'red', 1), bet('1', '6', 'red', 5)]);
    renderWithApp(<PlacedInRound game="double" roundId="7" pickLabel={colour} />);
    expect((await screen.findByTestId('placed-in-round')).textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Aposta feita: Vermelho R$ 1,00 · Branco R$ 2,00',
    );
  });

  it('says nothing before a bet in this round', () => {
    signedInWith([bet('1', '6', 'red', 5)]);
    renderWithApp(<PlacedInRound game="double" roundId="7" pickLabel={colour} />);
    expect(screen.queryByTestId('placed-in-round')).toBeNull();
  });
});

describe('MyRoundBets', () => {
  it('names a lucky colour bet by its period, another game’s by its round', async () => {
    signedInWith(
      [bet('2', '184', 'green', 1, { game: 'luckyColor-30s', period: '20261207100012' })],
      'luckyColor-30s',
    );
    renderWithApp(<MyRoundBets game="luckyColor-30s" pickLabel={() => 'Verde'} />);
    expect(await screen.findByTestId('my-round-bet')).toHaveTextContent(/^Período 20261207100012/);
    expect(screen.getByTestId('my-round-bet')).not.toHaveTextContent('Rodada 184');
  });
});
