import type { SportsEventListItem, SportsListItem, SportsMarket } from '@aposta/contracts';
import { SPORTS } from '@aposta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { SLIP_CONFIG } from '../testing';
import { clearSlip, legOf, toggleLeg, useSlip } from '../logic/slip';
import { SportsPage } from './SportsPage';

const counts: SportsListItem[] = SPORTS.map((sport) => ({
  sport,
  events: sport === 'football' ? 2 : sport === 'basketball' ? 4 : 0,
  live: sport === 'basketball' ? 3 : 0,
}));
const main = (eventId: string, status: SportsMarket['status'], prices: number[]): SportsMarket => ({
  marketId: `${eventId}1`,
  eventId,
  type: '1x2',
  period: 1,
  line: null,
  status,
  selections: ['home', 'draw', 'away'].map((name, i) => ({
    selectionId: `${eventId}1${i}`,
    name,
    price: prices[i]!,
    version: 1,
  })),
});
const item = (
  eventId: string,
  competition: string,
  home: string,
  away: string,
  over: Partial<SportsEventListItem> = {},
): SportsEventListItem => ({
  eventId,
  sport: 'football',
  competition,
  home,
  away,
  startsAt: '2030-05-02T19:00:00.000Z',
  clock: 0,
  minute: null,
  score: { home: 0, away: 0 },
  corners: null,
  live: false,
  main: main(eventId, 'open', [1.95, 3.4, 4.1]),
  markets: 38,
  ...over,
});
const upcoming = [
  item('11', 'Série A', 'Flamengo', 'Palmeiras'),
  item('12', 'Copa do Brasil', 'Santos', 'Grêmio', { main: main('12', 'suspended', [2.2, 3.1, 3.3]) }),
];
const liveBasketball = [
  item('21', 'NBB', 'Franca', 'Flamengo Basquete', {
    sport: 'basketball',
    clock: 3,
    minute: 60,
    live: true,
    score: { home: 71, away: 64 },
    main: null,
    markets: 12,
  }),
];

