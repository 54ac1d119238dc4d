import type { UserInfo } from '@aposta/contracts';
import { payout, rowDoubleColor, rowDoubleMultiplier, rowDoubleTile } from '@aposta/fairness';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../../lib/session';
import { setAnimations } from '../../hooks/settings';
import { shownBalance, useWithheld } from '../../../../lib/withheld';
import { holdAnimations } from '../../../../test/animations';
import { renderWithApp } from '../../../../test/render';
import { firstBetHeld, oneAutoBetHeld } from '../../test/bet-held';
import { fakeOriginals } from '../../test/fake-originals';
import { RowDoublePage } from './RowDoublePage';

const SEED = '5'.repeat(64);
const COLOR_PT = { red: 'Vermelho', white: 'Branco', black: 'Preto' } as const;
const reais = (minor: number) => (minor / 100).toFixed(2).replace('.', ',');

afterEach(() => vi.unstubAllGlobals());

describe('row double', () => {
  it('the colour picked sets the potential win: white 14×, red and black 2×', async () => {
    vi.stubGlobal('fetch', fakeOriginals({ serverSeed: SEED }).fetch);
    const user = userEvent.setup();
    renderWithApp(<RowDoublePage />);
    const colours = within(screen.getByRole('radiogroup', { name: 'Escolha a cor' }));
    expect(colours.getByRole('radio', { name: /Vermelho/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('potential-payout')).toHaveTextContent(
      reais(payout(100, rowDoubleMultiplier('red'))),
    );
    await user.click(colours.getByRole('radio', { name: /Branco/ }));
    expect(colours.getByRole('radio', { name: /Branco/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('potential-payout')).toHaveTextContent(
      reais(payout(100, rowDoubleMultiplier('white'))),
    );
  });

  it('two bets: each tile is the one the seeds give, won or lost by its colour, and the balance follows', async () => {
    const server = fakeOriginals({ serverSeed: SEED, balance: 10_000 });
    vi.stubGlobal('fetch', server.fetch);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    const user = userEvent.setup();
    renderWithApp(<RowDoublePage />);
    let balance = 10_000;
    for (const [nonce, pick] of [
      [0, 'black'],
      [1, 'white'],
    ] as const) {
      await user.click(
        within(screen.getByRole('radiogroup', { name: 'Escolha a cor' })).getByRole('radio', {
          name: new RegExp(COLOR_PT[pick]),
        }),
      );
      await user.click(screen.getByTestId('bet-button'));
      const tile = rowDoubleTile({ serverSeed: SEED, clientSeed: 'client-seed', nonce });
      const colour = rowDoubleColor(tile);
      const won = colour === pick;
      balance += (won ? payout(100, rowDoubleMultiplier(pick)) : 0) - 100;
      await waitFor(() =>
        expect(screen.getByTestId('row-result')).toHaveTextContent(
          `Saiu ${tile} (${COLOR_PT[colour]}) · ${won ? 'Você ganhou!' : 'Não foi dessa vez'}`,
        ),
      );
      expect(useSession.getState().user?.balance).toBe(balance / 100);
    }
    // My bets say what each was on, beside the tile that came out (newest first).
    const rows = screen.getAllByTestId('my-bet').map((r) => r.textContent);
    const tiles = [1, 0].map((nonce) =>
      rowDoubleTile({ serverSeed: SEED, clientSeed: 'client-seed', nonce }),
    );
    expect(rows[0]).toContain(`Branco · saiu ${tiles[0]}`);
    expect(rows[1]).toContain(`Preto · saiu ${tiles[1]}`);
    expect(server.state.calls.filter((c) => c.path === '/rowDouble/bet').map((c) => c.body)).toEqual([
      { amount: 1, color: 'black' },
      { amount: 1, color: 'white' },
    ]);
  });

  it('with animations, tells the tile and adds it to the last results only when the row stops', async () => {
    const held = await firstBetHeld(<RowDoublePage />, SEED);
    try {
      const tile = rowDoubleTile({ serverSeed: SEED, clientSeed: 'client-seed', nonce: 0 });
      expect(screen.getByTestId('row-result')).not.toHaveTextContent('Saiu');
      expect(screen.queryByTestId('row-winner')).toBeNull();
      expect(screen.queryAllByTestId('history-item')).toHaveLength(0);
      // The header's balance leaves a win out while the row slides (the stake is gone at once).
      const balance = useSession.getState().user!.balance;
      const won = rowDoubleColor(tile) === 'red'; // the default pick
      const paid = won ? payout(100, rowDoubleMultiplier('red')) / 100 : 0;
      expect(shownBalance(balance, useWithheld.getState().byBet)).toBe(balance - paid);

      act(() => held.finishAll());
      expect(shownBalance(balance, useWithheld.getState().byBet)).toBe(balance);
      expect(screen.getByTestId('row-result')).toHaveTextContent(`Saiu ${tile}`);
      expect(screen.getByTestId('row-winner')).toHaveTextContent(String(tile));
      expect(screen.getAllByTestId('history-item')).toHaveLength(1);
    } finally {
      held.restore();
    }
  });

  /** Row double for a signed-in player with R$ 100, its slides held (`held.finishAll()` ends them). */
  function rowDoubleHeld() {
    const held = holdAnimations();
    vi.stubGlobal('fetch', fakeOriginals({ serverSeed: SEED, balance: 10_000 }).fetch);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    const user = userEvent.setup();
    renderWithApp(<RowDoublePage />);
    return { held, user };
  }

  it("auto bet's line tells a bet once the row stops, not while it slides", async () => {
    const { held } = await oneAutoBetHeld(<RowDoublePage />, SEED);
    try {
      expect(screen.getByTestId('auto-progress')).toHaveTextContent(/^Apostas: 0 · lucro R\$\s0,00$/);
      act(() => held.finishAll());
      expect(screen.getByTestId('auto-progress')).toHaveTextContent(
        /^Apostas: 1 · .* · número de apostas atingido$/,
      );
    } finally {
      held.restore();
    }
  });

  it('each bet slides the row on from where it is (mid-slide too), never back to a start', async () => {
    const { held, user } = rowDoubleHeld();
    try {
      const strip = screen.getByTestId('row-strip');
      // The row repeats every copy of its 15 tiles (56 design pixels each; jsdom has no font size: 1 rem = 100 px).
      const copy = 15 * 0.56 * 100;
      const xOf = (transform: string) => Number(/translateX\((.+)px\)/.exec(transform)![1]);
      const slide = (n: number) => (held.animate.mock.calls as unknown as [Keyframe[]][])[n]![0];
      /** The same view: a whole number of copies apart. */
      const sameView = (a: number, b: number) => {
        const r = (((a - b) % copy) + copy) % copy;
        expect(Math.min(r, copy - r)).toBeLessThan(0.001);
      };
      const rests = xOf(strip.style.transform);

      await user.click(screen.getByTestId('bet-button'));
      await waitFor(() => expect(held.animate).toHaveBeenCalledTimes(1));
      sameView(xOf(String(slide(0)[0]!.transform)), rests);
      // A second bet comes mid-slide (as an auto bet's does): the row goes on from where it is drawn then.
      const first = slide(0).map((k) => xOf(String(k.transform)));
      const midway = (first[0]! + first[2]!) / 2 + 0.3 * copy;
      strip.style.transform = `translateX(${midway}px)`;
      await user.click(screen.getByTestId('bet-button'));
      await waitFor(() => expect(held.animate).toHaveBeenCalledTimes(2));
      const second = slide(1).map((k) => xOf(String(k.transform)));
      sameView(second[0]!, midway);
      // Still a spin: two copies at least before it stops, leftwards as ever.
      expect(second[0]! - second[2]!).toBeGreaterThanOrEqual(2 * copy);
      expect(second[0]! - second[2]!).toBeLessThan(3 * copy);
      act(() => held.finishAll());
      const tile = rowDoubleTile({ serverSeed: SEED, clientSeed: 'client-seed', nonce: 1 });
      expect(screen.getByTestId('row-winner')).toHaveTextContent(String(tile));
    } finally {
      held.restore();
    }
  });

  it('while the row slides, a stake above the balance is judged on the balance shown, not on the win', async () => {
    const { held, user } = rowDoubleHeld();
    try {
      const tile = rowDoubleTile({ serverSeed: SEED, clientSeed: 'client-seed', nonce: 0 });
      const colour = rowDoubleColor(tile); // the pick that wins
      await user.click(
        within(screen.getByRole('radiogroup', { name: 'Escolha a cor' })).getByRole('radio', {
          name: new RegExp(COLOR_PT[colour]),
        }),
      );
      const amount = screen.getByLabelText('Valor da aposta');
      await user.clear(amount);
      await user.type(amount, '100');
      await user.click(screen.getByTestId('bet-button'));
      await waitFor(() => expect(held.animate).toHaveBeenCalled());
      // The header shows R$ 0,00 until the row stops: so does the amount's line (the real balance would say "won").
      expect(amount).toHaveAccessibleDescription(/^A aposta é maior que o seu saldo de R\$\s0,00$/);
      act(() => held.finishAll());
      expect(amount).not.toHaveAccessibleDescription();
    } finally {
      held.restore();
    }
  });

  it('switching animations on after a bet has landed leaves its result where it is: no slide again', async () => {
    const { held, user } = rowDoubleHeld();
    const animations = () => screen.getByRole('switch', { name: 'Animações' });
    try {
      const tile = rowDoubleTile({ serverSeed: SEED, clientSeed: 'client-seed', nonce: 0 });
      // Landed without animations: the row rests on the tile at once.
      await user.click(animations());
      expect(animations()).toHaveAttribute('aria-checked', 'false');
      await user.click(screen.getByTestId('bet-button'));
      await waitFor(() => expect(screen.getByTestId('row-winner')).toHaveTextContent(String(tile)));
      const rests = screen.getByTestId('row-strip').style.transform;
      await user.click(animations());
      expect(animations()).toHaveAttribute('aria-checked', 'true');
      expect(held.animate).not.toHaveBeenCalled();
      expect(screen.getByTestId('row-strip').style.transform).toBe(rests);
      expect(screen.getByTestId('row-winner')).toHaveTextContent(String(tile));
      expect(screen.getByTestId('row-result')).toHaveTextContent(`Saiu ${tile}`);

      // Landed after its slide: off and on again, it does not slide a second time.
      await user.click(screen.getByTestId('bet-button'));
      await waitFor(() => expect(held.animate).toHaveBeenCalledTimes(1));
      act(() => held.finishAll());
      const next = rowDoubleTile({ serverSeed: SEED, clientSeed: 'client-seed', nonce: 1 });
      expect(screen.getByTestId('row-winner')).toHaveTextContent(String(next));
      await user.click(animations());
      await user.click(animations());
      expect(held.animate).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('row-winner')).toHaveTextContent(String(next));
    } finally {
      held.restore();
      setAnimations(true);
    }
  });
});
