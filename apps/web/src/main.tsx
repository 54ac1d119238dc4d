import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { languageEntry, useAppState } from './lib/app-state';
import { i18n, loadLanguage } from './lib/i18n';
import './index.css';

async function start() {
  const { lang } = useAppState.getState();
  // A stored non-default language is fetched before the first paint, so no Portuguese flash.
  if (lang !== i18n.language) await loadLanguage(lang).catch(() => undefined);
  document.documentElement.lang = languageEntry(lang).locale;
  useAppState.subscribe((s, prev) => {
    if (s.lang !== prev.lang) document.documentElement.lang = languageEntry(s.lang).locale;
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}

void start();
