import { DEFAULT_LANGUAGE } from '@aposta/contracts';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { languageEntry, useAppState } from '../lib/app-state';
import { i18n, loadLanguage } from '../lib/i18n';
import { AppRoutes } from './router';

/** A stored non-default language is fetched before the first render, so there is no Portuguese flash. */
export async function prepareLanguage() {
  const { lang, setLang } = useAppState.getState();
  // A stored language whose dictionary does not come in: the app goes on in Portuguese throughout (the menu, the
  // lang header sent to the server), rather than showing Portuguese while it says another language.
  if (lang !== i18n.language) await loadLanguage(lang).catch(() => setLang(DEFAULT_LANGUAGE));
  // The language the app starts in: the stored one, or Portuguese when it did not come in.
  document.documentElement.lang = languageEntry(useAppState.getState().lang).locale;
  useAppState.subscribe((s, prev) => {
    if (s.lang !== prev.lang) document.documentElement.lang = languageEntry(s.lang).locale;
  });
}

export function App() {
  return (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
}
