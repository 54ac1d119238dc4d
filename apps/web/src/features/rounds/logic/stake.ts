import { languageEntry, type LanguageKey } from '@aposta/contracts';
import { isCurrency, readAmount, toDecimalString, type Currency } from '@aposta/money';

function currencyOf(lang: LanguageKey): { currency: Currency; locale: string } {
  const { currency, locale } = languageEntry(lang);
  return { currency: isCurrency(currency) ? currency : 'BRL', locale };
}

/**
 * The stake field's text read the player's way ("1.000,50" is a thousand reais and fifty centavos in
 * Portuguese, "1.000" a thousand, never one): minor units, or null when it is not an amount.
 */
export function readStake(text: string, lang: LanguageKey): number | null {
  const { currency, locale } = currencyOf(lang);
  return readAmount(text, currency, locale);
}

/**
 * The bet's `amount` as sent: the stake in the API's major units ("1000.50"). Text that is not an amount
 * (empty, letters, zero) goes as typed, and the server's refusal shows beside the field in the player's words.
 */
export function stakeBody(text: string, lang: LanguageKey): string {
  const minor = readStake(text, lang);
  return minor === null ? text : toDecimalString(minor, currencyOf(lang).currency);
}
