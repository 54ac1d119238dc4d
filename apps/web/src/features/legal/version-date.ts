import { TERMS_VERSION, type LanguageKey } from '@aposta/contracts';
import { languageEntry } from '../../lib/app-state';

/** The terms' version as a long date in the player's language (noon UTC: the same day in every time zone). */
export function termsDate(lang: LanguageKey): string {
  return new Intl.DateTimeFormat(languageEntry(lang).locale, { dateStyle: 'long' }).format(
    new Date(`${TERMS_VERSION}T12:00:00Z`),
  );
}
