import { DEFAULT_LANGUAGE, SPORTSBOOK_LANGUAGE_KEYS, type LanguageKey } from '@aposta/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { BetMessages } from './bet/pt_BR';
import ptBR, { type UiMessages } from './ui/pt_BR';

/** Portuguese ships with the first load; every other dictionary is its own chunk, fetched when chosen. */
const uiLoaders = import.meta.glob<{ default: UiMessages }>(['./ui/*.ts', '!./ui/pt_BR.ts']);
const betLoaders = import.meta.glob<{ default: BetMessages }>('./bet/*.ts');

/**
 * Each feature keeps its own translations beside its code: `features/<name>/i18n/<lang>.ts` is the namespace
 * `<name>` (`useTranslation('<name>')`). Portuguese ships with the first load; the other languages of every
 * feature load with their UI language. A new feature's folder is picked up here, nothing to register.
 */
type Dictionary = Record<string, unknown>;
const featureOf = (path: string) => /features\/([^/]+)\/i18n\//.exec(path)![1]!;
const featurePtBR = import.meta.glob<{ default: Dictionary }>('../../features/*/i18n/pt_BR.ts', {
  eager: true,
});
const featureLoaders = import.meta.glob<{ default: Dictionary }>([
  '../../features/*/i18n/*.ts',
  '!../../features/*/i18n/pt_BR.ts',
]);

export type SportsbookLanguage = LanguageKey | (typeof SPORTSBOOK_LANGUAGE_KEYS)[number];

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // Our keys are the app's own codes (pt_BR, ng): no region fallback, no language detection.
  load: 'currentOnly',
  resources: {
    [DEFAULT_LANGUAGE]: {
      translation: ptBR,
      ...Object.fromEntries(Object.entries(featurePtBR).map(([path, m]) => [featureOf(path), m.default])),
    },
  },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Loads a UI language's dictionary (once) and switches to it. */
export async function loadLanguage(lang: LanguageKey): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    const load = uiLoaders[`./ui/${lang}.ts`];
    if (!load) throw new Error(`no dictionary for ${lang}`);
    i18n.addResourceBundle(lang, 'translation', (await load()).default);
  }
  await Promise.all(
    Object.entries(featureLoaders)
      .filter(([path]) => path.endsWith(`/${lang}.ts`) && !i18n.hasResourceBundle(lang, featureOf(path)))
      .map(async ([path, load]) => i18n.addResourceBundle(lang, featureOf(path), (await load()).default)),
  );
  await i18n.changeLanguage(lang);
}

/** Loads the sportsbook vocabulary (namespace `bet`) of a UI or sportsbook-only language. */
export async function loadBetVocabulary(lang: SportsbookLanguage): Promise<BetMessages> {
  const load = betLoaders[`./bet/${lang}.ts`];
  if (!load) throw new Error(`no bet vocabulary for ${lang}`);
  const messages = (await load()).default;
  if (!i18n.hasResourceBundle(lang, 'bet')) i18n.addResourceBundle(lang, 'bet', messages);
  return messages;
}
