import type { UserInfo } from '@aposta/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { testBet, testLeg } from '../testing';
import { MyBetsPage } from './MyBetsPage';

const openSingle = testBet({
  betId: '41',
  stake: 5.55,
  price: 2.02,
  potentialPayout: 11.21,
  legs: [testLeg({ selectionId: '901', type: 'ah', line: -0.75, price: 2.02 })],
});
const openParlay = testBet({
  betId: '42',
  kind: 'parlay',
  stake: 2,
  price: 3.6,
  potentialPayout: 7.2,
  legs: [
    testLeg({ selectionId: '902', type: 'total', line: 2.75, name: 'over', price: 1.9 }),
    testLeg({ selectionId: '903', eventId: '8', home: 'Santos', away: 'Grêmio', price: 1.9 }),
  ],
});
// Settled: over 3,25 with 3 goals lost half (⌊333 / 2⌋ = 166); a parlay of two half-won legs pays
// ⌊251 × (1 + 1,88)/2 × (1 + 1,97)/2⌋ = 536.
const lostHalf = testBet({
  betId: '31',
  stake: 3.33,
  price: 1.91,
  potentialPayout: 6.36,
  result: 11,
  payout: 1.66,
  status: 'settled',
  settlements: 2,
  placedAt: '2026-05-01T10:00:00.000Z',
  legs: [
    testLeg({
      selectionId: '904',
      type: 'total',
      line: 3.25,
      name: 'over',
      price: 1.91,
      result: 11,
      score: { home: 2, away: 1 },
    }),
  ],
});
const halfWonParlay = testBet({
  betId: '32',
  kind: 'parlay',
  stake: 2.51,
  price: 3.7,
  potentialPayout: 9.29,
  result: 21,
  payout: 5.36,
  status: 'settled',
  placedAt: '2026-05-01T11:00:00.000Z',
  legs: [
    testLeg({
      selectionId: '905',
      type: 'total',
      line: 2.75,
      name: 'over',
      price: 1.88,
      result: 21,
      score: { home: 2, away: 1 },
    }),
    testLeg({
      selectionId: '906',
      eventId: '8',
      home: 'Santos',
      away: 'Grêmio',
      type: 'ah',
      line: -0.25,
      name: 'away',
      price: 1.97,
      result: 21,
      score: { home: 1, away: 1 },
    }),
  ],
});
const cashedOut = testBet({
  betId: '33',
  status: 'cashedOut',
  stake: 0,
  placedStake: 10,
  cashedOut: 7.4,
  placedAt: '2026-05-01T09:00:00.000Z',
});

function server() {
  return fakeFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    const quote = /\/bets\/(\d+)\/cashout$/.exec(url.pathname);
    if (quote)
      return {
        body: envelope(quote[1] === '41' ? { value: 9.87, available: true } : { value: 6, available: false }),
      };
    if (url.pathname.endsWith('/sports/bets')) {
      const status = url.searchParams.get('status');
      const list =
        status === 'open'
          ? [openParlay, openSingle]
          : status === 'settled'
            ? [lostHalf, halfWonParlay]
            : [cashedOut];
      return { body: envelope(list) };
    }
    return { status: 404, body: envelope(null, 40400, 'not found') };
  });
}
const card = (id: string) => screen.getAllByTestId('my-bet').find((c) => c.textContent?.includes(id))!;

