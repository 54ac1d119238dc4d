import type { SportsEventDetail, SportsMarket, UserInfo } from '@aposta/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUser, useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { SLIP_CONFIG, testEvent } from '../testing';
import { clearSlip, legOf, toggleLeg, useSlip } from '../logic/slip';
import { SportsShell } from './SportsShell';
import { queryClient } from '../../../lib/query';
import { sportsKeys } from '../api/sports';

const market = (id: string, eventId: string, price: number): SportsMarket => ({
  marketId: id,
  eventId,
  type: '1x2',
  period: 1,
  line: null,
  status: 'open',
  selections: [{ selectionId: `${id}0`, name: 'home', price, version: 1 }],
});
const event = (id: string) => ({
  eventId: id,
  home: `Casa ${id}`,
  away: `Fora ${id}`,
  sport: 'football' as const,
  live: false,
});
/** The event as the server has it: not started (in 2030) unless `over` says otherwise, its market at `price`. */
const detail = (
  id: string,
  price: number,
  over: { clock?: number; status?: SportsMarket['status'] } = {},
): SportsEventDetail => ({
  event: testEvent({ ...event(id), startsAt: '2030-01-01T12:00:00.000Z', clock: over.clock ?? 0 }),
  markets: [{ ...market(`${id}0`, id, price), status: over.status ?? 'open' }],
});
function add(eventId: string, price: number) {
  const m = market(`${eventId}0`, eventId, price);
  toggleLeg(legOf(event(eventId), m, m.selections[0]!));
}

/**
 * A signed-in player's slip with these legs (event id, price), rendered: the server answers the config, and
 * every other request as `answer` says.
 */
function slipOf(
  legs: readonly (readonly [string, number])[],
  answer: (url: string) => { status?: number; body: unknown },
) {
  const server = fakeFetch((url) =>
    url.includes('/sports/config') ? { body: envelope(SLIP_CONFIG) } : answer(url),
  );
  vi.stubGlobal('fetch', server.fn);
  useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
  for (const [eventId, price] of legs) add(eventId, price);
  const user = userEvent.setup();
  renderWithApp(<SportsShell>{null}</SportsShell>);
  return { server, user };
}

/** Two legs of two events (2,10 and 1,50); the server answers only the config. */
const twoLegs = () =>
  slipOf(
    [
      ['1', 2.1],
      ['2', 1.5],
    ],
    () => ({ status: 500, body: {} }),
  );

