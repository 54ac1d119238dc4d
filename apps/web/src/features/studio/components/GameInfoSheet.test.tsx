import type { StudioGameInfo } from '@aposta/contracts';
import {
  CANDY_CASCADE,
  CARNIVAL_LINES,
  FORTUNE_OX,
  STUDIO_SLOT_FIGURES,
  type SlotGame,
} from '@aposta/fairness';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import ptBR from '../i18n/pt_BR';
import { GameInfoSheet } from './GameInfoSheet';

/** The sheet's input as the server serves it (only what the rules and the paytable read matters here). */
const info = (g: SlotGame): StudioGameInfo => ({
  gameCode: g.code as StudioGameInfo['gameCode'],
  name: g.name,
  kind: g.kind,
  rows: g.rows,
  reels: g.strips.length,
  symbols: g.symbols.map((s) => ({ id: s.id, name: s.name, wild: !!s.wild, scatter: !!s.scatter })),
  lines: g.kind === 'cluster' ? [] : g.lines,
  paytable: {},
  bets: [1],
  rtp: 95,
  hitFrequency: 0.3,
  maxWin: 50,
  volatility: g.volatility,
});

const rules = (g: SlotGame) => {
  const { unmount } = renderWithApp(<GameInfoSheet game={info(g)} onClose={() => {}} />);
  const text = screen.getByTestId('game-rules').textContent;
  unmount();
  return text;
};

describe('the game information sheet states the rules the maths pays by', () => {
  it('lines: wilds do not stand in for the scatter; a line led by wilds pays the better of the two wins', () => {
    const names = ptBR.symbols['carnival-lines'];
    expect(rules(CARNIVAL_LINES)).toBe(
      `As linhas pagam da esquerda para a direita a partir do primeiro rolo, de 3 a 5 símbolos seguidos; cada linha paga só o seu maior ganho, e os ganhos das linhas se somam. O símbolo ${names.W} é curinga e substitui qualquer símbolo, menos o símbolo ${names.S}. Uma linha que começa com curingas paga o maior entre o ganho dos próprios curingas e o ganho do primeiro outro símbolo, com os curingas no lugar dele. 3 ou mais ${names.S} em qualquer lugar pagam por si e dão 8 rodadas grátis com todo ganho multiplicado por 2; 3 ou mais ${names.S} numa rodada grátis dão mais 8. Uma rodada paga no máximo 5.000× a aposta, rodadas grátis incluídas: quando os seus ganhos chegam a esse valor, a rodada paga 5.000× e termina ali, sem as rodadas grátis que restariam.`,
    );
  });

  it('3×3: the full-screen multiplier; pays anywhere: the count ranges of the paytable and the cascades', () => {
    expect(rules(FORTUNE_OX)).toContain('multiplica o ganho do giro por 5.');
    expect(rules(CANDY_CASCADE)).toContain('(8–9, 10–11, 12 ou mais)');
    expect(rules(CANDY_CASCADE)).toContain('até 20 cascatas.');
  });
});

describe('the game information sheet’s figures', () => {
  it('states the maximum win as certified, not rounded up (18.5× is not 19×)', () => {
    renderWithApp(<GameInfoSheet game={{ ...info(CANDY_CASCADE), maxWin: 18.5 }} onClose={() => {}} />);
    const figures = screen.getByTestId('game-figures');
    expect(within(figures).getByText('Ganho máximo').nextSibling).toHaveTextContent(/^18,5×$/);
  });

  it('states Carnival Lines’ maximum win as its cap on a round, free spins included', () => {
    const maxWin = STUDIO_SLOT_FIGURES[CARNIVAL_LINES.code]!.maxWin;
    expect(maxWin).toBe(CARNIVAL_LINES.maxWinMultiple);
    renderWithApp(<GameInfoSheet game={{ ...info(CARNIVAL_LINES), maxWin }} onClose={() => {}} />);
    const figures = screen.getByTestId('game-figures');
    expect(within(figures).getByText('Ganho máximo').nextSibling).toHaveTextContent(
      /^5\.000× \(por rodada, rodadas grátis incluídas\)$/,
    );
  });
});
