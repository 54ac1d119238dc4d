import { formatAmount, formatMoney } from '@aposta/money';

/** The nine UI languages (spec section 1). `key` is what the app sends in the `lang` header. */
export const LANGUAGES = [
  { key: 'pt_BR', name: 'Português', locale: 'pt-BR', currency: 'BRL', unit: 'R$', showCurrency: true },
  { key: 'en', name: 'English', locale: 'en-US', currency: 'BRL', unit: 'R$', showCurrency: false },
  { key: 'id', name: 'Bahasa Indonesia', locale: 'id-ID', currency: 'BRL', unit: 'R$', showCurrency: false },
  { key: 'vi', name: 'Tiếng Việt', locale: 'vi-VN', currency: 'BRL', unit: 'R$', showCurrency: false },
  { key: 'ng', name: 'Nigerian English', locale: 'en-NG', currency: 'NGN', unit: '₦', showCurrency: true },
  { key: 'ja', name: '日本語', locale: 'ja-JP', currency: 'BRL', unit: 'R$', showCurrency: false },
  { key: 'ko', name: '한국어', locale: 'ko-KR', currency: 'BRL', unit: 'R$', showCurrency: false },
  { key: 'zh', name: '中文', locale: 'zh-CN', currency: 'BRL', unit: 'R$', showCurrency: false },
  { key: 'ru', name: 'Русский', locale: 'ru-RU', currency: 'BRL', unit: 'R$', showCurrency: false },
] as const;

export type LanguageKey = (typeof LANGUAGES)[number]['key'];
export const LANGUAGE_KEYS = LANGUAGES.map((l) => l.key) as readonly LanguageKey[];
export const DEFAULT_LANGUAGE: LanguageKey = 'pt_BR';

/** Sportsbook-only dictionaries (bet vocabulary), not offered as UI languages. */
export const SPORTSBOOK_LANGUAGE_KEYS = ['de', 'es', 'fr', 'it', 'hi', 'th'] as const;

export type LanguageEntry = (typeof LANGUAGES)[number];

/** A language's entry; an unknown key gets Portuguese, the default. */
export function languageEntry(key: LanguageKey): LanguageEntry {
  return LANGUAGES.find((l) => l.key === key) ?? LANGUAGES[0];
}

export function isLanguageKey(value: unknown): value is LanguageKey {
  return typeof value === 'string' && (LANGUAGE_KEYS as readonly string[]).includes(value);
}

/**
 * An amount (minor units of the ledger's currency, BRL) as the app shows amounts in `lang`: that language's
 * currency and number style, the unit only where `showCurrency` is set (spec section 1). The server's messages
 * use it too, so "the minimum bet is 1.00" reads the same as the stake field beside it.
 */
export function moneyIn(minor: number, lang: LanguageKey): string {
  const entry = languageEntry(lang);
  return entry.showCurrency
    ? formatMoney(minor, entry.currency, entry.locale)
    : formatAmount(minor, entry.currency, entry.locale);
}

/** A sum of money in a message's parameters: formatted by `moneyIn` in the language the message is read in. */
export interface MoneyParam {
  minor: number;
}
export const moneyParam = (minor: number): MoneyParam => ({ minor });

/** What fills a message's `{placeholders}`. */
export type MessageParams = Record<string, string | number | MoneyParam>;
