import type { SportsMarket, UserInfo } from '@aposta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { clearBuilder, builderFor } from '../logic/builder';
import { SLIP_CONFIG, testEvent, testMarket } from '../testing';
import { BuilderTab } from './BetBuilder';
import { SportsShell } from './SportsShell';

const event = testEvent();
/** Prices 1,50, 2,50, 3,50… in the order of the names. */
const market = (type: SportsMarket['type'], line: number | null, names: string[], period = 1) =>
  testMarket(type, line, Object.fromEntries(names.map((name, i) => [name, 1.5 + i])), { period });
const result = market('1x2', null, ['home', 'draw', 'away']);
const total25 = market('total', 2.5, ['over', 'under']);
const score = market('correctScore', null, ['1-0', '0-0', 'other']);
// In the engine's order the correct score comes before the totals; the tab puts it last.
const markets = [
  result,
  score,
  total25,
  market('total', 2, ['over', 'under']),
  market('btts', null, ['yes', 'no']),
  market('cornersTotal', 9.5, ['over', 'under'], 4),
  market('1x2', null, ['home', 'draw', 'away'], 2),
];
const id = (m: SportsMarket | undefined, i: number) => m!.selections[i]!.selectionId;

beforeEach(() => {
  queryClient.clear();
  clearBuilder();
  builderFor('7');
  useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
});
afterEach(() => vi.unstubAllGlobals());

function server() {
  return fakeFetch((url, init) => {
    if (url.includes('/sports/config')) return { body: envelope(SLIP_CONFIG) };
    if (url.includes('/builder/price')) {
      const ids: string[] = JSON.parse(String(init.body)).selections;
      if (ids.includes(id(result, 0)) && ids.includes(id(score, 1)))
        return { status: 400, body: envelope(null, 40000, 'Estas seleções não podem ganhar juntas') };
      return { body: envelope({ price: ids.length === 2 ? 3.4 : 6.1 }) };
    }
    if (url.includes('/sports/bets') && init.method === 'POST')
      return { body: envelope({ betId: '55', price: 3.4, stake: 10, potentialPayout: 34, balance: 90 }) };
    return { status: 404, body: envelope(null, 40400, 'not found') };
  });
}

