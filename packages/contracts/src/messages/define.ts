import type { LanguageKey } from '../languages';

/**
 * A message table in every UI language. The type makes a missing language or key a compile error:
 * pt_BR names the keys, every other language must give exactly those.
 */
export function defineMessages<const K extends string>(
  table: { pt_BR: Record<K, string> } & Record<Exclude<LanguageKey, 'pt_BR'>, Record<K, string>>,
) {
  return table as Record<LanguageKey, Record<K, string>>;
}