function server(events: (url: URL) => SportsEventListItem[] | null = () => upcoming) {
  return fakeFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    if (url.pathname.endsWith('/sports/sports')) return { body: envelope(counts) };
    if (url.pathname.endsWith('/sports/config')) return { body: envelope(SLIP_CONFIG) };
    if (url.pathname.endsWith('/sports/events')) {
      const list = events(url);
      return list ? { body: envelope(list) } : { status: 500, body: envelope(null, 50000, 'erro') };
    }
    return { status: 404, body: envelope(null, 40400, 'not found') };
  });
}
const eventCalls = (calls: { url: string }[]) =>
  calls
    .map((c) => new URL(c.url, 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/sports/events'))
    .map((u) => `${u.searchParams.get('sport')}:${u.searchParams.get('live')}`);

beforeEach(() => {
  queryClient.clear();
  clearSlip();
  useSession.setState({ token: 'token-1' });
});
afterEach(() => vi.unstubAllGlobals());

describe('sports list page', () => {
  it('shows the twelve sports with their live counts and the upcoming events with the main market priced', async () => {
    const s = server();
    vi.stubGlobal('fetch', s.fn);
    renderWithApp(<SportsPage />, '/footballPage');

    const rows = await screen.findAllByTestId('event-row');
    expect(screen.getAllByTestId(/^sport-/).map((b) => b.dataset.testid)).toEqual(
      SPORTS.map((x) => `sport-${x}`),
    );
    expect(screen.getByTestId('sport-football')).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByTestId('sport-basketball')).getByLabelText('3 ao vivo')).toHaveTextContent('3');
    expect(within(screen.getByTestId('sport-tennis')).queryByLabelText(/ao vivo/)).not.toBeInTheDocument();
    // No football in play: the upcoming list, asked as such.
    expect(screen.getByRole('tab', { name: 'Próximos' })).toHaveAttribute('aria-selected', 'true');
    expect(eventCalls(s.calls)).toEqual(['football:0']);

    // Grouped by competition, each row with its teams, its market count and the 1 X 2 prices.
    expect(screen.getByRole('heading', { name: 'Série A' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Copa do Brasil' })).toBeInTheDocument();
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/footballPage/11');
    expect(rows[0]).toHaveTextContent(/Flamengo.*Palmeiras.*\+38/);
    // Another day than today: its date and kick-off time.
    const kickOff = new Date('2030-05-02T19:00:00.000Z');
    const day = kickOff.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit' });
    const time = kickOff.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
    expect(rows[0]).toHaveTextContent(`${day} ${time}`);
    const prices = within(rows[0]!).getAllByTestId('price');
    expect(prices.map((b) => b.textContent)).toEqual(['11,95', 'X3,40', '24,10']);
    prices.forEach((b) => expect(b).toBeEnabled());
    // A suspended main market: its prices locked, not tappable.
    const locked = within(rows[1]!).getAllByTestId('price');
    expect(locked).toHaveLength(3);
    locked.forEach((b) => expect(b).toBeDisabled());
  });

  it('a tapped price goes into the slip (and a second tap takes it out)', async () => {
    vi.stubGlobal('fetch', server().fn);
    const user = userEvent.setup();
    renderWithApp(<SportsPage />, '/footballPage');
    const [row] = await screen.findAllByTestId('event-row');
    const draw = within(row!).getByRole('button', { name: /^X/ });

    await user.click(draw);
    expect(draw).toHaveAttribute('aria-pressed', 'true');
    expect(useSlip.getState().legs).toMatchObject([
      { selectionId: '1111', eventId: '11', price: 3.4, name: 'draw', event: { home: 'Flamengo' } },
    ]);
    expect(await screen.findByTestId('slip-bar')).toHaveTextContent('1');

    await user.click(draw);
    expect(draw).toHaveAttribute('aria-pressed', 'false');
    expect(useSlip.getState().legs).toEqual([]);
    // A locked price does nothing.
    const [, second] = screen.getAllByTestId('event-row');
    await user.click(within(second!).getByRole('button', { name: /^1/ }));
    expect(useSlip.getState().legs).toEqual([]);
  });

  it('another sport with matches in play opens on its live list, with score and clock', async () => {
    const s = server((url) => (url.searchParams.get('sport') === 'basketball' ? liveBasketball : upcoming));
    vi.stubGlobal('fetch', s.fn);
    const user = userEvent.setup();
    const { router } = renderWithApp(<SportsPage />, '/footballPage');
    await screen.findAllByTestId('event-row');

    await user.click(screen.getByTestId('sport-basketball'));
    await waitFor(() => expect(router.state.location.search).toBe('?sport=basketball&tab=live'));
    const [row] = await screen.findAllByTestId('event-row');
    expect(screen.getByRole('tab', { name: /Ao vivo/ })).toHaveAttribute('aria-selected', 'true');
    // Basketball's clock is its quarter, not the code table's half.
    expect(row).toHaveTextContent(/60% jogado\s*3º quarto/);
    expect(row).not.toHaveTextContent('Segundo tempo');
    expect(row).toHaveTextContent(/Franca\s*71/);
    expect(row).toHaveTextContent(/Flamengo Basquete\s*64/);
    expect(within(row!).queryByTestId('price')).not.toBeInTheDocument();
    expect(eventCalls(s.calls)).toContain('basketball:1');
  });

  it("the slip's legs follow the list's prices and states; a row with no open market shows no count", async () => {
    // Picked earlier at other prices, both still open then.
    toggleLeg(
      legOf(upcoming[0]!, main('11', 'open', [1.8, 3.4, 4.1]), {
        ...upcoming[0]!.main!.selections[0]!,
        price: 1.8,
      }),
    );
    toggleLeg(legOf(upcoming[1]!, main('12', 'open', [2.2, 3.1, 3.3]), upcoming[1]!.main!.selections[2]!));
    const list = [upcoming[0]!, { ...upcoming[1]!, markets: 0 }];
    vi.stubGlobal('fetch', server(() => list).fn);
    renderWithApp(<SportsPage />, '/footballPage');
    const rows = await screen.findAllByTestId('event-row');

    await waitFor(() =>
      expect(useSlip.getState().legs).toMatchObject([
        { selectionId: '1110', price: 1.95, previous: 1.8, status: 'open' },
        { selectionId: '1212', price: 3.3, previous: null, status: 'suspended' },
      ]),
    );
    expect(rows[0]).toHaveTextContent('+38');
    expect(rows[1]).not.toHaveTextContent('+0');
  });

  it('an empty list says so; a failed one offers to try again', async () => {
    let fail = true;
    const s = server((url) => {
      if (url.searchParams.get('live') === '1') return [];
      return fail ? null : upcoming;
    });
    vi.stubGlobal('fetch', s.fn);
    const user = userEvent.setup();
    renderWithApp(<SportsPage />, '/footballPage?sport=football&tab=upcoming');
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar os eventos.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findAllByTestId('event-row')).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: /Ao vivo/ }));
    expect(await screen.findByText('Nenhum evento ao vivo neste esporte agora.')).toBeInTheDocument();
  });
});