describe('bet builder tab', () => {
  it('lists only final-score markets; legs one per market; the joint price is asked as legs change', async () => {
    const s = server();
    vi.stubGlobal('fetch', s.fn);
    const user = userEvent.setup();
    renderWithApp(
      <SportsShell>
        <BuilderTab event={event} markets={markets} />
      </SportsShell>,
    );
    await screen.findByTestId('builder-tab');
    const shown = screen.getAllByTestId('market').map((m) => `${m.dataset.type}:${m.dataset.line}`);
    expect(shown).toEqual(['1x2:', 'total:2.5', 'btts:', 'correctScore:']);

    await user.click(screen.getByRole('button', { name: /Bahia/ }));
    await user.click(screen.getByRole('button', { name: /Mais de 2,5/ }));
    // Another selection of the same market replaces the leg.
    await user.click(screen.getByRole('button', { name: /Menos de 2,5/ }));
    expect(screen.getByRole('button', { name: /Mais de 2,5/ })).toHaveAttribute('aria-pressed', 'false');
    const bar = await screen.findByTestId('builder-bar');
    await waitFor(() => expect(bar).toHaveTextContent('Odds 3,40'));
    const asked = s.calls.filter((c) => c.url.includes('/builder/price'));
    // Debounced: the legs as they settled are priced (never a single leg).
    expect(JSON.parse(String(asked.at(-1)!.init.body)).selections).toEqual([id(result, 0), id(total25, 1)]);
    expect(asked.every((c) => JSON.parse(String(c.init.body)).selections.length === 2)).toBe(true);

    await user.click(bar);
    const sheet = screen.getByTestId('builder-sheet');
    expect(
      within(sheet)
        .getAllByTestId('builder-leg')
        .map((l) => l.textContent),
    ).toEqual([expect.stringContaining('Bahia'), expect.stringContaining('Menos de 2,5')]);
    expect(within(sheet).getByTestId('builder-price')).toHaveTextContent('3,40');
    await user.type(within(sheet).getByLabelText('Valor da aposta'), '10');
    expect(within(sheet).getByTestId('builder-payout')).toHaveTextContent(/R\$\s34,00/);
    await user.click(within(sheet).getByTestId('builder-place'));

    expect(await screen.findByText(/^Aposta criada! · Saldo: R\$\s90,00$/)).toBeInTheDocument();
    const post = s.calls.find((c) => c.init.method === 'POST' && c.url.includes('/sports/bets'));
    expect(JSON.parse(String(post!.init.body))).toEqual({
      type: 'builder',
      stake: '10.00',
      acceptOdds: 'none',
      selections: [
        { selectionId: id(result, 0), price: 1.5 },
        { selectionId: id(total25, 1), price: 2.5 },
      ],
      price: 3.4,
    });
    expect((post!.init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(useSession.getState().user?.balance).toBe(90);
    expect(screen.queryByTestId('builder-bar')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of contradictory legs beside them, and cannot place", async () => {
    vi.stubGlobal('fetch', server().fn);
    const user = userEvent.setup();
    renderWithApp(
      <SportsShell>
        <BuilderTab event={event} markets={markets} />
      </SportsShell>,
    );
    await screen.findByTestId('builder-tab');
    await user.click(screen.getByRole('button', { name: /Bahia/ }));
    await user.click(screen.getByRole('button', { name: /^0-0/ }));
    await user.click(await screen.findByTestId('builder-bar'));
    const sheet = screen.getByTestId('builder-sheet');
    expect(await within(sheet).findByTestId('builder-refusal')).toHaveTextContent(
      'Estas seleções não podem ganhar juntas',
    );
    expect(within(sheet).getByTestId('builder-price')).toHaveTextContent('—');
    expect(within(sheet).getByTestId('builder-place')).toBeDisabled();
    // Taking the contradictory leg out leaves one leg: no price, a hint to pick another.
    await user.click(within(sheet).getByRole('button', { name: 'Remover 0-0' }));
    expect(within(sheet).getByText('Escolha pelo menos duas seleções.')).toBeInTheDocument();
    expect(within(sheet).queryByTestId('builder-refusal')).not.toBeInTheDocument();
  });

  it('a joint price that moved (409) is shown; placing again accepts it with a new key', async () => {
    let tries = 0;
    const s = fakeFetch((url, init) => {
      if (url.includes('/sports/config')) return { body: envelope(SLIP_CONFIG) };
      if (url.includes('/builder/price')) return { body: envelope({ price: 3.4 }) };
      if (url.includes('/sports/bets') && init.method === 'POST') {
        tries++;
        if (tries === 1)
          return {
            status: 409,
            body: envelope({ price: 3.6, selections: [] }, 40900, 'As odds mudaram'),
          };
        return { body: envelope({ betId: '56', price: 3.6, stake: 2, potentialPayout: 7.2, balance: 98 }) };
      }
      return { status: 404, body: envelope(null, 40400, 'not found') };
    });
    vi.stubGlobal('fetch', s.fn);
    const user = userEvent.setup();
    renderWithApp(
      <SportsShell>
        <BuilderTab event={event} markets={markets} />
      </SportsShell>,
    );
    await screen.findByTestId('builder-tab');
    await user.click(screen.getByRole('button', { name: /Bahia/ }));
    await user.click(screen.getByRole('button', { name: /Mais de 2,5/ }));
    await user.click(await screen.findByTestId('builder-bar'));
    const sheet = screen.getByTestId('builder-sheet');
    await waitFor(() => expect(within(sheet).getByTestId('builder-price')).toHaveTextContent('3,40'));
    await user.type(within(sheet).getByLabelText('Valor da aposta'), '2');
    await user.click(within(sheet).getByTestId('builder-place'));

    expect(await within(sheet).findByText(/As odds da combinação mudaram para 3,60/)).toBeInTheDocument();
    expect(within(sheet).getByTestId('builder-price')).toHaveTextContent('3,60');
    expect(within(sheet).getByTestId('builder-place')).toHaveTextContent('Aceitar e apostar');
    await user.click(within(sheet).getByTestId('builder-place'));

    expect(await screen.findByText(/^Aposta criada! · Saldo: R\$\s98,00$/)).toBeInTheDocument();
    const sent = s.calls.filter((c) => c.init.method === 'POST' && c.url.includes('/sports/bets'));
    expect(sent.map((c) => JSON.parse(String(c.init.body)).price)).toEqual([3.4, 3.6]);
    const keys = sent.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(useSession.getState().user?.balance).toBe(98);
  });
});
