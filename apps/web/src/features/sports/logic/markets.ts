import type { SportCode, SportsEvent, SportsMarket, SportsSelection } from '@aposta/contracts';
import type { TFunction } from 'i18next';

/** The event page's tabs, and which markets each holds. */
export const GROUPS = ['main', 'handicap', 'goals', 'halves', 'corners', 'score'] as const;
export type MarketGroup = (typeof GROUPS)[number];

export function groupOf(m: SportsMarket): MarketGroup {
  if (m.type === 'corners1x2' || m.type === 'cornersTotal') return 'corners';
  if (m.type === 'correctScore') return 'score';
  if (m.period !== 1) return 'halves';
  if (m.type === 'ah') return 'handicap';
  if (m.type === 'total') return 'goals';
  return 'main';
}

/**
 * Sports whose two-way `winner` can end level, where its tie refund (draw no bet, the server's settlement) is
 * worth saying: American football and cricket do end tied in real feeds. In the others the winner never ends
 * level — sets, games and frames always have a winner, a head to head a faster driver, and basketball's
 * overtime and baseball's extra innings decide (football and boxing have a draw: their result is a 1x2).
 */
export const WINNER_TIE_SPORTS: readonly SportCode[] = ['americanFootball', 'cricket'];

export const winnerCanTie = (sport: SportCode) => WINNER_TIE_SPORTS.includes(sport);

/** The match result first in its tab, as on every book; the others keep the engine's order. */
const resultFirst = (m: SportsMarket) => (m.type === '1x2' || m.type === 'winner' ? 0 : 1);

/** Markets grouped by tab, in the engine's order (the result first), groups without markets left out. */
export function groupMarkets(markets: readonly SportsMarket[]): [MarketGroup, SportsMarket[]][] {
  return GROUPS.map(
    (g) =>
      [g, markets.filter((m) => groupOf(m) === g).sort((x, y) => resultFirst(x) - resultFirst(y))] as [
        MarketGroup,
        SportsMarket[],
      ],
  ).filter(([, list]) => list.length > 0);
}

/** A price as decimal odds with two decimals, in the player's locale ("1,95"). */
export const formatPrice = (price: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price);

/** A line: totals plain ("2,5"), handicaps signed ("−0,25", "+1"). */
export function formatLine(line: number, locale: string, signed = false) {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(line);
}

/**
 * A market's title: its type, line and period ("Total 2,5 · Primeiro tempo"). A handicap's line is in its
 * selections' names; `withLine` false leaves a total's out too (a card holding every line of the market).
 */
export function marketTitle(
  m: Pick<SportsMarket, 'type' | 'period' | 'line'>,
  t: TFunction,
  locale: string,
  withLine = true,
): string {
  const base = t(`sports:markets.${m.type}`);
  const line = m.line === null || m.type === 'ah' || !withLine ? '' : ` ${formatLine(m.line, locale)}`;
  const period = m.period === 1 || m.period === 4 ? '' : ` · ${t(`bet:period.${m.period}`)}`;
  return `${base}${line}${period}`;
}

/** A selection as the player reads it: a team's name, "Mais de 2,5", "1X", a score. */
export function selectionLabel(
  m: Pick<SportsMarket, 'type' | 'line'>,
  s: Pick<SportsSelection, 'name'>,
  event: Pick<SportsEvent, 'home' | 'away'>,
  t: TFunction,
  locale: string,
): string {
  const line = m.line ?? 0;
  switch (s.name) {
    case 'home':
      return m.type === 'ah' ? `${event.home} ${formatLine(line, locale, true)}` : event.home;
    case 'away':
      return m.type === 'ah' ? `${event.away} ${formatLine(-line, locale, true)}` : event.away;
    case 'over':
    case 'under':
      return t(`sports:selections.${s.name}`, { line: formatLine(line, locale) });
    case 'draw':
    case 'odd':
    case 'even':
    case 'yes':
    case 'no':
    case 'homeDraw':
    case 'homeAway':
    case 'drawAway':
    case 'other':
      return t(`sports:selections.${s.name}`);
    default:
      return s.name; // a correct score, "2-1"
  }
}

/** Markets of one type and period side by side (every line of a handicap or a total), in the engine's order. */
export function byKind(markets: readonly SportsMarket[]): SportsMarket[][] {
  const kinds = new Map<string, SportsMarket[]>();
  for (const m of markets) {
    const key = `${m.type}:${m.period}`;
    kinds.set(key, [...(kinds.get(key) ?? []), m]);
  }
  return [...kinds.values()];
}

/** Short labels for the list's main market buttons: 1, X, 2. */
export const SHORT: Record<string, string> = { home: '1', draw: 'X', away: '2' };
