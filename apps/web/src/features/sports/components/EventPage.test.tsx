import type { SportCode, SportsEventDetail } from '@aposta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { clearSlip, useSlip } from '../logic/slip';
import { SLIP_CONFIG, testEvent, testMarket } from '../testing';
import { EventPage } from './EventPage';

const event = testEvent({
  startsAt: '2030-05-02T19:00:00.000Z',
  clock: 3,
  minute: 63,
  score: { home: 2, away: 1 },
  corners: { home: 5, away: 2 },
  live: true,
});
const result = testMarket('1x2', null, { home: 1.45, draw: 4.2, away: 7.5 });
const quarter = testMarket('ah', -0.75, { home: 2.02, away: 1.84 });
const half = testMarket('ah', -0.5, { home: 1.62, away: 2.3 }, { status: 'suspended' });
const over = testMarket('total', 3.25, { over: 1.91, under: 1.93 });
const detail: SportsEventDetail = {
  event,
  markets: [
    result,
    testMarket('btts', null, { yes: 1.7, no: 2.1 }),
    half,
    quarter,
    over,
    testMarket('total', 0.5, { over: 1.3, under: 3.4 }, { period: 2 }),
  ],
};

function server(answer: SportsEventDetail | null = detail) {
  return fakeFetch((url) => {
    if (url.includes('/sports/config')) return { body: envelope(SLIP_CONFIG) };
    if (url.includes('/sports/events/7'))
      return answer ? { body: envelope(answer) } : { status: 404, body: envelope(null, 40400, 'x') };
    return { status: 404, body: envelope(null, 40400, 'not found') };
  });
}
const page = () =>
  renderWithApp(
    <Routes>
      <Route path="/footballPage/:eventId" element={<EventPage />} />
    </Routes>,
    '/footballPage/7',
  );
const cards = () =>
  screen.getAllByTestId('market').map((m) => `${m.dataset.type}:${m.dataset.period}:${m.dataset.line}`);

