import { languageEntry, type LanguageKey } from '@aposta/contracts';
import { isCurrency, readAmount, toDecimalString, type Currency } from '@aposta/money';
import { amountText } from '../../../lib/format';

function currencyOf(lang: LanguageKey): { currency: Currency; locale: string } {
  const { currency, locale } = languageEntry(lang);
  return { currency: isCurrency(currency) ? currency : 'BRL', locale };
}

/** A round's stake field starts at R$ 1,00 (in minor units), as the originals' does. */
export const DEFAULT_STAKE = 100;

/** Minor units as the stake field writes them in the player's language ("1,00", "0,50"), the originals' way. */
export function stakeText(minor: number, lang: LanguageKey): string {
  const { currency, locale } = currencyOf(lang);
  return amountText(minor, currency, locale);
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
