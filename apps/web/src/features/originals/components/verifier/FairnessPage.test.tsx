import {
  diceRoll,
  floats,
  hashServerSeed,
  limboResult,
  minesPositions,
  playInstant,
  rowDoubleTile,
  CARNIVAL_LINES,
  spinSlot,
  STUDIO_SLOTS,
  studioSlot,
} from '@aposta/fairness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import { i18n } from '../../../../lib/i18n';
import { FairnessPage } from './FairnessPage';

const seeds = { serverSeed: '3f'.repeat(32), clientSeed: 'meu-seed', nonce: 17 };
const query = (params: Record<string, string | number>) =>
  `/fairness?${new URLSearchParams(Object.entries({ ...seeds, ...params }).map(([k, v]) => [k, String(v)]))}`;
const two = (n: number) => (n / 100).toFixed(2).replace('.', ',');

afterEach(() => vi.unstubAllGlobals());

describe('/fairness recomputes in the browser', () => {
  it('asks the server nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<FairnessPage />, query({ game: 'dice', target: 50.5, condition: 'over' }));
    expect(screen.getByTestId('verifier-result')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('dice: the hash, the float and the roll of the package, and whether the bet won', () => {
    renderWithApp(<FairnessPage />, query({ game: 'dice', target: 50.5, condition: 'under' }));
    const roll = diceRoll(seeds);
    expect(screen.getByTestId('verifier-outcome')).toHaveTextContent(two(roll));
    expect(screen.getByTestId('verifier-hash')).toHaveTextContent(hashServerSeed(seeds.serverSeed));
    expect(within(screen.getByTestId('verifier-floats')).getAllByRole('row')[0]).toHaveTextContent(
      floats(seeds, 1)[0]!.toFixed(10).replace('.', ','),
    );
    expect(screen.getByTestId('verifier-result')).toHaveTextContent(
      roll < 5050 ? 'Aposta ganha' : 'Aposta perdida',
    );
  });

  it('limbo, row double, plinko and mines give the outcomes of the package', () => {
    const { unmount } = renderWithApp(<FairnessPage />, query({ game: 'limbo', target: 2 }));
    expect(screen.getByTestId('verifier-outcome')).toHaveTextContent(`${two(limboResult(seeds))}×`);
    unmount();

    const r2 = renderWithApp(<FairnessPage />, query({ game: 'rowDouble', color: 'black' }));
    expect(screen.getByTestId('verifier-outcome')).toHaveTextContent(String(rowDoubleTile(seeds)));
    r2.unmount();

    const r3 = renderWithApp(<FairnessPage />, query({ game: 'plinko', rows: 12, risk: 'high' }));
    const plinko = playInstant({ game: 'plinko', rows: 12, risk: 'high' }, seeds);
    const slot = (plinko.outcome as { slot: number }).slot;
    expect(screen.getByTestId('verifier-result')).toHaveTextContent(`casa ${slot}`);
    expect(within(screen.getByTestId('verifier-floats')).getAllByRole('row')).toHaveLength(12);
    r3.unmount();

    renderWithApp(<FairnessPage />, query({ game: 'mines', mines: 5 }));
    expect(screen.getByTestId('verifier-outcome')).toHaveAccessibleName(minesPositions(seeds, 5).join(', '));
  });

  it('compares the hash shown before the bets, and recomputes as the player edits', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <FairnessPage />,
      query({
        game: 'dice',
        target: 50.5,
        condition: 'over',
        serverSeedHash: hashServerSeed(seeds.serverSeed),
      }),
    );
    expect(screen.getByTestId('hash-check')).toHaveTextContent('Confere');
    const nonce = screen.getByLabelText('Nonce');
    await user.clear(nonce);
    await user.type(nonce, '18');
    expect(screen.getByTestId('verifier-outcome')).toHaveTextContent(two(diceRoll({ ...seeds, nonce: 18 })));
    // Letters are not nonce 0 (another bet's result): the field says what is wrong and nothing is shown.
    await user.clear(nonce);
    expect(nonce).toHaveAccessibleDescription('O nonce é um número inteiro');
    await user.type(nonce, 'abc');
    expect(nonce).toHaveValue('abc');
    expect(nonce).toHaveAccessibleDescription('O nonce é um número inteiro');
    expect(screen.queryByTestId('verifier-outcome')).toBeNull();
    await user.clear(nonce);
    await user.type(nonce, '18');
    await user.clear(screen.getByLabelText('Semente do servidor'));
    await user.type(screen.getByLabelText('Semente do servidor'), 'outra');
    expect(screen.getByTestId('hash-check')).toHaveTextContent('Não confere');
  });

  it('without a server seed it says what is missing', () => {
    renderWithApp(<FairnessPage />, '/fairness?game=mines');
    expect(screen.getByText(/Informe a semente do servidor/)).toBeInTheDocument();
    expect(screen.queryByTestId('verifier-result')).toBeNull();
  });
});

describe('/fairness recomputes a slot spin of our studio', () => {
  it.each(Object.values(STUDIO_SLOTS).map((g) => [g.code, g] as const))(
    '%s: the steps, reel stops and win of the seeds, and one float per reel stop',
    (code, game) => {
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      renderWithApp(<FairnessPage />, query({ game: code }));
      const spin = spinSlot(game, seeds);
      const times = `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(spin.units / game.unitsPerBet)}×`;
      expect(screen.getByTestId('verifier-outcome')).toHaveTextContent(times);
      const steps = within(screen.getByTestId('verifier-steps')).getAllByRole('listitem');
      expect(steps).toHaveLength(spin.steps.length);
      spin.steps.forEach((step, i) => {
        if (step.stops.length)
          expect(steps[i]).toHaveTextContent(`Paradas dos rolos: ${step.stops.join(' · ')}`);
      });
      // The symbols by their names on the slot's own screen, in the player's language (not the data's English).
      const first = spin.steps[0]!.grid[0]![0]!;
      const name = i18n.t(`studio:symbols.${code}.${first}`);
      expect(name).not.toBe(game.symbols.find((s) => s.id === first)!.name);
      expect(within(steps[0]!).getAllByText(name).length).toBeGreaterThan(0);
      expect(within(screen.getByTestId('verifier-floats')).getAllByRole('row')).toHaveLength(spin.draws);
      expect(screen.getByRole('combobox', { name: 'Jogo' })).toHaveValue(code);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('replays a round under the rules it was played by (`rules` in the recall link), the current ones without', () => {
    // A spin that Carnival Lines' rules 1 (before lines led by wilds paid the wilds' own win) paid differently.
    const rules1 = studioSlot(CARNIVAL_LINES.code, 1)!;
    const at = (nonce: number) => ({ ...seeds, nonce });
    let nonce = 0;
    while (spinSlot(rules1, at(nonce)).units === spinSlot(CARNIVAL_LINES, at(nonce)).units) nonce++;
    const shown = (game: typeof rules1) =>
      `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(spinSlot(game, at(nonce)).units / game.unitsPerBet)}×`;
    const { unmount } = renderWithApp(
      <FairnessPage />,
      query({ game: CARNIVAL_LINES.code, nonce, rules: 1 }),
    );
    expect(screen.getByTestId('verifier-outcome')).toHaveTextContent(shown(rules1));
    unmount();
    renderWithApp(<FairnessPage />, query({ game: CARNIVAL_LINES.code, nonce }));
    expect(screen.getByTestId('verifier-outcome')).toHaveTextContent(shown(CARNIVAL_LINES));
  });
});