beforeEach(() => {
  queryClient.clear();
  clearSlip();
  useSession.setState({ token: 'token-1', realtime: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('event page', () => {
  it('shows the live scoreboard and the markets in tabs, each price on its selection', async () => {
    vi.stubGlobal('fetch', server().fn);
    const user = userEvent.setup();
    page();
    const board = await screen.findByTestId('scoreboard');
    expect(board).toHaveAccessibleName('Bahia × Vitória');
    expect(within(board).getByTestId('score')).toHaveTextContent('2 – 1');
    expect(within(board).getByTestId('clock')).toHaveTextContent("63'");
    expect(board).toHaveTextContent('Escanteios 5–2');
    // The tabs hold the groups that have markets; the bet builder comes second.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Principais',
      'Criar aposta',
      'Handicap',
      'Gols',
      'Tempos',
    ]);
    expect(cards()).toEqual(['1x2:1:', 'btts:1:']);
    expect(screen.getByRole('heading', { name: 'Resultado final' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Bahia\s?1,45$/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^Empate\s?4,20$/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^Vitória\s?7,50$/ })).toBeEnabled();

    // Every handicap line in one card, the line on each side's name (the away side the opposite).
    await user.click(screen.getByRole('tab', { name: 'Handicap' }));
    expect(cards()).toEqual(['ah:1:-0.5', 'ah:1:-0.75']);
    expect(screen.getByRole('button', { name: /^Bahia -0,75\s?2,02$/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^Vitória \+0,75\s?1,84$/ })).toBeEnabled();

    await user.click(screen.getByRole('tab', { name: 'Gols' }));
    expect(cards()).toEqual(['total:1:3.25']);
    expect(screen.getByRole('button', { name: /^Mais de 3,25\s?1,91$/ })).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'Tempos' }));
    expect(screen.getByRole('heading', { name: 'Total 0,5 · Primeiro tempo' })).toBeInTheDocument();
  });

  it('a finished event offers no bet builder', async () => {
    const settled = detail.markets.map((m) => ({ ...m, status: 'settled' as const }));
    vi.stubGlobal('fetch', server({ event: { ...event, clock: -1, live: false }, markets: settled }).fn);
    page();
    await screen.findByTestId('scoreboard');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Principais',
      'Handicap',
      'Gols',
      'Tempos',
    ]);
  });

  it('a suspended market shows its lock and takes no tap', async () => {
    vi.stubGlobal('fetch', server().fn);
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('tab', { name: 'Handicap' }));
    const [suspended] = screen.getAllByTestId('market');
    expect(suspended).toHaveAttribute('data-status', 'suspended');
    expect(suspended).toHaveTextContent('Suspenso');
    const buttons = within(suspended!).getAllByRole('button');
    expect(buttons).toHaveLength(2);
    buttons.forEach((b) => expect(b).toBeDisabled());
    // The prices are not shown while suspended: a lock in their place.
    expect(suspended).not.toHaveTextContent('1,62');
    await user.click(buttons[0]!);
    expect(useSlip.getState().legs).toEqual([]);
  });

  it('names the totals tab by the sport: goals in football, totals elsewhere', async () => {
    vi.stubGlobal('fetch', server({ ...detail, event: { ...event, sport: 'basketball' } }).fn);
    page();
    expect(await screen.findByRole('tab', { name: 'Totais' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Gols' })).toBeNull();
  });

  it('says a sport without halves is in play, not in its second half', async () => {
    vi.stubGlobal('fetch', server({ ...detail, event: { ...event, sport: 'tennis', minute: 40 } }).fn);
    page();
    const clock = await screen.findByTestId('clock');
    expect(clock).toHaveTextContent(/40% jogado\s*Ao vivo/);
    expect(clock).not.toHaveTextContent('Segundo tempo');
  });

  it("says basketball's quarter, from the share played", async () => {
    vi.stubGlobal(
      'fetch',
      server({ ...detail, event: { ...event, sport: 'basketball', clock: 1, minute: 30 } }).fn,
    );
    page();
    const clock = await screen.findByTestId('clock');
    expect(clock).toHaveTextContent(/30% jogado\s*2º quarto/);
    expect(clock).not.toHaveTextContent('Primeiro tempo');
  });

  it('taps add selections to the slip with their market, line and price', async () => {
    vi.stubGlobal('fetch', server().fn);
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('tab', { name: 'Handicap' }));
    const home = screen.getByRole('button', { name: /^Bahia -0,75\s?2,02$/ });
    await user.click(home);
    expect(home).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('tab', { name: 'Gols' }));
    await user.click(screen.getByRole('button', { name: /^Mais de 3,25\s?1,91$/ }));

    expect(useSlip.getState().legs).toMatchObject([
      { selectionId: quarter.selections[0]!.selectionId, price: 2.02, market: { type: 'ah', line: -0.75 } },
      { selectionId: over.selections[0]!.selectionId, price: 1.91, market: { type: 'total', line: 3.25 } },
    ]);
    const bar = await screen.findByTestId('slip-bar');
    expect(bar).toHaveTextContent('2');
    // Two legs of one event: the slip opens on singles' stakes and says why there is no parlay.
    await user.click(bar);
    const slip = await screen.findByTestId('bet-slip');
    expect(
      within(slip).getByText('Duas seleções do mesmo evento não entram numa múltipla'),
    ).toBeInTheDocument();
  });

  it('a price moved on the server reaches the slip leg, marked as moved', async () => {
    let current = detail;
    const s = fakeFetch((url) => {
      if (url.includes('/sports/config')) return { body: envelope(SLIP_CONFIG) };
      return { body: envelope(current) };
    });
    vi.stubGlobal('fetch', s.fn);
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('button', { name: /^Bahia\s?1,45$/ }));
    current = {
      ...detail,
      markets: detail.markets.map((m) =>
        m.marketId === result.marketId
          ? {
              ...m,
              selections: m.selections.map((x) => (x.name === 'home' ? { ...x, price: 1.4, version: 2 } : x)),
            }
          : m,
      ),
    };
    await queryClient.invalidateQueries({ queryKey: ['sports', 'event', '7'] });
    expect(await screen.findByRole('button', { name: /^Bahia\s?▼ 1,40$/ })).toHaveAttribute(
      'data-move',
      'down',
    );
    await waitFor(() => expect(useSlip.getState().legs[0]).toMatchObject({ price: 1.4, previous: 1.45 }));
  });

  /** An event of `sport` with its two-way winner and an odd/even market. */
  const winnerOf = (sport: SportCode) => ({
    event: { ...event, sport },
    markets: [
      testMarket('winner', null, { home: 1.5, away: 2.6 }),
      testMarket('oddEven', null, { odd: 1.9, even: 1.9 }),
    ],
  });

  it.each(['americanFootball', 'cricket'] as const)(
    'the two-way winner of %s (it can end tied) says under its title that a tie refunds the stake; other markets say nothing',
    async (sport) => {
      vi.stubGlobal('fetch', server(winnerOf(sport)).fn);
      page();
      const cards = await screen.findAllByTestId('market');
      const winner = cards[0]!.closest('section')!;
      expect(within(winner).getByRole('heading')).toHaveTextContent('Vencedor');
      expect(within(winner).getByTestId('market-hint')).toHaveTextContent('Empate devolve a aposta');
      expect(screen.getAllByTestId('market-hint')).toHaveLength(1);
    },
  );

  it.each([
    'basketball',
    'baseball',
    'tennis',
    'volleyball',
    'badminton',
    'tableTennis',
    'snooker',
    'motorRacing',
  ] as const)('the winner of %s, which cannot end level, says nothing of a tie', async (sport) => {
    vi.stubGlobal('fetch', server(winnerOf(sport)).fn);
    page();
    const cards = await screen.findAllByTestId('market');
    expect(within(cards[0]!.closest('section')!).getByRole('heading')).toHaveTextContent('Vencedor');
    expect(screen.queryByTestId('market-hint')).toBeNull();
    expect(screen.queryByText('Empate devolve a aposta')).toBeNull();
  });

  it('an event that does not exist says so', async () => {
    vi.stubGlobal('fetch', server(null).fn);
    page();
    expect(await screen.findByRole('alert')).toHaveTextContent('Este evento não existe ou já saiu da lista.');
    expect(screen.queryByTestId('market')).not.toBeInTheDocument();
  });
});
