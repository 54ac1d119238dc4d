import type { TFunction } from 'i18next';

/**
 * What a symbol of one of our studio's slots is called in the player's language: the studio dictionary's
 * `symbols.<gameCode>.<symbolId>`, keyed by the ids the game's data (and every grid and win) uses; a symbol the
 * dictionaries do not know yet (a new game) shows the name its data gives. The slot screens and the verifier
 * (`/fairness`, which loads the studio's namespace for it) name them alike.
 */
export function symbolNamer(
  t: TFunction,
  gameCode: string,
  symbols: readonly { id: string; name: string }[],
) {
  const fromData = new Map(symbols.map((s) => [s.id, s.name]));
  return (id: string): string =>
    t(`studio:symbols.${gameCode}.${id}`, { defaultValue: fromData.get(id) ?? id });
}
