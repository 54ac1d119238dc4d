import { DEFAULT_LANGUAGE, isLanguageKey, languageEntry, type LanguageKey } from '@aposta/contracts';
import { create } from 'zustand';
import { isStandalone } from './pwa';
import { LocalKey, readText, SessionKey, writeJson, writeText } from './storage';

export { languageEntry, type LanguageEntry } from '@aposta/contracts';

interface AppState {
  lang: LanguageKey;
  /** The player's time zone, sent in the `zone` header. */
  zone: string;
  deviceId: string;
  /** Pay currency unit of the selected language, sent in the `curreny` header. */
  payUnit: string;
  isApp: boolean;
  setLang: (lang: LanguageKey) => void;
  setDeviceId: (id: string) => void;
}

function initialLang(): LanguageKey {
  const stored = readText('local', LocalKey.LANG);
  return isLanguageKey(stored) ? stored : DEFAULT_LANGUAGE;
}

function detectZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo';
  } catch {
    return 'America/Sao_Paulo';
  }
}

const startLang = initialLang();

// The native app opens the site with ?isapp=1, and the installed web app runs standalone (opened from the home
// screen): remember it (IS_APP), sent as `isapp` with registration and deposits.
if (
  typeof window !== 'undefined' &&
  (new URLSearchParams(window.location.search).get('isapp') === '1' || isStandalone())
) {
  writeText('local', LocalKey.IS_APP, '1');
}

/** App state (spec section 3): language, zone, device id, pay currency unit. */
export const useAppState = create<AppState>()((set) => ({
  lang: startLang,
  zone: detectZone(),
  deviceId: readText('session', SessionKey.DEVICE_ID),
  payUnit: languageEntry(startLang).currency,
  isApp: readText('local', LocalKey.IS_APP) === '1',
  setLang: (lang) => set({ lang, payUnit: languageEntry(lang).currency }),
  setDeviceId: (deviceId) => set({ deviceId }),
}));

useAppState.subscribe((s, prev) => {
  if (s.lang !== prev.lang) {
    writeText('local', LocalKey.LANG, s.lang);
    writeJson('local', LocalKey.LANG_SEL, languageEntry(s.lang));
  }
  if (s.deviceId !== prev.deviceId) writeText('session', SessionKey.DEVICE_ID, s.deviceId);
});