beforeEach(() => {
  queryClient.clear();
  useSession.setState({
    token: 'token-1',
    realtime: null,
    user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('my bets', () => {
  it('open bets: each leg with its line and price, the stake, the potential return and the cash-out state', async () => {
    vi.stubGlobal('fetch', server().fn);
    renderWithApp(<MyBetsPage />);
    const cards = await screen.findAllByTestId('my-bet');
    expect(cards.map((c) => [c.dataset.kind, c.dataset.status, c.dataset.result])).toEqual([
      ['parlay', 'open', '0'],
      ['single', 'open', '0'],
    ]);
    const [parlay, single] = cards as [HTMLElement, HTMLElement];
    expect(within(single).getByText('Simples')).toBeInTheDocument();
    expect(single).toHaveTextContent('Bahia -0,75 @ 2,02');
    expect(single).toHaveTextContent('Handicap asiático · Bahia × Vitória');
    // An open sports bet is running, not waiting for a lottery draw (the spec's label for code 0).
    expect(within(single).getByTestId('leg-result')).toHaveTextContent('Em aberto');
    expect(within(single).getByTestId('bet-result')).toHaveTextContent('Em aberto');
    expect(single).not.toHaveTextContent(/sorteio/);
    expect(single).toHaveTextContent(/Aposta\s*R\$\s5,55/);
    expect(single).toHaveTextContent(/Ganho possível\s*R\$\s11,21/);
    // The cash-out button carries the live value where the quote is available, and is off where it is not.
    expect(await within(single).findByRole('button', { name: /Cash out R\$\s9,87/ })).toBeEnabled();

    expect(within(parlay).getByText('Múltipla de 2')).toBeInTheDocument();
    expect(within(parlay).getAllByTestId('leg-result')).toHaveLength(2);
    expect(parlay).toHaveTextContent('Mais de 2,75 @ 1,90');
    expect(parlay).toHaveTextContent('Santos × Grêmio');
    expect(within(parlay).getByTestId('bet-payout')).toHaveTextContent(/R\$\s7,20/);
    expect(await within(parlay).findByRole('button', { name: 'Cash out suspenso' })).toBeDisabled();
  });

  it('reads the list again when the balance moves (a settlement paid while on screen)', async () => {
    const s = server();
    vi.stubGlobal('fetch', s.fn);
    renderWithApp(<MyBetsPage />);
    await screen.findAllByTestId('my-bet');
    const reads = () => s.calls.filter((c) => c.url.includes('/sports/bets?')).length;
    const before = reads();
    act(() => useSession.setState({ user: { uId: 1, balance: 112.37, freeBalance: 0 } as UserInfo }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('settled bets: the result of each leg and of the bet, the final score and what it returned', async () => {
    const s = server();
    vi.stubGlobal('fetch', s.fn);
    const user = userEvent.setup();
    renderWithApp(<MyBetsPage />);
    await screen.findAllByTestId('my-bet');
    await user.click(screen.getByRole('tab', { name: 'Encerradas' }));
    // Settled and cashed-out bets together, newest first.
    const ids = async () => (await screen.findAllByTestId('my-bet')).map((c) => c.dataset.result);
    expect(await ids()).toEqual(['21', '11', '0']);
    const asked = s.calls
      .map((c) => new URL(c.url, 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/sports/bets'))
      .map((u) => u.searchParams.get('status'));
    expect(asked).toEqual(expect.arrayContaining(['open', 'settled', 'cashedOut']));

    const parlay = card('Múltipla de 2');
    expect(within(parlay).getByTestId('bet-result')).toHaveTextContent('Ganhou metade');
    expect(
      within(parlay)
        .getAllByTestId('leg-result')
        .map((l) => l.textContent),
    ).toEqual(['Ganhou metade', 'Ganhou metade']);
    expect(parlay).toHaveTextContent('Grêmio +0,25 @ 1,97');
    expect(parlay).toHaveTextContent('Final 2–1');
    expect(parlay).toHaveTextContent('Final 1–1');
    expect(parlay).toHaveTextContent(/Retorno\s*R\$\s5,36/);

    const single = card('Mais de 3,25');
    expect(within(single).getByTestId('bet-result')).toHaveTextContent('Perdeu metade');
    // A corrected result says so on the bet it resettled.
    expect(within(single).getByTestId('bet-resettled')).toHaveTextContent('Resultado corrigido');
    expect(within(parlay).queryByTestId('bet-resettled')).toBeNull();
    expect(within(single).getByTestId('leg-result')).toHaveTextContent('Perdeu metade');
    expect(single).toHaveTextContent(/Retorno\s*R\$\s1,66/);

    const sold = screen.getAllByTestId('my-bet').find((c) => c.dataset.status === 'cashedOut')!;
    expect(within(sold).getByTestId('bet-result')).toHaveTextContent('Encerrada');
    // Its match still running: the leg is not called "Em aberto" on a closed bet.
    expect(within(sold).queryByTestId('leg-result')).toBeNull();
    expect(sold).not.toHaveTextContent('Em aberto');
    expect(within(sold).getByTestId('cashed-out')).toHaveTextContent(/Recebido\s*R\$\s7,40/);
    // Its stake as placed, not the nothing a full cash-out leaves running.
    expect(within(sold).getByTestId('bet-stake')).toHaveTextContent(/R\$\s10,00/);
    // No cash out on a closed bet.
    expect(screen.queryByTestId('cashout-button')).not.toBeInTheDocument();
  });

  it('an empty list says so; without a session it asks to sign in and reads nothing', async () => {
    const s = fakeFetch(() => ({ body: envelope([]) }));
    vi.stubGlobal('fetch', s.fn);
    const { unmount } = renderWithApp(<MyBetsPage />);
    expect(await screen.findByText('Nenhuma aposta aqui ainda.')).toBeInTheDocument();
    unmount();

    useSession.setState({ token: '', user: null });
    s.calls.length = 0;
    renderWithApp(<MyBetsPage />);
    expect(screen.getAllByText('Entre para apostar').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('my-bet')).not.toBeInTheDocument();
    expect(s.calls).toEqual([]);
  });
});
