import type { StudioGameInfo } from '@aposta/contracts';
import type { TFunction } from 'i18next';

/**
 * What a symbol is called in the player's language: the studio dictionary's `symbols.<gameCode>.<symbolId>`,
 * keyed by the ids the game's data (and every grid and win) uses; a symbol the dictionaries do not know yet (a
 * new game) shows the name its data gives.
 */
export function symbolNamer(t: TFunction, game: Pick<StudioGameInfo, 'gameCode' | 'symbols'>) {
  const fromData = new Map(game.symbols.map((s) => [s.id, s.name]));
  return (id: string): string =>
    t(`studio:symbols.${game.gameCode}.${id}`, { defaultValue: fromData.get(id) ?? id });
}
