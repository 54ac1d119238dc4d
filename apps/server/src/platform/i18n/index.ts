import {
  DEFAULT_LANGUAGE,
  isLanguageKey,
  messages,
  moneyIn,
  type LanguageKey,
  type MessageKey,
  type MessageParams,
} from '@aposta/contracts';

export type { MessageKey, MessageParams };
export { moneyParam } from '@aposta/contracts';

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages.pt_BR, key);
}

/** The request's language from the spec's `lang` header (then Accept-Language), defaulting to pt_BR. */
export function languageOf(headers: Record<string, string | string[] | undefined>): LanguageKey {
  const lang = headers['lang'];
  if (isLanguageKey(lang)) return lang;
  const accept = headers['accept-language'];
  if (typeof accept === 'string') {
    const first = accept.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('pt')) return 'pt_BR';
    const short = first.slice(0, 2);
    if (isLanguageKey(short)) return short;
  }
  return DEFAULT_LANGUAGE;
}

export function translate(lang: LanguageKey, key: MessageKey, params: MessageParams = {}): string {
  const text = messages[lang][key] ?? messages.pt_BR[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    // A sum of money is written in the reader's language (a bus event carries it as plain JSON).
    return typeof value === 'object' ? moneyIn(value.minor, lang) : String(value);
  });
}
