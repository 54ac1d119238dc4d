import type { SportsMarket } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { formatLine, groupMarkets, marketTitle, selectionLabel } from './markets';
import betPt from '../../../lib/i18n/bet/pt_BR';

const t = i18n.t.bind(i18n);
i18n.addResourceBundle('pt_BR', 'bet', betPt);
const m = (type: SportsMarket['type'], period: number, line: number | null): SportsMarket => ({
  marketId: `${type}${period}${line}`,
  eventId: '1',
  type,
  period,
  line,
  status: 'open',
  selections: [],
});
const event = { home: 'Flamengo', away: 'Palmeiras' };

describe('market labels', () => {
  it('gives the away side the opposite of the home handicap', () => {
    const ah = m('ah', 1, -0.25);
    expect(selectionLabel(ah, { name: 'home' }, event, t, 'pt-BR')).toBe('Flamengo -0,25');
    expect(selectionLabel(ah, { name: 'away' }, event, t, 'pt-BR')).toBe('Palmeiras +0,25');
  });

  it('names totals by their line and periods by the vocabulary', () => {
    expect(selectionLabel(m('total', 1, 2.75), { name: 'over' }, event, t, 'pt-BR')).toBe('Mais de 2,75');
    expect(marketTitle(m('total', 2, 1.5), t, 'pt-BR')).toBe('Total 1,5 · Primeiro tempo');
    expect(marketTitle(m('1x2', 1, null), t, 'pt-BR')).toBe('Resultado final');
    expect(formatLine(1, 'pt-BR', true)).toBe('+1');
  });

  it('groups markets into tabs, leaving empty ones out', () => {
    const groups = groupMarkets([
      m('1x2', 1, null),
      m('ah', 1, 0.5),
      m('total', 2, 1.5),
      m('cornersTotal', 4, 9.5),
    ]);
    expect(groups.map(([g, list]) => [g, list.length])).toEqual([
      ['main', 1],
      ['handicap', 1],
      ['halves', 1],
      ['corners', 1],
    ]);
  });

  it('puts the match result first in its tab (basketball sends odd/even before the winner)', () => {
    const [[, main]] = groupMarkets([m('oddEven', 1, null), m('winner', 1, null), m('btts', 1, null)]) as [
      [string, SportsMarket[]],
    ];
    expect(main.map((x) => x.type)).toEqual(['winner', 'oddEven', 'btts']);
  });
});
