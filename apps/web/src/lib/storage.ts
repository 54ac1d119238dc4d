/** The spec's storage keys, exactly (section 3). */
export const LocalKey = {
  TOKEN: 'TOKEN_B',
  APIKEY: 'APIKEY',
  USERINFO: 'USERINFO',
  LANG: 'LANG',
  LANG_SEL: 'LANG_SEL',
  IS_APP: 'IS_APP',
  YQM: 'YQM',
} as const;

export const SessionKey = {
  DEVICE_ID: 'DEVICE_ID',
  HOT_GAME_LIST: 'HOT_GAME_LIST',
  TESTACCOUNT: 'TESTACCOUNT',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

export function readText(which: Area, key: string): string {
  return area(which)?.getItem(key) ?? '';
}

export function writeText(which: Area, key: string, value: string | undefined) {
  const s = area(which);
  if (!s) return;
  if (value === undefined || value === '') s.removeItem(key);
  else s.setItem(key, value);
}

export function readJson<T>(which: Area, key: string): T | undefined {
  const text = readText(which, key);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(which: Area, key: string, value: unknown) {
  writeText(which, key, value === undefined || value === null ? undefined : JSON.stringify(value));
}

/**
 * Sign-out clears the session's keys. The spec clears all local storage; we keep the language choice and the
 * app flag so that a player who picked English does not fall back to Portuguese on sign-out.
 */
export function clearSessionStorageKeys() {
  for (const key of [LocalKey.TOKEN, LocalKey.APIKEY, LocalKey.USERINFO, LocalKey.YQM]) {
    writeText('local', key, undefined);
  }
}