beforeEach(() => {
  clearSlip();
  useSlip.setState({ pending: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bet slip', () => {
  it('a moved price comes back with the new one; placing again accepts it with a new key', async () => {
    let bets = 0;
    const server = fakeFetch((url, init) => {
      if (url.includes('/sports/config')) return { body: envelope(SLIP_CONFIG) };
      if (url.includes('/sports/bets') && init.method === 'POST') {
        bets++;
        if (bets === 1)
          return {
            status: 409,
            body: envelope(
              { selections: [{ selectionId: '100', price: 1.8, version: 2, status: 'open' }] },
              40900,
              'As odds mudaram',
            ),
          };
        return {
          body: envelope({ betId: '7', price: 1.8, stake: 10, potentialPayout: 18, balance: 90 }),
        };
      }
      // The slip reads its leg's event as it opens: open, at the price taken.
      if (url.includes('/sports/events/1')) return { body: envelope(detail('1', 2.1)) };
      return { status: 404, body: envelope(null, 40400, 'not found') };
    });
    vi.stubGlobal('fetch', server.fn);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    add('1', 2.1);
    const user = userEvent.setup();
    renderWithApp(<SportsShell>{null}</SportsShell>);
    await user.click(await screen.findByTestId('slip-bar'));
    await user.type(screen.getByLabelText('Valor para Casa 1 × Fora 1'), '10');
    expect(screen.getByTestId('potential-payout')).toHaveTextContent(/R\$\s21,00/);
    await user.click(screen.getByTestId('place-bet'));

    expect(await screen.findByText(/As odds mudaram. Confira/)).toBeInTheDocument();
    expect(screen.getByTestId('previous-price')).toHaveTextContent('Era 2,10');
    expect(screen.getByTestId('leg-price')).toHaveTextContent('1,80');
    expect(screen.getByTestId('place-bet')).toHaveTextContent('Aceitar e apostar');
    await user.click(screen.getByTestId('place-bet'));

    await waitFor(() => expect(useSlip.getState().legs).toEqual([]));
    const posts = server.calls.filter((c) => c.init.method === 'POST');
    expect(posts.map((c) => JSON.parse(String(c.init.body)).selections[0].price)).toEqual([2.1, 1.8]);
    const keys = posts.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(useSession.getState().user?.balance).toBe(90);
    expect(await screen.findByText('Apostas feitas: 1')).toBeInTheDocument();
  });

  it("the phone's back button closes the open slip at the same address; its picks and stake stay", async () => {
    const { user } = twoLegs();
    await user.click(await screen.findByTestId('slip-bar'));
    await user.type(screen.getByLabelText('Valor da múltipla'), '5');
    const address = window.location.href;
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByLabelText('Valor da múltipla')).toBeNull());
    expect(window.location.href).toBe(address);
    expect(useSlip.getState()).toMatchObject({ open: false, parlayStake: '5' });
    expect(useSlip.getState().legs).toHaveLength(2);
    await user.click(screen.getByTestId('slip-bar'));
    expect(screen.getByLabelText('Valor da múltipla')).toHaveValue('5');
  });

  it('refuses a stake below the minimum beside it, sending nothing', async () => {
    const { server, user } = twoLegs();
    await user.click(await screen.findByTestId('slip-bar'));
    expect(screen.getByRole('tab', { name: 'Múltipla' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('parlay-price')).toHaveTextContent('3,15');
    await user.type(screen.getByLabelText('Valor da múltipla'), '0,50');
    await user.click(screen.getByTestId('place-bet'));
    expect(await screen.findByText('Aposta mínima R$ 1,00')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.init.method === 'POST')).toEqual([]);
    // The tap's refusal of an empty stake goes once the stake is typed.
    const field = screen.getByLabelText('Valor da múltipla');
    await user.clear(field);
    await user.click(screen.getByTestId('place-bet'));
    expect(field).toHaveAccessibleDescription(/^Aposta mínima R\$\s1,00$/);
    await user.type(field, '5');
    expect(field).not.toHaveAccessibleDescription();
  });

  it('says what is wrong with a stake as it is typed, reads Brazilian amounts, and places nothing wrong', async () => {
    const { server, user } = twoLegs();
    await user.click(await screen.findByTestId('slip-bar'));
    const field = screen.getByLabelText('Valor da múltipla');
    // [typed, what is said beside it, the button, whether it can be tapped]
    const cases: [string, string | null, string, boolean][] = [
      ['abc', 'Digite um valor como 10,50', 'Apostar R$ 0,00', false],
      // An amount, but none a bet can be: below the minimum, not unreadable.
      ['-5', 'Aposta mínima R$ 1,00', 'Apostar R$ 0,00', false],
      ['0', 'Aposta mínima R$ 1,00', 'Apostar R$ 0,00', false],
      ['5,555', 'Digite um valor como 10,50', 'Apostar R$ 0,00', false],
      ['20.000', 'A aposta máxima é R$ 10.000,00', 'Apostar R$ 20.000,00', false],
      // Over the balance: said at once, but the tap still goes (its refusal opens the game deposit).
      ['1.000', 'A aposta é maior que o seu saldo de R$ 100,00', 'Apostar R$ 1.000,00', true],
      ['10.5', null, 'Apostar R$ 10,50', true],
    ];
    for (const [typed, message, button, placeable] of cases) {
      await user.clear(field);
      await user.type(field, typed);
      expect(screen.getByTestId('place-bet').textContent?.replace(/\u00a0/g, ' ')).toBe(button);
      // A possible win only for a stake that can be placed.
      expect(screen.queryByTestId('potential-payout') !== null).toBe(placeable);
      if (message) {
        const spaced = message.replace(/[.$]/g, '\\$&').replace(/ /g, '\\s');
        expect(field).toHaveAccessibleDescription(new RegExp(`^${spaced}$`));
      } else expect(field).not.toHaveAccessibleDescription();
      if (placeable) expect(screen.getByTestId('place-bet')).toBeEnabled();
      else expect(screen.getByTestId('place-bet')).toBeDisabled();
    }
    expect(server.calls.filter((c) => c.init.method === 'POST')).toEqual([]);
  });

  it('says nothing of a stored balance the server has not answered yet', async () => {
    const { user } = twoLegs();
    // A previous visit's copy (R$ 100,00 here) until the server answers.
    act(() => useSession.setState({ balanceStale: true }));
    await user.click(await screen.findByTestId('slip-bar'));
    const field = screen.getByLabelText('Valor da múltipla');
    await user.type(field, '1.000');
    expect(field).not.toHaveAccessibleDescription();
    act(() => setUser({ uId: 1, balance: 20, freeBalance: 0 } as UserInfo));
    expect(field).toHaveAccessibleDescription(/^A aposta é maior que o seu saldo de R\$\s20,00$/);
    // With bonus money the figure is the sum, and says so (the header shows the two apart).
    act(() => setUser({ uId: 1, balance: 20, freeBalance: 5 } as UserInfo));
    expect(field).toHaveAccessibleDescription(/^A aposta é maior que o seu saldo com bônus, R\$\s25,00$/);
  });

  it('singles: their total return before placing, a refusal on its own stake field, and no parlay odds on the bar', async () => {
    const { server, user } = twoLegs();
    // A parlay of two: the bar gives its odds.
    expect(await screen.findByTestId('slip-bar')).toHaveTextContent('Odds 3,15');
    await user.click(screen.getByTestId('slip-bar'));
    await user.click(screen.getByRole('tab', { name: 'Simples' }));
    await user.type(screen.getByLabelText('Valor para Casa 1 × Fora 1'), '10');
    await user.type(screen.getByLabelText('Valor para Casa 2 × Fora 2'), '0,50');
    // 10 × 2,10: the stake below the minimum adds nothing to the return (its own line shows none either).
    expect(screen.getByTestId('total-payout')).toHaveTextContent(/R\$\s21,00/);
    await user.click(screen.getByTestId('place-bet'));
    // The refusal is on the field that caused it, not on the other one.
    const low = screen.getByLabelText('Valor para Casa 2 × Fora 2');
    expect(low).toHaveAttribute('aria-invalid', 'true');
    expect(low).toHaveAccessibleDescription(/^Aposta mínima R\$\s1,00$/);
    expect(screen.getByLabelText('Valor para Casa 1 × Fora 1')).not.toHaveAttribute('aria-invalid');
    expect(server.calls.filter((c) => c.init.method === 'POST')).toEqual([]);
    // As singles, the bar no longer shows a parlay's odds.
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByTestId('slip-bar')).not.toHaveTextContent('Odds');
  });
});

