import type { I18nProvider } from '@refinedev/core';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { pt_BR } from './pt_BR';

/** Portuguese first; English for the operators who prefer it. The choice is kept in this browser. */
export const UI_LANGUAGES = [
  { key: 'pt-BR', label: 'Português' },
  { key: 'en', label: 'English' },
] as const;
const STORED = 'BACKOFFICE_LANG';
const stored = localStorage.getItem(STORED);

void i18n.use(initReactI18next).init({
  resources: { 'pt-BR': { translation: pt_BR }, en: { translation: en } },
  lng: stored === 'en' ? 'en' : 'pt-BR',
  fallbackLng: 'pt-BR',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: string) {
  localStorage.setItem(STORED, lang);
  document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

/** Refine's own texts (buttons, tables, notifications) through the same dictionaries. */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(options as object) }) as string,
  changeLocale: setLanguage,
  getLocale: () => i18n.language,
};

export default i18n;
