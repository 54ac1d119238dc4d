import { DEFAULT_LANGUAGE, SPORTSBOOK_LANGUAGE_KEYS, type LanguageKey } from '@aposta/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { BetMessages } from './bet/pt_BR';
import ptBR, { type UiMessages } from './ui/pt_BR';

/**
 * Dictionaries are chunks fetched when needed. The shared Portuguese one (`translation`) ships with the first
 * load; every other language's is fetched when chosen.
 */
const uiLoaders = import.meta.glob<{ default: UiMessages }>(['./ui/*.ts', '!./ui/pt_BR.ts']);
const betLoaders = import.meta.glob<{ default: BetMessages }>('./bet/*.ts');

/**
 * Each feature keeps its own translations beside its code: `features/<name>/i18n/<lang>.ts` is the namespace
 * `<name>` (`useTranslation('<name>')`). A new feature's folder is picked up here, nothing to register.
 * Only the Portuguese of the features on the first page (home and the shell's support button and notices)
 * ships with the first load. Any other namespace is fetched on first use: `useTranslation` suspends until it
 * is in, and a feature's `index.ts` imports its Portuguese dictionary so that it comes with the feature's code
 * rather than after it.
 */
type Dictionary = Record<string, unknown>;
const featureOf = (path: string) => /features\/([^/]+)\/i18n\//.exec(path)![1]!;
// (Vite reads the patterns as written: the first page's list is spelled in both.)
const firstPagePtBR = import.meta.glob<{ default: Dictionary }>(
  '../../features/{home,support,notice}/i18n/pt_BR.ts',
  {
    eager: true,
  },
);
const featureLoaders = import.meta.glob<{ default: Dictionary }>([
  '../../features/*/i18n/*.ts',
  '!../../features/{home,support,notice}/i18n/pt_BR.ts',
]);

/** Every feature's namespace. */
export const FEATURE_NAMESPACES = [
  ...new Set([...Object.keys(firstPagePtBR), ...Object.keys(featureLoaders)].map(featureOf)),
];

function loaderOf(lang: string, ns: string): (() => Promise<{ default: unknown }>) | undefined {
  if (ns === 'translation') return uiLoaders[`./ui/${lang}.ts`];
  if (ns === 'bet') return betLoaders[`./bet/${lang}.ts`];
  return featureLoaders[`../../features/${ns}/i18n/${lang}.ts`];
}

export type SportsbookLanguage = LanguageKey | (typeof SPORTSBOOK_LANGUAGE_KEYS)[number];

export const i18n: I18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend(async (lang: string, ns: string) => {
      const load = loaderOf(lang, ns);
      if (!load) throw new Error(`no dictionary ${ns} for ${lang}`);
      return (await load()).default;
    }),
  )
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    // Our keys are the app's own codes (pt_BR, ng): no region fallback, no language detection.
    load: 'currentOnly',
    resources: {
      [DEFAULT_LANGUAGE]: {
        translation: ptBR,
        ...Object.fromEntries(Object.entries(firstPagePtBR).map(([path, m]) => [featureOf(path), m.default])),
      },
    },
    // The bundled dictionaries above are only part of them: the rest come from the loaders.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/**
 * Switches the UI language. Its dictionaries (one chunk per language) come in for every namespace used so
 * far before the switch, so no screen shows a key or the other language for a moment.
 */
export async function loadLanguage(lang: LanguageKey): Promise<void> {
  await i18n.loadLanguages(lang);
  // A dictionary that failed before (a dropped connection) is asked again: i18next would not retry it itself.
  if (!i18n.hasResourceBundle(lang, 'translation')) await i18n.reloadResources(lang);
  // i18next reports a failed fetch to its log only: a language that did not come in is not switched to.
  if (!i18n.hasResourceBundle(lang, 'translation')) throw new Error(`no dictionary for ${lang}`);
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