describe('singles the balance does not cover', () => {
  it('open one game deposit for what they lack together, each refusal on its own field', async () => {
    const server = fakeFetch((url, init) =>
      url.includes('/sports/config')
        ? { body: envelope(SLIP_CONFIG) }
        : init.method === 'POST'
          ? { status: 409, body: envelope(null, 9999, 'Saldo insuficiente') }
          : { body: envelope([]) },
    );
    vi.stubGlobal('fetch', server.fn);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    useUi.setState({ overlay: null, depositFor: null });
    add('1', 2.1);
    add('2', 1.5);
    const user = userEvent.setup();
    renderWithApp(<SportsShell>{null}</SportsShell>);
    await user.click(await screen.findByTestId('slip-bar'));
    await user.click(screen.getByRole('tab', { name: 'Simples' }));
    await user.type(screen.getByLabelText('Valor para Casa 1 × Fora 1'), '60');
    expect(screen.queryByTestId('total-over-balance')).toBeNull();
    await user.type(screen.getByLabelText('Valor para Casa 2 × Fora 2'), '70');
    // Each within the balance, not together: said before the tap.
    expect(screen.getByTestId('total-over-balance')).toHaveTextContent(
      /^Juntas, as apostas passam do seu saldo de R\$\s100,00$/,
    );
    await user.click(screen.getByTestId('place-bet'));
    await waitFor(() => expect(server.calls.filter((c) => c.init.method === 'POST')).toHaveLength(2));
    await waitFor(() =>
      expect(useUi.getState()).toMatchObject({ overlay: 'gameDeposit', depositFor: 13_000 }),
    );
    for (const name of ['Valor para Casa 1 × Fora 1', 'Valor para Casa 2 × Fora 2'])
      expect(screen.getByLabelText(name)).toHaveAccessibleDescription('Saldo insuficiente');
  });
});

describe('a parlay that cannot be placed', () => {
  it('two legs of one event: says why, shows no combined odds and cannot be placed', async () => {
    const server = fakeFetch((url) => ({
      body: envelope(url.includes('/sports/config') ? SLIP_CONFIG : []),
    }));
    vi.stubGlobal('fetch', server.fn);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    add('1', 2.1);
    const other = { ...market('11', '1', 1.9), type: 'btts' as const };
    toggleLeg(legOf(event('1'), other, other.selections[0]!));
    const user = userEvent.setup();
    renderWithApp(<SportsShell>{null}</SportsShell>);
    await user.click(await screen.findByTestId('slip-bar'));
    expect(screen.getByRole('tab', { name: 'Múltipla' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Duas seleções do mesmo evento não entram numa múltipla',
    );
    expect(screen.queryByTestId('parlay-price')).not.toBeInTheDocument();
    expect(screen.getByTestId('place-bet')).toBeDisabled();
    // A stake typed promises no return either.
    await user.type(screen.getByLabelText('Valor da múltipla'), '5');
    expect(screen.queryByTestId('potential-payout')).not.toBeInTheDocument();
    expect(screen.getByTestId('place-bet')).toBeDisabled();
  });
});

describe('a bet whose answer did not come', () => {
  const placed = { betId: '7', price: 2.1, stake: 10, potentialPayout: 21, balance: 90 };
  const keyOf = (c: { init: RequestInit }) => (c.init.headers as Record<string, string>)['Idempotency-Key'];

  it('left by a reload, is asked again under its key: placed once, its leg leaves the slip', async () => {
    const server = fakeFetch((url, init) => {
      if (url.includes('/sports/config')) return { body: envelope(SLIP_CONFIG) };
      if (url.includes('/sports/bets') && init.method === 'POST') return { body: envelope(placed) };
      return { body: envelope([]) };
    });
    vi.stubGlobal('fetch', server.fn);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    add('1', 2.1);
    const body = {
      stake: '10.00',
      acceptOdds: 'none' as const,
      selections: [{ selectionId: '100', price: 2.1 }],
    };
    useSlip.setState({
      pending: {
        '100': { uId: 1, key: 'key-before-reload', body, at: Date.now() - 5_000 },
        // Another player's, left on this device: never sent under this one's session.
        '200': {
          uId: 2,
          key: 'someone-else',
          body: { ...body, selections: [{ selectionId: '200', price: 1.5 }] },
          at: Date.now(),
        },
      },
    });
    renderWithApp(<SportsShell>{null}</SportsShell>);

    await waitFor(() => expect(useSlip.getState().legs).toEqual([]));
    const posts = server.calls.filter((c) => c.init.method === 'POST');
    expect(posts.map(keyOf)).toEqual(['key-before-reload']);
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual(body);
    expect(Object.keys(useSlip.getState().pending)).toEqual(['200']);
    expect(useSession.getState().user?.balance).toBe(90);
    expect(await screen.findByText('Apostas feitas: 1')).toBeInTheDocument();
  });

  it('lost on the way (offline), keeps its key: the next tap answers the first result', async () => {
    let online = false;
    const server = fakeFetch((url, init) => {
      if (url.includes('/sports/config')) return { body: envelope(SLIP_CONFIG) };
      if (url.includes('/sports/bets') && init.method === 'POST') return { body: envelope(placed) };
      return { body: envelope([]) };
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (!online && init.method === 'POST') {
        server.calls.push({ url: String(input), init });
        throw new TypeError('Failed to fetch');
      }
      return server.fn(input, init);
    });
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    add('1', 2.1);
    const user = userEvent.setup();
    renderWithApp(<SportsShell>{null}</SportsShell>);
    await user.click(await screen.findByTestId('slip-bar'));
    await user.type(screen.getByLabelText('Valor para Casa 1 × Fora 1'), '10');
    await user.click(screen.getByTestId('place-bet'));
    expect(await screen.findByText(/Sem resposta do servidor/)).toBeInTheDocument();
    expect(useSlip.getState().legs).toHaveLength(1);
    expect(Object.keys(useSlip.getState().pending)).toEqual(['100']);

    online = true;
    await user.click(screen.getByTestId('place-bet'));
    await waitFor(() => expect(useSlip.getState().legs).toEqual([]));
    const keys = server.calls.filter((c) => c.init.method === 'POST').map(keyOf);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(useSlip.getState().pending).toEqual({});
  });
});

describe('the closed slip', () => {
  it("follows the prices the event's page reads: the bar's odds move with them, with no request of its own", async () => {
    const { server } = twoLegs();
    const bar = await screen.findByTestId('slip-bar');
    expect(bar).toHaveTextContent('Odds 3,15');
    // The event page's poll (or a push) brings event 1 at 2,50: 2,50 × 1,50.
    act(() => void queryClient.setQueryData(sportsKeys.event('1'), detail('1', 2.5)));
    await waitFor(() => expect(screen.getByTestId('slip-bar')).toHaveTextContent('Odds 3,75'));
    expect(server.calls.filter((c) => c.url.includes('/sports/events/'))).toHaveLength(0);
  });

  it('puts no copy the cache held from before over its legs', async () => {
    // Event 1 read at 2,50 by an earlier visit; the slip then holds it at 2,10 (as a list brought it).
    queryClient.setQueryData(sportsKeys.event('1'), detail('1', 2.5), { updatedAt: Date.now() - 60_000 });
    twoLegs();
    expect(await screen.findByTestId('slip-bar')).toHaveTextContent('Odds 3,15');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('slip-bar')).toHaveTextContent('Odds 3,15');
    expect(useSlip.getState().legs.find((l) => l.eventId === '1')?.price).toBe(2.1);
  });
});

describe('legs that can no longer be placed', () => {
  it('as the slip opens, each leg learns its event: a finished match, a settled market or a vanished event show closed, one request per event', async () => {
    // Finished (its market not settled yet), settled, gone, and open at a new price.
    const { server, user } = slipOf(
      [
        ['1', 2.1],
        ['2', 1.5],
        ['3', 3.2],
        ['4', 1.5],
      ],
      (url) => {
        if (url.includes('/sports/events/1')) return { body: envelope(detail('1', 2.1, { clock: -1 })) };
        if (url.includes('/sports/events/2'))
          return { body: envelope(detail('2', 1.5, { status: 'settled' })) };
        if (url.includes('/sports/events/3'))
          return { status: 404, body: envelope(null, 40400, 'Não existe') };
        if (url.includes('/sports/events/4')) return { body: envelope(detail('4', 1.6)) };
        return { status: 404, body: envelope(null, 40400, 'not found') };
      },
    );
    const bar = await screen.findByTestId('slip-bar');
    // The bar alone reads nothing.
    expect(server.calls.filter((c) => c.url.includes('/sports/events/'))).toHaveLength(0);
    await user.click(bar);
    await waitFor(() =>
      expect(screen.getAllByTestId('slip-leg').map((l) => l.dataset.status)).toEqual([
        'closed',
        'closed',
        'closed',
        'open',
      ]),
    );
    const legs = screen.getAllByTestId('slip-leg');
    for (const l of legs.slice(0, 3))
      expect(within(l).getByTestId('leg-state')).toHaveTextContent(
        'Encerrado: esta seleção não aceita mais apostas. Remova-a do boletim.',
      );
    // The open one took its current price, marked as moved.
    expect(within(legs[3]!).getByTestId('previous-price')).toHaveTextContent('Era 1,50');
    expect(within(legs[3]!).getByTestId('leg-price')).toHaveTextContent('1,60');
    expect(
      screen.getByText('O boletim tem seleções encerradas: remova-as para apostar.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('place-bet')).toBeDisabled();
    for (const id of ['1', '2', '3', '4'])
      expect(server.calls.filter((c) => c.url.endsWith(`/sports/events/${id}`))).toHaveLength(1);

    // One tap takes the closed ones out; the open leg can be bet.
    await user.click(screen.getByTestId('remove-closed'));
    expect(useSlip.getState().legs.map((l) => l.eventId)).toEqual(['4']);
    expect(screen.queryByTestId('remove-closed')).toBeNull();
    await user.type(screen.getByLabelText('Valor para Casa 4 × Fora 4'), '10');
    expect(screen.getByTestId('place-bet')).toBeEnabled();
  });

  it('a closed leg can be removed on its own; a suspended one says it is not open now, without the closed notice', async () => {
    const { user } = slipOf(
      [
        ['1', 2.1],
        ['2', 1.5],
      ],
      (url) => {
        if (url.includes('/sports/events/1'))
          return { body: envelope(detail('1', 2.1, { status: 'closed' })) };
        if (url.includes('/sports/events/2'))
          return { body: envelope(detail('2', 1.5, { status: 'suspended' })) };
        return { status: 404, body: envelope(null, 40400, 'not found') };
      },
    );
    await user.click(await screen.findByTestId('slip-bar'));
    await waitFor(() =>
      expect(screen.getAllByTestId('slip-leg').map((l) => l.dataset.status)).toEqual(['closed', 'suspended']),
    );
    const [closedLeg, suspended] = screen.getAllByTestId('slip-leg');
    expect(within(suspended!).getByTestId('leg-state')).toHaveTextContent(
      'Esta opção não está aberta para apostas no momento',
    );
    await user.click(within(closedLeg!).getByRole('button', { name: /^Remover/ }));
    expect(useSlip.getState().legs.map((l) => l.eventId)).toEqual(['2']);
    expect(screen.queryByText('O boletim tem seleções encerradas: remova-as para apostar.')).toBeNull();
    expect(screen.getByTestId('place-bet')).toBeDisabled();
  });
});

describe("the slip's figures leave closed legs out", () => {
  /** Event 3 gone (404), event 2's market suspended, the others open at their price. */
  const answer = (url: string) => {
    if (url.includes('/sports/events/2'))
      return { body: envelope(detail('2', 1.5, { status: 'suspended' })) };
    if (url.includes('/sports/events/3')) return { status: 404, body: envelope(null, 40400, 'Não existe') };
    const id = /\/sports\/events\/(\d+)/.exec(url)?.[1];
    return id ? { body: envelope(detail(id, id === '1' ? 2.1 : 1.8)) } : { status: 404, body: {} };
  };
  const statuses = () => screen.getAllByTestId('slip-leg').map((l) => l.dataset.status);

  it('a parlay: odds and possible win over the legs it keeps (the suspended one counts), the same on the bar', async () => {
    const { user } = slipOf(
      [
        ['1', 2.1],
        ['2', 1.5],
        ['3', 3.2],
      ],
      answer,
    );
    await user.click(await screen.findByTestId('slip-bar'));
    await waitFor(() => expect(statuses()).toEqual(['open', 'suspended', 'closed']));
    await user.type(screen.getByLabelText('Valor da múltipla'), '10');
    // 2,10 × 1,50 (not × 3,20, a price no longer offered): R$ 10 returns R$ 31,50.
    expect(screen.getByTestId('parlay-price')).toHaveTextContent('3,15');
    expect(screen.getByTestId('potential-payout')).toHaveTextContent(/^R\$\s31,50$/);
    expect(screen.getByTestId('place-bet')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByTestId('slip-bar')).toHaveTextContent('Odds 3,15');
  });

  it('a parlay left with one leg that can be placed shows a dash, not a figure, and no odds on the bar', async () => {
    const { user } = slipOf(
      [
        ['1', 2.1],
        ['3', 3.2],
      ],
      answer,
    );
    await user.click(await screen.findByTestId('slip-bar'));
    await waitFor(() => expect(statuses()).toEqual(['open', 'closed']));
    await user.type(screen.getByLabelText('Valor da múltipla'), '10');
    expect(screen.getByTestId('parlay-price')).toHaveTextContent(/^—$/);
    expect(screen.getByTestId('potential-payout')).toHaveTextContent(/^—$/);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByTestId('slip-bar')).not.toHaveTextContent('Odds');
  });

  it('a closed leg of one event beside an open one no longer makes the parlay "two of one event"', async () => {
    const { user } = slipOf([['4', 1.8]], answer);
    // A second market of event 1, not in the event's answer (gone: closed), and event 1's open market.
    const other = { ...market('11', '1', 1.9), type: 'btts' as const };
    act(() => {
      toggleLeg(legOf(event('1'), other, other.selections[0]!));
      add('1', 2.1);
    });
    await user.click(await screen.findByTestId('slip-bar'));
    await waitFor(() => expect(statuses()).toEqual(['open', 'closed', 'open']));
    expect(screen.queryByText('Duas seleções do mesmo evento não entram numa múltipla')).toBeNull();
    expect(screen.getByTestId('parlay-price')).toHaveTextContent('3,78'); // 1,80 × 2,10
  });

  it('singles: a closed one shows no possible win and counts in neither total', async () => {
    const { user } = slipOf(
      [
        ['1', 2.1],
        ['3', 3.2],
      ],
      answer,
    );
    await user.click(await screen.findByTestId('slip-bar'));
    await user.click(screen.getByRole('tab', { name: 'Simples' }));
    await waitFor(() => expect(statuses()).toEqual(['open', 'closed']));
    await user.type(screen.getByLabelText('Valor para Casa 1 × Fora 1'), '10');
    await user.type(screen.getByLabelText('Valor para Casa 3 × Fora 3'), '10');
    const [open, closed] = screen.getAllByTestId('slip-leg');
    expect(within(open!).getByTestId('potential-payout')).toHaveTextContent(/^R\$\s21,00$/);
    expect(within(closed!).getByTestId('potential-payout')).toHaveTextContent(/^—$/);
    expect(screen.getByTestId('total-payout')).toHaveTextContent(/^R\$\s21,00$/);
    expect(screen.getByText(/^Total apostado R\$\s10,00$/)).toBeInTheDocument();
  });
});
